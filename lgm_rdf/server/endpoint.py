"""The SPARQL 1.1 Protocol: the query endpoint (``/sparql``) and the update endpoint (``/update``)."""

from __future__ import annotations

import re
from typing import Any

from lgm_rdf.server.description import write_description
from lgm_rdf.server.http import (
    FORM,
    HttpError,
    Response,
    check_bearer,
    decode_text,
    single,
)
from lgm_rdf.server.request import Request, ServerState
from lgm_rdf.store.isolation.negotiation import GRAPH_FORMATS, NotAcceptable, negotiate
from lgm_rdf.store.isolation.results import QueryLimitError
from lgm_rdf.store.isolation.screening import Dataset, fetches, names_dataset, uses_service

SPARQL_QUERY = "application/sparql-query"
SPARQL_UPDATE = "application/sparql-update"
_UPDATE_DATASET_PARAMS = ("using-graph-uri", "using-named-graph-uri")
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def sparql_query(state: ServerState, req: Request) -> Response:
    """GET or POST a query; GET without a query returns the service description."""
    params = req.params
    if req.method == "POST":
        if req.content_type == SPARQL_QUERY:
            query = decode_text(req.body)
        elif req.content_type == FORM:
            params = req.all_params()
            query = single(params, "query")
        else:
            raise HttpError(
                415,
                f"POST a query as {SPARQL_QUERY} or as a form ({FORM}) with a 'query' field",
            )
    else:
        query = single(params, "query")
    if single(params, "update") is not None:
        raise HttpError(400, "updates go to /update, not to the query endpoint")
    if query is None:
        return _describe(state, req)
    if not query.strip():
        raise HttpError(400, "the query is empty")
    if uses_service(query):
        raise HttpError(400, "federated queries (SERVICE) are not allowed on this endpoint")
    formats = params.get("format", []) + params.get("output", [])
    try:
        answer = state.pool.evaluate(
            query, req.headers.get("Accept"), formats, _dataset(params), not names_dataset(query)
        )
    except QueryLimitError as exc:
        raise HttpError(exc.status, str(exc)) from None
    return Response(200, answer.body, answer.content_type, {"Vary": "Accept"})


def _dataset(params: dict[str, list[str]]) -> Dataset | None:
    """The dataset named by the protocol's parameters (they win over the query's ``FROM``)."""
    default, named = params.get("default-graph-uri", []), params.get("named-graph-uri", [])
    for iri in default + named:
        if not iri.strip() or any(c in iri for c in '<>"{}|\\^` '):
            raise HttpError(400, f"not an IRI: {iri[:200]!r}")
    if default or named:
        return Dataset(default, named)
    return None


def _describe(state: ServerState, req: Request) -> Response:
    try:
        fmt = negotiate(GRAPH_FORMATS, req.headers.get("Accept"), req.params.get("format", []))
    except NotAcceptable:
        raise HttpError(
            400,
            "no query given: send ?query=... (a GET with an RDF Accept type, e.g. text/turtle, "
            "returns the service description)",
        ) from None
    host = req.headers.get("Host") or ""
    if not _HOST.match(host):
        host = req.host
    endpoint = f"http://{host}{req.path}"
    body = write_description(endpoint, state.updates_enabled, fmt)
    return Response(200, body, fmt.content_type, {"Vary": "Accept"})


def sparql_update(state: ServerState, req: Request) -> Response:
    """POST a SPARQL Update (needs the bearer token); answers 204 when it was applied."""
    check_bearer(state.settings.server_token, req.headers.get("Authorization"))
    if req.content_type == SPARQL_UPDATE:
        update = decode_text(req.body)
        params = req.params
    elif req.content_type == FORM:
        params = req.all_params()
        update = single(params, "update")
    else:
        raise HttpError(
            415, f"POST an update as {SPARQL_UPDATE} or as a form ({FORM}) with an 'update' field"
        )
    for name in _UPDATE_DATASET_PARAMS:
        if params.get(name):
            raise HttpError(400, f"the {name} parameter is not supported; use GRAPH in the update")
    if update is None or not update.strip():
        raise HttpError(400, "no update given")
    fetching = fetches(update)
    if fetching:
        raise HttpError(
            400, f"{fetching} is not allowed on this endpoint (the server would fetch a URL)"
        )
    with state.write_lock:
        try:
            run_update(state.graph, update)
        except SyntaxError as exc:
            raise HttpError(400, f"malformed SPARQL update: {exc}") from None
        state.wrote()
    return Response(204)


def run_update(graph: Any, update: str) -> None:
    """Apply a user's SPARQL Update (one transaction); the graph drops its cached indexes."""
    graph.update(update)


__all__ = ["SPARQL_QUERY", "SPARQL_UPDATE", "run_update", "sparql_query", "sparql_update"]
