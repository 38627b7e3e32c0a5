"""Validation of a KB: SHACL shapes on hand-written mini KBs and the cycle checks."""

from __future__ import annotations

import pytest
import rdflib
from pyoxigraph import BlankNode, Literal, NamedNode, Quad, RdfFormat, parse

from lgm_rdf.interop.validate import (
    ValidationReport,
    find_cycles,
    shacl_check,
    union_graph,
    validate_store,
)
from lgm_rdf.ontology import XSD
from lgm_rdf.store.oxigraph import OxigraphStore

PREFIXES = """
@prefix lgm: <https://w3id.org/lgm-rdf/ontology#> .
@prefix nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#> .
@prefix prov: <http://www.w3.org/ns/prov#> .
@prefix owl: <http://www.w3.org/2002/07/owl#> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
@prefix skos: <http://www.w3.org/2004/02/skos/core#> .
@prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix dcterms: <http://purl.org/dc/terms/> .
"""

# Document text: "Apple is a fruit. It is sweet." + "\n\n" + "A core is part of an apple."
MINI_KB = (
    PREFIXES
    + """
<urn:lgm:doc:d> {
  <urn:lgm:doc:d> a lgm:Document ;
      dcterms:title "Apples" ; dcterms:source "apples.md" ;
      lgm:contentHash "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" ;
      lgm:sentenceCount 3 .
  <urn:lgm:doc:d/section/0> a lgm:Section ; dcterms:isPartOf <urn:lgm:doc:d> ;
      lgm:position 0 ; lgm:level 0 .
  <urn:lgm:doc:d/section/1> a lgm:Section ; dcterms:isPartOf <urn:lgm:doc:d> ;
      lgm:position 1 ; lgm:level 1 ; dcterms:title "Parts" .
  <urn:lgm:doc:d/sentence/0> a nif:Sentence ;
      nif:anchorOf "Apple is a fruit." ; lgm:resolvedText "Apple is a fruit." ;
      nif:lemma "apple be a fruit ." ;
      nif:beginIndex "0"^^xsd:nonNegativeInteger ; nif:endIndex "17"^^xsd:nonNegativeInteger ;
      nif:referenceContext <urn:lgm:doc:d> ; dcterms:isPartOf <urn:lgm:doc:d/section/0> ;
      lgm:position 0 ; nif:nextSentence <urn:lgm:doc:d/sentence/1> ;
      lgm:mentions <urn:lgm:concept:apple> , <urn:lgm:concept:fruit> .
  <urn:lgm:doc:d/sentence/1> a nif:Sentence ;
      nif:anchorOf "It is sweet." ; lgm:resolvedText "It [: Apple] is sweet." ;
      nif:lemma "it [: apple] be sweet ." ;
      nif:beginIndex "18"^^xsd:nonNegativeInteger ; nif:endIndex "30"^^xsd:nonNegativeInteger ;
      nif:referenceContext <urn:lgm:doc:d> ; dcterms:isPartOf <urn:lgm:doc:d/section/0> ;
      lgm:position 1 ; nif:nextSentence <urn:lgm:doc:d/sentence/2> ;
      lgm:mentions <urn:lgm:concept:apple> .
  <urn:lgm:doc:d/sentence/2> a nif:Sentence ;
      nif:anchorOf "A core is part of an apple." ; lgm:resolvedText "A core is part of an apple." ;
      nif:lemma "a core be part of an apple ." ;
      nif:beginIndex "32"^^xsd:nonNegativeInteger ; nif:endIndex "59"^^xsd:nonNegativeInteger ;
      nif:referenceContext <urn:lgm:doc:d> ; dcterms:isPartOf <urn:lgm:doc:d/section/1> ;
      lgm:position 2 ;
      lgm:mentions <urn:lgm:concept:core> , <urn:lgm:concept:apple> .
  <urn:lgm:concept:apple> a owl:Class ; rdfs:label "apple" ; skos:altLabel "Apples" .
  <urn:lgm:concept:fruit> a owl:Class ; rdfs:label "fruit" .
  <urn:lgm:concept:core> a owl:Class ; rdfs:label "core" .
  <urn:lgm:concept:apple> rdfs:subClassOf <urn:lgm:concept:fruit> .
  <urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .
  <urn:lgm:axiom:sub> a owl:Axiom ;
      owl:annotatedSource <urn:lgm:concept:apple> ; owl:annotatedProperty rdfs:subClassOf ;
      owl:annotatedTarget <urn:lgm:concept:fruit> ;
      prov:wasDerivedFrom <urn:lgm:doc:d/sentence/0> ;
      lgm:extractor "pattern" ; lgm:verdict lgm:Valid ; lgm:confidence 0.9 .
  <urn:lgm:axiom:part> a owl:Axiom ;
      owl:annotatedSource <urn:lgm:concept:core> ; owl:annotatedProperty lgm:partOf ;
      owl:annotatedTarget <urn:lgm:concept:apple> ;
      prov:wasDerivedFrom <urn:lgm:doc:d/sentence/2> ;
      lgm:extractor "llm" ; lgm:verdict lgm:Unchecked ; lgm:confidence 1.0 .
  <urn:lgm:axiom:rejected> a owl:Axiom ;
      owl:annotatedSource <urn:lgm:concept:fruit> ; owl:annotatedProperty lgm:partOf ;
      owl:annotatedTarget <urn:lgm:concept:apple> ;
      prov:wasDerivedFrom <urn:lgm:doc:d/sentence/0> ;
      lgm:extractor "llm" ; lgm:verdict lgm:Invalid ; lgm:confidence 0.2 .
}
<urn:lgm:import:food> {
  <http://example.org/food#Fruit> a owl:Class ; rdfs:label "Fruit" .
  <urn:lgm:concept:fruit> owl:sameAs <http://example.org/food#Fruit> .
  <urn:lgm:axiom:match> a owl:Axiom ;
      owl:annotatedSource <urn:lgm:concept:fruit> ; owl:annotatedProperty owl:sameAs ;
      owl:annotatedTarget <http://example.org/food#Fruit> ;
      prov:wasDerivedFrom <urn:lgm:import:food> ;
      lgm:extractor "label-match" ; lgm:verdict lgm:Valid ; lgm:confidence 1.0 .
}
"""
)


