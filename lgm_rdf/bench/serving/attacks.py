"""The hostile mix of ``lgm bench serve --hostile``: what attacks a SPARQL server, bounded.

Every attacker runs in one thread until ``stop`` is set and records what it got. Only
127.0.0.1 is ever contacted. The mix:

* ``runaway``: clients that each send runaway queries one after another (cross products,
  DISTINCT over a cross product, a closure over every predicate, a regex over a cross
  product), waiting for each answer at most until the attack ends;
* ``slow``: connections that send a request one header byte per second (slowloris);
* ``half_open``: connections that send part of a request (or nothing) and then wait;
* ``malformed``: requests with a megabyte of headers, a body larger than any limit that
  never comes, a GET with a body, two Content-Length headers, bytes that are not HTTP;
* ``probe``: one client asking ``ASK {}`` every 50 ms on a new connection: the cheap request
  whose latency the benchmark reports.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import quote, urlsplit

RUNAWAYS = (
    "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }",
    "SELECT DISTINCT ?a ?c ?d ?f WHERE { ?a ?b ?c . ?d ?e ?f }",
    "SELECT (COUNT(*) AS ?n) WHERE { ?a (<urn:lgm:none>|!<urn:lgm:none>)* ?b }",
    'SELECT ?c WHERE { ?a ?b ?c . ?d ?e ?f FILTER(REGEX(CONCAT(STR(?c), STR(?f)), "^(a|aa)+$")) }',
)
PROBE = "ASK {}"
PROBE_EVERY = 0.05  # seconds between two probes


@dataclass
class Tally:
    """What one kind of attacker sent and got back."""

    sent: int = 0
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)  # no HTTP answer: the reason
    latencies: list[float] = field(default_factory=list)  # seconds, answered requests only
    events: Counter[str] = field(default_factory=Counter)  # connections opened, closed
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, event: str) -> None:
        """Count an event that is not a request (a held connection opened or closed)."""
        with self.lock:
            self.events[event] += 1

    def record(self, status: int | None, seconds: float, error: str = "") -> None:
        """One request's outcome."""
        with self.lock:
            self.sent += 1
            if status is None:
                self.errors[error or "no answer"] += 1
            else:
                self.statuses[status] += 1
                self.latencies.append(seconds)

    @property
    def answered(self) -> int:
        """Requests that got an HTTP response."""
        return sum(self.statuses.values())

    @property
    def server_errors(self) -> int:
        """Responses with a 5xx status."""
        return sum(n for status, n in self.statuses.items() if status >= 500)


