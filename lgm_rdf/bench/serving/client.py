"""The client side of ``lgm bench serve``: the same requests to every engine, timed.

Every engine gets the same query text. What differs is only how it is sent: ``lgm serve`` and
``oxigraph serve`` take the query as the POST body (``application/sparql-query``); Virtuoso 7.2
does not read such a body (the request hangs), so it gets the same query form-encoded, with
the pragma that hides its own schema graph from the union default graph in front
(``VIRTUOSO_EXCLUDE``). The request bodies are encoded once, before any timing.

The warm-up compares every engine's answer with the baseline's (Oxigraph): an ``exact``
engine (lgm) must give the very same rows, or the benchmark stops; the others (Virtuoso, whose
literals come back normalised, e.g. ``"0.850"^^xsd:decimal`` as ``"0.85"``) must give the
same number of rows, and a difference is reported, not fatal; a query such an engine refuses
(Virtuoso 7.2: a transitive property path whose start is bound by ``VALUES``) is reported and
left out of that engine's timings. Timed answers are checked against each engine's own
warm-up row count.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import httpx

from lgm_rdf.bench.serving.setup import BenchError, MixQuery

JSON_RESULTS = "application/sparql-results+json"
NTRIPLES = "application/n-triples"
ROUNDS = 4  # concurrent rounds per engine (which engine goes first rotates between rounds)

Request = tuple[bytes, dict[str, str]]
Timing = tuple[int, float]  # (index into the mix, seconds)
FAILED = -1  # the row count of a query an engine could not answer (left out of its timings)


@dataclass
class Endpoint:
    """One engine's SPARQL endpoint and how queries are sent to it."""

    name: str
    url: str
    form: bool = False  # send ``query=`` form-encoded instead of a sparql-query body
    preamble: str = ""  # text put in front of every query
    exact: bool = True  # answers must equal the baseline's row for row (else: row counts)
    requests: list[Request] = field(default_factory=list)

    def encode(self, mix: Sequence[MixQuery]) -> None:
        """Encode the request of every query of ``mix`` (once, before timing)."""
        self.requests = []
        for query in mix:
            headers = {"Accept": NTRIPLES if query.graph else JSON_RESULTS}
            text = self.preamble + query.text
            if self.form:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
                body = urlencode({"query": text}).encode("ascii")
            else:
                headers["Content-Type"] = "application/sparql-query"
                body = text.encode("utf-8")
            self.requests.append((body, headers))


def new_client() -> httpx.Client:
    """One keep-alive HTTP client (loopback only: no proxies from the environment)."""
    return httpx.Client(timeout=120, trust_env=False)


def send(client: httpx.Client, endpoint: Endpoint, i: int, kind: str) -> tuple[float, bytes]:
    """POST query ``i``; the seconds until the whole answer was read, and the answer."""
    body, headers = endpoint.requests[i]
    started = time.perf_counter()
    response = client.post(endpoint.url, content=body, headers=headers)
    answer = response.read()
    seconds = time.perf_counter() - started
    if response.status_code != 200:
        detail = (answer.decode("utf-8", "replace").strip().splitlines() or [""])[0][:300]
        raise BenchError(f"{endpoint.name} answered {response.status_code} to {kind}: {detail}")
    return seconds, answer


def answer_rows(query: MixQuery, body: bytes) -> list[str]:
    """The answer's rows (solutions, or the distinct N-Triples lines of a graph) in a
    canonical, sorted form. A graph is a set: Oxigraph streams a CONSTRUCT triple once per
    solution (the union default graph repeats a label once per document graph), Virtuoso
    sends each triple once."""
    if query.graph:
        lines = body.decode("utf-8").splitlines()
        return sorted({line.strip() for line in lines if line.strip() and not line.startswith("#")})
    bindings = json.loads(body)["results"]["bindings"]
    return sorted(json.dumps(b, sort_keys=True, ensure_ascii=False) for b in bindings)


def check_rows(query: MixQuery, body: bytes, expected: int, server: str) -> None:
    """Fail loudly when an answer's row count is not the one that server gave at warm-up."""
    rows = len(answer_rows(query, body))
    if rows != expected:
        raise BenchError(f"{server} returned {rows} rows for {query.kind}, expected {expected}")


def turns(endpoints: Sequence[Endpoint], n: int) -> list[Endpoint]:
    """The engines in the order of turn ``n``: the first one rotates from turn to turn."""
    k = n % len(endpoints)
    return [*endpoints[k:], *endpoints[:k]]


