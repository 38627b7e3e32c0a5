"""HTTP/1.1 connections a hostile client cannot stall or confuse.

``GuardedHandler`` reads each request under deadlines: a keep-alive connection may stay idle
for ``idle_timeout`` seconds, the request line and headers must arrive within
``header_timeout`` seconds and ``max_header_bytes`` bytes (else 408 / 431), a body within
``body_timeout`` seconds (else 408). A request whose framing is ambiguous (two
``Content-Length`` headers, a length that is not plain digits, a GET or HEAD with a body) is
refused with 400 and its connection closed, so nothing it sent can pass for a next request.
``GuardedServer`` caps the open connections (each has a thread), answering 503 past the cap,
listens with a backlog of 512, and logs a client that went away as one line, not a traceback.
Everything the client sent is escaped before it reaches the log.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import socket
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from lgm_rdf.server.http import Response, text_response

log = logging.getLogger("lgm_rdf.server")
_DIGITS = re.compile(r"[0-9]{1,18}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_MAX_LINE = 65536
WRITE_TIMEOUT = 30.0  # seconds a client may take to read a response


def escape_log(text: str, limit: int = 200) -> str:
    """``text`` safe for a one-line log: control characters escaped, at most ``limit`` chars."""
    text = _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
    return text if len(text) <= limit else text[:limit] + "..."


class HeadersTooLarge(Exception):
    """The request line and headers went past ``max_header_bytes``."""


class DeadlineSocket(io.RawIOBase):
    """A socket's input that fails with ``TimeoutError`` once ``deadline`` has passed.

    A per-read timeout alone lets a client send one byte every few seconds forever; this
    bounds the whole phase (waiting, headers, body).
    """

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self.sock = sock
        self.deadline = time.monotonic()

    def readable(self) -> bool:
        """Always: this is an input stream."""
        return True

    def readinto(self, buffer: Any) -> int:
        """Read what has arrived (at least one byte), waiting no longer than the deadline."""
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("deadline passed")
        self.sock.settimeout(remaining)
        return self.sock.recv_into(buffer)


class RequestInput:
    """The buffered input of a connection; counts the bytes of lines while ``budget`` is set.

    The request line and headers are read with ``readline``, the body with ``read``, so
    only header bytes count against the budget, however much of the body is buffered.
    """

    def __init__(self, raw: DeadlineSocket) -> None:
        self.raw = raw
        self._buffered = io.BufferedReader(raw, 65536)
        self.budget: int | None = None

    def readline(self, limit: int = -1) -> bytes:
        """One line (``HeadersTooLarge`` when the header budget runs out)."""
        line = self._buffered.readline(limit)
        if self.budget is not None:
            self.budget -= len(line)
            if self.budget < 0:
                raise HeadersTooLarge()
        return line

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes (fewer only at end of input)."""
        return self._buffered.read(size)

    def peek(self, size: int = 1) -> bytes:
        """Bytes ready to read, waiting for at least one (empty at end of input)."""
        return self._buffered.peek(size)

    def close(self) -> None:
        """Close the buffer (the socket is closed by the server)."""
        self._buffered.close()


