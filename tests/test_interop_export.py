"""OWL (RDF/XML) and SKOS (Turtle) export of the concept graph; HermiT; round trips."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
import rdflib
from pyoxigraph import Literal, NamedNode, Quad
from rdflib.namespace import DCTERMS as R_DCTERMS
from rdflib.namespace import SKOS as R_SKOS

import lgm_rdf.interop.exporter as exporter
import lgm_rdf.interop.reasoner as reasoner
from lgm_rdf.interop import export_owl, export_skos, import_ontology, run_hermit
from lgm_rdf.ontology import LGM, NIF, OWL, PROV, RDF_TYPE, RDFS, SKOS, XSD, IriMinter, load_query
from lgm_rdf.store.oxigraph import OxigraphStore

pytestmark = pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated:DeprecationWarning")

DATA = Path(__file__).parent / "data" / "interop"
MINT = IriMinter()
C = MINT.concept
DOC = MINT.document("orchard notes")
SENTENCE = MINT.sentence(DOC, 0)
HOSTILE = 'café "au" <lait> & ünïcödé'
needs_java = pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs java")


def _relation(quads: list[Quad], a: str, prop: NamedNode, b: str, verdict: NamedNode) -> None:
    src, tgt = C(a), C(b)
    if verdict != LGM.Invalid:
        quads.append(Quad(src, prop, tgt, DOC))
    ax = MINT.axiom(src.value, prop.value, tgt.value, "pattern", SENTENCE.value)
    for p, o in [
        (RDF_TYPE, OWL.Axiom),
        (OWL.annotatedSource, src),
        (OWL.annotatedProperty, prop),
        (OWL.annotatedTarget, tgt),
        (PROV.wasDerivedFrom, SENTENCE),
        (LGM.extractor, Literal("pattern")),
        (LGM.verdict, verdict),
        (LGM.confidence, Literal("1.0", datatype=XSD.decimal)),
    ]:
        quads.append(Quad(ax, p, o, DOC))


@pytest.fixture
def store() -> OxigraphStore:
    """A small learned concept graph: a document, a sentence, concepts and relations."""
    quads = [
        Quad(DOC, RDF_TYPE, LGM.Document, DOC),
        Quad(SENTENCE, RDF_TYPE, NIF.Sentence, DOC),
        Quad(SENTENCE, NIF.anchorOf, Literal("Apples are fruit."), DOC),
        Quad(SENTENCE, LGM.mentions, C("apple"), DOC),
    ]
    for label in ["apple", "fruit", "food", "seed", "malus", "vegetable", HOSTILE]:
        quads += [
            Quad(C(label), RDF_TYPE, OWL.Class, DOC),
            Quad(C(label), RDFS.label, Literal(label), DOC),
        ]
    quads.append(Quad(C("apple"), SKOS.altLabel, Literal("Apples"), DOC))
    _relation(quads, "apple", RDFS.subClassOf, "fruit", LGM.Valid)
    _relation(quads, "fruit", RDFS.subClassOf, "food", LGM.Unchecked)
    _relation(quads, "seed", LGM.partOf, "apple", LGM.Valid)
    _relation(quads, "malus", OWL.sameAs, "apple", LGM.Unknown)
    _relation(quads, "apple", RDFS.subClassOf, "vegetable", LGM.Invalid)  # axiom only
    _relation(quads, HOSTILE, RDFS.subClassOf, "food", LGM.Valid)
    kb = OxigraphStore(None)
    kb.replace_graph(DOC, quads)
    return kb


def _relations(kb: OxigraphStore) -> set[tuple[str, str, str]]:
    return {
        (r["source"].value, r["property"].value, r["target"].value)
        for r in kb.select(load_query("interop_relations"))
    }


def test_owl_export_loads_in_owlready2(store: OxigraphStore, tmp_path: Path) -> None:
    owlready2 = pytest.importorskip("owlready2")
    path = tmp_path / "kb.owl"
    counts = export_owl(store, path)
    assert counts["concepts"] == 7 and counts["inheritance"] == 3
    assert counts["composition"] == 1 and counts["alias"] == 1
    assert not list(tmp_path.glob(".*partial"))
    text = path.read_text(encoding="utf-8")
    for absent in (SENTENCE.value, DOC.value, NIF.Sentence.value, "Apples are fruit"):
        assert absent not in text  # the SRG is not exported
    world = owlready2.World()
    world.get_ontology(path.as_uri()).load()
    get = world.__getitem__
    apple, fruit, food, seed = (get(C(x).value) for x in ("apple", "fruit", "food", "seed"))
    malus, vegetable, hostile = (
        get(C("malus").value),
        get(C("vegetable").value),
        get(C(HOSTILE).value),
    )
    assert apple.label == ["apple"] and hostile.label == [HOSTILE]
    assert get(SKOS.altLabel.value)[apple] == ["Apples"]
    assert fruit in apple.is_a and food in fruit.is_a and food in hostile.is_a
    assert vegetable not in apple.is_a  # invalid relation not exported
    for root in (food, seed, malus, vegetable):
        assert owlready2.Thing in root.is_a
    assert owlready2.Thing not in apple.is_a and owlready2.Thing not in fruit.is_a
    assert apple in malus.equivalent_to or malus in apple.equivalent_to
    part_of = get(LGM.partOf.value)
    assert isinstance(part_of, owlready2.ObjectPropertyClass)
    assert owlready2.TransitiveProperty in part_of.is_a
    [restriction] = [r for r in seed.is_a if isinstance(r, owlready2.Restriction)]
    assert (restriction.property, restriction.type, restriction.value) == (
        part_of,
        owlready2.SOME,
        apple,
    )


def test_owl_export_to_stream_is_rdf_xml(store: OxigraphStore) -> None:
    out = io.BytesIO()
    export_owl(store, out, MINT)
    graph = rdflib.Graph().parse(data=out.getvalue(), format="xml")
    ontology = rdflib.URIRef("urn:lgm:export")
    assert (ontology, rdflib.RDF.type, rdflib.OWL.Ontology) in graph
    assert (
        rdflib.URIRef(LGM.partOf.value),
        rdflib.RDF.type,
        rdflib.OWL.TransitiveProperty,
    ) in graph
    assert (
        rdflib.URIRef(SKOS.altLabel.value),
        rdflib.RDF.type,
        rdflib.OWL.AnnotationProperty,
    ) in graph
    # no class-level lgm:partOf / owl:sameAs assertions (punning), only restrictions / equivalence
    assert not list(graph.triples((None, rdflib.URIRef(LGM.partOf.value), None)))
    assert not list(graph.triples((None, rdflib.OWL.sameAs, None)))


def test_export_to_path_is_atomic(store: OxigraphStore, tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "kb.owl"
    path.write_bytes(b"old")

    def boom(*args: object, **kw: object) -> bytes:
        raise RuntimeError("serialiser failed")

    monkeypatch.setattr(exporter, "serialize", boom)
    with pytest.raises(RuntimeError):
        export_owl(store, path)
    assert path.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["kb.owl"]


@needs_java
def test_hermit_classifies_the_export(store: OxigraphStore, tmp_path: Path) -> None:
    pytest.importorskip("owlready2")
    path = tmp_path / "kb.owl"
    export_owl(store, path)
    report = run_hermit(path, timeout=120)
    assert report.ok, report.message
    assert report.consistent and report.unsatisfiable == []
    assert report.inferred_subclass_count == 1  # malus ⊑ fruit (malus ≡ apple); direct only
    assert report.seconds > 0


@needs_java
def test_hermit_reports_unsatisfiable_classes() -> None:
    pytest.importorskip("owlready2")
    report = run_hermit(DATA / "unsatisfiable.owl", timeout=120)
    assert report.ok and report.consistent, report.message
    assert report.unsatisfiable == ["http://example.org/unsat#Impossible"]


@needs_java
def test_hermit_reports_an_inconsistent_ontology() -> None:
    pytest.importorskip("owlready2")
    report = run_hermit(DATA / "inconsistent.owl", timeout=120)
    assert report.ok and not report.consistent
    assert "inconsistent" in report.message


def test_hermit_without_java_or_owlready2(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "x.owl"
    path.write_text("<rdf:RDF/>")
    monkeypatch.setattr(reasoner.shutil, "which", lambda name: None)
    report = run_hermit(path)
    assert not report.ok and "java" in report.message.lower()
    monkeypatch.setattr(reasoner.importlib.util, "find_spec", lambda name: None)
    report = run_hermit(path)
    assert not report.ok and "owlready2" in report.message


@needs_java
def test_hermit_failures_are_reports(tmp_path: Path) -> None:
    pytest.importorskip("owlready2")
    assert "no such file" in run_hermit(tmp_path / "missing.owl").message
    timed_out = run_hermit(DATA / "unsatisfiable.owl", timeout=0.01)
    assert not timed_out.ok and "did not finish" in timed_out.message
    garbage = tmp_path / "garbage.owl"
    garbage.write_bytes(b"\x00\x01 not rdf")
    report = run_hermit(garbage, timeout=60)
    assert not report.ok and report.message


def test_skos_export(store: OxigraphStore, tmp_path: Path) -> None:
    path = tmp_path / "kb.ttl"
    counts = export_skos(store, path)
    assert counts["concepts"] == 7
    graph = rdflib.Graph().parse(path, format="turtle")
    u = {
        x: rdflib.URIRef(C(x).value)
        for x in ("apple", "fruit", "food", "seed", "malus", "vegetable")
    }
    assert set(graph.subjects(rdflib.RDF.type, R_SKOS.Concept)) >= set(u.values())
    assert (u["apple"], R_SKOS.broader, u["fruit"]) in graph
    assert (u["fruit"], R_SKOS.broader, u["food"]) in graph
    assert (u["apple"], R_SKOS.broader, u["vegetable"]) not in graph  # invalid
    assert (u["malus"], R_SKOS.exactMatch, u["apple"]) in graph
    assert (u["seed"], R_DCTERMS.isPartOf, u["apple"]) in graph
    assert graph.value(u["apple"], R_SKOS.prefLabel) == rdflib.Literal("apple")
    assert graph.value(u["apple"], R_SKOS.altLabel) == rdflib.Literal("Apples")
    scheme = rdflib.URIRef("urn:lgm:scheme")
    assert (scheme, rdflib.RDF.type, R_SKOS.ConceptScheme) in graph
    tops = set(graph.objects(scheme, R_SKOS.hasTopConcept))
    assert u["food"] in tops and u["apple"] not in tops
    assert not list(graph.triples((None, rdflib.URIRef(NIF.anchorOf.value), None)))


def test_skos_round_trip_keeps_relations(store: OxigraphStore, tmp_path: Path) -> None:
    path = tmp_path / "kb.skos.ttl"
    export_skos(store, path)
    fresh = OxigraphStore(None)
    report = import_ontology(fresh, path, IriMinter())
    assert (report.inheritance, report.composition, report.alias) == (3, 1, 1)
    rows = fresh.select(load_query("interop_graph_axioms"), {"graph": report.graph})
    imported = {
        (r["source"].value, r["property"].value, r["target"].value)
        for r in rows
        if r["extractor"].value == "import"
    }
    assert imported == _relations(store)
    assert report.label_links == 1  # "Apples" -> concept:apples; preferred labels are the IRIs


def test_owl_round_trip_keeps_relations(store: OxigraphStore, tmp_path: Path) -> None:
    path = tmp_path / "kb.owl"
    export_owl(store, path)
    fresh = OxigraphStore(None)
    report = import_ontology(fresh, path, IriMinter())
    assert (report.inheritance, report.composition, report.alias) == (3, 1, 1)
    assert _relations(fresh) >= _relations(store)


def test_export_skips_ontology_classes_and_empty_store(tmp_path: Path) -> None:
    kb = OxigraphStore(None)
    g = NamedNode("urn:lgm:ontology")
    kb.replace_graph(
        g, [Quad(LGM.Document, RDF_TYPE, OWL.Class, g), Quad(NIF.Sentence, RDF_TYPE, OWL.Class, g)]
    )
    assert export_owl(kb, tmp_path / "a.owl")["concepts"] == 0
    assert export_skos(kb, tmp_path / "a.ttl")["concepts"] == 0
    assert len(rdflib.Graph().parse(tmp_path / "a.ttl")) == 2  # just the scheme
