"""CRG writer: meta-relations become OWL triples plus one provenance ``owl:Axiom`` each."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.learn.relations import Relation
from lgm_rdf.learn.srg import MAX_PHRASE_WORDS, DocumentGraph, phrases_in
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.ontology import (
    LGM,
    OWL,
    PROV,
    RDF_TYPE,
    RDFS,
    RELATION_PROPERTIES,
    decimal_literal,
    load_query,
)
from lgm_rdf.store.base import GraphStore

PROPERTY = RELATION_PROPERTIES
VERDICTS = {
    "valid": LGM.Valid,
    "unknown": LGM.Unknown,
    "invalid": LGM.Invalid,
    "unchecked": LGM.Unchecked,
}


@dataclass(frozen=True)
class CheckedRelation:
    """A candidate relation with its reflection verdict (``unchecked`` without reflection)."""

    relation: Relation
    verdict: str = "unchecked"


def relation_triple(rel: Relation) -> tuple[str, NamedNode, str]:
    """(source key, OWL property, target key) of a relation.

    Inheritance: child ⊑ parent; composition is stored part → whole (``lgm:partOf``) while a
    ``Relation`` of type composition reads "a has part b"; alias: a ``owl:sameAs`` b.
    """
    if rel.type == "composition":
        return rel.b, PROPERTY["composition"], rel.a
    return rel.a, PROPERTY[rel.type], rel.b


def asserted(item: CheckedRelation, min_confidence: float = 0.0) -> bool:
    """Whether the relation's triple is asserted: not judged invalid, and its confidence is at
    least ``min_confidence`` (below it the axiom is recorded as withheld)."""
    return item.verdict != "invalid" and item.relation.confidence >= min_confidence


def write_relations(
    graph: DocumentGraph, checked: Iterable[CheckedRelation], min_confidence: float = 0.0
) -> dict[str, int]:
    """Add relation triples and their axioms to the document graph.

    An invalid relation, or one whose confidence is below ``min_confidence``, gets its axiom
    (the record of what was read, and support for other documents) but no triple; a withheld
    one is marked ``lgm:withheld true``.
    """
    counts = {"relations": 0, "invalid": 0, "withheld": 0}
    for item in checked:
        rel = item.relation
        if item.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {item.verdict!r}")
        src_key, prop, tgt_key = relation_triple(rel)
        if not src_key or not tgt_key or src_key == tgt_key:
            continue
        labels = {rel.a: _surface(rel.a_label), rel.b: _surface(rel.b_label)}
        src = graph.declare_concept(src_key, labels.get(src_key))
        tgt = graph.declare_concept(tgt_key, labels.get(tgt_key))
        evidence = graph.sentences[rel.sentence].iri
        axiom = graph.minter.axiom(src.value, prop.value, tgt.value, rel.extractor, evidence.value)
        if item.verdict == "invalid":
            counts["invalid"] += 1
        elif not asserted(item, min_confidence):
            counts["withheld"] += 1
            graph.add(axiom, LGM.withheld, Literal(True))
        else:
            graph.add(src, prop, tgt)
            counts["relations"] += 1
        graph.add(axiom, RDF_TYPE, OWL.Axiom)
        graph.add(axiom, OWL.annotatedSource, src)
        graph.add(axiom, OWL.annotatedProperty, prop)
        graph.add(axiom, OWL.annotatedTarget, tgt)
        graph.add(axiom, PROV.wasDerivedFrom, evidence)
        graph.add(axiom, LGM.extractor, Literal(rel.extractor))
        if rel.rule:
            graph.add(axiom, LGM.rule, Literal(rel.rule))
        graph.add(axiom, LGM.verdict, VERDICTS[item.verdict])
        graph.add(
            axiom,
            LGM.confidence,
            decimal_literal(max(0.0, min(1.0, rel.confidence))),
        )
    return counts


def _surface(label: str) -> str | None:
    """A relation argument's surface form, unless it is only a pronoun or function word."""
    words = label.lower().split()
    return label if words and not all(w in STOP_WORDS for w in words) else None


def _contains_phrase(lemma_text: str, phrase: str) -> bool:
    return f" {phrase} " in f" {lemma_text} "


