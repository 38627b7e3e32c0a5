"""Embedded Oxigraph store on disk (the default ``GraphStore``)."""

from __future__ import annotations

import contextlib
import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar

from pyoxigraph import (
    NamedNode,
    Quad,
    QueryBoolean,
    QuerySolutions,
    QueryTriples,
    RdfFormat,
    Store,
    Triple,
    Variable,
    serialize,
)

from lgm_rdf.ontology import PREFIXES, load_query
from lgm_rdf.store.base import Bindings, StoreError, StoreLockedError, Term, solution_rows
from lgm_rdf.store.integrity import (
    ScanReport,
    TablesReport,
    UnsupportedTable,
    damaged,
    is_storage_failure,
    quick_probe,
    scan_indexes,
    verify_tables,
)
from lgm_rdf.store.state import StateFile

OPEN_CLOCK_SLACK_NS = 50_000_000
QUAD_FORMATS = {"nquads": RdfFormat.N_QUADS, "trig": RdfFormat.TRIG}
TRIPLE_FORMATS = {
    "turtle": RdfFormat.TURTLE,
    "ntriples": RdfFormat.N_TRIPLES,
    "rdfxml": RdfFormat.RDF_XML,
    "jsonld": RdfFormat.JSON_LD,
}
_PLACEHOLDER = re.compile(r"%%(GRAPH|TRIPLES|ALSO)%%")
_UNION_TRIPLES = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }"
_R = TypeVar("_R")


def _triple_line(quad: Quad) -> str:
    """One quad's triple in N-Triples syntax (pyoxigraph escapes literals and IRIs)."""
    return f"{quad.subject} {quad.predicate} {quad.object} ."


def _guarded(method: Callable[..., _R]) -> Callable[..., _R]:
    """Run a store method under ``OxigraphStore._guard`` (storage failures → one line)."""

    @functools.wraps(method)
    def wrapper(self: OxigraphStore, *args: Any, **kwargs: Any) -> _R:
        with self._guard():
            return method(self, *args, **kwargs)

    return wrapper