class Target:
    """Where the attack goes: host, port and the query path (``/sparql`` or ``/query``)."""

    def __init__(self, query_url: str) -> None:
        parts = urlsplit(query_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.path = parts.path or "/"

    def get(self, query: str, timeout: float) -> tuple[int | None, float, str, bytes]:
        """GET a query on a new connection: (status or None, seconds, error, body)."""
        started = time.perf_counter()
        conn = http.client.HTTPConnection(self.host, self.port, timeout=max(0.1, timeout))
        try:
            conn.request(
                "GET",
                f"{self.path}?query={quote(query)}",
                headers={"Accept": "application/sparql-results+json"},
            )
            response = conn.getresponse()
            body = response.read()
            return response.status, time.perf_counter() - started, "", body
        except (OSError, http.client.HTTPException) as exc:
            return None, time.perf_counter() - started, type(exc).__name__, b""
        finally:
            conn.close()

    def raw(self, data: bytes, timeout: float) -> tuple[int | None, float, str]:
        """Send raw bytes on a new connection; the status of the first response line."""
        started = time.perf_counter()
        try:
            with socket.create_connection((self.host, self.port), timeout=timeout) as sock:
                with contextlib.suppress(OSError):
                    sock.sendall(data)
                head = sock.recv(4096)
        except OSError as exc:
            return None, time.perf_counter() - started, type(exc).__name__
        seconds = time.perf_counter() - started
        parts = head.split(b" ", 2)
        if len(parts) >= 2 and parts[0].startswith(b"HTTP/") and parts[1].isdigit():
            return int(parts[1]), seconds, ""
        return None, seconds, "closed" if not head else "not HTTP"


def runaway(target: Target, stop: threading.Event, wait: float, offset: int, tally: Tally) -> None:
    """Send runaway queries one after another until the attack ends (each waited for ``wait`` s).

    A 200 whose body is not a whole JSON result (a server that gave up mid-stream) is noted.
    """
    k = offset
    while not stop.is_set():
        status, seconds, error, body = target.get(RUNAWAYS[k % len(RUNAWAYS)], wait)
        tally.record(status, seconds, error)
        if status == 200 and not _whole_json(body):
            tally.note("200 with a cut-off body")
        k += 1


def _whole_json(body: bytes) -> bool:
    try:
        json.loads(body)
    except ValueError:
        return False
    return True


def probe(target: Target, stop: threading.Event, tally: Tally) -> None:
    """``ASK {}`` every ``PROBE_EVERY`` seconds on a new connection."""
    while not stop.is_set():
        started = time.monotonic()
        tally.record(*target.get(PROBE, 10.0)[:3])
        stop.wait(max(0.0, PROBE_EVERY - (time.monotonic() - started)))


def malformed_requests(target: Target) -> list[bytes]:
    """Requests no server should run (each is answered with a 4xx, or the connection closed)."""
    host = f"Host: {target.host}:{target.port}\r\n".encode()
    ask = f"GET {target.path}?query={quote(PROBE)} HTTP/1.1\r\n".encode() + host
    post = f"POST {target.path} HTTP/1.1\r\n".encode() + host
    return [
        ask + b"X-Big: " + b"a" * 1_000_000 + b"\r\n\r\n",
        post + b"Content-Type: application/sparql-query\r\nContent-Length: 50000000\r\n\r\nASK",
        ask + b"Content-Length: 10\r\n\r\nGET / HTTP",
        post + b"Content-Length: 6\r\nContent-Length: 60\r\n\r\nASK {}",
        post + b"Content-Length: +6\r\nContent-Type: application/sparql-query\r\n\r\nASK {}",
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(256)) + b"\r\n\r\n",
    ]


def malformed(target: Target, stop: threading.Event, tally: Tally) -> None:
    """Send the malformed requests in turn, each on a new connection."""
    requests = malformed_requests(target)
    k = 0
    while not stop.is_set():
        tally.record(*target.raw(requests[k % len(requests)], 5.0))
        k += 1
        stop.wait(0.05)


def hold(target: Target, stop: threading.Event, count: int, slow: bool, tally: Tally) -> None:
    """Keep ``count`` connections open: sending one byte a second (``slow``) or stalled.

    A connection the server closes is opened again (at most once a second each).
    """
    head = (
        f"POST {target.path} HTTP/1.1\r\nHost: {target.host}\r\n"
        "Content-Type: application/sparql-query\r\nContent-Length: 100\r\n"
    ).encode()
    socks: list[tuple[socket.socket | None, int]] = [(None, 0)] * count
    while not stop.is_set():
        for i, (sock, sent) in enumerate(socks):
            if sock is None:
                try:
                    sock = socket.create_connection((target.host, target.port), timeout=2)
                    sock.setblocking(False)
                    tally.note("opened")
                    sent = 0 if slow else (len(head) if i % 2 else 0)
                    if sent:
                        sock.send(head + b"\r\nASK")
                except OSError as exc:
                    tally.note(f"refused ({type(exc).__name__})")
                    sock = None
                socks[i] = (sock, sent)
                continue
            try:
                if sock.recv(4096) == b"":
                    raise ConnectionResetError()
            except BlockingIOError:
                pass
            except OSError:
                tally.note("closed by the server")
                sock.close()
                socks[i] = (None, 0)
                continue
            if slow:
                with contextlib.suppress(OSError):
                    sock.send(head[sent % len(head) : sent % len(head) + 1])
                socks[i] = (sock, sent + 1)
        stop.wait(1.0)
    for sock, _ in socks:
        if sock is not None:
            sock.close()
