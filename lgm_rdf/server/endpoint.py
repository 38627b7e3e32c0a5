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
from lgm_rdf.server.negotiation import GRAPH_FORMATS, NotAcceptable, negotiate
from lgm_rdf.server.request import Request, ServerState
from lgm_rdf.server.sparql import QueryLimitError, choose_format, write_result

SPARQL_QUERY = "application/sparql-query"
SPARQL_UPDATE = "application/sparql-update"
_DATASET_PARAMS = (
    "default-graph-uri",
    "named-graph-uri",
    "using-graph-uri",
    "using-named-graph-uri",
)
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
    _refuse_dataset(params)
    if single(params, "update") is not None:
        raise HttpError(400, "updates go to /update, not to the query endpoint")
    if query is None:
        return _describe(state, req)
    if not query.strip():
        raise HttpError(400, "the query is empty")
    formats = params.get("format", []) + params.get("output", [])
    try:
        result = state.runner.evaluate(query)
    except SyntaxError as exc:
        raise HttpError(400, f"malformed SPARQL query: {exc}") from None
    except QueryLimitError as exc:
        raise HttpError(exc.status, str(exc)) from None
    try:
        fmt = choose_format(result.kind, req.headers.get("Accept"), formats)
    except NotAcceptable as exc:
        raise HttpError(406, str(exc)) from None
    return Response(200, write_result(result, fmt), fmt.content_type, {"Vary": "Accept"})


def _refuse_dataset(params: dict[str, list[str]]) -> None:
    for name in _DATASET_PARAMS:
        if params.get(name):
            raise HttpError(
                400,
                f"the {name} parameter is not supported: the default graph is always the union "
                f"of all named graphs; use GRAPH or FROM in the query instead",
            )


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
    _refuse_dataset(params)
    if update is None or not update.strip():
        raise HttpError(400, "no update given")
    with state.write_lock:
        try:
            run_update(state.graph, update)
        except SyntaxError as exc:
            raise HttpError(400, f"malformed SPARQL update: {exc}") from None
    return Response(204)


def run_update(graph: Any, update: str) -> None:
    """Apply a user's SPARQL Update (one transaction); the graph drops its cached indexes."""
    graph.update(update)


__all__ = ["SPARQL_QUERY", "SPARQL_UPDATE", "run_update", "sparql_query", "sparql_update"]
