"""The HTTP server: routing, body limits, logging and the static web page.

One ``LgmServer`` owns one ``LanguageGraph``. Reads run concurrently (pyoxigraph reads are
thread-safe); writes (``/update``, ``/learn``) are serialised by one lock, and each learned
document is one atomic store transaction, so readers see a document wholly or not at all.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import time
import traceback
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from lgm_rdf.server import api, endpoint
from lgm_rdf.server.http import (
    HttpError,
    Response,
    check_bearer,
    json_response,
    text_response,
)
from lgm_rdf.server.request import Request, ServerState
from lgm_rdf.server.sparql import QueryRunner
from lgm_rdf.settings import Settings

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


class RequestHandler(BaseHTTPRequestHandler):
    """Turns HTTP requests into ``Request`` objects, routes them and writes the responses."""

    server: LgmServer
    protocol_version = "HTTP/1.1"
    server_version = "lgm_rdf"
    # headers and body go out in separate writes: without TCP_NODELAY, Nagle's algorithm and the
    # client's delayed ACK hold every keep-alive response back by about 40 ms
    disable_nagle_algorithm = True
    timeout = 60  # seconds a client may stay silent (slow clients cannot hold a thread forever)

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
        self._send(response)
        log.info(
            '%s "%s %s" %d %d %.3fs',
            self.client_address[0],
            self.command,
            _short(self.path),
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
            raise HttpError(404, f"no such resource: {_short(path)}")
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
            if path in ("/update", "/learn"):  # refuse unauthorised writes before reading
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
        try:
            length = int(raw)
        except ValueError:
            raise HttpError(400, "the Content-Length header is not a number") from None
        limit = self.server.state.settings.server_max_body
        if length < 0:
            raise HttpError(400, "the Content-Length header is negative")
        if length > limit:
            raise HttpError(413, f"the request body is larger than {limit} bytes (server_max_body)")
        body = self.rfile.read(length)
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

    def _send(self, response: Response) -> None:
        self.send_response_only(response.status)
        self.send_header("Date", self.date_time_string())
        if response.status != 204:
            self.send_header("Content-Type", response.content_type)
            self.send_header("Content-Length", str(len(response.body)))
        for name, value in {**SECURITY_HEADERS, **response.headers}.items():
            self.send_header(name, value)
        if response.headers.get("Connection") == "close":
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD" and response.body:
            self.wfile.write(response.body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        """Route the stdlib's own messages (bad request lines, timeouts) to the logger."""
        log.info("%s %s", self.address_string(), format % args)


def _short(text: str, limit: int = 200) -> str:
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    return text if len(text) <= limit else text[:limit] + "..."


class LgmServer(ThreadingHTTPServer):
    """A threading HTTP server around one ``LanguageGraph``."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(
        self,
        graph: Any,
        address: tuple[str, int] = ("127.0.0.1", 0),
        settings: Settings | None = None,
        query_workers: int = 8,
    ) -> None:
        settings = settings or graph.settings
        runner = QueryRunner(
            graph.store.raw_query,
            timeout=settings.server_query_timeout,
            max_results=settings.server_max_results,
            workers=query_workers,
        )
        self.state = ServerState(graph=graph, settings=settings, runner=runner)
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, RequestHandler)
        self.loopback = ipaddress.ip_address(self.server_address[0]).is_loopback

    @property
    def url(self) -> str:
        """The base URL, e.g. ``http://127.0.0.1:8088``."""
        host, port = self.server_address[:2]
        host = f"[{host}]" if ":" in str(host) else host
        return f"http://{host}:{port}"

    def server_close(self) -> None:
        """Stop listening and stop the query workers (the graph is closed by its owner)."""
        super().server_close()
        self.state.runner.close()
