"""Embedded Oxigraph store on disk (the default ``GraphStore``)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

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

QUAD_FORMATS = {"nquads": RdfFormat.N_QUADS, "trig": RdfFormat.TRIG}
TRIPLE_FORMATS = {
    "turtle": RdfFormat.TURTLE,
    "ntriples": RdfFormat.N_TRIPLES,
    "rdfxml": RdfFormat.RDF_XML,
    "jsonld": RdfFormat.JSON_LD,
}
_PLACEHOLDER = re.compile(r"%%(GRAPH|TRIPLES|ALSO)%%")
_UNION_TRIPLES = "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }"


def _triple_line(quad: Quad) -> str:
    """One quad's triple in N-Triples syntax (pyoxigraph escapes literals and IRIs)."""
    return f"{quad.subject} {quad.predicate} {quad.object} ."


class OxigraphStore:
    """``GraphStore`` on pyoxigraph; ``path=None`` keeps everything in memory (tests)."""

    def __init__(self, path: str | Path | None = None, read_only: bool = False) -> None:
        self.path = Path(path) if path is not None else None
        self.read_only = read_only and path is not None
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
        except OSError as exc:
            message = str(exc)
            if "lock" in message.lower() or "temporarily unavailable" in message.lower():
                raise StoreLockedError(
                    f"the knowledge base {self.path} is in use by another process "
                    f"(another `lgm learn`, `forget` or `import` still running?). Stop it, or pass "
                    f"another --kb directory."
                ) from exc
            raise StoreError(f"cannot open the knowledge base {self.path}: {message}") from exc

    # -- queries ------------------------------------------------------------------------
    def _query(self, query: str, bindings: Bindings | None) -> object:
        subs = {Variable(k): v for k, v in (bindings or {}).items()}
        return self._store.query(
            query, use_default_graph_as_union=True, substitutions=subs or None, prefixes=PREFIXES
        )

    def select(self, query: str, bindings: Bindings | None = None) -> list[dict[str, Term]]:
        """Run a SELECT query and return rows as ``{variable: term}`` (unbound ones left out)."""
        result = self._query(query, bindings)
        return solution_rows(result)

    def ask(self, query: str, bindings: Bindings | None = None) -> bool:
        """Run an ASK query."""
        result = self._query(query, bindings)
        if not isinstance(result, QueryBoolean):
            raise StoreError("expected an ASK query")
        return bool(result)

    def construct(self, query: str, bindings: Bindings | None = None) -> list[Triple]:
        """Run a CONSTRUCT or DESCRIBE query."""
        result = self._query(query, bindings)
        if not isinstance(result, QueryTriples):
            raise StoreError("expected a CONSTRUCT or DESCRIBE query")
        return list(result)

    def raw_query(self, query: str) -> QuerySolutions | QueryBoolean | QueryTriples:
        """Run a user's SPARQL query as given (raises ``SyntaxError`` on bad SPARQL)."""
        return self._store.query(  # type: ignore[return-value]
            query, use_default_graph_as_union=True, prefixes=PREFIXES
        )

    def raw_update(self, update: str) -> None:
        """Run a user's SPARQL Update as given, in one transaction (``SyntaxError`` on bad SPARQL)."""
        if self.read_only:
            raise StoreError("the knowledge base is open read-only; updates are refused")
        self._store.update(update, prefixes=PREFIXES)

    # -- writes -------------------------------------------------------------------------
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
        self._store.update(update)
        return len(batch) + len(extra)

    def drop_graph(self, graph: NamedNode) -> bool:
        """Remove one named graph (one transaction)."""
        if not self._store.contains_named_graph(graph):
            return False
        self._store.remove_graph(graph)
        return True

    def add_quads(self, quads: Iterable[Quad]) -> int:
        """Add quads in one transaction."""
        batch = list(quads)
        self._store.extend(batch)
        return len(batch)

    # -- reading ------------------------------------------------------------------------
    def named_graphs(self) -> list[NamedNode]:
        """Names of all named graphs, sorted."""
        return sorted(
            (g for g in self._store.named_graphs() if isinstance(g, NamedNode)),
            key=lambda g: g.value,
        )

    def quads(self, graph: NamedNode | None = None) -> Iterator[Quad]:
        """All quads, or those of one named graph."""
        return iter(self._store.quads_for_pattern(None, None, None, graph))

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

    def backup(self, target: str | Path) -> None:
        """Write a consistent copy of the store to the new directory ``target`` while it is open.

        Oxigraph's checkpoint: immutable table files are hard-linked when ``target`` is on the
        same file system, so this is cheap.
        """
        if self.path is None:
            raise StoreError("an in-memory store has no on-disk backup; export it instead")
        self._store.backup(str(target))

    def __len__(self) -> int:
        return len(self._store)

    def close(self) -> None:
        """Flush to disk and release the directory lock."""
        store = getattr(self, "_store", None)
        if store is not None:
            if not self.read_only:
                with contextlib.suppress(OSError):
                    store.flush()
            del self._store