def store_of(trig: str) -> OxigraphStore:
    """An in-memory store holding the TriG text."""
    store = OxigraphStore(None)
    store.add_quads(parse(trig, format=RdfFormat.TRIG))
    return store


def mutate(old: str, new: str) -> str:
    """The mini KB with one text change (the change must apply)."""
    assert old in MINI_KB, f"fixture text not found: {old!r}"
    return MINI_KB.replace(old, new)


def test_mini_kb_conforms() -> None:
    report = validate_store(store_of(MINI_KB))
    assert report.shacl_results == []
    assert report.cycles == []
    assert report.conforms
    assert report.triples > 80
    assert "conforms: yes" in report.text


BROKEN = [
    (
        "missing anchorOf",
        'nif:anchorOf "It is sweet." ;',
        "",
        "urn:lgm:doc:d/sentence/1 nif:anchorOf",
        "exactly one nif:anchorOf",
    ),
    (
        "bad verdict",
        "lgm:verdict lgm:Valid ; lgm:confidence 0.9",
        "lgm:verdict lgm:Maybe ; lgm:confidence 0.9",
        "urn:lgm:axiom:sub lgm:verdict",
        "lgm:Valid, lgm:Unknown, lgm:Invalid or lgm:Unchecked",
    ),
    (
        "confidence 1.5",
        "lgm:confidence 0.9",
        "lgm:confidence 1.5",
        "urn:lgm:axiom:sub lgm:confidence",
        "between 0 and 1",
    ),
    (
        "sentence without section",
        "nif:referenceContext <urn:lgm:doc:d> ; dcterms:isPartOf <urn:lgm:doc:d/section/1> ;",
        "nif:referenceContext <urn:lgm:doc:d> ;",
        "urn:lgm:doc:d/sentence/2 dcterms:isPartOf",
        "exactly one lgm:Section",
    ),
    (
        "sentence in a section of another document",
        "lgm:position 1 ; lgm:level 1 ;",
        "lgm:position 1 ; lgm:level 1 ; dcterms:isPartOf <urn:lgm:doc:other> .\n"
        "  <urn:lgm:doc:other> a lgm:Document ;",
        "urn:lgm:doc:d/sentence/2 dcterms:isPartOf/dcterms:isPartOf",
        "part of the sentence's own nif:referenceContext",
    ),
    (
        "confidence as a double",
        "lgm:confidence 0.9",
        "lgm:confidence 0.9e0",
        "urn:lgm:axiom:sub lgm:confidence",
        "an xsd:decimal",
    ),
    (
        "wrong sentence count",
        "lgm:sentenceCount 3",
        "lgm:sentenceCount 4",
        "urn:lgm:doc:d:",
        "lgm:sentenceCount says 4 but 3 sentences",
    ),
    (
        "offsets do not match the anchor",
        'nif:endIndex "17"^^xsd:nonNegativeInteger',
        'nif:endIndex "16"^^xsd:nonNegativeInteger',
        "urn:lgm:doc:d/sentence/0:",
        "has 17 characters but the offsets 0..16 span 16",
    ),
    (
        "negative offset",
        'nif:beginIndex "18"^^xsd:nonNegativeInteger',
        "nif:beginIndex -1",
        "urn:lgm:doc:d/sentence/1 nif:beginIndex",
        "exactly one nif:beginIndex, a non-negative integer",
    ),
    (
        "begin after end",
        'nif:beginIndex "18"^^xsd:nonNegativeInteger ; nif:endIndex "30"^^xsd:nonNegativeInteger',
        'nif:beginIndex "30"^^xsd:nonNegativeInteger ; nif:endIndex "18"^^xsd:nonNegativeInteger',
        "urn:lgm:doc:d/sentence/1 nif:beginIndex",
        "must not be greater than its nif:endIndex",
    ),
    (
        "next sentence skips one",
        "nif:nextSentence <urn:lgm:doc:d/sentence/1>",
        "nif:nextSentence <urn:lgm:doc:d/sentence/2>",
        "urn:lgm:doc:d/sentence/0:",
        "next lgm:position of the same document",
    ),
    (
        "section without level",
        "lgm:position 0 ; lgm:level 0 .",
        "lgm:position 0 .",
        "urn:lgm:doc:d/section/0 lgm:level",
        "exactly one lgm:level",
    ),
    (
        "content hash not hex",
        'lgm:contentHash "0123456789abcdef',
        'lgm:contentHash "0123456789ABCDEF',
        "urn:lgm:doc:d lgm:contentHash",
        "64 lower-case hex digits",
    ),
    (
        "unknown relation property",
        "owl:annotatedProperty rdfs:subClassOf",
        "owl:annotatedProperty rdfs:seeAlso",
        "urn:lgm:axiom:sub owl:annotatedProperty",
        "one of rdfs:subClassOf, lgm:partOf, owl:sameAs",
    ),
    (
        "unknown extractor",
        'lgm:extractor "pattern"',
        'lgm:extractor "regex"',
        "urn:lgm:axiom:sub lgm:extractor",
        '"pattern", "llm", "compound-head", "import" or "label-match"',
    ),
    (
        "valid relation not asserted",
        "<urn:lgm:concept:apple> rdfs:subClassOf <urn:lgm:concept:fruit> .",
        "",
        "urn:lgm:axiom:sub:",
        "not lgm:withheld must be asserted, but its triple is missing",
    ),
    (
        "pattern axiom without an evidence sentence",
        'prov:wasDerivedFrom <urn:lgm:doc:d/sentence/0> ;\n      lgm:extractor "pattern"',
        'prov:wasDerivedFrom <urn:lgm:doc:d> ;\n      lgm:extractor "pattern"',
        "urn:lgm:axiom:sub:",
        "must be prov:wasDerivedFrom a nif:Sentence",
    ),
    (
        "concept without label",
        '<urn:lgm:concept:core> a owl:Class ; rdfs:label "core" .',
        "<urn:lgm:concept:core> a owl:Class .",
        "urn:lgm:concept:core rdfs:label",
        "needs an rdfs:label",
    ),
    (
        "concept not declared a class",
        '<urn:lgm:concept:fruit> a owl:Class ; rdfs:label "fruit" .',
        '<urn:lgm:concept:fruit> rdfs:label "fruit" .',
        "urn:lgm:concept:fruit rdf:type",
        "declared rdf:type owl:Class",
    ),
    (
        "axiom as a blank node",
        "<urn:lgm:axiom:part> a owl:Axiom",
        "[] a owl:Axiom",
        "_:",
        "must be named by IRIs, not blank nodes",
    ),
]


