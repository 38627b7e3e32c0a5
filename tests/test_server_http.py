"""HTTP as a trusted server does it: framing, limits, timeouts, logs, Origin, 4xx not 500.

Issue 14, defect 7 and the ``/learn`` part of defect 6. Requests are written on raw sockets
where a client library would refuse to send them.
"""

from __future__ import annotations

import json
import logging
import socket
import struct
import subprocess
from collections.abc import Iterator
from urllib.parse import quote, urlsplit

import pytest

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.server import LgmServer
from lgm_rdf.settings import Settings
from tests.server_fixtures import TOKEN, call, post_json, running_server

ASK = "/sparql?query=" + quote("ASK {}")
LIMITS = Settings(
    server_token=TOKEN,
    server_idle_timeout=1.0,
    server_header_timeout=1.0,
    server_body_timeout=1.0,
    server_max_connections=4,
)


@pytest.fixture(scope="module")
def server() -> Iterator[LgmServer]:
    """A server with short timeouts and few connections over an empty in-memory KB."""
    graph = LanguageGraph(settings=Settings(), in_memory=True)
    with running_server(graph, LIMITS) as srv:
        yield srv
    graph.close()


def _connect(server: LgmServer) -> socket.socket:
    parts = urlsplit(server.url)
    return socket.create_connection((parts.hostname, parts.port), timeout=15)


def _exchange(server: LgmServer, raw: bytes) -> bytes:
    """Send ``raw`` and read until the server closes the connection."""
    with _connect(server) as sock:
        sock.sendall(raw)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _statuses(data: bytes) -> list[int]:
    return [int(line.split()[1]) for line in data.split(b"\r\n") if line.startswith(b"HTTP/1.1 ")]


def _request(method: str, target: str, headers: list[str], body: bytes = b"") -> bytes:
    lines = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def test_get_with_a_body_is_refused_not_run_as_a_second_request(server: LgmServer) -> None:
    smuggled = _request("GET", ASK, ["Connection: keep-alive"])
    raw = _request("GET", ASK, [f"Content-Length: {len(smuggled)}"], smuggled)
    assert _statuses(_exchange(server, raw)) == [400]


@pytest.mark.parametrize(
    "lengths", [["15", "15"], ["15", "0"], ["+15"], ["1_5"], ["15 15"], ["-1"], ["0x0f"]]
)
def test_ambiguous_content_length_is_400(server: LgmServer, lengths: list[str]) -> None:
    headers = ["Content-Type: application/sparql-query"] + [f"Content-Length: {n}" for n in lengths]
    raw = _request("POST", "/sparql", headers, b"ASK {}" + b" " * 9)
    data = _exchange(server, raw)
    assert _statuses(data) == [400], data


def test_oversized_headers_are_431(server: LgmServer) -> None:
    headers = [f"X-Filler-{i}: {'a' * 2000}" for i in range(40)]  # 80 KB, 40 headers
    assert _statuses(_exchange(server, _request("GET", ASK, headers))) == [431]


def test_a_body_that_never_arrives_is_408(server: LgmServer) -> None:
    headers = ["Content-Type: application/sparql-query", "Content-Length: 100"]
    data = _exchange(server, _request("POST", "/sparql", headers, b"ASK {}"))  # 6 of 100
    assert _statuses(data) == [408]