class MentionLinker:
    """Links concepts named by relations to every sentence of the KB that mentions them.

    A relation may name a phrase ("string instrument") that concept extraction did not pick
    out of other sentences; those sentences get an ``lgm:mentions`` link. The link is a fact
    about the sentence's own text, so it is written into the named graph of the sentence's
    document (in the same atomic write as the document being learned): re-learning that
    document recomputes it, and forgetting the document that named the concept leaves it.
    Stored sentences are found through an in-memory word index of their lemma text, built
    on first need (one query per learn run, not one scan per new concept).
    """

    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self.known: dict[str, NamedNode] = {}
        for row in store.select(load_query("relation_concepts")):
            self.known[row["label"].value] = row["concept"]  # type: ignore[assignment]
        self._index: dict[str, set[int]] | None = None
        self._sentences: list[tuple[NamedNode, str]] = []
        # the current text of every document seen in this run (it may not be stored yet, in a
        # dry run, or the store may still hold an older version of it)
        self._this_run: dict[str, list[tuple[NamedNode, str]]] = {}
        self._positions: dict[str, list[int]] = {}

    def _build_index(self) -> dict[str, set[int]]:
        index: dict[str, set[int]] = {}
        for row in self.store.select(load_query("sentence_lemmas")):
            sentence: NamedNode = row["sentence"]  # type: ignore[assignment]
            if _document_key(sentence) not in self._this_run:
                self._add(sentence, row["lemma"].value, index)
        for sentences in self._this_run.values():
            for sentence, lemma in sentences:
                self._add(sentence, lemma, index)
        return index

    def _add(self, sentence: NamedNode, lemma: str, index: dict[str, set[int]]) -> None:
        position = len(self._sentences)
        self._sentences.append((sentence, lemma))
        self._positions.setdefault(_document_key(sentence), []).append(position)
        for word in set(lemma.split()):
            index.setdefault(word, set()).add(position)

    def _replace_document(self, graph: DocumentGraph) -> None:
        """Index the new text of ``graph``'s document, forgetting any older version."""
        doc = graph.iri.value
        self._this_run[doc] = [(s.iri, s.lemma) for s in graph.sentences]
        if self._index is None:
            return
        for position in self._positions.pop(doc, []):
            for word in set(self._sentences[position][1].split()):
                self._index.get(word, set()).discard(position)
        for sentence, lemma in self._this_run[doc]:
            self._add(sentence, lemma, self._index)

    def link(self, graph: DocumentGraph, new_keys: Sequence[str]) -> int:
        """Add mention links for ``graph``; returns how many were added."""
        added = 0
        fresh = [k for k in dict.fromkeys(new_keys) if k and k not in self.known]
        for key in fresh:
            self.known[key] = graph.minter.concept(key)
        for learned in graph.sentences:
            for key in phrases_in(learned.lemma, self.known):
                added += declare_mention(graph, graph.iri, learned.iri, self.known[key], key)
        if fresh and self._index is None:
            self._index = self._build_index()
        if self._index is not None:
            own = graph.iri.value
            for key in fresh:
                words = key.split()
                if len(words) > MAX_PHRASE_WORDS:
                    continue  # as phrases_in: longer names are not looked for in sentences
                candidates = set.intersection(*(self._index.get(w, set()) for w in words))
                for position in sorted(candidates):
                    sentence, lemma = self._sentences[position]
                    if _document_key(sentence) == own or not _contains_phrase(lemma, key):
                        continue
                    added += self._link_stored(graph, sentence, key)
        self._replace_document(graph)
        return added

    def _link_stored(self, graph: DocumentGraph, sentence: NamedNode, key: str) -> int:
        """Link a sentence of another document, in THAT document's graph (with the concept)."""
        home = graph.minter.document_of(sentence)
        if home is None:
            return 0
        return int(declare_mention(graph, home, sentence, self.known[key], key))


def declare_mention(
    graph: DocumentGraph, home: NamedNode, sentence: NamedNode, concept: NamedNode, key: str
) -> bool:
    """``sentence lgm:mentions concept`` plus the concept's declaration, in the graph ``home``.

    The same three triples whichever document was learned first (or by ``lgm link``), so the
    KB does not depend on the order of learning. False if the link was already added.
    """
    quads = ((sentence, LGM.mentions, concept), (concept, RDF_TYPE, OWL.Class))
    if home == graph.iri:
        new = not graph.has(Quad(sentence, LGM.mentions, concept, home))
        for s, p, o in quads:
            graph.add(s, p, o)
        graph.add(concept, RDFS.label, Literal(key))
        return new
    if not graph.add_elsewhere(home, *quads[0]):
        return False
    graph.add_elsewhere(home, *quads[1])
    graph.add_elsewhere(home, concept, RDFS.label, Literal(key))
    return True


def _document_key(sentence: NamedNode) -> str:
    """The document IRI (as text) a minted sentence IRI belongs to."""
    return sentence.value.rsplit("/sentence/", 1)[0]
