"""Finding damage in an Oxigraph store before it hurts: storage errors, a quick probe, a full scan.

RocksDB verifies each block's checksum when it reads the block. An iterator over the store raises
at the first damaged block, but some query operators (aggregates, ORDER BY, hash joins) swallow
the error and ask again forever, with memory growing by about 100 MB/s. So:

* every storage error pyoxigraph raises becomes one ``StoreDamagedError`` line;
* ``quick_probe`` runs when a KB is opened, once per state of the files on disk (the state that
  passed is remembered in ``STATE_FILE``): a small store is read completely (``scan_indexes``),
  a large one has its main indexes streamed in Rust;
* ``scan_indexes`` (``lgm check``) reads every index of the store completely and checks that
  all of them hold the same number of quads.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lgm_rdf.store.base import StoreError

# up to this size the probe reads every index (0.1 to 0.4 ms a quad); larger stores get the
# streaming scans of _PROBES, and `lgm check` for the rest
FULL_PROBE_QUADS = 10_000
STATE_FILE = "lgm-verified"  # beside RocksDB's files; RocksDB leaves unknown names alone
# messages of RocksDB statuses that mean the data on disk cannot be read as written
_STORAGE_PREFIXES = ("Corruption", "IO error", "Invalid argument", "Not implemented")
# streaming scans that raise at a damaged block; the filters keep everything in Rust
_PROBES = (
    "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } FILTER(isBlank(?p)) }",
    "SELECT * WHERE { ?s ?p ?o FILTER(isBlank(?p)) }",
)


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


def quick_probe(store: Any, path: Path) -> None:
    """Stream the main indexes of the pyoxigraph ``store`` once per on-disk state.

    Raises ``StoreDamagedError`` at the first damaged block. Remembers the state that passed
    (a KB that cannot be written to is simply probed again next time).
    """
    marker = path / STATE_FILE
    token = state_token(path)
    try:
        if marker.read_text(encoding="ascii") == token:
            return
    except OSError:
        pass
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
    remember(path, token)


def remember(path: Path, token: str | None = None) -> None:
    """Record that the store at ``path`` passed in its current state (best effort)."""
    with contextlib.suppress(OSError):
        (path / STATE_FILE).write_text(token or state_token(path), encoding="ascii")


@dataclass
class ScanReport:
    """What ``scan_indexes`` read: quads per index family, and the first problems found."""

    quads: int = 0
    graphs: int = 0
    read: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


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