def test_headers_that_never_end_are_408_and_idle_connections_close(server: LgmServer) -> None:
    data = _exchange(server, b"GET " + ASK.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert _statuses(data) == [408]
    assert _exchange(server, b"") == b""  # an idle connection is closed, not kept forever


def test_listen_backlog_is_long(server: LgmServer) -> None:
    port = urlsplit(server.url).port
    out = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.strip():
        pytest.skip("ss (iproute2) is not available")
    assert int(out.stdout.split()[2]) >= 128  # Send-Q of a listening socket is its backlog


def test_connections_are_capped_and_freed(server: LgmServer) -> None:
    idle = [_connect(server) for _ in range(LIMITS.server_max_connections)]
    try:
        with _connect(server) as extra:
            extra.sendall(_request("GET", ASK, []))
            assert _statuses(extra.recv(65536)) == [503]
    finally:
        for sock in idle:
            sock.close()
    for _ in range(50):  # the server notices the closed connections
        reply = call(server.url, "GET", ASK)
        if reply.status == 200:
            break
    assert reply.status == 200


def test_clients_that_vanish_leave_no_traceback(
    server: LgmServer, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    caplog.set_level(logging.INFO, logger="lgm_rdf.server")
    for _ in range(3):
        sock = _connect(server)
        sock.sendall(b"GET /sparql HTTP/1.1\r\nHost: 127.0")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()  # a reset in the middle of the headers
    assert call(server.url, "GET", ASK).status == 200
    assert "Traceback" not in capsys.readouterr().err
    assert not any("Traceback" in r.getMessage() for r in caplog.records)


def test_control_characters_are_escaped_in_the_log(
    server: LgmServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="lgm_rdf.server")
    _exchange(server, b"GET /\x1b[2J\x1b[31mfake\x07 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    _exchange(server, b"GET /\x1b]0;title\x07 HTTP/1.1\r\n\r\n")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "fake" in logged and "\\x1b" in logged
    assert not any(ord(c) < 32 and c != "\n" for c in logged)


def test_writes_from_a_foreign_origin_are_403(server: LgmServer) -> None:
    update = "INSERT DATA { <urn:a> <urn:b> <urn:c> }"
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/sparql-update"}
    host = urlsplit(server.url).netloc
    foreign = call(
        server.url,
        "POST",
        "/update",
        body=update,
        headers={**headers, "Origin": "http://evil.example"},
    )
    assert foreign.status == 403 and "origin" in foreign.text
    learn = call(
        server.url,
        "POST",
        "/learn",
        body=json.dumps({"text": "A cat is an animal."}),
        headers={**headers, "Content-Type": "application/json", "Origin": "null"},
    )
    assert learn.status == 403
    own = call(
        server.url, "POST", "/update", body=update, headers={**headers, "Origin": f"http://{host}"}
    )
    assert own.status == 204
    assert call(server.url, "POST", "/update", body=update, headers=headers).status == 204


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"text": "x", "n": 1' + b"0" * 5000 + b"}",
        b'{"documents": [' + b"[" * 50_000 + b"]" * 50_000 + b"]}",
    ],
    ids=["deep", "huge-number", "deep-inside"],
)
@pytest.mark.parametrize("path", ["/learn", "/ask"])
def test_bad_json_bodies_are_400(server: LgmServer, body: bytes, path: str) -> None:
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
    reply = call(server.url, "POST", path, body=body, headers=headers)
    assert reply.status == 400, reply.text


@pytest.mark.parametrize(
    "update",
    [
        "LOAD <http://127.0.0.1:9/nothing.ttl>",
        "LOAD SILENT <http://127.0.0.1:9/nothing.ttl> INTO GRAPH <urn:g>",
        "INSERT { ?s ?p ?o } WHERE { SERVICE <http://127.0.0.1:9/sparql> { ?s ?p ?o } }",
    ],
)
def test_updates_that_would_fetch_are_400(server: LgmServer, update: str) -> None:
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/sparql-update"}
    reply = call(server.url, "POST", "/update", body=update, headers=headers)
    assert reply.status == 400 and "not allowed" in reply.text


def test_learn_mistakes_are_4xx(server: LgmServer) -> None:
    for payload in (
        {"documents": [{"text": 5}]},
        {"documents": "text"},
        {"text": ""},
        {"text": "A cat is an animal.", "force": "yes"},
        {"text": "A cat is an animal.", "id": {"nested": 1}},
    ):
        reply = post_json(server.url, "/learn", payload, token=TOKEN)
        assert 400 <= reply.status < 500, (payload, reply.status, reply.text)
