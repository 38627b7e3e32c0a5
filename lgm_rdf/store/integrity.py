"""Finding damage in an Oxigraph store before it hurts: storage errors, a quick probe, a full scan.

RocksDB verifies each block's checksum when it reads the block. An iterator over the store raises
at the first damaged block, but some query operators (aggregates, ORDER BY, hash joins) swallow
the error and ask again forever, with memory growing by about 100 MB/s. So:

* every storage error pyoxigraph raises becomes one ``StoreDamagedError`` line;
* ``quick_probe`` runs when a KB is opened, once per state of the files on disk (the state that
  passed is remembered in ``STATE_FILE``): it verifies the block checksums of every table file
  (``store.tables``) it has not verified before. Table files never change once written, so the
  files that passed are remembered by name, size and modification time, and an open only hashes
  the new ones. Where a file cannot be mapped (another table format, checksum or compression,
  or no ``xxhash``), the probe reads the store instead: a small store completely
  (``scan_indexes``), a large one's main indexes streamed in Rust;
* ``scan_indexes`` (``lgm check``) reads every index of the store completely and checks that
  all of them hold the same number of quads; ``verify_tables`` checks every table file again.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lgm_rdf.store.base import StoreError
from lgm_rdf.store.tables import TableDamaged, TableIncomplete, UnsupportedTable, verify_table

# up to this size the probe reads every index (0.1 to 0.4 ms a quad); larger stores get the
# streaming scans of _PROBES, and `lgm check` for the rest
FULL_PROBE_QUADS = 10_000
# beside RocksDB's files (RocksDB leaves unknown names alone): the state token that passed,
# then one line per table file whose checksums matched: name, size, modification time
STATE_FILE = "lgm-verified"
# messages of RocksDB statuses that mean the data on disk cannot be read as written
_STORAGE_PREFIXES = ("Corruption", "IO error", "Invalid argument", "Not implemented")
# streaming scans that raise at a damaged block; the filters keep everything in Rust
_PROBES = (
    "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } FILTER(isBlank(?p)) }",
    "SELECT * WHERE { ?s ?p ?o FILTER(isBlank(?p)) }",
)


log = logging.getLogger("lgm_rdf.store")


class StoreDamagedError(StoreError):
    """The store's files on disk are damaged (checksum mismatch, truncated or missing file)."""


def is_storage_failure(exc: BaseException) -> bool:
    """Is ``exc`` a RocksDB status saying the files on disk cannot be read?"""
    return (
        isinstance(exc, OSError | RuntimeError)
        and not isinstance(exc, StoreError)
        and (str(exc).lstrip().startswith(_STORAGE_PREFIXES))
    )


def damaged(path: Path | str | None, exc: BaseException) -> StoreDamagedError:
    """The one-line error for a storage failure of the KB at ``path``."""
    detail = " ".join(str(exc).split())
    if len(detail) > 240:
        detail = detail[:239] + "…"
    where = f"the knowledge base {path}" if path is not None else "the knowledge base"
    check = f" --kb {path}" if path is not None else ""
    return StoreDamagedError(
        f"{where} is damaged ({detail}); nothing was changed. Run `lgm check{check}` for a full "
        f"report, and `lgm restore BACKUP{check}` to bring back a backup"
    )


def state_token(path: Path) -> str:
    """A digest of the names, sizes and modification times of the store's data files."""
    parts = []
    for entry in sorted(os.scandir(path), key=lambda e: e.name):
        name = entry.name
        if name.endswith((".sst", ".log", ".blob")) or name.startswith(("MANIFEST", "CURRENT")):
            st = entry.stat()
            parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def quick_probe(store: Any, path: Path, opened_ns: int = 0) -> None:
    """Check the table files of the store at ``path`` that were not checked before.

    Raises ``StoreDamagedError`` at the first damaged block. Table files modified at or after
    ``opened_ns`` (written by this open of ``store``, possibly still being written) are left
    for the next open. Remembers what passed (a KB that cannot be written to is simply checked
    again next time).
    """
    token = state_token(path)
    known_token, known = _remembered(path)
    try:
        tables = verify_tables(path, known, opened_ns)  # hashes only files not seen before
    except UnsupportedTable as exc:
        if known_token == token:
            return
        log.warning(
            "lgm: cannot verify the table files of %s directly (%s); reading the store instead",
            path,
            exc,
        )
        _probe_by_reading(store, path)
        tables = known
    if (known_token, known) != (token, tables):
        remember(path, token, tables)


def _probe_by_reading(store: Any, path: Path) -> None:
    try:
        if len(store) <= FULL_PROBE_QUADS:
            problems = scan_indexes(store, path).problems
            if problems:
                raise damaged(path, RuntimeError(problems[0]))
        else:
            for query in _PROBES:
                for _ in store.query(query):
                    pass
    except (OSError, RuntimeError) as exc:
        if is_storage_failure(exc):
            raise damaged(path, exc) from exc
        raise


@dataclass
class TablesReport:
    """What ``verify_tables`` checked: files, blocks and bytes, and how long it took."""

    files: int = 0
    blocks: int = 0
    bytes: int = 0
    seconds: float = 0.0