class OxigraphStore:
    """``GraphStore`` on pyoxigraph; ``path=None`` keeps everything in memory (tests)."""

    def __init__(
        self, path: str | Path | None = None, read_only: bool = False, probe: bool = True
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.read_only = read_only and path is not None
        self._state = StateFile(self.path) if self.path is not None else None
        self._token: str | None = None
        before = self._state.open_read_only() if self._state and read_only else None
        # tables RocksDB writes while opening for writing (a flush of the log) are new: the
        # next open checks them; the file system's clock may lag a little behind this one
        opened_ns = 0 if read_only else time.time_ns() - OPEN_CLOCK_SLACK_NS
        try:
            if self.path is None:
                self._store = Store()
            elif read_only:
                if not self.path.is_dir():
                    raise StoreError(
                        f"no knowledge base at {self.path} (create one with `lgm learn`, "
                        f"or point --kb / LGM_KB at an existing one)"
                    )
                self._store = Store.read_only(str(self.path))
            else:
                self.path.mkdir(parents=True, exist_ok=True)
                self._store = Store(str(self.path))
        except (OSError, RuntimeError) as exc:
            message = str(exc)
            if is_storage_failure(exc) and "lock" not in message.lower():
                raise damaged(self.path, exc) from exc
            if isinstance(exc, RuntimeError):
                raise
            if "lock" in message.lower() or "temporarily unavailable" in message.lower():
                raise StoreLockedError(
                    f"the knowledge base {self.path} is in use by another process "
                    f"(another `lgm learn`, `forget` or `import` still running?). Stop it, or pass "
                    f"another --kb directory."
                ) from exc
            raise StoreError(f"cannot open the knowledge base {self.path}: {message}") from exc
        if self.path is not None and probe:
            try:
                quick_probe(self._store, self.path, opened_ns)
            except BaseException:
                del self._store  # release the lock before reporting
                raise

        if self._state is not None:
            if read_only:  # trusted only if no write began while the store was being opened
                self._token = before if before == self._state.read() else None
            else:
                self._token = self._state.open_read_write()

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn RocksDB storage failures (a damaged block, a missing file) into one line."""
        try:
            yield
        except (OSError, RuntimeError) as exc:
            if is_storage_failure(exc):
                raise damaged(self.path, exc) from exc
            raise

    # -- state --------------------------------------------------------------------------
    @property
    def index_dir(self) -> Path | None:
        """Where indexes derived from this KB are persisted (``<kb>/indexes/``)."""
        return self._state.directory if self._state is not None else None

    def state_token(self) -> str | None:
        """The KB's state token: changes on every write, ``None`` if nothing may be cached."""
        return self._token

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Around a write: the token is dirty during it and fresh after it."""
        if self._state is None:
            yield
            return
        self._token = None
        self._state.begin_write()
        try:
            yield
        finally:
            self._token = self._state.end_write()

    # -- queries ------------------------------------------------------------------------
    def _query(self, query: str, bindings: Bindings | None) -> object:
        subs = {Variable(k): v for k, v in (bindings or {}).items()}
        return self._store.query(
            query, use_default_graph_as_union=True, substitutions=subs or None, prefixes=PREFIXES
        )

    def select(self, query: str, bindings: Bindings | None = None) -> list[dict[str, Term]]:
        """Run a SELECT query and return rows as ``{variable: term}`` (unbound ones left out)."""
        with self._guard():
            return solution_rows(self._query(query, bindings))

    def ask(self, query: str, bindings: Bindings | None = None) -> bool:
        """Run an ASK query."""
        with self._guard():
            result = self._query(query, bindings)
        if not isinstance(result, QueryBoolean):
            raise StoreError("expected an ASK query")
        return bool(result)

    def construct(self, query: str, bindings: Bindings | None = None) -> list[Triple]:
        """Run a CONSTRUCT or DESCRIBE query."""
        with self._guard():
            result = self._query(query, bindings)
            if not isinstance(result, QueryTriples):
                raise StoreError("expected a CONSTRUCT or DESCRIBE query")
            return list(result)

    def raw_query(self, query: str) -> QuerySolutions | QueryBoolean | QueryTriples:
        """Run a user's SPARQL query as given (raises ``SyntaxError`` on bad SPARQL)."""
        return self._store.query(  # type: ignore[return-value]
            query, use_default_graph_as_union=True, prefixes=PREFIXES
        )

    @_guarded
    def raw_update(self, update: str) -> None:
        """Run a user's SPARQL Update as given, in one transaction (``SyntaxError`` on bad SPARQL)."""
        if self.read_only:
            raise StoreError("the knowledge base is open read-only; updates are refused")
        with self._writing():
            self._store.update(update, prefixes=PREFIXES)

    # -- writes -------------------------------------------------------------------------
    @_guarded
    def replace_graph(
        self, graph: NamedNode, quads: Iterable[Quad], also: Iterable[Quad] = ()
    ) -> int:
        """Replace ``graph`` by ``quads`` and add ``also`` (quads of other graphs) in ONE transaction.

        Nothing changes if anything fails. A graph that does not exist yet is written with
        ``Store.extend`` (one transaction, and much faster); an existing one is dropped and
        re-filled by one SPARQL update.
        """
        batch = [Quad(q.subject, q.predicate, q.object, graph) for q in quads]
        extra = [q for q in also if q.graph_name != graph]
        if any(not isinstance(q.graph_name, NamedNode) for q in extra):
            raise StoreError("replace_graph: quads for other graphs must name their graph")
        if not self._store.contains_named_graph(graph):
            with self._writing():
                self._store.extend(batch + extra)
            return len(batch) + len(extra)
        by_graph: dict[str, list[str]] = {}
        for q in extra:
            by_graph.setdefault(str(q.graph_name), []).append(_triple_line(q))
        blocks = [
            f"GRAPH {name} {{\n" + "\n".join(lines) + "\n}" for name, lines in by_graph.items()
        ]
        values = {
            "GRAPH": str(graph),
            "TRIPLES": "\n".join(_triple_line(q) for q in batch),
            "ALSO": "\n".join(blocks),
        }
        # one pass: text inserted for one placeholder is never scanned for another
        update = _PLACEHOLDER.sub(lambda m: values[m.group(1)], load_query("replace_graph.ru"))
        with self._writing():
            self._store.update(update)
        return len(batch) + len(extra)

    @_guarded
    def drop_graph(self, graph: NamedNode) -> bool:
        """Remove one named graph (one transaction)."""
        if not self._store.contains_named_graph(graph):
            return False
        with self._writing():
            self._store.remove_graph(graph)
        return True

    @_guarded
    def add_quads(self, quads: Iterable[Quad]) -> int:
        """Add quads in one transaction."""
        batch = list(quads)
        with self._writing():
            self._store.extend(batch)
        return len(batch)

    # -- reading ------------------------------------------------------------------------
    @_guarded
    def named_graphs(self) -> list[NamedNode]:
        """Names of all named graphs, sorted."""
        return sorted(
            (g for g in self._store.named_graphs() if isinstance(g, NamedNode)),
            key=lambda g: g.value,
        )

    def quads(self, graph: NamedNode | None = None) -> Iterator[Quad]:
        """All quads, or those of one named graph."""
        with self._guard():
            yield from self._store.quads_for_pattern(None, None, None, graph)

    @_guarded
    def dump(self, out: IO[bytes], fmt: str) -> None:
        """Write the dataset (``nquads``/``trig``) or the union graph (``turtle``, ``ntriples``, ...)."""
        if fmt in QUAD_FORMATS:
            self._store.dump(out, QUAD_FORMATS[fmt], prefixes=PREFIXES)
        elif fmt in TRIPLE_FORMATS:
            triples = self._store.query(_UNION_TRIPLES, use_default_graph_as_union=True)
            serialize(triples, out, TRIPLE_FORMATS[fmt], prefixes=PREFIXES)  # type: ignore[arg-type]
        else:
            known = ", ".join(sorted([*QUAD_FORMATS, *TRIPLE_FORMATS]))
            raise StoreError(f"unknown export format {fmt!r} (known: {known})")

    def verify(self) -> ScanReport:
        """Check every table file's blocks, then read every index completely (``lgm check``).

        Raises ``StoreDamagedError`` at a bad block.
        """
        tables: TablesReport | None = None
        if self.path is not None:
            tables = TablesReport()
            try:
                verify_tables(self.path, report=tables)
            except UnsupportedTable:
                tables = None  # reading every index below still meets every damaged block
        report = scan_indexes(self._store, self.path)
        report.tables = tables
        return report

    def backup(self, target: str | Path) -> None:
        """Write a consistent copy of the store to the new directory ``target`` while it is open.

        Oxigraph's checkpoint: immutable table files are hard-linked when ``target`` is on the
        same file system, so this is cheap.
        """
        if self.path is None:
            raise StoreError("an in-memory store has no on-disk backup; export it instead")
        self._store.backup(str(target))

    def __len__(self) -> int:
        with self._guard():
            return len(self._store)

    def close(self) -> None:
        """Flush to disk and release the directory lock."""
        store = getattr(self, "_store", None)
        if store is not None:
            if not self.read_only:
                with contextlib.suppress(OSError):
                    store.flush()
            del self._store
