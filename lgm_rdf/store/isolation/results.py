"""Results of a user's SPARQL query: collected under a size cap, serialised as negotiated.

This module runs inside the query worker processes: it imports nothing heavier than
pyoxigraph, the prefixes and content negotiation.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from pyoxigraph import (
    BlankNode,
    Literal,
    NamedNode,
    QueryBoolean,
    QueryResultsFormat,
    QuerySolutions,
    QueryTriples,
    Triple,
    parse_query_results,
    serialize,
)

from lgm_rdf.ontology import PREFIXES
from lgm_rdf.store.isolation.negotiation import GRAPH_FORMATS, RESULT_FORMATS, Format, negotiate

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"


class QueryLimitError(Exception):
    """A query broke a server limit; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Evaluated:
    """A query's complete result: variables and rows, a boolean, or triples."""

    kind: str  # "select" | "ask" | "graph"
    variables: list[str] | None = None
    rows: list[list[Any]] | None = None
    boolean: bool | None = None
    triples: list[Triple] | None = None
    truncated: bool = False  # cut at the cap (``collect(..., truncate=True)``)


def collect(result: Any, max_results: int, truncate: bool = False) -> Evaluated:
    """Pull a pyoxigraph result into memory, stopping as soon as it has too many items.

    The cap is applied while the solutions are produced, so a huge result never sits in
    memory whole; raises ``QueryLimitError`` (400) past ``max_results``, or with ``truncate``
    keeps the first ``max_results`` and marks the result ``truncated``.
    """
    if isinstance(result, QueryBoolean):
        return Evaluated("ask", boolean=bool(result))
    if isinstance(result, QuerySolutions):
        variables = [v.value for v in result.variables]
        rows = _capped(([s[i] for i in range(len(variables))] for s in result), max_results)
        out, what = Evaluated("select", variables=variables, rows=rows), "solutions"
    elif isinstance(result, QueryTriples):
        out, what = Evaluated("graph", triples=_capped(iter(result), max_results)), "triples"
    else:
        return Evaluated("ask", boolean=bool(result))
    items = out.rows if out.rows is not None else out.triples
    if items is not None and len(items) > max_results:
        if not truncate:
            raise QueryLimitError(
                400,
                f"the result has more than {max_results} {what} (server_max_results); "
                f"add a LIMIT or narrow the query",
            )
        del items[max_results:]
        out.truncated = True
    return out


def _capped(items: Iterator[Any], max_results: int) -> list[Any]:
    """The items, stopping at the first one past ``max_results``."""
    out: list[Any] = []
    for item in items:
        out.append(item)
        if len(out) > max_results:
            break
    return out


def choose_format(kind: str, accept: str | None, format_param: Iterable[str]) -> Format:
    """The negotiated format of a result of ``kind`` (raises ``NotAcceptable``)."""
    formats = GRAPH_FORMATS if kind == "graph" else RESULT_FORMATS
    return negotiate(formats, accept, format_param)


def write_result(result: Evaluated, fmt: Format) -> bytes:
    """Serialise an evaluated query in ``fmt`` (SPARQL results or an RDF syntax)."""
    if result.kind == "graph":
        return serialize(result.triples or [], format=fmt.oxigraph, prefixes=PREFIXES)  # type: ignore[arg-type]
    if result.kind == "ask":
        data: dict[str, Any] = {"head": {}, "boolean": bool(result.boolean)}
    else:
        variables = result.variables or []
        bindings = [
            {
                name: term_json(term)
                for name, term in zip(variables, row, strict=True)
                if term is not None
            }
            for row in result.rows or []
        ]
        data = {"head": {"vars": variables}, "results": {"bindings": bindings}}
    body = json.dumps(data, ensure_ascii=False).encode("utf-8")
    if fmt.oxigraph == QueryResultsFormat.JSON:
        return body
    # pyoxigraph writes XML / CSV / TSV exactly by the specs: go through its parser.
    parsed = parse_query_results(body, QueryResultsFormat.JSON)
    return parsed.serialize(format=fmt.oxigraph)  # type: ignore[arg-type,return-value]


def term_json(term: Any) -> dict[str, Any]:
    """One RDF term in the SPARQL 1.1 JSON results format (RDF-star triples included)."""
    if isinstance(term, NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, BlankNode):
        return {"type": "bnode", "value": term.value}
    if isinstance(term, Literal):
        out: dict[str, Any] = {"type": "literal", "value": term.value}
        if term.language:
            out["xml:lang"] = term.language
        elif term.datatype.value != XSD_STRING:
            out["datatype"] = term.datatype.value
        return out
    if isinstance(term, Triple):
        return {
            "type": "triple",
            "value": {
                "subject": term_json(term.subject),
                "predicate": term_json(term.predicate),
                "object": term_json(term.object),
            },
        }
    raise TypeError(f"not an RDF term: {term!r}")
