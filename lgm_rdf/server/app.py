"""The HTTP server: routing, body limits, logging and the static web page.

One ``LgmServer`` owns one ``LanguageGraph``. Users' SPARQL queries run in a pool of worker
processes over snapshots of the KB (``pool``, ``snapshots``); ``/ask`` and ``/concept`` run the
project's own queries in this process. Writes (``/update``, ``/learn``) are serialised by one
lock, and each learned document is one atomic store transaction, so readers see a document
wholly or not at all. Connections are guarded by ``connection`` (deadlines, framing, caps).
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from lgm_rdf.server import api, endpoint
from lgm_rdf.server.connection import GuardedHandler, GuardedServer, escape_log
from lgm_rdf.server.http import (
    HttpError,
    Response,
    check_bearer,
    json_response,
    text_response,
)
from lgm_rdf.server.request import Request, ServerState
from lgm_rdf.settings import Settings
from lgm_rdf.store.isolation.pool import QueryPool

log = logging.getLogger("lgm_rdf.server")
STATIC_DIR = Path(__file__).with_name("static")
STATIC_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
}
# Only these files are served: nothing is looked up from a path the client chose.
STATIC_FILES = {"/": "index.html", "/static/app.js": "app.js", "/static/style.css": "style.css"}
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)

LOOPBACK_NAMES = {"localhost", "127.0.0.1", "[::1]"}
Handler = Callable[[ServerState, Request], Response]
JSON_ROUTES = {"/ask", "/concept", "/learn"}
WRITE_ROUTES = ("/update", "/learn")
ROUTES: dict[str, tuple[tuple[str, ...], Handler]] = {
    "/sparql": (("GET", "POST"), endpoint.sparql_query),
    "/query": (("GET", "POST"), endpoint.sparql_query),
    "/update": (("POST",), endpoint.sparql_update),
    "/ask": (("GET", "POST"), api.ask),
    "/concept": (("GET",), api.concept),
    "/learn": (("POST",), api.learn),
}


def static_file(name: str) -> Response:
    """One of the page's files from the package."""
    path = STATIC_DIR / name
    return Response(
        200, path.read_bytes(), STATIC_TYPES[path.suffix], {"Cache-Control": "no-cache"}
    )


