"""SPARQL ``VALUES`` blocks built from RDF terms, for queries over many bound values at once.

Terms are written in their N-Triples form (pyoxigraph escapes IRIs and literals), so no text
reaches a query unescaped. Queries mark where the block goes with a ``#VALUES`` line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from lgm_rdf.store.base import Term

T = TypeVar("T")
BLOCK = 500  # rows per VALUES block: a query never grows without bound

MARKER = re.compile(r"^[ \t]*#VALUES[ \t]*$", re.MULTILINE)  # a line of its own


def values_block(variables: Sequence[str], rows: Sequence[Sequence[Term | None]]) -> str:
    """``VALUES (?a ?b) { (<x> "y") … }``; ``None`` in a row is ``UNDEF``."""
    if not variables:
        raise ValueError("a VALUES block needs at least one variable")
    for name in variables:
        if not name.isidentifier():
            raise ValueError(f"invalid SPARQL variable name {name!r}")
    head = " ".join(f"?{v}" for v in variables)
    body = " ".join(
        "(" + " ".join("UNDEF" if t is None else str(t) for t in row) + ")" for row in rows
    )
    return f"VALUES ({head}) {{ {body} }}"


def with_values(query: str, variables: Sequence[str], rows: Sequence[Sequence[Term | None]]) -> str:
    """``query`` with its ``#VALUES`` marker line replaced by a VALUES block of ``rows``."""
    block = values_block(variables, rows)
    out, found = MARKER.subn(lambda _: block, query, count=1)
    if not found:
        raise ValueError("query has no #VALUES marker line")
    return out


def blocks(items: Sequence[T], size: int = BLOCK) -> list[Sequence[T]]:
    """``items`` cut into consecutive slices of at most ``size``, one ``VALUES`` block each."""
    return [items[i : i + size] for i in range(0, len(items), max(1, size))]
