"""Consistent copies of a KB directory and its LLM cache, and bringing one back.

``backup_kb`` uses Oxigraph's own backup (a RocksDB checkpoint: hard links where possible, the
memory table flushed first) when it can open the KB; when another process holds the KB
(``lgm serve``), it copies the quads of a read-only snapshot into a new store instead. The LLM
cache (SQLite) is copied with SQLite's online backup API, which is consistent while the cache
is in use. ``restore_kb`` checks a backup completely, copies it next to the KB and swaps it in;
the KB it replaces is kept beside it, renamed, never deleted.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from pyoxigraph import RdfFormat, Store

from lgm_rdf.store.base import StoreError, StoreLockedError
from lgm_rdf.store.integrity import STATE_FILE, damaged, is_storage_failure, scan_indexes

CACHE_SUFFIX = ".llm-cache.sqlite"
_ATTEMPTS = 3  # a read-only snapshot can lose a file to the writer's compaction: try again


@dataclass
class CopyReport:
    """What a backup or restore wrote."""

    store: Path
    quads: int
    method: str  # "checkpoint" | "snapshot copy" | "file copy"
    cache: Path | None = None
    kept: list[Path] = field(default_factory=list)  # what a restore moved aside

    def summary(self) -> str:
        """Human-readable lines."""
        lines = [f"store: {self.store} ({self.quads} quads, {self.method})"]
        if self.cache is not None:
            lines.append(f"LLM cache: {self.cache}")
        lines.extend(f"previous copy kept at {p}" for p in self.kept)
        return "\n".join(lines)


def cache_path(kb: Path) -> Path:
    """The LLM cache that belongs to the KB directory ``kb``."""
    return Path(str(kb).rstrip("/") + CACHE_SUFFIX)


def backup_kb(kb: Path, dest: Path) -> CopyReport:
    """Write a consistent copy of the KB at ``kb`` (and its LLM cache) to the new ``dest``."""
    if not kb.is_dir():
        raise StoreError(f"no knowledge base at {kb}")
    _must_be_new(dest)
    _must_be_new(cache_path(dest))
    try:
        store = Store(str(kb))
    except OSError as exc:
        if not _is_lock(exc):
            raise StoreError(f"cannot open the knowledge base {kb}: {exc}") from exc
        quads, method = _snapshot_copy(kb, dest), "snapshot copy"
    except RuntimeError as exc:
        raise _storage(kb, exc) from exc
    else:
        try:
            store.backup(str(dest))
            quads, method = len(store), "checkpoint"
        except (OSError, RuntimeError) as exc:
            raise _storage(kb, exc) from exc
        finally:
            del store
    report = CopyReport(dest, quads, method)
    if cache_path(kb).is_file():
        report.cache = copy_sqlite(cache_path(kb), cache_path(dest))
    return report


def _snapshot_copy(kb: Path, dest: Path) -> int:
    """Copy the quads a read-only snapshot of ``kb`` sees into a new store at ``dest``."""
    last: BaseException | None = None
    for _ in range(_ATTEMPTS):
        shutil.rmtree(dest, ignore_errors=True)
        try:
            source = Store.read_only(str(kb))
            expected = len(source)
            with tempfile.NamedTemporaryFile(dir=dest.parent, suffix=".nq") as dump:
                source.dump(dump, RdfFormat.N_QUADS)
                dump.flush()
                del source
                target = Store(str(dest))
                target.bulk_load(path=dump.name, format=RdfFormat.N_QUADS)
                target.flush()
                copied = len(target)
                del target
            if copied == expected:
                return copied
            last = StoreError(f"the copy holds {copied} quads, the snapshot {expected}")
        except (OSError, RuntimeError) as exc:
            last = exc
        time.sleep(0.5)
    shutil.rmtree(dest, ignore_errors=True)
    if last is not None and is_storage_failure(last):
        raise damaged(kb, last) from last
    raise StoreError(f"could not copy the knowledge base {kb} while it is in use: {last}")


def copy_sqlite(src: Path, dest: Path) -> Path:
    """Copy an SQLite database with the online backup API (consistent while in use)."""
    tmp = dest.with_name(dest.name + ".tmp")
    tmp.unlink(missing_ok=True)
    source = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    try:
        target = sqlite3.connect(tmp)
        try:
            source.backup(target)
            ok = target.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            target.close()
    except sqlite3.Error as exc:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"cannot copy the LLM cache {src}: {exc}") from exc
    finally:
        source.close()
    if not ok:
        tmp.unlink(missing_ok=True)
        raise StoreError(f"the LLM cache {src} fails SQLite's integrity check")
    os.replace(tmp, dest)
    return dest


def restore_kb(src: Path, kb: Path) -> CopyReport:
    """Replace the KB at ``kb`` (not in use) by the backup ``src``, checked completely first.

    The KB and LLM cache that are replaced are renamed ``<name>.replaced-<time>``, not deleted.
    """
    if not src.is_dir():
        raise StoreError(f"no backup at {src}")
    try:
        backup = Store.read_only(str(src))
        report = scan_indexes(backup, src)
        del backup
    except RuntimeError as exc:
        raise _storage(src, exc) from exc
    if report.problems:
        raise StoreError(f"the backup {src} is not sound: {report.problems[0]}; nothing restored")
    _must_not_be_in_use(kb)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    tmp = kb.with_name(f".{kb.name}.restoring-{stamp}")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(src, tmp, ignore=shutil.ignore_patterns("LOCK", STATE_FILE))
    opened = Store(str(tmp))  # replay the backup's log once, in the copy
    restored = len(opened)
    del opened
    result = CopyReport(kb, restored, "file copy")
    if kb.exists():
        aside = kb.with_name(f"{kb.name}.replaced-{stamp}")
        os.rename(kb, aside)
        result.kept.append(aside)
    os.rename(tmp, kb)
    if cache_path(src).is_file():
        target = cache_path(kb)
        if target.exists():
            aside = target.with_name(f"{target.name}.replaced-{stamp}")
            os.rename(target, aside)
            result.kept.append(aside)
        result.cache = copy_sqlite(cache_path(src), target)
    return result


def _must_be_new(path: Path) -> None:
    if path.exists():
        raise StoreError(f"{path} already exists; back up to a new name")


def _must_not_be_in_use(kb: Path) -> None:
    if not kb.exists():
        return
    try:
        store = Store(str(kb))
    except OSError as exc:
        if _is_lock(exc):
            raise StoreLockedError(
                f"the knowledge base {kb} is in use (stop `lgm serve` or the running command "
                f"first); nothing restored"
            ) from exc
        raise StoreError(f"cannot open the knowledge base {kb}: {exc}") from exc
    except RuntimeError:
        return  # a damaged KB is exactly what a restore replaces
    del store


def _is_lock(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "lock" in text or "temporarily unavailable" in text


def _storage(path: Path, exc: BaseException) -> StoreError:
    if isinstance(exc, StoreError):
        return exc
    if is_storage_failure(exc):
        return damaged(path, exc)
    return StoreError(f"{path}: {exc}")
