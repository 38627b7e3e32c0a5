"""The embedded Oxigraph store: atomic replace, failures, locking, hostile text, dumps."""

from __future__ import annotations

import io
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest
from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.ontology import IriMinter, project_root
from lgm_rdf.store.base import GraphStore, StoreError, StoreLockedError
from lgm_rdf.store.oxigraph import OxigraphStore

P = NamedNode("urn:test:p")
HOSTILE = "quote \" and ' > } } ; DROP ALL ; \n newline \\ backslash ünïcödé 🍎"


def _quads(graph: NamedNode, n: int) -> list[Quad]:
    return [Quad(NamedNode(f"urn:test:s{i}"), P, Literal(f"v{i}"), graph) for i in range(n)]


def test_is_a_graph_store(tmp_path) -> None:
    store = OxigraphStore(tmp_path / "kb")
    assert isinstance(store, GraphStore)
    store.close()


def test_replace_graph_replaces_only_that_graph(tmp_path) -> None:
    store = OxigraphStore(tmp_path / "kb")
    g1, g2 = NamedNode("urn:lgm:doc:a"), NamedNode("urn:lgm:doc:b")
    store.replace_graph(g1, _quads(g1, 3))
    store.replace_graph(g2, _quads(g2, 2))
    store.replace_graph(g1, _quads(g1, 1))
    assert len(list(store.quads(g1))) == 1
    assert len(list(store.quads(g2))) == 2
    assert store.drop_graph(g1) is True
    assert store.drop_graph(g1) is False
    assert [g.value for g in store.named_graphs()] == [g2.value]
    store.close()


def test_write_failing_half_way_leaves_store_unchanged(tmp_path) -> None:
    store = OxigraphStore(tmp_path / "kb")
    g = NamedNode("urn:lgm:doc:a")
    store.replace_graph(g, _quads(g, 5))
    before = sorted(str(q) for q in store.quads())

    def broken() -> Iterator[Quad]:
        yield from _quads(g, 2)
        raise RuntimeError("NLP crashed half-way")

    with pytest.raises(RuntimeError):
        store.replace_graph(g, broken())
    assert sorted(str(q) for q in store.quads()) == before
    store.close()
    reopened = OxigraphStore(tmp_path / "kb")
    assert sorted(str(q) for q in reopened.quads()) == before
    reopened.close()


def test_hostile_literals_round_trip_and_bindings(tmp_path) -> None:
    store = OxigraphStore(tmp_path / "kb")
    g = IriMinter().document(HOSTILE)
    store.replace_graph(g, [Quad(NamedNode("urn:test:s"), P, Literal(HOSTILE), g)])
    rows = store.select("SELECT ?s ?o WHERE { ?s ?p ?o }", {"o": Literal(HOSTILE)})
    assert [r["s"].value for r in rows] == ["urn:test:s"]
    assert len(store) == 1
    store.close()


def test_select_uses_union_of_named_graphs(tmp_path) -> None:
    store = OxigraphStore(None)
    for name in ("a", "b"):
        g = NamedNode(f"urn:lgm:doc:{name}")
        store.replace_graph(g, _quads(g, 2))
    rows = store.select("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
    assert rows[0]["n"].value == "4"
    assert store.ask("ASK { ?s ?p 'v1' }")


def test_wrong_query_kind_is_a_store_error() -> None:
    store = OxigraphStore(None)
    with pytest.raises(StoreError):
        store.select("ASK { ?s ?p ?o }")
    with pytest.raises(SyntaxError):
        store.select("SELECT WHERE {")


def test_locked_store_gives_clear_message(tmp_path) -> None:
    kb = tmp_path / "kb"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys, time
                from lgm_rdf.store.oxigraph import OxigraphStore
                s = OxigraphStore({str(kb)!r})
                print("ready", flush=True)
                sys.stdin.readline()
                """
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreLockedError, match="in use by another process"):
            OxigraphStore(kb)
    finally:
        holder.communicate("\n", timeout=30)
    OxigraphStore(kb).close()  # released once the other process is gone


@pytest.mark.parametrize("fmt", ["turtle", "ntriples", "nquads", "trig"])
def test_dump_formats(fmt: str) -> None:
    store = OxigraphStore(None)
    g = NamedNode("urn:lgm:doc:a")
    store.replace_graph(g, _quads(g, 2))
    out = io.BytesIO()
    store.dump(out, fmt)
    assert b"urn:test:s1" in out.getvalue()
    with pytest.raises(StoreError, match="unknown export format"):
        store.dump(io.BytesIO(), "yaml")


def test_every_query_file_parses() -> None:

    store = OxigraphStore(None)
    root = project_root() / "queries"
    files = sorted(root.rglob("*.rq"))
    assert files
    for path in files:
        store.raw_query(path.read_text(encoding="utf-8"))


def test_replacing_an_existing_graph_with_hostile_literals(tmp_path) -> None:
    """The SPARQL-update path (graph already there) escapes everything, placeholders included."""
    store = OxigraphStore(tmp_path / "kb")
    g, other = NamedNode("urn:lgm:doc:a"), NamedNode("urn:lgm:doc:b")
    store.replace_graph(g, _quads(g, 2))
    store.replace_graph(other, _quads(other, 1))
    nasty = [HOSTILE, "%%TRIPLES%%", "%%GRAPH%% } } ; DROP ALL", "%%ALSO%%", "tab\tcr\r\u2028"]
    quads = [Quad(NamedNode(f"urn:test:h{i}"), P, Literal(t), g) for i, t in enumerate(nasty)]
    also = [Quad(NamedNode("urn:test:x"), P, Literal("%%TRIPLES%% in another graph"), other)]
    store.replace_graph(g, quads, also=also)
    values = sorted(q.object.value for q in store.quads(g))
    assert values == sorted(nasty)
    assert sorted(q.object.value for q in store.quads(other)) == [
        "%%TRIPLES%% in another graph",
        "v0",
    ]
    store.close()
