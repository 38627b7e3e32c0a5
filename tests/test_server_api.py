"""``/ask``, ``/concept``, ``/learn`` and ``/update`` of ``lgm serve``: tokens, answers, bad input."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import read_text
from lgm_rdf.server.http import HttpError, check_bearer
from lgm_rdf.settings import Settings
from tests.server_fixtures import APPLES, TOKEN, call, post_json, running_server

HOSTILE = [
    'apple" } ; DROP ALL ; #',
    "'; DELETE WHERE { ?s ?p ?o } #",
    "<urn:x> > </script><b>bold</b>",
    "line one\nline two\r\n\ttab",
    "\u00e9t\u00e9 \U0001f34e \u202eright-to-left\u200b",
    "}}}}{{{{ ?s ?p ?o }",
    "\\u0022 \\\\ %22 %00",
]
ASK_TRUE = "ASK { <urn:test:s> <urn:test:p> 'written by update' }"


@pytest.fixture(scope="module")
def graph(spacy_nlp: Any) -> Iterator[LanguageGraph]:
    """An in-memory KB holding the paper's running example."""
    lg = LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True)
    lg.learn([read_text(APPLES, doc_id="apples", title="Apples")])
    yield lg
    lg.close()


@pytest.fixture(scope="module")
def url(graph: LanguageGraph) -> Iterator[str]:
    """A server without an update token (read-only)."""
    with running_server(graph) as server:
        yield server.url


@pytest.fixture(scope="module")
def writable(graph: LanguageGraph) -> Iterator[str]:
    """A server over the same graph with an update token configured."""
    with running_server(graph, Settings(server_token=TOKEN)) as server:
        yield server.url


def _quads(graph: LanguageGraph) -> int:
    return len(graph.store)


def test_ask_answers_with_cited_sentences(url: str) -> None:
    reply = call(url, "GET", "/ask", {"question": "What are apples rich in?"})
    assert reply.status == 200, reply.text
    data = reply.json()
    assert data["question"] == "What are apples rich in?"
    assert data["answer"]
    by_text = {s["text"]: s for s in data["supports"]}
    vitamins = by_text["Fruits contain many vitamins."]
    assert (vitamins["title"], vitamins["concept"], vitamins["via"]) == (
        "Apples",
        "fruit",
        "parent",
    )
    posted = post_json(url, "/ask", {"question": "What are apples rich in?", "chunk_size": 60})
    assert posted.status == 200
    assert len(posted.json()["supports"]) < len(data["supports"])  # the chunk size bounds them


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, "'question' is missing"),
        ({"question": "   "}, "'question' is missing"),
        ({"question": "x" * 5000}, "longer than"),
        ({"question": "apples?", "chunk_size": "many"}, "whole number"),
        ({"question": "apples?", "chunk_size": "0"}, "between"),
    ],
)
def test_ask_rejects_bad_input(url: str, params: dict[str, str], message: str) -> None:
    reply = call(url, "GET", "/ask", params)
    assert reply.status == 400
    assert message in reply.json()["error"]


def test_ask_rejects_bad_json(url: str) -> None:
    reply = call(
        url, "POST", "/ask", body="{not json", headers={"Content-Type": "application/json"}
    )
    assert reply.status == 400 and "not valid JSON" in reply.json()["error"]
    assert post_json(url, "/ask", ["a list"]).status == 400
    assert post_json(url, "/ask", {"question": 42}).status == 400


def test_concept_neighbourhood(url: str) -> None:
    data = call(url, "GET", "/concept", {"name": "Apples"}).json()
    (view,) = data["concepts"]
    assert view["label"] == "apple"
    (parent,) = view["links"]["parent"]
    assert (parent["label"], parent["text"]) == ("fruit", "Apples are a type of fruit.")
    assert view["inherited_parts"] == [["vitamin", "fruit"]]
    assert call(url, "GET", "/concept", {"name": "unicorn"}).json()["concepts"] == []
    assert call(url, "GET", "/concept").status == 400


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_strings_are_plain_text(graph: LanguageGraph, url: str, text: str) -> None:
    before = _quads(graph)
    asked = call(url, "GET", "/ask", {"question": text})
    assert asked.status == 200 and asked.json()["question"] == text
    posted = post_json(url, "/ask", {"question": text})
    assert posted.status == 200 and posted.json()["question"] == text
    concept = call(url, "GET", "/concept", {"name": text})
    assert concept.status == 200 and concept.json() == {"name": text, "concepts": []}
    assert _quads(graph) == before
    assert call(url, "GET", "/sparql", {"query": "ASK { ?s a lgm:Document }"}).json()["boolean"]


def test_writes_disabled_without_token(url: str) -> None:
    for path, body, ctype in [
        ("/update", "INSERT DATA { <urn:a> <urn:b> 'c' }", "application/sparql-update"),
        ("/learn", '{"text": "Cats are animals."}', "application/json"),
    ]:
        headers = {"Content-Type": ctype, "Authorization": f"Bearer {TOKEN}"}
        reply = call(url, "POST", path, body=body, headers=headers)
        assert reply.status == 403
        assert "updates are disabled" in reply.text


