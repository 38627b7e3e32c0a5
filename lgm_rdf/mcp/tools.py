"""What the MCP tools answer, as plain JSON-able data (no MCP types: testable without the SDK)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from pyoxigraph import (
    QueryBoolean,
    QueryResultsFormat,
    QuerySolutions,
    RdfFormat,
    parse,
    parse_query_results,
)

from lgm_rdf.errors import LgmError
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.store.isolation.pool import QueryPool
from lgm_rdf.store.isolation.results import QueryLimitError

DEFAULT_TOP = 5  # supporting sentences an ask returns unless told otherwise
MAX_ROWS = 1000  # rows (or triples) a SPARQL call returns at most


class ToolInputError(LgmError):
    """A tool call the KB cannot answer; the message is meant for the model that called it."""


def ask(graph: LanguageGraph, question: str, top: int = DEFAULT_TOP) -> dict[str, Any]:
    """The answer and its best ``top`` supports (0: all), each with the path that reached it."""
    if top < 0:
        raise ToolInputError("top is a number of sentences, 0 for all of them")
    try:
        answer = graph.ask(question)
    except ValueError as exc:
        raise ToolInputError(str(exc)) from None
    data = answer.to_dict()
    supports = data["supports"]
    return {
        "question": question,
        "answer": answer.answer,
        "mode": answer.mode,
        "supports": [_support(s) for s in (supports[:top] if top else supports)],
        "supports_total": len(supports),
        "iterations": len(answer.iterations),
        "usage": data["usage"],
    }


def _support(s: dict[str, Any]) -> dict[str, Any]:
    return {
        "text": s["resolved"] or s["text"],
        "document": s["title"],
        "document_iri": s["document"],
        "sentence_iri": s["sentence"],
        "concept": s["concept"],
        "via": s["via"],
        "path": s["path"],
    }


def concept(graph: LanguageGraph, name: str) -> dict[str, Any]:
    """The concepts named ``name``: labels, relations with evidence, inherited parts."""
    if not name.strip():
        raise ToolInputError("give the name of a concept")
    return {"name": name, "concepts": [dataclasses.asdict(v) for v in graph.concept(name)]}


# what the tool asks the query workers for: solutions as SPARQL JSON, graphs as N-Triples
ACCEPT = "application/sparql-results+json, application/n-triples"


def sparql(source: QueryPool | LanguageGraph, query: str, limit: int = MAX_ROWS) -> dict[str, Any]:
    """Run a read-only SPARQL query (SELECT, ASK, CONSTRUCT, DESCRIBE); updates are refused.

    With a ``QueryPool`` the query runs in a worker process over a read-only snapshot of the
    KB, under the pool's deadline and memory limit; a query past either is stopped and
    reported. A ``LanguageGraph`` over a SPARQL server sends it there, under that server's
    limits. At most ``limit`` rows or triples come back, ``truncated`` says if there were more.
    """
    limit = max(1, min(limit, MAX_ROWS))
    if isinstance(source, LanguageGraph):
        try:
            return _as_json(source.sparql(query), limit)
        except SyntaxError as exc:
            raise _not_a_query(str(exc)) from None
    try:
        answer = source.evaluate(query, accept=ACCEPT, max_results=limit, truncate=True)
    except QueryLimitError as exc:
        message = " ".join(str(exc).split())
        if exc.status == 400 and message.startswith("malformed"):
            raise _not_a_query(message) from None
        raise ToolInputError(message) from None
    if answer.content_type.startswith("application/n-triples"):
        result: Any = parse(answer.body, RdfFormat.N_TRIPLES)
    else:
        result = parse_query_results(answer.body, QueryResultsFormat.JSON)
    return _as_json(result, limit, answer.truncated)


def _not_a_query(detail: str) -> ToolInputError:
    return ToolInputError(
        f"not a SPARQL query ({' '.join(detail.split())[:300]}); this tool is read-only: "
        "SELECT, ASK, CONSTRUCT and DESCRIBE only, never updates"
    )


def _as_json(result: Any, limit: int, truncated: bool = False) -> dict[str, Any]:
    """A pyoxigraph result as JSON-able data: a boolean, rows, or triples (at most ``limit``)."""
    if isinstance(result, QueryBoolean):
        return {"boolean": bool(result)}
    items: list[Any] = []
    for item in result:
        if len(items) >= limit:
            truncated = True
            break
        items.append(item)
    if isinstance(result, QuerySolutions):
        names = [v.value for v in result.variables]
        rows = [{n: str(s[n]) for n in names if s[n] is not None} for s in items]
        return {"variables": names, "rows": rows, "truncated": truncated}
    triples = [[str(t.subject), str(t.predicate), str(t.object)] for t in items]
    return {"triples": triples, "truncated": truncated}


def learn(
    graph: LanguageGraph, paths: list[str] | None = None, text: str | None = None
) -> dict[str, Any]:
    """Learn files or directories on this machine, or one text given inline."""
    items: list[str | Path] = [Path(p) for p in paths or []]
    if text and text.strip():
        items.append(text)
    if not items:
        raise ToolInputError("give paths of files or directories to learn, or a text")
    missing = [str(p) for p in items if isinstance(p, Path) and not p.exists()]
    if missing:
        raise ToolInputError(f"no such file or directory: {', '.join(missing)}")
    try:
        report = graph.learn(items)
    except (LgmError, ValueError, OSError) as exc:
        raise ToolInputError(f"learning failed: {exc}") from None
    return {
        "documents": report.documents,
        "learned": report.learned,
        "unchanged": report.unchanged,
        "skipped": [list(s) for s in report.skipped],
        "sentences": report.sentences,
        "concepts": report.concepts,
        "triples": report.triples,
        "summary": report.summary(),
    }


def statistics(graph: LanguageGraph) -> dict[str, Any]:
    """KB statistics: documents, sentences, concepts, relations, triples, graphs."""
    return graph.stats()