@pytest.mark.parametrize(
    ("name", "old", "new", "where", "message"), BROKEN, ids=[b[0] for b in BROKEN]
)
def test_broken_kb_fails_with_message(
    name: str, old: str, new: str, where: str, message: str
) -> None:
    report = validate_store(store_of(mutate(old, new)))
    assert not report.conforms, name
    hits = [line for line in report.shacl_results if message in line]
    assert hits, report.text
    assert any(line.startswith("Violation: ") and where in line for line in hits), report.text
    assert message in report.text


def test_asserted_invalid_relation_is_a_warning_only() -> None:
    kb = mutate(
        "<urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .",
        "<urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .\n"
        "  <urn:lgm:concept:fruit> lgm:partOf <urn:lgm:concept:apple> .",
    )
    report = validate_store(store_of(kb))
    assert report.conforms
    assert len(report.shacl_results) == 1
    assert report.shacl_results[0].startswith("Warning: urn:lgm:axiom:rejected")
    assert "no other axiom supports it" in report.shacl_results[0]


def test_invalid_relation_supported_by_another_axiom_is_fine() -> None:
    kb = mutate(
        "<urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .",
        "<urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .\n"
        "  <urn:lgm:concept:fruit> lgm:partOf <urn:lgm:concept:apple> .\n"
        "  <urn:lgm:axiom:other> a owl:Axiom ;\n"
        "      owl:annotatedSource <urn:lgm:concept:fruit> ; owl:annotatedProperty lgm:partOf ;\n"
        "      owl:annotatedTarget <urn:lgm:concept:apple> ;\n"
        "      prov:wasDerivedFrom <urn:lgm:doc:d/sentence/1> ;\n"
        '      lgm:extractor "pattern" ; lgm:verdict lgm:Unknown ; lgm:confidence 0.5 .',
    )
    report = validate_store(store_of(kb))
    assert report.shacl_results == []
    assert report.conforms