def verify_tables(
    path: Path,
    known: set[str] | None = None,
    opened_ns: int = 0,
    report: TablesReport | None = None,
) -> set[str]:
    """Verify the block checksums of the table files of ``path`` not in ``known``.

    Returns the records (name, size, modification time) of every present file that passed,
    ``known`` ones included. Raises ``StoreDamagedError`` naming the first damaged file,
    ``UnsupportedTable`` when a file cannot be mapped. A file that vanishes or changes while
    it is read, or one with no footer, is skipped, not reported (nor remembered).
    """
    known = known or set()
    report = report if report is not None else TablesReport()
    started = time.perf_counter()
    passed: set[str] = set()
    for entry in sorted(os.scandir(path), key=lambda e: e.name):
        if not entry.name.endswith(".sst"):
            continue
        try:
            st = entry.stat()
        except OSError:
            continue
        record = f"{entry.name} {st.st_size} {st.st_mtime_ns}"
        if record in known:
            passed.add(record)
            continue
        if opened_ns and st.st_mtime_ns >= opened_ns:
            continue
        try:
            table = verify_table(Path(entry.path))
        except (TableDamaged, OSError) as exc:
            # no footer: being written (RocksDB writes it last), or left half-written by a
            # killed process and not part of the KB; a live file cut short RocksDB reports
            if _changed(Path(entry.path), st) or isinstance(exc, TableIncomplete):
                continue
            raise damaged(path, RuntimeError(f"Corruption: {entry.name}: {exc}")) from exc
        report.files += 1
        report.blocks += table.blocks
        report.bytes += table.bytes
        passed.add(record)
    report.seconds += time.perf_counter() - started
    return passed


def _changed(file: Path, before: os.stat_result) -> bool:
    try:
        now = file.stat()
    except OSError:
        return True
    return (now.st_size, now.st_mtime_ns) != (before.st_size, before.st_mtime_ns)


def _remembered(path: Path) -> tuple[str | None, set[str]]:
    try:
        lines = (path / STATE_FILE).read_text(encoding="ascii").splitlines()
    except (OSError, UnicodeDecodeError):
        return None, set()
    return (lines[0] if lines else None), set(lines[1:])


def remember(path: Path, token: str | None = None, tables: set[str] | None = None) -> None:
    """Record that the store at ``path`` passed in its current state (best effort).

    ``tables``: the records of the table files that passed; by default those remembered
    before that are still present.
    """
    if tables is None:
        tables = _remembered(path)[1]
    present = {e.name for e in os.scandir(path)} if path.is_dir() else set()
    lines = [token or state_token(path), *sorted(t for t in tables if t.split()[0] in present)]
    with contextlib.suppress(OSError):
        (path / STATE_FILE).write_text("\n".join(lines) + "\n", encoding="ascii")


@dataclass
class ScanReport:
    """What ``scan_indexes`` read: quads per index family, and the first problems found."""

    quads: int = 0
    graphs: int = 0
    read: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    tables: TablesReport | None = None  # the table files' checksums, when they were checked


def scan_indexes(store: Any, path: Path | None = None) -> ScanReport:
    """Read every index of the pyoxigraph ``store`` completely; count what each one holds.

    The whole store is streamed once (subjects, graphs, every term's text), then each index
    is read through the patterns that use it: by predicate, by subject, by object, and within
    each named graph by predicate and by object. Every index must hold every quad once.
    A damaged block stops the scan with ``StoreDamagedError``.
    """
    started = time.perf_counter()
    report = ScanReport()
    try:
        _scan(store, report)
    except (OSError, RuntimeError) as exc:
        if is_storage_failure(exc):
            raise damaged(path, exc) from exc
        raise
    report.seconds = time.perf_counter() - started
    return report


def _scan(store: Any, report: ScanReport) -> None:
    subjects: set[Any] = set()
    predicates: set[Any] = set()
    objects: set[Any] = set()
    by_graph: dict[Any, tuple[set[Any], set[Any]]] = {}
    total = 0
    for quad in store.quads_for_pattern(None, None, None, None):
        total += 1
        subjects.add(quad.subject)
        predicates.add(quad.predicate)
        objects.add(quad.object)
        preds, objs = by_graph.setdefault(quad.graph_name, (set(), set()))
        preds.add(quad.predicate)
        objs.add(quad.object)
        str(quad.object)  # every literal's text is read back
    report.quads = total
    named = list(store.named_graphs())
    report.graphs = len(named)
    counted = len(store)
    if counted != total:
        report.problems.append(f"the store counts {counted} quads but {total} were read")

    def family(name: str, keys: Iterable[Any], pattern: Callable[[Any], tuple[Any, ...]]) -> None:
        n = 0
        for key in keys:
            bound = pattern(key)
            for quad in store.quads_for_pattern(*bound):
                # a prefix scan may return neighbours (seen for some integer literals)
                n += all(b is None or b == t for b, t in zip(bound, quad, strict=True))
        report.read[name] = n
        if n != total:
            report.problems.append(f"the {name} index holds {n} quads, not {total}")

    family("predicate", predicates, lambda p: (None, p, None, None))
    family("subject", subjects, lambda s: (s, None, None, None))
    family("object", objects, lambda o: (None, None, o, None))
    pairs_p = [(g, p) for g, (ps, _) in by_graph.items() for p in ps]
    pairs_o = [(g, o) for g, (_, os_) in by_graph.items() for o in os_]
    family("graph-predicate", pairs_p, lambda gp: (None, gp[1], None, gp[0]))
    family("graph-object", pairs_o, lambda go: (None, None, go[1], go[0]))
    declared = {g for g in named}
    missing = [g for g in by_graph if g not in declared and getattr(g, "value", None) is not None]
    if missing:
        report.problems.append(f"{len(missing)} graph(s) hold quads but are not declared")
