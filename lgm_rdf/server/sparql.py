"""Evaluating a user's SPARQL query under the server's limits, and writing its results.

pyoxigraph cannot cancel a running query. A query is evaluated in a worker thread; the
request waits at most ``server_query_timeout`` seconds and then answers 503, and the worker
stops pulling solutions as soon as it notices the deadline has passed (a query that spends
all its time before its first solution, e.g. a big ``ORDER BY``, still runs to that point in
the background). At most ``server_max_results`` solutions or triples are returned: a larger
result is an error, never a silently truncated answer. Federated queries (``SERVICE``) are
refused: pyoxigraph would fetch any URL a client names, from the server's network.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
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
from lgm_rdf.server.negotiation import GRAPH_FORMATS, RESULT_FORMATS, Format, negotiate
from lgm_rdf.store.querytext import sparql_tokens

XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"
_CHECK_EVERY = 256  # solutions between two looks at the clock


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


class QueryRunner:
    """Runs user queries in a bounded pool of worker threads with a deadline and a size cap."""

    def __init__(
        self,
        run: Callable[[str], Any],
        timeout: float,
        max_results: int,
        workers: int = 8,
    ) -> None:
        self._run = run
        self.timeout = timeout
        self.max_results = max_results
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="lgm-query")

    def evaluate(self, query: str) -> Evaluated:
        """The full result of ``query``.

        Raises ``SyntaxError`` (malformed query, with the parser's message) or
        ``QueryLimitError`` (503 past the deadline, 400 for too many results or a ``SERVICE``).
        """
        if uses_service(query):
            raise QueryLimitError(
                400, "federated queries (SERVICE) are not allowed on this endpoint"
            )
        deadline = time.monotonic() + self.timeout
        future = self._pool.submit(self._evaluate, query, deadline)
        try:
            return future.result(timeout=max(0.0, deadline - time.monotonic()) + 0.05)
        except FutureTimeout:
            future.cancel()  # only helps while it still waits for a worker
            raise QueryLimitError(503, self._timeout_message()) from None

    def _timeout_message(self) -> str:
        return (
            f"the query did not finish within {self.timeout:g} s (server_query_timeout); "
            f"narrow it or add a LIMIT"
        )

    def _evaluate(self, query: str, deadline: float) -> Evaluated:
        # pyoxigraph result iterators must be dropped by the thread that made them: an
        # exception's traceback would carry them to the request thread, so errors leave
        # this thread as fresh exceptions after the original (and its frames) are gone.
        failure: tuple[type[Exception], tuple[Any, ...]]
        try:
            return self._evaluate_here(query, deadline)
        except QueryLimitError as exc:
            failure = (QueryLimitError, (exc.status, str(exc)))
        except SyntaxError as exc:
            failure = (SyntaxError, (str(exc),))
        except Exception as exc:  # noqa: BLE001 - re-raised below without its frames
            failure = (RuntimeError, (f"{type(exc).__name__}: {exc}",))
        raise failure[0](*failure[1])

    def _evaluate_here(self, query: str, deadline: float) -> Evaluated:
        if time.monotonic() > deadline:  # waited in the queue for too long
            raise QueryLimitError(503, self._timeout_message())
        result = self._run(query)
        if isinstance(result, QueryBoolean):
            return Evaluated("ask", boolean=bool(result))
        if isinstance(result, QuerySolutions):
            variables = [v.value for v in result.variables]
            rows = self._collect(
                ([s[i] for i in range(len(variables))] for s in result), deadline, "solutions"
            )
            return Evaluated("select", variables=variables, rows=rows)
        if isinstance(result, QueryTriples):
            return Evaluated("graph", triples=self._collect(iter(result), deadline, "triples"))
        return Evaluated("ask", boolean=bool(result))

    def _collect(self, items: Iterable[Any], deadline: float, what: str) -> list[Any]:
        out: list[Any] = []
        for item in items:
            out.append(item)
            if len(out) > self.max_results:
                raise QueryLimitError(
                    400,
                    f"the result has more than {self.max_results} {what} (server_max_results); "
                    f"add a LIMIT or narrow the query",
                )
            if len(out) % _CHECK_EVERY == 0 and time.monotonic() > deadline:
                raise QueryLimitError(503, self._timeout_message())
        return out

    def close(self) -> None:
        """Stop taking queries; running ones finish in the background."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def uses_service(query: str) -> bool:
    """True when ``query`` has a ``SERVICE`` clause (the keyword, not a string, IRI or name)."""
    return any(
        kind == "word" and text.upper() == "SERVICE" for kind, text, _ in sparql_tokens(query)
    )


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
