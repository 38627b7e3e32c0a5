"""Read-only snapshots of the KB for the query workers; a new one after every write.

The server keeps the KB open for writing (and holds its lock), and pyoxigraph leaves reading
a store that another process writes undefined. So the workers read a snapshot: for
a KB on disk a checkpoint made with ``Store.backup`` (hard links to the immutable table
files beside the KB, so it is cheap), for an in-memory KB an N-Quads dump. A write through
the server makes a new snapshot before it answers, so later queries see it; a snapshot is
deleted once it is not the newest and no query uses it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

_STALE = re.compile(r"\.serve-(\d+)-")


class Snapshots:
    """The snapshots of one store, in a private directory beside it (or in the temp dir)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        path = getattr(store, "path", None)
        self.on_disk = path is not None and hasattr(store, "backup")
        parent = Path(path).resolve().parent if self.on_disk else None
        prefix = f".{Path(path).name}.serve-{os.getpid()}-" if self.on_disk else "lgm-serve-"
        if parent is not None:
            remove_stale(parent, f".{Path(path).name}.serve-")
        try:
            self.root = Path(tempfile.mkdtemp(prefix=prefix, dir=parent))
        except OSError:  # a folder we may not write: snapshots are copies in the temp dir
            self.root = Path(tempfile.mkdtemp(prefix=prefix))
        self._lock = threading.Lock()
        self._generation = 0
        self._current = ""
        self._refs: dict[str, int] = {}
        self.refresh()

    @property
    def kind(self) -> str:
        """``rocksdb`` (a checkpoint directory) or ``nquads`` (a dump file)."""
        return "rocksdb" if self.on_disk else "nquads"

    def refresh(self) -> None:
        """Snapshot the store as it is now (call it after each write, under the write lock)."""
        with self._lock:
            self._generation += 1
            target = self.root / str(self._generation)
        if self.on_disk:
            self.store.backup(target)
        else:
            with target.open("wb") as out:
                self.store.dump(out, "nquads")
        with self._lock:
            old, self._current = self._current, str(target)
            self._refs.setdefault(self._current, 0)
            self._prune(old)

    @contextlib.contextmanager
    def use(self) -> Iterator[tuple[str, str]]:
        """The newest snapshot (path, kind), kept on disk while the block runs."""
        with self._lock:
            path = self._current
            self._refs[path] += 1
        try:
            yield path, self.kind
        finally:
            with self._lock:
                self._refs[path] -= 1
                self._prune(path)

    def _prune(self, path: str) -> None:
        if path and path != self._current and self._refs.get(path) == 0:
            del self._refs[path]
            _remove(Path(path))

    def close(self) -> None:
        """Delete every snapshot."""
        shutil.rmtree(self.root, ignore_errors=True)


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def remove_stale(parent: Path, prefix: str) -> None:
    """Delete snapshot directories left by servers that were killed (their pid is gone)."""
    for entry in parent.glob(prefix + "*"):
        match = _STALE.search(entry.name)
        if match and not _alive(int(match.group(1))):
            shutil.rmtree(entry, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
