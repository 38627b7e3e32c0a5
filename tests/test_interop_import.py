"""Importing SKOS and OWL ontologies (Turtle, RDF/XML, N-Triples, JSON-LD) into named graphs."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.interop import ImportReport, OntologyImportError, import_ontology
from lgm_rdf.ontology import LGM, OWL, RDFS, IriMinter, load_query
from lgm_rdf.store.oxigraph import OxigraphStore

# rdflib's JSON-LD parser uses its own deprecated ConjunctiveGraph internally
pytestmark = pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")

DATA = Path(__file__).parent / "data" / "interop"
FOOD = "http://example.org/food/"
ORCH = "http://example.org/orchard#"
SUB, PART, SAME = RDFS.subClassOf.value, LGM.partOf.value, OWL.sameAs.value

FOOD_RELATIONS = {
    (FOOD + "apple", SUB, FOOD + "fruit"),  # skos:broader
    (FOOD + "citrus", SUB, FOOD + "fruit"),  # skos:narrower, inverted
    (FOOD + "lemon", SUB, FOOD + "citrus"),  # skos:broaderTransitive
    (FOOD + "apple", SAME, FOOD + "pomme"),  # skos:exactMatch
    (FOOD + "seed", PART, FOOD + "apple"),  # schema:hasPart, inverted
}
ORCHARD_RELATIONS = {
    (ORCH + "Tree", SUB, ORCH + "Plant"),
    (ORCH + "AppleTree", SUB, ORCH + "Tree"),
    (ORCH + "Shrub", SUB, ORCH + "Plant"),
    (ORCH + "Orchard", SUB, ORCH + "Place"),  # named member of an intersection
    (ORCH + "Malus", SAME, ORCH + "AppleTree"),  # owl:equivalentClass
    (ORCH + "Pommier", SAME, ORCH + "AppleTree"),  # owl:sameAs
    (ORCH + "Branch", PART, ORCH + "Tree"),  # BFO part of, someValuesFrom
    (ORCH + "Leaf", PART, ORCH + "Branch"),  # BFO part of, allValuesFrom
    (ORCH + "Root", PART, ORCH + "Tree"),  # BFO has part on Tree, inverted
    (ORCH + "AppleTree", PART, ORCH + "Orchard"),  # has-part inside an intersection
    (ORCH + "Trunk", PART, ORCH + "Tree"),  # dcterms:isPartOf
}


def _axioms(store: OxigraphStore, graph: NamedNode, extractor: str) -> dict[tuple, dict]:
    rows = store.select(load_query("interop_graph_axioms"), {"graph": graph})
    return {
        (r["source"].value, r["property"].value, r["target"].value): r
        for r in rows
        if r["extractor"].value == extractor
    }


def _labels(store: OxigraphStore, concept: str) -> tuple[set[str], set[str]]:
    labels: tuple[set[str], set[str]] = (set(), set())
    for row in store.select(load_query("interop_concepts")):
        if row["concept"].value == concept and "property" in row:
            labels[row["property"] != RDFS.label].add(row["value"].value)
    return labels


def _import(
    path: Path, store: OxigraphStore | None = None, **kw
) -> tuple[OxigraphStore, ImportReport]:
    store = store or OxigraphStore(None)
    return store, import_ontology(store, path, IriMinter(), **kw)


@pytest.mark.parametrize("name", ["food_skos.ttl", "food_skos.jsonld"])
def test_skos_import(name: str) -> None:
    store, report = _import(DATA / name)
    graph = IriMinter().imported(name)
    assert report.graph == graph and store.named_graphs() == [graph]
    assert (report.concepts, report.inheritance, report.composition, report.alias) == (6, 3, 1, 1)
    assert report.label_links == 10 and report.notes == []
    assert report.triples == len(list(store.quads(graph)))
    axioms = _axioms(store, graph, "import")
    assert set(axioms) == FOOD_RELATIONS
    for row in axioms.values():
        assert row["verdict"] == LGM.Valid and row["evidence"] == graph
        assert Decimal(row["confidence"].value) == 1 and row["asserted"].value == "true"
    # the scheme is not a concept; prefLabel@en wins, other languages and variants are altLabels
    assert _labels(store, FOOD + "scheme") == (set(), set())
    assert _labels(store, FOOD + "fruit") == ({"fruit"}, {"Fruit", "Obst", "fruits"})
    assert _labels(store, FOOD + "apple") == ({"apple"}, {"Apple", "Malus domestica", "aple"})
    assert _labels(store, FOOD + "citrus") == ({"citrus fruit"}, {"Citrus fruit"})
    assert _labels(store, FOOD + "pomme") == ({"pomme"}, set())
    header = {(q.predicate.value, q.object.value) for q in store.quads(graph) if q.subject == graph}
    assert (RDFS.label.value, name) in header
    assert ("http://purl.org/dc/terms/source", str((DATA / name).resolve())) in header
    assert ("http://www.w3.org/1999/02/22-rdf-syntax-ns#type", OWL.Ontology.value) in header


@pytest.mark.parametrize("name", ["orchard.owl", "orchard.nt"])
def test_owl_import(name: str) -> None:
    store, report = _import(DATA / name)
    assert (report.concepts, report.inheritance, report.composition, report.alias) == (15, 4, 5, 2)
    assert set(_axioms(store, report.graph, "import")) == ORCHARD_RELATIONS
    asserted = {
        (r["source"].value, r["property"].value, r["target"].value)
        for r in store.select(load_query("interop_relations"))
    }
    assert asserted >= ORCHARD_RELATIONS
    assert not any(ORCH + "OldTree" in triple for triple in asserted)  # deprecated class
    assert not any(OWL.Thing.value in triple for triple in asserted)
    notes = " | ".join(report.notes)
    assert "1 deprecated" in notes and "1 anonymous class expressions" in notes  # the union
    assert "1 concepts have no label" in notes  # ORCH_0001 looks like an id
    # extra rdfs:label in another language -> altLabel; a label-less class is named from its IRI
    assert _labels(store, ORCH + "AppleTree") == ({"apple tree"}, {"Apfelbaum"})
    assert _labels(store, ORCH + "FruitingBody") == ({"fruiting body"}, {"Fruiting Body"})
    assert _labels(store, ORCH + "ORCH_0001") == (set(), set())


@pytest.mark.parametrize(
    "names", [("food_skos.ttl", "food_skos.jsonld"), ("orchard.owl", "orchard.nt")]
)
def test_each_syntax_imports_the_same_triples(names: tuple[str, str]) -> None:
    stores = [_import(DATA / n, name="same")[0] for n in names]
    a, b = ({str(q) for q in s.quads() if "dc/terms/source" not in str(q)} for s in stores)
    assert a == b and len(a) > 100


def test_format_guessed_from_content_for_unknown_suffix(tmp_path: Path) -> None:
    for source, target in [
        ("food_skos.ttl", "a.data"),
        ("food_skos.jsonld", "b"),
        ("orchard.owl", "c.txt"),
    ]:
        shutil.copy(DATA / source, tmp_path / target)
        store, report = _import(tmp_path / target)
        assert report.concepts in (6, 15) and report.inheritance in (3, 4)
    # a wrong suffix falls back to the content
    shutil.copy(DATA / "food_skos.ttl", tmp_path / "mislabelled.owl")
    assert _import(tmp_path / "mislabelled.owl")[1].concepts == 6


def test_label_links_reach_learned_concepts() -> None:
    store, report = _import(DATA / "food_skos.ttl")
    links = _axioms(store, report.graph, "label-match")
    minted = IriMinter().concept
    expected = {
        (FOOD + "apple", minted("apple").value): Decimal("1.0"),
        (FOOD + "apple", minted("Malus domestica").value): Decimal("0.9"),
        (FOOD + "apple", minted("aple").value): Decimal("0.9"),  # hidden label
        (FOOD + "fruit", minted("fruit").value): Decimal("1.0"),
        (FOOD + "fruit", minted("fruits").value): Decimal("0.9"),
        (FOOD + "fruit", minted("obst").value): Decimal("0.9"),
        (FOOD + "citrus", minted("citrus fruit").value): Decimal("1.0"),
    }
    got = {(s, t): Decimal(r["confidence"].value) for (s, p, t), r in links.items() if p == SAME}
    assert expected.items() <= got.items() and len(got) == report.label_links == 10
    assert all(r["asserted"].value == "true" for r in links.values())
    # the minted concept is declared, so learned sentences about "apple" meet the imported class
    assert _labels(store, "urn:lgm:concept:apple") == ({"apple"}, set())
    assert _labels(store, "urn:lgm:concept:malus_domestica") == ({"malus domestica"}, set())


def test_alias_to_the_minted_concept_is_written_once(tmp_path: Path) -> None:
    path = tmp_path / "linked.ttl"
    path.write_text(
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
        '<http://example.org/a> a skos:Concept ; skos:prefLabel "apple" ;\n'
        "  skos:exactMatch <urn:lgm:concept:apple> .\n",
        encoding="utf-8",
    )
    store, report = _import(path)
    assert (report.alias, report.label_links, report.concepts) == (1, 1, 2)
    quads = list(store.quads(report.graph))
    assert report.triples == len(quads)
    same = [q for q in quads if q.predicate == OWL.sameAs]
    assert [(q.subject.value, q.object.value) for q in same] == [
        ("http://example.org/a", "urn:lgm:concept:apple")
    ]
    assert len(_axioms(store, report.graph, "import")) == 1
    assert len(_axioms(store, report.graph, "label-match")) == 1


def test_label_key_hook_lemmatises_labels() -> None:
    store, report = _import(DATA / "food_skos.ttl", label_key=lambda text: text.rstrip("s"))
    targets = {t for (_, _, t) in _axioms(store, report.graph, "label-match")}
    assert "urn:lgm:concept:fruit" in targets and "urn:lgm:concept:fruits" not in targets


def test_reimport_replaces_the_graph(tmp_path: Path) -> None:
    store, first = _import(DATA / "orchard.owl")
    size = len(store)
    again = import_ontology(store, DATA / "orchard.owl", IriMinter())
    assert len(store) == size and again.triples == first.triples
    assert (again.concepts, again.alias) == (first.concepts, first.alias)
    # same name, smaller content: the old triples are gone
    small = tmp_path / "small.ttl"
    small.write_text(
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
        '<urn:x:a> a skos:Concept ; skos:prefLabel "a" .\n',
        encoding="utf-8",
    )
    third = import_ontology(store, small, IriMinter(), name="orchard.owl")
    assert third.graph == first.graph and third.concepts == 1
    assert len(store) == third.triples
    other = import_ontology(store, small, IriMinter())  # a second name adds a second graph
    assert len(store.named_graphs()) == 2 and other.graph != first.graph


BROKEN = {
    "broken.ttl": b"@prefix ex: <http://example.org/> .\nex:a ex:b ex:c ;; . ex:d\n",
    "broken.owl": b"<?xml version='1.0'?><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'><owl:Class>",
    "broken.jsonld": b'{"@context": {"a": "http://x/"}, "@id": ',
    "binary.nt": bytes(range(256)) * 4,
    "empty.ttl": b"",
    "plain.json": b'{"not": "json-ld"}',
    "owlxml.owl": b'<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#"/>',
    "functional.ofn": b"Prefix(:=<http://x/>)\nOntology(<http://x/o>)\n",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_file_raises_and_writes_nothing(tmp_path: Path, name: str) -> None:
    store, _ = _import(DATA / "food_skos.ttl")
    before = sorted(str(q) for q in store.quads())
    path = tmp_path / name
    path.write_bytes(BROKEN[name])
    with pytest.raises(OntologyImportError) as info:
        import_ontology(store, path, IriMinter(), name="food_skos.ttl")  # would replace
    assert name in str(info.value)
    assert isinstance(info.value, ValueError)
    assert sorted(str(q) for q in store.quads()) == before


def test_missing_file_and_directory(tmp_path: Path) -> None:
    store = OxigraphStore(None)
    for path, message in ((tmp_path / "nope.ttl", "no such file"), (tmp_path, "is a directory")):
        with pytest.raises(OntologyImportError, match=message):
            import_ontology(store, path, IriMinter())
    assert len(store) == 0


def test_hostile_labels_and_iris_survive(tmp_path: Path) -> None:
    path = tmp_path / "hostile.ttl"
    path.write_text(
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
        "<http://example.org/a%20b> a skos:Concept ;\n"
        '  skos:prefLabel "quote \\" \\\\ and > } ; DROP ALL ; ünïcödé 🍎\\nline two" ;\n'
        "  skos:broader <http://example.org/c> .\n"
        '<http://example.org/c> a skos:Concept ; skos:prefLabel "C" .\n',
        encoding="utf-8",
    )
    store, report = _import(path, name='evil" > name')
    assert report.inheritance == 1 and report.concepts == 2
    pref, _ = _labels(store, "http://example.org/a%20b")
    assert pref == {'quote " \\ and > } ; drop all ; ünïcödé 🍎 line two'}
    assert any(q.object == Literal('evil" > name') for q in store.quads(report.graph))


def test_malformed_iris_fall_back_to_rdflib_and_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "sloppy.ttl"
    path.write_text(
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n"
        '<http://example.org/a b> a skos:Concept ; skos:prefLabel "bad" .\n'
        '<http://example.org/ok> a skos:Concept ; skos:prefLabel "ok" ;\n'
        "  skos:broader <http://example.org/a b> , <http://example.org/top> .\n",
        encoding="utf-8",
    )
    store, report = _import(path)
    assert report.concepts == 2 and report.inheritance == 1  # ok ⊑ top; the bad IRI is gone
    assert any("3 triples with malformed IRIs" in note for note in report.notes)


def test_ontology_written_in_one_graph_only(tmp_path: Path) -> None:
    store = OxigraphStore(None)
    doc = NamedNode("urn:lgm:doc:x")
    store.replace_graph(doc, [Quad(NamedNode("urn:x"), RDFS.label, Literal("x"), doc)])
    report = import_ontology(store, DATA / "orchard.nt", IriMinter())
    assert store.named_graphs() == sorted([doc, report.graph], key=lambda g: g.value)
    assert len(list(store.quads(doc))) == 1
    assert report.summary().startswith("imported orchard.nt into <urn:lgm:import:orchard.nt>")
