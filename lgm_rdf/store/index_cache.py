"""Indexes derived from a KB, persisted beside it (``<kb>/indexes/``) and valid for one state.

A file is named by what it holds, the KB's state token (``store/state.py``) and a key that
names how it was made (e.g. a digest of the queries that read it), so an index is only ever
read back for the exact KB state and code that wrote it; a write to the KB, or a change of the
queries, simply makes a new name. Saving a new version removes the older ones of that name.
Anything unusual (no token, a remote or in-memory store, a read-only disk, a damaged file)
means "not cached": the caller builds the index from the store as before.

JSON is the format for plain data; :meth:`IndexCache.publish` and :meth:`IndexCache.find`
let other formats (e.g. ``numpy.savez`` arrays of a sparse graph) use the same naming.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


def key_of(*parts: str) -> str:
    """A short digest of the texts that determine how an index is built."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.hexdigest()[:16]


class IndexCache:
    """Files under ``directory`` filed by state ``token``; disabled when either is ``None``."""

    def __init__(self, directory: Path | None, token: str | None) -> None:
        self.directory = directory
        self.token = token

    @classmethod
    def of(cls, store: object) -> IndexCache:
        """The cache of a store (disabled for stores without a state token)."""
        token_of = getattr(store, "state_token", None)
        directory = getattr(store, "index_dir", None)
        token = token_of() if callable(token_of) else None
        return cls(directory if isinstance(directory, Path) else None, token)

    @property
    def enabled(self) -> bool:
        """Whether anything can be read or written."""
        return self.directory is not None and self.token is not None

    def find(self, name: str, key: str, suffix: str = ".json") -> Path | None:
        """The file of ``name`` for this state and key, if it exists."""
        if not self.enabled:
            return None
        path = self._path(name, key, suffix)
        return path if path.is_file() else None

    def publish(
        self, name: str, key: str, write: Callable[[Path], None], suffix: str = ".json"
    ) -> None:
        """Write ``name`` through ``write(tmp_path)`` and rename it into place (older versions
        of ``name`` are removed). Failures are logged, never raised."""
        if not self.enabled:
            return
        assert self.directory is not None
        target = self._path(name, key, suffix)
        tmp = self.directory / f".{target.name}.{os.getpid()}.partial{suffix}"
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            write(tmp)
            os.replace(tmp, target)
        except OSError as exc:
            log.info("index %s not saved: %s", name, exc)
            return
        finally:
            tmp.unlink(missing_ok=True)
        for old in self.directory.glob(f"{name}.*{suffix}"):
            if old != target:
                old.unlink(missing_ok=True)

    def load_json(self, name: str, key: str) -> Any | None:
        """The JSON value saved for this state and key, or ``None``."""
        path = self.find(name, key)
        if path is None:
            return None
        try:
            with path.open("rb") as handle:
                return json.load(handle)
        except (OSError, ValueError) as exc:
            log.info("index %s unreadable, rebuilt: %s", name, exc)
            return None

    def save_json(self, name: str, key: str, value: Any) -> None:
        """Save a JSON value for this state and key."""

        def write(path: Path) -> None:
            with path.open("w", encoding="utf-8") as handle:
                json.dump(value, handle, ensure_ascii=False, separators=(",", ":"))

        self.publish(name, key, write)

    def json(self, name: str, key: str, build: Callable[[], T]) -> T:
        """The saved value, or ``build()`` (then saved) when there is none for this state."""
        value = self.load_json(name, key)
        if value is None:
            value = build()
            self.save_json(name, key, value)
        return value  # type: ignore[no-any-return]

    def _path(self, name: str, key: str, suffix: str) -> Path:
        assert self.directory is not None and self.token is not None
        return self.directory / f"{name}.{self.token}.{key}{suffix}"
