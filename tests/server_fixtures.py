"""Helpers for the server tests: run ``LgmServer`` on 127.0.0.1:0 in a thread, talk HTTP to it."""

from __future__ import annotations

import http.client
import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

from lgm_rdf.server import LgmServer
from lgm_rdf.settings import Settings

APPLES = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."
TOKEN = "test-token-42"


def interruptible() -> None:
    """``preexec_fn`` for a server child that the test stops with SIGINT: a suite started as a
    shell's background job inherits SIGINT ignored, and Python keeps an ignored SIGINT, so the
    child gets the default back, as a terminal's Ctrl-C would find it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def running_server(graph: Any, settings: Settings | None = None) -> Iterator[LgmServer]:
    """Serve ``graph`` on a free loopback port for the duration of the block."""
    server = LgmServer(graph, ("127.0.0.1", 0), settings)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@dataclass
class Reply:
    """A response as the tests see it."""

    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        """The body as UTF-8 text."""
        return self.body.decode("utf-8")

    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.body)


def call(
    base: str,
    method: str,
    path: str,
    params: dict[str, str] | None = None,
    body: bytes | str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 60,
) -> Reply:
    """One HTTP request on a fresh connection."""
    parts = urlsplit(base)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    target = path + ("?" + urlencode(params) if params else "")
    data = body.encode("utf-8") if isinstance(body, str) else body
    try:
        conn.request(method, target, body=data, headers=headers or {})
        response = conn.getresponse()
        payload = response.read()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, payload)
    finally:
        conn.close()


def post_json(base: str, path: str, payload: Any, token: str | None = None) -> Reply:
    """POST a JSON body, with a bearer token if given."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return call(base, "POST", path, body=json.dumps(payload), headers=headers)
