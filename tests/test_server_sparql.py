"""The SPARQL 1.1 Protocol endpoint of ``lgm serve``, driven by real clients over loopback."""

from __future__ import annotations

import csv
import io
import socket
from collections.abc import Iterator
from typing import Any

import pytest
import rdflib
from pyoxigraph import QueryResultsFormat, Store, parse_query_results
from rdflib.plugins.stores.sparqlstore import SPARQLStore
from SPARQLWrapper import JSON, TURTLE, XML, SPARQLWrapper

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import read_text
from lgm_rdf.settings import Settings
from lgm_rdf.store.isolation.negotiation import RESULT_FORMATS, NotAcceptable, negotiate
from tests.server_fixtures import APPLES, call, running_server

TITLES = "SELECT ?t WHERE { ?d a lgm:Document ; dcterms:title ?t } ORDER BY ?t"
CONSTRUCT = "CONSTRUCT { ?d dcterms:title ?t } WHERE { ?d a lgm:Document ; dcterms:title ?t }"
SD = rdflib.Namespace("http://www.w3.org/ns/sparql-service-description#")


@pytest.fixture(scope="module")
def graph(spacy_nlp: Any) -> Iterator[LanguageGraph]:
    """A small in-memory KB: the paper's apples plus a second document."""
    lg = LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True)
    lg.learn(
        [
            read_text(APPLES, doc_id="apples", title="Apples"),
            read_text("A car is a kind of vehicle. Cars contain engines.", "cars", "Cars"),
        ]
    )
    yield lg
    lg.close()


@pytest.fixture(scope="module")
def url(graph: LanguageGraph) -> Iterator[str]:
    """Base URL of a read-only server over ``graph``."""
    with running_server(graph) as server:
        yield server.url


def test_sparqlwrapper_select_json_and_xml(url: str) -> None:
    client = SPARQLWrapper(url + "/sparql")
    client.setQuery("PREFIX dcterms: <http://purl.org/dc/terms/>\n" + TITLES)
    client.setReturnFormat(JSON)
    rows = client.query().convert()["results"]["bindings"]  # type: ignore[index]
    assert [r["t"]["value"] for r in rows] == ["Apples", "Cars"]
    client.setReturnFormat(XML)
    doc = client.query().convert()
    values = [n.firstChild.data for n in doc.getElementsByTagName("literal")]  # type: ignore[union-attr]
    assert values == ["Apples", "Cars"]


def test_sparqlwrapper_ask_and_construct(url: str) -> None:
    client = SPARQLWrapper(url + "/query")
    client.setQuery("ASK { ?c rdfs:subClassOf ?p }")
    client.setReturnFormat(JSON)
    assert client.query().convert() == {"head": {}, "boolean": True}
    client.setQuery(CONSTRUCT)
    client.setReturnFormat(TURTLE)
    data = client.query().convert()
    g = rdflib.Graph().parse(data=data, format="turtle")
    assert {str(o) for o in g.objects()} == {"Apples", "Cars"}


def test_rdflib_sparqlstore(url: str) -> None:
    g = rdflib.Graph(store=SPARQLStore(url + "/sparql"))
    rows = list(g.query("SELECT ?label WHERE { ?c rdfs:subClassOf ?p . ?p rdfs:label ?label }"))
    assert {str(r[0]) for r in rows} == {"fruit", "vehicle"}


@pytest.mark.parametrize(
    ("accept", "content_type"),
    [
        (None, "application/sparql-results+json"),
        ("application/sparql-results+json", "application/sparql-results+json"),
        ("application/json", "application/sparql-results+json"),
        ("application/sparql-results+xml", "application/sparql-results+xml"),
        ("text/csv", "text/csv"),
        ("text/tab-separated-values", "text/tab-separated-values"),
        ("text/html,application/xhtml+xml,*/*;q=0.8", "application/sparql-results+json"),
        ("text/csv;q=0.5, text/tab-separated-values", "text/tab-separated-values"),
    ],
)
def test_select_content_negotiation(url: str, accept: str | None, content_type: str) -> None:
    headers = {"Accept": accept} if accept else {}
    reply = call(url, "GET", "/sparql", {"query": TITLES}, headers=headers)
    assert reply.status == 200, reply.text
    assert reply.headers["content-type"].split(";")[0] == content_type
    if content_type == "text/csv":
        rows = list(csv.reader(io.StringIO(reply.text)))
        assert rows == [["t"], ["Apples"], ["Cars"]]
        return
    fmt = {
        "application/sparql-results+json": QueryResultsFormat.JSON,
        "application/sparql-results+xml": QueryResultsFormat.XML,
        "text/tab-separated-values": QueryResultsFormat.TSV,
    }[content_type]
    values = [s["t"].value for s in parse_query_results(reply.body, fmt)]  # type: ignore[union-attr]
    assert values == ["Apples", "Cars"]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # rdflib's JSON-LD parser
@pytest.mark.parametrize(
    ("accept", "rdflib_format"),
    [
        ("text/turtle", "turtle"),
        ("application/n-triples", "nt"),
        ("application/ld+json", "json-ld"),
        ("application/rdf+xml", "xml"),
    ],
)
def test_construct_content_negotiation(url: str, accept: str, rdflib_format: str) -> None:
    reply = call(url, "GET", "/sparql", {"query": CONSTRUCT}, headers={"Accept": accept})
    assert reply.status == 200, reply.text
    assert reply.headers["content-type"].split(";")[0] == accept
    g = rdflib.Graph().parse(data=reply.body, format=rdflib_format)
    assert len(g) == 2


