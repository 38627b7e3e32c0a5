"""The OWL ontology and SHACL shapes: they parse, declare what DESIGN §3 lists, load in owlready2,
and the worked example of ontology/README.md is valid."""

from __future__ import annotations

import re
from pathlib import Path

import owlready2
import pyoxigraph
import pytest
import rdflib
from rdflib.namespace import DCTERMS, OWL, RDF, RDFS

from lgm_rdf.interop.validate import validate_store
from lgm_rdf.ontology import LGM_NS, NIF_NS, SCHEMA_NS, ontology_text
from lgm_rdf.store.oxigraph import OxigraphStore

LGM = rdflib.Namespace(LGM_NS)
NIF = rdflib.Namespace(NIF_NS)
SCHEMA = rdflib.Namespace(SCHEMA_NS)
SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")
ONTOLOGY_IRI = rdflib.URIRef("https://w3id.org/lgm-rdf/ontology")
VERDICTS = {LGM.Valid, LGM.Unknown, LGM.Invalid, LGM.Unchecked}


@pytest.fixture(scope="module")
def onto() -> rdflib.Graph:
    return rdflib.Graph().parse(data=ontology_text("lgm.ttl"), format="turtle")


@pytest.fixture(scope="module")
def shapes() -> rdflib.Graph:
    return rdflib.Graph().parse(data=ontology_text("shapes.ttl"), format="turtle")