@pytest.mark.parametrize(
    "authorization", [None, "Bearer wrong-token", "Basic dXNlcjpwYXNz", "Bearer"]
)
def test_wrong_or_missing_token_is_401(
    graph: LanguageGraph, writable: str, authorization: str | None
) -> None:
    before = _quads(graph)
    headers = {"Content-Type": "application/sparql-update"}
    if authorization:
        headers["Authorization"] = authorization
    reply = call(
        writable, "POST", "/update", body="INSERT DATA { <urn:a> <urn:b> 'c' }", headers=headers
    )
    assert reply.status == 401
    assert reply.headers["www-authenticate"].startswith("Bearer")
    learn_headers = {**headers, "Content-Type": "application/json"}
    learned = call(
        writable, "POST", "/learn", body='{"text": "Cats are animals."}', headers=learn_headers
    )
    assert learned.status == 401
    assert _quads(graph) == before


def test_update_with_token(writable: str) -> None:
    assert not call(writable, "GET", "/sparql", {"query": ASK_TRUE}).json()["boolean"]
    reply = call(
        writable,
        "POST",
        "/update",
        body="INSERT DATA { <urn:test:s> <urn:test:p> 'written by update' }",
        headers={"Content-Type": "application/sparql-update", "Authorization": f"Bearer {TOKEN}"},
    )
    assert reply.status == 204, reply.text
    assert call(writable, "GET", "/sparql", {"query": ASK_TRUE}).json()["boolean"]
    form = call(
        writable,
        "POST",
        "/update",
        body="update=DELETE+DATA+%7B+%3Curn%3Atest%3As%3E+%3Curn%3Atest%3Ap%3E+%27written+by+update%27+%7D",
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Authorization": f"Bearer {TOKEN}",
        },
    )
    assert form.status == 204, form.text
    assert not call(writable, "GET", "/sparql", {"query": ASK_TRUE}).json()["boolean"]
    bad = call(
        writable,
        "POST",
        "/update",
        body="INSERT DATA { oops",
        headers={"Content-Type": "application/sparql-update", "Authorization": f"Bearer {TOKEN}"},
    )
    assert bad.status == 400 and "malformed SPARQL update" in bad.text


def test_learn_with_token(writable: str) -> None:
    reply = post_json(
        writable,
        "/learn",
        {"documents": [{"text": "Cats are mammals. Cats have whiskers.", "title": "Cats"}]},
        token=TOKEN,
    )
    assert reply.status == 200, reply.text
    assert reply.json()["learned"] == 1 and reply.json()["sentences"] == 2
    titles = call(
        writable,
        "GET",
        "/sparql",
        {"query": "SELECT ?t WHERE { ?d a lgm:Document ; dcterms:title ?t }"},
        headers={"Accept": "text/csv"},
    )
    assert "Cats" in titles.text.splitlines()
    (view,) = call(writable, "GET", "/concept", {"name": "cat"}).json()["concepts"]
    assert [p["label"] for p in view["links"]["parent"]] == ["mammal"]
    again = post_json(
        writable,
        "/learn",
        {"text": "Cats are mammals. Cats have whiskers.", "title": "Cats"},
        token=TOKEN,
    )
    assert again.json()["unchanged"] == 1


def test_learn_never_reads_paths(writable: str) -> None:
    reply = post_json(writable, "/learn", {"text": "/etc/passwd", "id": "path-like"}, token=TOKEN)
    assert reply.status == 200
    rows = call(
        writable,
        "GET",
        "/sparql",
        {"query": "SELECT ?x WHERE { ?s nif:anchorOf ?x FILTER CONTAINS(?x, 'root:') }"},
    ).json()["results"]["bindings"]
    assert rows == []


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"text": ""},
        {"documents": []},
        {"documents": ["text"]},
        {"text": "ok", "title": 3},
        {"text": "ok", "force": "yes"},
    ],
)
def test_learn_rejects_bad_payloads(writable: str, payload: dict[str, Any]) -> None:
    reply = post_json(writable, "/learn", payload, token=TOKEN)
    assert reply.status == 400, reply.text
    assert reply.json()["error"]


def test_oversized_learn_body_is_413(graph: LanguageGraph) -> None:
    with running_server(graph, Settings(server_token=TOKEN, server_max_body=100)) as server:
        reply = post_json(server.url, "/learn", {"text": "Cats are animals. " * 20}, token=TOKEN)
        assert reply.status == 413


def test_check_bearer_compares_whole_token() -> None:
    check_bearer("abc", "Bearer abc")
    check_bearer("abc", "bearer  abc ")
    for presented in ("Bearer ab", "Bearer abcd", "Bearer ABC", "abc"):
        with pytest.raises(HttpError) as err:
            check_bearer("abc", presented)
        assert err.value.status == 401


def test_loopback_server_refuses_foreign_host_names(url: str) -> None:
    rebound = call(url, "GET", "/sparql", {"query": "ASK {}"}, headers={"Host": "evil.example:80"})
    assert rebound.status == 403
    local = call(url, "GET", "/sparql", {"query": "ASK {}"}, headers={"Host": "localhost:1"})
    assert local.status == 200
