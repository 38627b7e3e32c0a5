"""The ``GraphStore`` protocol: what the rest of lgm_rdf needs from an RDF quad store."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import IO, Protocol, runtime_checkable

from pyoxigraph import BlankNode, Literal, NamedNode, Quad, QuerySolutions, Triple

from lgm_rdf.errors import LgmError

Term = NamedNode | BlankNode | Literal | Triple
Bindings = Mapping[str, Term]


class StoreError(LgmError, RuntimeError):
    """A store operation failed; the message is meant for users."""


class StoreLockedError(StoreError):
    """The on-disk store is opened by another process."""


def solution_rows(result: object) -> list[dict[str, Term]]:
    """The rows of a SELECT result as ``{variable: term}`` (unbound variables left out)."""
    if not isinstance(result, QuerySolutions):
        raise StoreError("expected a SELECT query")
    names = [v.value for v in result.variables]
    rows = []
    for solution in result:
        row = {}
        for name in names:
            value = solution[name]
            if value is not None:
                row[name] = value
        rows.append(row)
    return rows


@runtime_checkable
class GraphStore(Protocol):
    """A quad store queried with the union of all graphs as the default graph."""

    def select(self, query: str, bindings: Bindings | None = None) -> list[dict[str, Term]]:
        """Run a SELECT query; ``bindings`` pre-bind variables (never pasted into the text)."""
        ...

    def ask(self, query: str, bindings: Bindings | None = None) -> bool:
        """Run an ASK query."""
        ...

    def construct(self, query: str, bindings: Bindings | None = None) -> list[Triple]:
        """Run a CONSTRUCT/DESCRIBE query."""
        ...

    def raw_query(self, query: str) -> QuerySolutions | bool | Iterator[Triple]:
        """Run a user's query as it is (for ``lgm sparql``), union default graph."""
        ...

    def raw_update(self, update: str) -> None:
        """Run a user's SPARQL Update as it is, as one transaction."""
        ...

    def replace_graph(
        self, graph: NamedNode, quads: Iterable[Quad], also: Iterable[Quad] = ()
    ) -> int:
        """Atomically replace ``graph`` by ``quads`` and add ``also`` to other graphs.

        Returns the number of quads written.
        """
        ...

    def drop_graph(self, graph: NamedNode) -> bool:
        """Remove one named graph and everything in it; False if it did not exist."""
        ...

    def add_quads(self, quads: Iterable[Quad]) -> int:
        """Atomically add quads (to whatever graphs they name)."""
        ...

    def named_graphs(self) -> list[NamedNode]:
        """The names of all named graphs."""
        ...

    def quads(self, graph: NamedNode | None = None) -> Iterator[Quad]:
        """All quads, or those of one graph."""
        ...

    def dump(self, out: IO[bytes], fmt: str) -> None:
        """Serialise the whole dataset (or its union as a graph) in ``fmt``."""
        ...

    def __len__(self) -> int:
        """Number of quads."""
        ...

    def close(self) -> None:
        """Flush and release the store."""
        ...