def test_empty_store_conforms() -> None:
    report = validate_store(OxigraphStore(None))
    assert report.conforms
    assert report.triples == 0


# -- cycles ----------------------------------------------------------------------------------


def relations(prop: str, edges: list[tuple[str, str]], graph: str = "urn:lgm:doc:r") -> str:
    """TriG text with ``a prop b`` for each edge (concept names), in one named graph."""
    body = "\n".join(f"  <urn:lgm:concept:{a}> {prop} <urn:lgm:concept:{b}> ." for a, b in edges)
    return f"{PREFIXES}\n<{graph}> {{\n{body}\n}}\n"


@pytest.mark.parametrize(
    ("prop", "shown"), [("rdfs:subClassOf", "rdfs:subClassOf"), ("lgm:partOf", "lgm:partOf")]
)
def test_two_cycle(prop: str, shown: str) -> None:
    cycles = find_cycles(store_of(relations(prop, [("a", "b"), ("b", "a"), ("b", "c")])))
    assert cycles == [f"{shown} cycle: urn:lgm:concept:a → urn:lgm:concept:b → urn:lgm:concept:a"]


@pytest.mark.parametrize(
    ("prop", "shown"), [("rdfs:subClassOf", "rdfs:subClassOf"), ("lgm:partOf", "lgm:partOf")]
)
def test_three_cycle_across_graphs(prop: str, shown: str) -> None:
    store = store_of(relations(prop, [("x", "y"), ("y", "z"), ("top", "root")]))
    store.add_quads(
        parse(relations(prop, [("z", "x")], graph="urn:lgm:doc:s"), format=RdfFormat.TRIG)
    )
    cycles = find_cycles(store)
    assert cycles == [
        f"{shown} cycle: urn:lgm:concept:x → urn:lgm:concept:y → urn:lgm:concept:z → urn:lgm:concept:x"
    ]


def test_self_loop_is_a_cycle() -> None:
    cycles = find_cycles(store_of(relations("lgm:partOf", [("wheel", "wheel"), ("wheel", "car")])))
    assert cycles == ["lgm:partOf cycle: urn:lgm:concept:wheel → urn:lgm:concept:wheel"]


def test_dag_has_no_cycles() -> None:
    diamond = [("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e"), ("a", "e")]
    store = store_of(relations("rdfs:subClassOf", diamond))
    store.add_quads(parse(relations("lgm:partOf", diamond), format=RdfFormat.TRIG))
    assert find_cycles(store) == []


def test_two_loops_sharing_a_node_are_one_group() -> None:
    store = store_of(relations("rdfs:subClassOf", [("a", "b"), ("b", "a"), ("b", "c"), ("c", "b")]))
    cycles = find_cycles(store)
    assert len(cycles) == 1
    assert cycles[0].startswith("rdfs:subClassOf cycle: urn:lgm:concept:a → urn:lgm:concept:b")
    assert "among 3 nodes" in cycles[0]