class RequestHandler(GuardedHandler):
    """Turns HTTP requests into ``Request`` objects, routes them and writes the responses."""

    server: LgmServer
    server_version = "lgm_rdf"
    # headers and body go out in separate writes: without TCP_NODELAY, Nagle's algorithm and the
    # client's delayed ACK hold every keep-alive response back by about 40 ms
    disable_nagle_algorithm = True

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's naming
        """Handle GET."""
        self._handle()

    def do_POST(self) -> None:  # noqa: N802
        """Handle POST."""
        self._handle()

    def do_HEAD(self) -> None:  # noqa: N802
        """Handle HEAD like GET, without the body."""
        self._handle()

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_POST  # noqa: N815 - answered with 405

    def _handle(self) -> None:
        started = time.monotonic()
        self._body_read = False
        url = urlsplit(self.path)
        try:
            response = self._dispatch(url.path, url.query)
        except HttpError as exc:
            response = self._error(url.path, exc.status, exc.message, exc.headers)
        except Exception:  # noqa: BLE001 - one request must never take the server down
            log.error("internal error on %s %s\n%s", self.command, url.path, traceback.format_exc())
            response = self._error(url.path, 500, "internal server error (see the server log)")
        response.headers = {**SECURITY_HEADERS, **response.headers}
        self.send(response)
        log.info(
            '%s "%s %s" %d %d %.3fs',
            self.client_address[0],
            self.command,
            escape_log(self.path),
            response.status,
            len(response.body),
            time.monotonic() - started,
        )

    def _dispatch(self, path: str, query: str) -> Response:
        self._check_host()
        if path in STATIC_FILES:
            self._require(("GET", "HEAD"))
            response = static_file(STATIC_FILES[path])
            if path == "/":
                response.headers["Content-Security-Policy"] = PAGE_POLICY
            return response
        route = ROUTES.get(path)
        if route is None:
            raise HttpError(404, f"no such resource: {escape_log(path)}")
        methods, handler = route
        self._require(methods)
        request = Request(
            method="GET" if self.command == "HEAD" else self.command,
            path=path,
            params=parse_qs(query, keep_blank_values=True),
            headers=self.headers,
            host=urlsplit(self.server.url).netloc,
        )
        if self.command == "POST":
            if path in WRITE_ROUTES:  # refuse unauthorised writes before reading
                self._check_origin()
                check_bearer(
                    self.server.state.settings.server_token, self.headers.get("Authorization")
                )
            request.body = self._read_body()
        return handler(self.server.state, request)

    def _check_host(self) -> None:
        """On a loopback address, answer only requests addressed to loopback names.

        A web page cannot then reach the server through DNS rebinding (a hostile name that
        resolves to 127.0.0.1).
        """
        if not self.server.loopback:
            return
        host = (self.headers.get("Host") or "").strip().lower()
        name = host.rsplit(":", 1)[0] if not host.startswith("[") else host.split("]")[0] + "]"
        if name not in LOOPBACK_NAMES:
            raise HttpError(403, "this server only answers requests addressed to localhost")

    def _check_origin(self) -> None:
        """Refuse a write sent by a web page of another origin (a browser always says which).

        Clients that are not browsers send no ``Origin``; the server's own page sends its own.
        """
        origin = self.headers.get("Origin")
        if origin is None:
            return
        own = "http://" + (self.headers.get("Host") or "").strip().lower()
        if origin.strip().lower() != own:
            raise HttpError(
                403, f"writes from a page of another origin are refused ({escape_log(origin)})"
            )

    def _require(self, methods: tuple[str, ...]) -> None:
        allowed = set(methods) | ({"HEAD"} if "GET" in methods else set())
        if self.command not in allowed:
            raise HttpError(
                405,
                f"method {self.command} is not allowed here; use {' or '.join(methods)}",
                {"Allow": ", ".join(sorted(allowed))},
            )

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding"):
            raise HttpError(411, "send the body with a Content-Length (no chunked encoding)")
        raw = self.headers.get("Content-Length")
        if raw is None:
            raise HttpError(411, "a POST needs a Content-Length header")
        length = int(raw)  # plain digits: checked by framing_problem
        limit = self.server.state.settings.server_max_body
        if length > limit:
            raise HttpError(413, f"the request body is larger than {limit} bytes (server_max_body)")
        try:
            body = self.rfile.read(length)
        except TimeoutError:
            raise HttpError(
                408, f"the request body did not arrive within {self.body_timeout:g} s"
            ) from None
        if len(body) < length:
            raise HttpError(400, "the request body ended early")
        self._body_read = True
        return body

    def _error(self, path: str, status: int, message: str, headers: dict[str, str] | None = None):
        # a body we did not read would be taken for the next request: close the connection
        extra = dict(headers or {})
        if not self._body_read and (
            self.headers.get("Transfer-Encoding") or self.headers.get("Content-Length", "0") != "0"
        ):
            extra["Connection"] = "close"
        if path in JSON_ROUTES:
            return json_response(status, {"error": message, "status": status}, extra)
        return text_response(status, message, extra)


class LgmServer(GuardedServer):
    """A threading HTTP server around one ``LanguageGraph``."""

    def __init__(
        self,
        graph: Any,
        address: tuple[str, int] = ("127.0.0.1", 0),
        settings: Settings | None = None,
        query_workers: int | None = None,
    ) -> None:
        settings = settings or graph.settings
        self.max_connections = settings.server_max_connections
        self.limits = (
            settings.server_idle_timeout,
            settings.server_header_timeout,
            settings.server_body_timeout,
        )
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, RequestHandler)
        try:
            pool = QueryPool.of_store(graph.store, settings, workers=query_workers)
        except BaseException:
            super().server_close()
            raise
        self.state = ServerState(graph=graph, settings=settings, pool=pool)
        self.loopback = ipaddress.ip_address(self.server_address[0]).is_loopback

    @property
    def url(self) -> str:
        """The base URL, e.g. ``http://127.0.0.1:8088``."""
        host, port = self.server_address[:2]
        host = f"[{host}]" if ":" in str(host) else host
        return f"http://{host}:{port}"

    def server_close(self) -> None:
        """Stop listening and kill the query workers (the graph is closed by its owner)."""
        super().server_close()
        self.state.pool.close()
