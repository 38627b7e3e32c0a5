"""A tiny scripted OpenAI-compatible chat-completions server on 127.0.0.1 (test helper).

Usage::

    with FakeOpenAIServer([Reply(status=429), Reply(content="hi")]) as server:
        model = OpenAIChatModel("m", base_url=server.url)
        ...
        server.requests  # JSON bodies received, in order

Replies are used in order; once the script is used up every request gets ``default``.
A function ``script(body) -> Reply`` may replace the list. With
``reject_response_format=True`` any request carrying ``response_format`` gets a 400
(without consuming the script), like servers that do not implement JSON mode.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Reply:
    """One scripted answer: a completion (status 200) or an error status with a message."""

    content: str = "ok"
    status: int = 200
    usage: dict[str, int] | None = field(
        default_factory=lambda: {"prompt_tokens": 11, "completion_tokens": 3}
    )
    delay: float = 0.0  # seconds to wait before answering (for timeouts)
    error: str = "scripted error"
    headers: dict[str, str] = field(default_factory=dict)


class FakeOpenAIServer:
    """Serves ``POST /v1/chat/completions`` from a script; records every request body."""

    def __init__(
        self,
        script: Sequence[Reply] | Callable[[dict[str, Any]], Reply] | None = None,
        default: Reply | None = None,
        reject_response_format: bool = False,
    ) -> None:
        self._fn = script if callable(script) else None
        self._queue: list[Reply] = [] if callable(script) or script is None else list(script)
        self.default = default or Reply()
        self.reject_response_format = reject_response_format
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._httpd.handle_error = lambda request, address: None  # type: ignore[method-assign]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        """Base URL to give the OpenAI client."""
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    @property
    def count(self) -> int:
        """Number of requests received."""
        with self._lock:
            return len(self.requests)

    def push(self, *replies: Reply) -> None:
        """Append replies to the script."""
        with self._lock:
            self._queue.extend(replies)

    def start(self) -> FakeOpenAIServer:
        """Start serving in a background thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and wake any reply still sleeping."""
        self._closing.set()
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _next_reply(self, body: dict[str, Any], headers: dict[str, str]) -> Reply:
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            if self.reject_response_format and "response_format" in body:
                return Reply(status=400, error="response_format is not supported by this server")
            if self._fn is not None:
                return self._fn(body)
            return self._queue.pop(0) if self._queue else self.default

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if self.path.rstrip("/") != "/v1/chat/completions":
                    self._send(404, {"error": {"message": f"no route {self.path}"}}, {})
                    return
                try:
                    body = json.loads(raw)
                except ValueError:
                    self._send(400, {"error": {"message": "body is not JSON"}}, {})
                    return
                reply = server._next_reply(body, {k.lower(): v for k, v in self.headers.items()})
                if reply.delay and server._closing.wait(reply.delay):
                    return
                if reply.status != 200:
                    error = {"message": reply.error, "type": "scripted", "code": reply.status}
                    self._send(reply.status, {"error": error}, reply.headers)
                    return
                payload: dict[str, Any] = {
                    "id": f"chatcmpl-{server.count}",
                    "object": "chat.completion",
                    "created": 0,
                    "model": body.get("model", ""),
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": reply.content},
                            "finish_reason": "stop",
                        }
                    ],
                }
                if reply.usage is not None:
                    payload["usage"] = {
                        **reply.usage,
                        "total_tokens": sum(reply.usage.values()),
                    }
                self._send(200, payload, reply.headers)

            def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str]) -> None:
                data = json.dumps(payload).encode("utf-8")
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (timeout test)
                    pass

        return Handler