class GuardedHandler(BaseHTTPRequestHandler):
    """A request handler with deadlines, header limits and strict message framing."""

    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.1"  # a line that is not HTTP still gets a status line
    idle_timeout = 15.0
    header_timeout = 10.0
    body_timeout = 30.0
    max_header_bytes = 32768

    def setup(self) -> None:
        """Wrap the socket's input in a ``DeadlineSocket``."""
        super().setup()
        self.rfile.close()
        self._input = RequestInput(DeadlineSocket(self.connection))
        self.rfile = self._input  # type: ignore[assignment]
        settings = getattr(self.server, "limits", None)
        if settings is not None:
            self.idle_timeout, self.header_timeout, self.body_timeout = settings

    def handle_one_request(self) -> None:
        """Read one request under the deadlines, check its framing, then run ``do_<METHOD>``."""
        self.close_connection = True
        self._input.raw.deadline = time.monotonic() + self.idle_timeout
        self._input.budget = None
        try:
            if not self.rfile.peek(1):
                return  # the client closed the connection
        except (OSError, ValueError):
            return  # idle too long, or reset: close quietly
        self._input.raw.deadline = time.monotonic() + self.header_timeout
        self._input.budget = self.max_header_bytes
        self.command, self.request_version, self.requestline = "", "HTTP/1.1", ""
        try:
            self.raw_requestline = self.rfile.readline(_MAX_LINE + 1)
            if len(self.raw_requestline) > _MAX_LINE:
                self.reject(414, "the request line is too long")
                return
            if not self.parse_request():
                return  # the stdlib answered (400, 431 for more than 100 headers, ...)
        except TimeoutError:
            self.reject(408, f"the request did not arrive within {self.header_timeout:g} s")
            return
        except HeadersTooLarge:
            self.reject(431, f"the request headers are larger than {self.max_header_bytes} bytes")
            return
        except OSError:
            return
        self._input.raw.deadline = time.monotonic() + self.body_timeout
        self._input.budget = None
        problem = self.framing_problem()
        if problem:
            self.reject(400, problem)
            return
        method = getattr(self, "do_" + self.command, None)
        if method is None:
            self.reject(501, f"method {escape_log(self.command, 20)} is not supported")
            return
        method()

    def framing_problem(self) -> str | None:
        """Why the request's body cannot be delimited safely, or ``None``."""
        lengths = self.headers.get_all("Content-Length") or []
        chunked = self.headers.get_all("Transfer-Encoding") or []
        if len(lengths) > 1:
            return "the request has more than one Content-Length header"
        if lengths and not _DIGITS.fullmatch(lengths[0].strip(" \t")):
            return "the Content-Length header is not a whole number"
        if lengths and chunked:
            return "the request has both Content-Length and Transfer-Encoding"
        if self.command in ("GET", "HEAD") and (chunked or (lengths and int(lengths[0]))):
            return f"a {self.command} request cannot have a body"
        return None

    def reject(self, status: int, message: str) -> None:
        """Answer with a plain-text error and close the connection."""
        response = text_response(status, message, {"Connection": "close"})
        self.send(response)
        self.log_request(status, len(response.body))

    def send(self, response: Response) -> None:
        """Write a complete response; a client that went away is not an error."""
        try:
            self.connection.settimeout(WRITE_TIMEOUT)
            self.send_response_only(response.status)
            self.send_header("Date", self.date_time_string())
            if response.status != 204:
                self.send_header("Content-Type", response.content_type)
                self.send_header("Content-Length", str(len(response.body)))
            for name, value in response.headers.items():
                self.send_header(name, value)
            if response.headers.get("Connection") == "close":
                self.close_connection = True
            self.end_headers()
            if self.command != "HEAD" and response.body:
                self.wfile.write(response.body)
            self.wfile.flush()
        except OSError:
            self.close_connection = True

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        """One access-log line (the request line escaped)."""
        log.info(
            '%s "%s" %s %s',
            self.client_address[0],
            escape_log(getattr(self, "requestline", "")),
            code,
            size,
        )

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        """The stdlib's own messages (malformed request lines), escaped."""
        log.info("%s %s", self.client_address[0], escape_log(format % args, 400))


class GuardedServer(ThreadingHTTPServer):
    """A threading HTTP server with a cap on open connections and a long listen backlog."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 512
    max_connections = 256

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._open = threading.BoundedSemaphore(self.max_connections)

    def process_request(self, request: Any, client_address: Any) -> None:
        """Start a thread for the connection, or answer 503 when too many are open."""
        if not self._open.acquire(blocking=False):
            refuse_connection(request)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except Exception:
            self._open.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        """Handle one connection, then free its place."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._open.release()

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away is one line in the log; anything else keeps its traceback."""
        text = traceback.format_exc()
        if text.rstrip().splitlines()[-1].startswith(("BrokenPipe", "ConnectionReset")):
            log.info("%s closed the connection early", client_address[0])
        else:
            log.error("error on a connection from %s\n%s", client_address[0], text)


def refuse_connection(request: socket.socket) -> None:
    """Tell a client over the connection cap to come back later, without waiting for it."""
    body = b"too many open connections; try again later\n"
    head = (
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
    )
    with contextlib.suppress(OSError):
        request.setblocking(False)
        request.send(head.encode("ascii") + body)