def test_post_forms_and_format_parameter(url: str) -> None:
    form = call(
        url,
        "POST",
        "/sparql",
        body="query=" + TITLES.replace(" ", "+").replace("?", "%3F"),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Accept": "text/csv"},
    )
    assert form.status == 200 and form.text.splitlines()[1] == "Apples"
    direct = call(
        url,
        "POST",
        "/query",
        body="ASK { ?x lgm:partOf ?y }",
        headers={"Content-Type": "application/sparql-query; charset=utf-8"},
    )
    assert direct.json() == {"head": {}, "boolean": True}
    by_param = call(url, "GET", "/sparql", {"query": TITLES, "format": "tsv"})
    assert by_param.headers["content-type"].startswith("text/tab-separated-values")


def test_unsupported_accept_is_406(url: str) -> None:
    reply = call(url, "GET", "/sparql", {"query": TITLES}, headers={"Accept": "image/png"})
    assert reply.status == 406
    assert "application/sparql-results+json" in reply.text
    graph_reply = call(url, "GET", "/sparql", {"query": CONSTRUCT}, headers={"Accept": "text/csv"})
    assert graph_reply.status == 406


def test_malformed_query_is_400_with_parser_message(url: str) -> None:
    bad = "SELECT ?s WHERE { ?s ?p "
    with pytest.raises(SyntaxError) as parser:
        Store().query(bad)
    reply = call(url, "GET", "/sparql", {"query": bad})
    assert reply.status == 400
    assert str(parser.value) in reply.text


def test_service_is_refused_and_never_fetched(url: str) -> None:
    """A read-only client must not make the server fetch URLs (SSRF through SERVICE)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    listener.settimeout(0.5)
    target = f"http://127.0.0.1:{listener.getsockname()[1]}/probe"
    try:
        for query in (
            f"SELECT * WHERE {{ SERVICE <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ service silent <{target}> {{ ?s ?p ?o }} }}",
            f"SELECT * WHERE {{ ?s ?p ?o . # comment\n SERVICE<{target}>{{ ?s ?p ?o }} }}",
        ):
            reply = call(url, "GET", "/sparql", {"query": query})
            assert reply.status == 400, query
            assert "SERVICE" in reply.text
        with pytest.raises(TimeoutError):
            listener.accept()
    finally:
        listener.close()
    # the word elsewhere is fine: a variable, a string, a prefixed name
    fine = (
        'SELECT ?service WHERE { BIND ("SERVICE <http://x/>" AS ?service) '
        "FILTER (?service != lgm:SERVICE) }"
    )
    reply = call(url, "GET", "/sparql", {"query": fine})
    assert reply.status == 200, reply.text
    assert "SERVICE <http://x/>" in reply.text


def test_wrong_method_is_405_and_missing_paths_404(url: str) -> None:
    reply = call(url, "PUT", "/sparql", body="x", headers={"Content-Type": "text/plain"})
    assert reply.status == 405 and "POST" in reply.headers["allow"]
    assert call(url, "DELETE", "/update").status == 405
    assert call(url, "GET", "/no-such-thing").status == 404


def test_service_description_parses(url: str) -> None:
    reply = call(url, "GET", "/sparql", headers={"Accept": "text/turtle"})
    assert reply.status == 200
    g = rdflib.Graph().parse(data=reply.body, format="turtle")
    endpoint = rdflib.URIRef(url + "/sparql")
    assert (endpoint, rdflib.RDF.type, SD.Service) in g
    assert (endpoint, SD.endpoint, endpoint) in g
    assert (endpoint, SD.supportedLanguage, SD.SPARQL11Query) in g
    assert (endpoint, SD.supportedLanguage, SD.SPARQL11Update) not in g  # read-only server
    formats = {str(o) for o in g.objects(endpoint, SD.resultFormat)}
    assert "http://www.w3.org/ns/formats/SPARQL_Results_CSV" in formats
    plain = call(url, "GET", "/sparql")  # no Accept at all: Turtle
    assert plain.headers["content-type"].startswith("text/turtle")


def test_limits_body_size_and_result_count(graph: LanguageGraph) -> None:
    settings = Settings(server_max_body=1000, server_max_results=3)
    with running_server(graph, settings) as server:
        big = "ASK {}" + " " * 2000
        reply = call(
            server.url,
            "POST",
            "/sparql",
            body=big,
            headers={"Content-Type": "application/sparql-query"},
        )
        assert reply.status == 413 and "server_max_body" in reply.text
        many = call(server.url, "GET", "/sparql", {"query": "SELECT * WHERE { ?s ?p ?o }"})
        assert many.status == 400 and "server_max_results" in many.text
        few = call(server.url, "GET", "/sparql", {"query": "SELECT * WHERE {?s ?p ?o} LIMIT 3"})
        assert few.status == 200 and len(few.json()["results"]["bindings"]) == 3


def test_query_timeout_is_503(graph: LanguageGraph) -> None:
    runaway = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
    with running_server(graph, Settings(server_query_timeout=0.5)) as server:
        reply = call(server.url, "GET", "/sparql", {"query": runaway})
        assert reply.status == 503 and "server_query_timeout" in reply.text


def test_negotiation_rules() -> None:
    assert negotiate(RESULT_FORMATS, "text/*").name == "csv"
    assert negotiate(RESULT_FORMATS, "application/*;q=0.9, text/tsv").name == "json"
    assert negotiate(RESULT_FORMATS, "", ["xml"]).name == "xml"
    assert negotiate(RESULT_FORMATS, "text/csv", ["bogus"]).name == "csv"
    with pytest.raises(NotAcceptable):
        negotiate(RESULT_FORMATS, "text/csv;q=0, image/*")
    with pytest.raises(NotAcceptable):
        negotiate(RESULT_FORMATS, None, ["bogus"])
