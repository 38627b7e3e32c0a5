"""CRG writer: triples, axioms, verdicts and labels of extracted relations."""

from __future__ import annotations

from pyoxigraph import Literal, NamedNode

from lgm_rdf.learn.crg import CheckedRelation, write_relations
from lgm_rdf.learn.relations import Relation
from lgm_rdf.learn.srg import DocumentGraph, LearnedSentence, write_concepts
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.ontology import LGM, OWL, RDFS, SKOS, IriMinter


def _graph() -> DocumentGraph:
    minter = IriMinter()
    doc = minter.document("d")
    graph = DocumentGraph(iri=doc, minter=minter)
    sentence = Sentence(text="It is a kind of fruit.", start=0, tokens=())
    graph.sentences.append(LearnedSentence(minter.sentence(doc, 0), sentence, {}, []))
    return graph


def _triples(graph: DocumentGraph) -> set[tuple[str, str, str]]:
    return {(q.subject.value, q.predicate.value, q.object.value) for q in graph.quads}


def test_directions_verdicts_and_axioms() -> None:
    graph = _graph()
    rels = [
        CheckedRelation(Relation("inheritance", "apple", "fruit", 0, "pattern"), "valid"),
        CheckedRelation(Relation("composition", "fruit", "vitamin", 0, "llm"), "unknown"),
        CheckedRelation(Relation("alias", "apple", "malus", 0, "pattern"), "invalid"),
    ]
    counts = write_relations(graph, rels)
    triples = _triples(graph)
    c = IriMinter().concept
    assert (c("apple").value, RDFS.subClassOf.value, c("fruit").value) in triples
    assert (c("vitamin").value, LGM.partOf.value, c("fruit").value) in triples  # part → whole
    assert (c("apple").value, OWL.sameAs.value, c("malus").value) not in triples  # invalid
    axioms = [q for q in graph.quads if q.predicate == LGM.verdict]
    assert sorted(q.object.value.rsplit("#", 1)[1] for q in axioms) == [
        "Invalid",
        "Unknown",
        "Valid",
    ]
    assert counts == {"relations": 2, "invalid": 1, "withheld": 0}


def test_pronoun_surface_is_not_an_alternative_label() -> None:
    graph = _graph()
    rel = Relation("inheritance", "apple", "fruit", 0, "pattern", a_label="It", b_label="fruits")
    write_relations(graph, [CheckedRelation(rel)])
    write_concepts(graph)
    alt = {(q.subject.value, q.object.value) for q in graph.quads if q.predicate == SKOS.altLabel}
    assert alt == {(IriMinter().concept("fruit").value, "fruits")}
    labels = {q.object for q in graph.quads if q.predicate == RDFS.label}
    assert Literal("apple") in labels and isinstance(graph.iri, NamedNode)
