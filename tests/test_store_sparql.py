"""The remote SPARQL store against a real ``oxigraph serve``, side by side with the embedded one."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from oxigraph_server import OxigraphServer, free_port, oxigraph_binary
from pyoxigraph import (
    BlankNode,
    Literal,
    NamedNode,
    Quad,
    QueryBoolean,
    QuerySolutions,
    QueryTriples,
    RdfFormat,
    Triple,
    parse,
)
from virtuoso_server import VirtuosoServer, virtuoso_binary

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.settings import Settings
from lgm_rdf.store.base import GraphStore, StoreError
from lgm_rdf.store.factory import open_store
from lgm_rdf.store.oxigraph import OxigraphStore
from lgm_rdf.store.querytext import bind_values
from lgm_rdf.store.sparql import SparqlStore, endpoints

pytestmark = pytest.mark.skipif(
    oxigraph_binary() is None,
    reason="the `oxigraph` server binary (PyPI package `oxigraph`) is not installed",
)

P = NamedNode("urn:test:p")
G1, G2 = NamedNode("urn:lgm:doc:a"), NamedNode("urn:lgm:doc:b")
HOSTILE = [
    "quote \" and ' > } } ; DROP ALL ; \n newline \\ backslash ünïcödé 🍎",
    "\"\"\"triple quoted\"\"\" '''also''' # not a comment",
    "%%TRIPLES%% %%GRAPH%% } ; DROP ALL",
    "tab\tcr\r\u2028 VALUES ?x { } SELECT * {",
    "",
]
TEXT = "Apples are a type of fruit. Fruits contain many vitamins."


def _quads(graph: NamedNode, n: int, tag: str = "v") -> list[Quad]:
    return [Quad(NamedNode(f"urn:test:s{i}"), P, Literal(f"{tag}{i}"), graph) for i in range(n)]


def _lines(quads: Iterator[Quad] | list[Quad]) -> list[str]:
    return sorted(str(q) for q in quads)


def _same_values(lines: list[str]) -> list[str]:
    """Oxigraph stores xsd:nonNegativeInteger values as xsd:integer; Virtuoso keeps the type."""
    return sorted(line.replace("#nonNegativeInteger>", "#integer>") for line in lines)


@pytest.fixture(scope="module")
def oxigraph(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OxigraphServer]:
    srv = OxigraphServer(tmp_path_factory.mktemp("oxigraph") / "db").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def virtuoso(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VirtuosoServer]:
    if virtuoso_binary() is None:
        pytest.skip(
            "Virtuoso is not installed (Debian package virtuoso-opensource; "
            "`make test` installs it when run as root with apt)"
        )
    srv = VirtuosoServer(tmp_path_factory.mktemp("virtuoso")).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module", params=["oxigraph", "virtuoso"])
def server(request: pytest.FixtureRequest) -> OxigraphServer | VirtuosoServer:
    """Every remote-store test runs against both engines with the same assertions."""
    return request.getfixturevalue(request.param)


def open_remote(server: OxigraphServer | VirtuosoServer, **options: object) -> SparqlStore:
    """A store on ``server`` (Virtuoso takes updates on its query endpoint)."""
    update_url = server.url if isinstance(server, VirtuosoServer) else None
    return SparqlStore(server.url, update_url=update_url, **options)  # type: ignore[arg-type]


def clear(store: SparqlStore) -> None:
    """Drop every named graph of the KB (DROP ALL would also drop Virtuoso's own graphs)."""
    for graph in store.named_graphs():
        store.drop_graph(graph)


@pytest.fixture(scope="module")
def plain_server() -> Iterator[OxigraphServer]:
    """A server WITHOUT --union-default-graph (in memory)."""
    srv = OxigraphServer(None, union=False).start()
    yield srv
    srv.stop()


@pytest.fixture
def remote(server: OxigraphServer | VirtuosoServer) -> Iterator[SparqlStore]:
    store = open_remote(server, timeout=30)
    clear(store)
    yield store
    store.close()


@pytest.fixture(params=["embedded", "oxigraph", "virtuoso"])
def store(request: pytest.FixtureRequest) -> Iterator[GraphStore]:
    """The same assertions run on the embedded store and on both servers."""
    if request.param == "embedded":
        yield OxigraphStore(None)
        return
    remote = open_remote(request.getfixturevalue(request.param), timeout=30)
    clear(remote)
    yield remote
    remote.close()


# -- shared behaviour --------------------------------------------------------------------
def test_is_a_graph_store(store: GraphStore) -> None:
    assert isinstance(store, GraphStore)


def test_replace_drop_and_list_graphs(store: GraphStore) -> None:
    assert store.replace_graph(G2, _quads(G2, 2)) == 2
    assert store.replace_graph(G1, _quads(G1, 3)) == 3
    assert store.replace_graph(G1, _quads(G1, 1, "w")) == 1
    assert _lines(store.quads(G1)) == _lines(_quads(G1, 1, "w"))
    assert _lines(store.quads()) == _lines(_quads(G1, 1, "w") + _quads(G2, 2))
    assert [g.value for g in store.named_graphs()] == [G1.value, G2.value]
    assert len(store) == 3
    assert store.drop_graph(G1) is True
    assert store.drop_graph(G1) is False
    assert [g.value for g in store.named_graphs()] == [G2.value]
    assert len(store) == 2


def test_replace_graph_writes_also_quads_and_rejects_unnamed(store: GraphStore) -> None:
    store.replace_graph(G2, _quads(G2, 1))
    other = Quad(NamedNode("urn:test:x"), P, Literal("other"), G2)
    assert store.replace_graph(G1, _quads(G1, 2), also=[other]) == 3
    assert _lines(store.quads(G2)) == _lines([*_quads(G2, 1), other])
    with pytest.raises(StoreError, match="must name their graph"):
        store.replace_graph(G1, [], also=[Quad(NamedNode("urn:test:x"), P, Literal("x"))])


def test_add_quads_and_blank_nodes(store: GraphStore, request) -> None:
    if getattr(store, "engine", None) == "virtuoso":
        request.applymarker(
            pytest.mark.xfail(
                strict=True,
                reason="Virtuoso refuses blank nodes in INSERT DATA (docs/scaling.md)",
            )
        )
    b = BlankNode()
    quads = [Quad(b, P, Literal("in a"), G1), Quad(b, P, Literal("in b"), G2)]
    assert store.add_quads(quads) == 2
    assert store.add_quads([]) == 0
    rows = store.select("SELECT ?s WHERE { ?s ?p 'in a' . ?s ?p 'in b' }")
    assert len(rows) == 1 and isinstance(rows[0]["s"], BlankNode)  # one node across graphs


def test_union_default_graph_select_ask_construct(store: GraphStore) -> None:
    store.replace_graph(G1, _quads(G1, 2))
    store.replace_graph(G2, _quads(G2, 2, "w"))
    assert store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")[0]["n"].value == "4"
    assert store.ask("ASK { ?s ?p 'v1' }") is True
    assert store.ask("ASK { ?s rdfs:label ?o }") is False  # project prefixes predeclared
    triples = store.construct("CONSTRUCT { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }")
    assert all(isinstance(t, Triple) for t in triples) and len(triples) == 4
    rows = store.select("SELECT ?o ?x WHERE { ?s ?p ?o OPTIONAL { ?s <urn:none> ?x } }")
    assert all(set(r) == {"o"} for r in rows)  # unbound variables are left out


def test_wrong_kind_and_bad_syntax(store: GraphStore) -> None:
    with pytest.raises(StoreError, match="expected a SELECT"):
        store.select("ASK { ?s ?p ?o }")
    with pytest.raises(StoreError, match="expected an ASK"):
        store.ask("SELECT * { ?s ?p ?o }")
    with pytest.raises(StoreError, match="expected a CONSTRUCT"):
        store.construct("SELECT * { ?s ?p ?o }")
    with pytest.raises(SyntaxError):
        store.select("SELECT WHERE {")


def test_raw_query_result_kinds(store: GraphStore) -> None:
    store.replace_graph(G1, _quads(G1, 2))
    solutions = store.raw_query("SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o")
    assert isinstance(solutions, QuerySolutions)
    assert [s["o"].value for s in solutions] == ["v0", "v1"]
    assert isinstance(store.raw_query("ASK { ?s ?p ?o }"), QueryBoolean)
    graph = store.raw_query("CONSTRUCT WHERE { ?s ?p ?o }")
    assert isinstance(graph, QueryTriples)
    triples = list(graph)
    assert sorted(t.object.value for t in triples) == ["v0", "v1"]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_values_round_trip_and_bind(store: GraphStore, text: str) -> None:
    g = IriMinter().document(text)
    store.replace_graph(g, [Quad(NamedNode("urn:test:s"), P, Literal(text), g)])
    store.replace_graph(G2, [Quad(NamedNode("urn:test:t"), P, Literal(text + "!"), G2)])
    # the SPARQL-update path (graph already there), with `also` quads
    also = [Quad(NamedNode("urn:test:u"), P, Literal(text, language="en"), G2)]
    store.replace_graph(g, [Quad(NamedNode("urn:test:s"), P, Literal(text), g)], also=also)
    assert [q.object.value for q in store.quads(g)] == [text]
    rows = store.select("SELECT ?s ?o WHERE { ?s ?p ?o }", {"o": Literal(text)})
    assert [r["s"].value for r in rows] == ["urn:test:s"]
    # bound variable used only in a FILTER of a nested group (like concept_by_name.rq)
    query = "SELECT ?s ?k WHERE { { ?s ?p ?o FILTER (STR(?o) = ?k) } UNION { ?s <urn:no> ?o } }"
    rows = store.select(query, {"k": Literal(text)})
    assert sorted(r["s"].value for r in rows) == ["urn:test:s", "urn:test:u"]
    assert rows[0]["k"] == Literal(text)
    assert store.ask("ASK { GRAPH ?g { ?s ?p ?o } }", {"g": g}) is True


def test_bindings_with_group_order_limit(store: GraphStore) -> None:
    store.replace_graph(G1, _quads(G1, 3))
    store.replace_graph(G2, _quads(G2, 2))
    query = (
        "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } "
        "GROUP BY ?g ORDER BY DESC(?n) LIMIT 1"
    )
    rows = store.select(query, {"g": G2})
    assert [(r["g"], r["n"].value) for r in rows] == [(G2, "2")]
    rows = store.select(load_query("document_by_label"), {"key": Literal(G1.value)})
    assert rows == []  # no lgm:Document there: FILTER saw the binding and matched nothing


@pytest.mark.parametrize("fmt", ["turtle", "ntriples", "nquads", "trig", "rdfxml", "jsonld"])
def test_dump_formats(store: GraphStore, fmt: str) -> None:
    store.replace_graph(G1, _quads(G1, 2))
    out = io.BytesIO()
    store.dump(out, fmt)
    assert b"urn:test:s1" in out.getvalue()
    with pytest.raises(StoreError, match="unknown export format"):
        store.dump(io.BytesIO(), "yaml")


# -- remote only ---------------------------------------------------------------------------
def test_same_results_as_embedded(remote: SparqlStore) -> None:
    embedded = OxigraphStore(None)
    data = _quads(G1, 5) + [Quad(NamedNode("urn:test:h"), P, Literal(t), G2) for t in HOSTILE]
    for s in (embedded, remote):
        s.add_quads(data)
    assert _lines(remote.quads()) == _lines(embedded.quads())
    for fmt, rdf_format in (("nquads", RdfFormat.N_QUADS), ("ntriples", RdfFormat.N_TRIPLES)):
        dumps = []
        for s in (embedded, remote):
            out = io.BytesIO()
            s.dump(out, fmt)
            dumps.append(_lines(parse(out.getvalue(), rdf_format)))
        assert dumps[0] == dumps[1]
    query = load_query("concept_by_name")
    assert remote.select(query, {"name": Literal("x")}) == embedded.select(
        query, {"name": Literal("x")}
    )


def test_failed_update_leaves_old_graph(remote: SparqlStore, monkeypatch, request) -> None:
    if remote.engine == "virtuoso":
        request.applymarker(
            pytest.mark.xfail(
                strict=True,
                reason="Virtuoso commits each operation of an update request on its own "
                "(docs/scaling.md): a failure after DROP leaves the document absent",
            )
        )
    remote.replace_graph(G1, _quads(G1, 5))
    before = _lines(remote.quads())
    original = remote._update
    # the server runs DROP + INSERT, then this LOAD fails: the whole request must roll back
    dead = f"http://127.0.0.1:{free_port()}/missing.ttl"
    monkeypatch.setattr(remote, "_update", lambda text: original(f"{text} ;\nLOAD <{dead}>"))
    with pytest.raises(StoreError, match="refused the update"):
        remote.replace_graph(G1, _quads(G1, 1, "new"))
    assert _lines(remote.quads()) == before
    monkeypatch.undo()

    def broken() -> Iterator[Quad]:
        yield from _quads(G1, 2, "half")
        raise RuntimeError("NLP crashed half-way")

    with pytest.raises(RuntimeError):
        remote.replace_graph(G1, broken())
    assert _lines(remote.quads()) == before


def test_big_document_in_one_update(remote: SparqlStore) -> None:
    quads = [
        Quad(NamedNode(f"urn:test:s{i}"), P, Literal(f"{i} " + "long text " * 20), G1)
        for i in range(10_000)
    ]
    assert remote.replace_graph(G1, quads) == 10_000
    assert len(remote) == 10_000


def test_errors_are_one_line_store_errors(server: OxigraphServer | VirtuosoServer) -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(StoreError, match="cannot reach the SPARQL server") as info:
        SparqlStore(dead, timeout=5)
    assert "\n" not in str(info.value)
    with pytest.raises(StoreError, match="HTTP 404") as info:
        root = server.url.removesuffix("/sparql")
        SparqlStore(root + "/nowhere", update_url=root + "/nowhere/update")
    assert "\n" not in str(info.value)
    store = open_remote(server, read_only=True)
    with pytest.raises(StoreError, match="read-only"):
        store.add_quads(_quads(G1, 1))
    with pytest.raises(SyntaxError, match=r"(error at |line )1:") as syntax:
        store.raw_query("SELECT * WHERE { ?s ?p }")
    assert "\n" not in str(syntax.value)
    store.close()
    with pytest.raises(StoreError, match="closed"):
        store.select("SELECT * { ?s ?p ?o }")


def test_server_without_union_default_graph_is_refused(plain_server: OxigraphServer) -> None:
    store = SparqlStore(plain_server.url)  # empty: cannot tell yet
    with pytest.raises(StoreError, match="--union-default-graph"):
        store.replace_graph(G1, _quads(G1, 1))
    store.close()
    with pytest.raises(StoreError, match="--union-default-graph"):
        SparqlStore(plain_server.url)


def test_endpoints_and_factory(oxigraph: OxigraphServer, tmp_path) -> None:
    server = oxigraph
    assert endpoints("http://h:7878/") == ("http://h:7878/query", "http://h:7878/update")
    assert endpoints("http://h:8890/sparql") == ("http://h:8890/sparql",) * 2  # Virtuoso
    assert endpoints("http://h:3030/ds/query") == (
        "http://h:3030/ds/query",
        "http://h:3030/ds/update",
    )
    assert endpoints("http://h/r", "http://h/r/statements") == (
        "http://h/r",
        "http://h/r/statements",
    )
    remote = open_store(server.url, timeout=10)
    assert isinstance(remote, SparqlStore) and remote.query_url == server.url + "/query"
    remote.raw_update("DROP ALL ; INSERT DATA { GRAPH <urn:g> { <urn:s> rdfs:label 'x' } }")
    assert remote.ask("ASK { <urn:s> rdfs:label 'x' }")
    with pytest.raises(SyntaxError):
        remote.raw_update("INSERT DATA {")
    remote.close()
    local = open_store(tmp_path / "kb")
    assert isinstance(local, OxigraphStore)
    local.close()
    assert isinstance(open_store(str(tmp_path / "kb2")), OxigraphStore)


def test_bind_values_placement() -> None:
    b = {"x": Literal('} "')}
    construct = bind_values("CONSTRUCT { ?s ?p ?x } WHERE { ?s ?p ?x }", b)
    assert construct.startswith("CONSTRUCT { ?s ?p ?x } WHERE { VALUES (?x)")
    short = bind_values("CONSTRUCT WHERE { ?s ?p ?x }", b)
    assert short.startswith("CONSTRUCT WHERE { ?s ?p ?x }\nVALUES (?x)")
    sub = bind_values("SELECT ?x { { SELECT ?x { ?x ?p ?o } } # {\n}", b)
    assert sub.count("VALUES") == 1 and "{ { SELECT" not in sub
    with pytest.raises(StoreError, match="blank node"):
        bind_values("SELECT * { ?s ?p ?x }", {"x": BlankNode()})


def test_language_graph_on_remote_store_matches_embedded(remote: SparqlStore, spacy_nlp) -> None:
    settings = Settings()
    remote_lg = LanguageGraph(settings=settings, store=remote, nlp=spacy_nlp)
    local_lg = LanguageGraph(settings=settings, nlp=spacy_nlp, in_memory=True)
    for lg in (remote_lg, local_lg):
        report = lg.learn(TEXT)
        assert report.triples > 0
    stats = remote_lg.stats()
    assert stats == local_lg.stats()
    assert stats["documents"] == 1 and stats["inheritance"] >= 1
    apple = remote_lg.concept("apple")
    assert apple and apple == local_lg.concept("apple")
    assert apple[0].links  # its parent "fruit" (and the inherited "vitamin")
    exports = [lg.export(format="turtle") for lg in (remote_lg, local_lg)]
    triples = [_same_values(_lines(parse(e, RdfFormat.TURTLE))) for e in exports]  # type: ignore[arg-type]
    assert triples[0] == triples[1] and triples[0]
    assert remote_lg.learn(TEXT).triples == 0  # unchanged document: a no-op
    # asking expands concepts over transitive paths from VALUES-bound starts (Virtuoso needs
    # them in a sub-select); the offline answer is the embedded store's
    question = "What do apples contain?"
    answers = [lg.ask(question, reasoner="offline") for lg in (remote_lg, local_lg)]
    assert answers[0].answer == answers[1].answer and answers[0].supports
    doc = remote.named_graphs()[0].value
    assert remote_lg.forget(doc) == [doc] == local_lg.forget(doc)
    assert remote_lg.stats()["quads"] == 0 == local_lg.stats()["quads"]