def readme_block(language: str) -> str:
    """The (single) fenced code block of ``language`` in ontology/README.md."""
    text = ontology_text("README.md")
    blocks = re.findall(rf"```{language}\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1, f"expected one ```{language} block in the README"
    return blocks[0]


# -- lgm.ttl ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["lgm.ttl", "shapes.ttl"])
def test_parses_with_rdflib_and_pyoxigraph_alike(name: str) -> None:
    text = ontology_text(name)
    with_rdflib = rdflib.Graph().parse(data=text, format="turtle")
    with_oxigraph = list(pyoxigraph.parse(text, format=pyoxigraph.RdfFormat.TURTLE))
    assert len(with_rdflib) > 100
    assert len(with_oxigraph) == len(with_rdflib)


def test_header(onto: rdflib.Graph) -> None:
    assert (ONTOLOGY_IRI, RDF.type, OWL.Ontology) in onto
    assert onto.value(ONTOLOGY_IRI, OWL.versionInfo) is not None
    assert onto.value(ONTOLOGY_IRI, OWL.versionIRI) is not None
    assert onto.value(ONTOLOGY_IRI, RDFS.label) is not None
    assert "punning" in str(onto.value(ONTOLOGY_IRI, RDFS.comment))
    assert onto.value(ONTOLOGY_IRI, DCTERMS.license) is not None
    assert not list(onto.objects(ONTOLOGY_IRI, OWL.imports)), "imports would need the network"


def test_design_section_3_axioms(onto: rdflib.Graph) -> None:
    expected = [
        (LGM.partOf, RDF.type, OWL.TransitiveProperty),
        (LGM.partOf, RDF.type, OWL.ObjectProperty),
        (LGM.partOf, OWL.inverseOf, LGM.hasPart),
        (LGM.partOf, RDFS.subPropertyOf, DCTERMS.isPartOf),
        (LGM.mentions, RDFS.subPropertyOf, SCHEMA.mentions),
        (LGM.Document, RDFS.subClassOf, NIF.Context),
        (LGM.Section, RDFS.subClassOf, NIF.Structure),
        (NIF.Sentence, RDF.type, OWL.Class),
        (LGM.position, RDFS.subPropertyOf, SCHEMA.position),
        (LGM.verdict, RDFS.range, LGM.Verdict),
        (LGM.confidence, RDFS.range, rdflib.XSD.decimal),
    ]
    missing = [t for t in expected if t not in onto]
    assert not missing


def test_resolved_text_is_not_an_anchor(onto: rdflib.Graph) -> None:
    # documented decision: a rewrite of the sentence must not entail a second nif:anchorOf
    assert (LGM.resolvedText, RDFS.subPropertyOf, NIF.anchorOf) not in onto
    assert (LGM.resolvedText, RDF.type, OWL.DatatypeProperty) in onto


def test_four_verdicts(onto: rdflib.Graph) -> None:
    individuals = set(onto.subjects(RDF.type, LGM.Verdict))
    assert individuals == VERDICTS
    for verdict in VERDICTS:
        assert (verdict, RDF.type, OWL.NamedIndividual) in onto
    one_of = [
        list(rdflib.collection.Collection(onto, items))
        for cls in onto.objects(LGM.Verdict, OWL.equivalentClass)
        for items in onto.objects(cls, OWL.oneOf)
    ]
    assert len(one_of) == 1 and set(one_of[0]) == VERDICTS


def test_every_lgm_term_is_declared_labelled_and_commented(onto: rdflib.Graph) -> None:
    terms = {s for s in onto.subjects() if isinstance(s, rdflib.URIRef) and s.startswith(LGM_NS)}
    used = {
        t
        for triple in onto
        for t in triple
        if isinstance(t, rdflib.URIRef) and t.startswith(LGM_NS)
    }
    assert used <= terms, f"used but not described: {sorted(used - terms)}"
    expected = """Document Section Verdict Valid Unknown Invalid Unchecked mentions partOf hasPart
        resolvedText contentHash sentenceCount sectionCount tripleCount position level page
        entityClass extractor verdict confidence rule withheld blockRole BlockRole HeadingRole
        ReferenceRole AffiliationRole TableRole CodeRole EquationRole CaptionRole HeaderFooterRole TemplateRole"""
    assert terms == {LGM[name] for name in expected.split()}
    for term in terms:
        assert onto.value(term, RDF.type) is not None, term
        assert onto.value(term, RDFS.label) is not None, term
        assert onto.value(term, RDFS.comment) is not None, term


def test_axiom_annotations_are_annotation_properties(onto: rdflib.Graph) -> None:
    for prop in (
        LGM.extractor,
        LGM.verdict,
        LGM.confidence,
        LGM.rule,
        LGM.withheld,
        rdflib.PROV.wasDerivedFrom,
    ):
        assert (prop, RDF.type, OWL.AnnotationProperty) in onto, prop


def test_owlready2_loads_the_ontology(onto: rdflib.Graph, tmp_path: Path) -> None:
    rdfxml = tmp_path / "lgm.owl"
    onto.serialize(rdfxml, format="xml")
    world = owlready2.World()
    loaded = world.get_ontology(rdfxml.as_uri()).load()
    assert loaded.base_iri == LGM_NS
    part_of = loaded.partOf
    assert owlready2.TransitiveProperty in part_of.is_a
    assert part_of.inverse_property is loaded.hasPart
    assert {i.name for i in loaded.Verdict.instances()} == {
        "Valid",
        "Unknown",
        "Invalid",
        "Unchecked",
    }
    assert world["http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#Context"] in (
        loaded.Document.is_a
    )
    world.close()


# -- shapes.ttl ------------------------------------------------------------------------------


def test_every_top_level_property_shape_has_a_message(shapes: rdflib.Graph) -> None:
    top_shapes = set(shapes.subjects(RDF.type, SH.NodeShape))
    assert len(top_shapes) >= 7
    for shape in top_shapes:
        for prop in shapes.objects(shape, SH.property):
            assert shapes.value(prop, SH.message) is not None, (shape, shapes.value(prop, SH.path))
        for constraint in shapes.objects(shape, SH.sparql):
            assert shapes.value(constraint, SH.message) is not None, shape


def test_axiom_shape_lists_the_three_relation_properties(shapes: rdflib.Graph) -> None:
    allowed = [
        list(rdflib.collection.Collection(shapes, items))
        for prop in shapes.objects(None, SH.property)
        if shapes.value(prop, SH.path) == OWL.annotatedProperty
        for items in shapes.objects(prop, SH["in"])
    ]
    assert allowed == [[RDFS.subClassOf, LGM.partOf, OWL.sameAs]]


# -- the worked example of the README --------------------------------------------------------


@pytest.fixture(scope="module")
def example_store() -> OxigraphStore:
    store = OxigraphStore(None)
    store.add_quads(pyoxigraph.parse(readme_block("trig"), format=pyoxigraph.RdfFormat.TRIG))
    return store


def test_readme_example_is_valid(example_store: OxigraphStore) -> None:
    report = validate_store(example_store)
    assert report.conforms, report.text
    assert report.shacl_results == []


def test_readme_example_is_one_document_graph(example_store: OxigraphStore) -> None:
    assert [g.value for g in example_store.named_graphs()] == ["urn:lgm:doc:apple"]
    graph = {(q.subject.value, q.predicate.value, q.object.value) for q in example_store.quads()}
    axioms = {s for s, p, o in graph if p == str(RDF.type) and o == str(OWL.Axiom)}
    assert len(axioms) == 1
    (axiom,) = axioms
    assert (axiom, str(OWL.annotatedProperty), str(RDFS.subClassOf)) in graph
    assert ("urn:lgm:concept:apple", str(RDFS.subClassOf), "urn:lgm:concept:fruit") in graph


def test_readme_query_finds_the_pronoun_sentence(example_store: OxigraphStore) -> None:
    rows = example_store.select(readme_block("sparql"))
    assert {row["text"].value for row in rows} == {"Apple is a fruit.", "It [: Apple] is sweet."}
