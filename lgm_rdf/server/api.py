"""JSON API handlers: ``/ask``, ``/concept`` and ``/learn``."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

from lgm_rdf.errors import LgmError
from lgm_rdf.learn.readers import SourceDocument, read_text
from lgm_rdf.server.http import (
    JSON_TYPE,
    HttpError,
    Response,
    check_bearer,
    json_response,
    parse_json_object,
    single,
)
from lgm_rdf.server.request import Request, ServerState

MAX_QUESTION = 4000  # characters
MAX_NAME = 500  # characters of a concept name
MAX_CHUNK_SIZE = 1_000_000


def _inputs(req: Request) -> dict[str, Any]:
    """Parameters of a GET (query string) or POST (JSON object or form) as one dict."""
    if req.method == "POST" and req.content_type == JSON_TYPE:
        return parse_json_object(req.body)
    if req.method == "POST" and req.content_type not in ("", "application/x-www-form-urlencoded"):
        raise HttpError(415, "POST a JSON object (application/json) or a form")
    params = req.all_params()
    return {key: single(params, key) for key in params}


def _text(value: Any, name: str, limit: int) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        raise HttpError(400, f"'{name}' is missing")
    if not isinstance(value, str):
        raise HttpError(400, f"'{name}' must be a string")
    if len(value) > limit:
        raise HttpError(400, f"'{name}' is longer than {limit} characters")
    return value


def _chunk_size(value: Any) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise HttpError(400, "'chunk_size' must be a whole number") from None
    if isinstance(value, bool) or not 1 <= number <= MAX_CHUNK_SIZE:
        raise HttpError(400, f"'chunk_size' must be between 1 and {MAX_CHUNK_SIZE}")
    return number


def ask(state: ServerState, req: Request) -> Response:
    """Answer ``question`` (GET parameter, form field or JSON) with ``LanguageGraph.ask``."""
    inputs = _inputs(req)
    question = _text(inputs.get("question"), "question", MAX_QUESTION)
    chunk_size = _chunk_size(inputs.get("chunk_size"))
    ask_fn = getattr(state.graph, "ask", None)
    if ask_fn is None:
        raise HttpError(501, "asking is not available in this version of lgm_rdf")
    try:
        answer = ask_fn(question, chunk_size=chunk_size)
    except ValueError as exc:  # LgmError subclasses that are ValueErrors are the user's input
        raise HttpError(400, str(exc)) from None
    except LgmError as exc:
        raise HttpError(500, f"cannot answer: {exc}") from None
    return json_response(200, answer.to_dict())


def concept(state: ServerState, req: Request) -> Response:
    """The neighbourhood of the concepts named ``name`` (empty list when none is known)."""
    inputs = _inputs(req)
    name = _text(inputs.get("name"), "name", MAX_NAME)
    views = state.graph.concept(name)
    return json_response(
        200, {"name": name, "concepts": [dataclasses.asdict(view) for view in views]}
    )


def learn(state: ServerState, req: Request) -> Response:
    """Learn ``{"text", "title", "id"}`` or ``{"documents": [...]}`` (needs the bearer token)."""
    check_bearer(state.settings.server_token, req.headers.get("Authorization"))
    if req.content_type != JSON_TYPE:
        raise HttpError(415, "POST a JSON object (application/json) to /learn")
    payload = parse_json_object(req.body)
    docs = learn_documents(payload)
    force = payload.get("force", False)
    if not isinstance(force, bool):
        raise HttpError(400, "'force' must be true or false")
    with state.write_lock:
        try:
            report = state.graph.learn(docs, force=force)
        except LgmError as exc:
            raise HttpError(500, f"learning failed: {exc}") from None
        finally:
            state.wrote()  # documents learned before a failure are kept: show them
    out = dataclasses.asdict(report)
    out["ids"] = [d.id for d in docs]
    return json_response(200, out)


def learn_documents(payload: dict[str, Any]) -> list[SourceDocument]:
    """The documents of a ``/learn`` body; texts are never read as file paths."""
    if "documents" in payload:
        items = payload["documents"]
        if not isinstance(items, list) or not items:
            raise HttpError(400, "'documents' must be a non-empty list of objects")
    else:
        items = [payload]
    docs = []
    for number, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise HttpError(400, f"document {number} is not a JSON object")
        text = _text(item.get("text"), "text", 10**9)
        title = item.get("title")
        doc_id = item.get("id")
        if title is not None and not isinstance(title, str):
            raise HttpError(400, f"document {number}: 'title' must be a string")
        if doc_id is not None and (not isinstance(doc_id, str) or not doc_id.strip()):
            raise HttpError(400, f"document {number}: 'id' must be a non-empty string")
        if doc_id is None:
            doc_id = "text:" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        try:
            docs.append(read_text(text, doc_id=doc_id, title=title or None))
        except LgmError as exc:
            raise HttpError(400, f"document {number}: {exc}") from None
    return docs