def test_separate_loops_in_both_properties_are_all_reported() -> None:
    store = store_of(relations("rdfs:subClassOf", [("a", "b"), ("b", "a"), ("p", "q"), ("q", "p")]))
    store.add_quads(parse(relations("lgm:partOf", [("m", "n"), ("n", "m")]), format=RdfFormat.TRIG))
    cycles = find_cycles(store)
    assert [c.split(":")[0] for c in cycles] == ["rdfs", "rdfs", "lgm"]
    assert "concept:p → urn:lgm:concept:q" in cycles[1]


def test_cycle_makes_the_kb_non_conforming() -> None:
    kb = mutate(
        "<urn:lgm:concept:apple> rdfs:subClassOf <urn:lgm:concept:fruit> .",
        "<urn:lgm:concept:apple> rdfs:subClassOf <urn:lgm:concept:fruit> .\n"
        "  <urn:lgm:concept:fruit> rdfs:subClassOf <urn:lgm:concept:apple> .",
    )
    report = validate_store(store_of(kb))
    assert report.shacl_results == []
    assert len(report.cycles) == 1
    assert not report.conforms
    assert "cycles: 1" in report.text
    assert report.cycles[0] in report.text


# -- conversion to rdflib ----------------------------------------------------------------------


def test_union_graph_merges_graphs_and_keeps_literals() -> None:
    s, p = NamedNode("urn:x:s"), NamedNode("urn:x:p")
    quads = [
        Quad(s, p, Literal("plain"), NamedNode("urn:g:1")),
        Quad(s, p, Literal("plain"), NamedNode("urn:g:2")),
        Quad(s, p, Literal("chat", language="fr"), NamedNode("urn:g:1")),
        Quad(s, p, Literal("7", datatype=XSD.integer), NamedNode("urn:g:1")),
        Quad(BlankNode("b1"), p, s, NamedNode("urn:g:2")),
    ]
    graph = union_graph(quads)
    assert len(graph) == 4
    objects = set(graph.objects(rdflib.URIRef("urn:x:s"), rdflib.URIRef("urn:x:p")))
    assert rdflib.Literal("plain") in objects
    assert rdflib.Literal("chat", lang="fr") in objects
    assert rdflib.Literal("7", datatype=rdflib.XSD.integer) in objects
    assert (rdflib.BNode("b1"), rdflib.URIRef("urn:x:p"), rdflib.URIRef("urn:x:s")) in graph


def test_report_text_lists_problems() -> None:
    report = ValidationReport(
        conforms=False,
        shacl_results=["Violation: x: bad"],
        cycles=["lgm:partOf cycle: a → a"],
        triples=5,
    )
    text = report.text
    assert text.splitlines()[0] == "validated 5 triples (union of all graphs)"
    assert "  Violation: x: bad" in text
    assert "  lgm:partOf cycle: a → a" in text
    assert text.endswith("conforms: NO")


def test_store_run_sparql_constraints_match_pyshacl() -> None:
    """The SHACL-SPARQL constraints run once on the store give what pyshacl gives per focus node."""
    kb = MINI_KB
    for old, new in [
        ("lgm:sentenceCount 3", "lgm:sentenceCount 5"),
        ('nif:endIndex "17"^^xsd:nonNegativeInteger', 'nif:endIndex "16"^^xsd:nonNegativeInteger'),
        (
            "nif:nextSentence <urn:lgm:doc:d/sentence/2>",
            "nif:nextSentence <urn:lgm:doc:d/sentence/0>",
        ),
        ("<urn:lgm:concept:apple> rdfs:subClassOf <urn:lgm:concept:fruit> .", ""),
        (
            "<urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .",
            "<urn:lgm:concept:core> lgm:partOf <urn:lgm:concept:apple> .\n"
            "  <urn:lgm:concept:fruit> lgm:partOf <urn:lgm:concept:apple> .",
        ),
    ]:
        assert old in kb
        kb = kb.replace(old, new)
    store = store_of(kb)
    ours = validate_store(store).shacl_results
    conforms, theirs = shacl_check(union_graph(store.quads()), sparql=True)
    assert not conforms
    assert len(ours) == 5
    assert sorted(ours) == sorted(theirs)