def warm_up(
    endpoints: Sequence[Endpoint], mix: Sequence[MixQuery], baseline: str, passes: int = 2
) -> tuple[dict[str, list[int]], dict[str, dict[int, str]]]:
    """Send every query to every engine ``passes`` times; each engine's row counts, and the
    errors of the non-exact engines by query index (their count is ``FAILED`` then).

    An exact engine whose answer differs from the baseline's stops the benchmark, as does an
    error of an exact engine; a non-exact engine's error leaves that query out of its timings.
    """
    expected: dict[str, list[int]] = {}
    errors: dict[str, dict[int, str]] = {}
    with new_client() as client:
        for _ in range(passes):
            expected = {e.name: [] for e in endpoints}
            errors = {e.name: {} for e in endpoints if not e.exact}
            for i, query in enumerate(mix):
                rows: dict[str, list[str] | None] = {}
                for endpoint in endpoints:
                    try:
                        rows[endpoint.name] = answer_rows(
                            query, send(client, endpoint, i, query.kind)[1]
                        )
                    except BenchError as exc:
                        if endpoint.exact:
                            raise
                        errors[endpoint.name][i] = " ".join(str(exc).split())[:200]
                        rows[endpoint.name] = None
                want = rows[baseline]
                assert want is not None  # the baseline is exact
                for endpoint in endpoints:
                    got = rows[endpoint.name]
                    if endpoint.exact and got is not None and len(got) != len(want):
                        raise BenchError(
                            f"row counts differ for {query.kind}: {endpoint.name} {len(got)}, "
                            f"{baseline} {len(want)}\n{query.text}"
                        )
                    if endpoint.exact and got != want:
                        raise BenchError(f"answers differ for {query.kind}\n{query.text}")
                    expected[endpoint.name].append(FAILED if got is None else len(got))
    return expected, errors


def run_sequential(
    endpoints: Sequence[Endpoint],
    mix: Sequence[MixQuery],
    order: Sequence[int],
    expected: dict[str, list[int]],
) -> dict[str, list[Timing]]:
    """One request at a time, the engines taking turns (who goes first rotates)."""
    out: dict[str, list[Timing]] = {e.name: [] for e in endpoints}
    with new_client() as client:
        for n, i in enumerate(order):
            for endpoint in turns(endpoints, n):
                if expected[endpoint.name][i] == FAILED:
                    continue
                seconds, body = send(client, endpoint, i, mix[i].kind)
                check_rows(mix[i], body, expected[endpoint.name][i], endpoint.name)
                out[endpoint.name].append((i, seconds))
    return out


def run_concurrent(
    endpoints: Sequence[Endpoint],
    mix: Sequence[MixQuery],
    order: Sequence[int],
    expected: dict[str, list[int]],
    clients: int,
) -> tuple[dict[str, list[Timing]], dict[str, float]]:
    """``clients`` threads, each with its own connection, take requests from a shared queue.

    The requests are split into rounds; in each round every engine gets the same requests,
    one engine after the other, the first one rotating. Returns timings and wall seconds.
    """
    out: dict[str, list[Timing]] = {e.name: [] for e in endpoints}
    wall = {e.name: 0.0 for e in endpoints}
    conns = {e.name: [new_client() for _ in range(clients)] for e in endpoints}

    def worker(endpoint: Endpoint, c: int, queue: list[int], lock: threading.Lock) -> list[Timing]:
        done: list[Timing] = []
        while True:
            with lock:
                if not queue:
                    return done
                i = queue.pop()
            seconds, body = send(conns[endpoint.name][c], endpoint, i, mix[i].kind)
            check_rows(mix[i], body, expected[endpoint.name][i], endpoint.name)
            done.append((i, seconds))

    def opening(endpoint: Endpoint, c: int) -> Any:
        return send(conns[endpoint.name][c], endpoint, 0, mix[0].kind)

    try:
        with ThreadPoolExecutor(max_workers=clients) as pool:
            for endpoint in endpoints:  # open every connection (untimed)
                list(pool.map(lambda c, e=endpoint: opening(e, c), range(clients)))
            for r in range(ROUNDS):
                part = list(order[r::ROUNDS])
                for endpoint in turns(endpoints, r):
                    answered = expected[endpoint.name]
                    queue = [i for i in part[::-1] if answered[i] != FAILED]
                    lock = threading.Lock()
                    started = time.perf_counter()
                    futures = [
                        pool.submit(worker, endpoint, c, queue, lock) for c in range(clients)
                    ]
                    results = [f.result() for f in futures]
                    wall[endpoint.name] += time.perf_counter() - started
                    out[endpoint.name].extend(t for done in results for t in done)
    finally:
        for connections in conns.values():
            for conn in connections:
                conn.close()
    return out, wall
