"""Small HTTP primitives of the server: responses, errors, bodies, forms and bearer tokens."""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

FORM = "application/x-www-form-urlencoded"
JSON_TYPE = "application/json"
TEXT_TYPE = "text/plain; charset=utf-8"


@dataclass
class Response:
    """A complete response: status, body and headers (the body is always sent with its length)."""

    status: int
    body: bytes = b""
    content_type: str = TEXT_TYPE
    headers: dict[str, str] = field(default_factory=dict)


class HttpError(Exception):
    """An error answered with ``status`` and a one-line ``message``."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def text_response(status: int, text: str, headers: dict[str, str] | None = None) -> Response:
    """A ``text/plain`` response."""
    return Response(status, (text.rstrip("\n") + "\n").encode("utf-8"), TEXT_TYPE, headers or {})


def json_response(status: int, payload: Any, headers: dict[str, str] | None = None) -> Response:
    """A JSON response (UTF-8, not ASCII-escaped)."""
    body = json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8")
    return Response(status, body, "application/json; charset=utf-8", headers or {})


def media_type(content_type: str | None) -> str:
    """The bare media type of a ``Content-Type`` header, lower case."""
    return (content_type or "").split(";")[0].strip().lower()


def decode_text(body: bytes) -> str:
    """A request body as UTF-8 text (400 when it is not UTF-8)."""
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        raise HttpError(400, "the request body is not UTF-8 text") from None


def parse_form(body: bytes) -> dict[str, list[str]]:
    """An ``application/x-www-form-urlencoded`` body."""
    return parse_qs(decode_text(body), keep_blank_values=True)


def parse_json_object(body: bytes) -> dict[str, Any]:
    """A JSON object body (400 when it is not one)."""
    try:
        value = json.loads(decode_text(body) or "null")
    except RecursionError:
        raise HttpError(400, "the request body is JSON nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or a number with too many digits
        raise HttpError(400, f"the request body is not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise HttpError(400, "the request body must be a JSON object")
    return value


def single(params: dict[str, list[str]], name: str) -> str | None:
    """The one value of a parameter; 400 if it is given more than once."""
    values = params.get(name)
    if not values:
        return None
    if len(values) > 1:
        raise HttpError(400, f"the parameter {name!r} is given more than once")
    return values[0]


def check_bearer(configured: str | None, authorization: str | None) -> None:
    """Allow a write only with ``Authorization: Bearer <configured token>``.

    No token configured → 403 (updates are disabled); missing or wrong token → 401.
    """
    if not configured:
        raise HttpError(
            403,
            "updates are disabled: start `lgm serve` with an update token "
            "(environment variable LGM_SERVER_TOKEN)",
        )
    scheme, _, presented = (authorization or "").strip().partition(" ")
    if scheme.lower() != "bearer" or not presented.strip():
        raise HttpError(
            401,
            "this needs the update token: send 'Authorization: Bearer <token>'",
            {"WWW-Authenticate": 'Bearer realm="lgm_rdf"'},
        )
    if not hmac.compare_digest(presented.strip().encode("utf-8"), configured.encode("utf-8")):
        raise HttpError(
            401,
            "the update token is wrong",
            {"WWW-Authenticate": 'Bearer realm="lgm_rdf", error="invalid_token"'},
        )
