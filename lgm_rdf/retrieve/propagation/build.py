"""Build the propagation graph of a KB from its store (four queries) and its concept index.

Nodes: every concept (of the concept index), sentence and document. Edges (undirected):

* mention: sentence — concept it mentions, weighted by the concept's specificity, so a walk
  leaving a sentence prefers the specific names over the common nouns;
* about: document — concept it is named after (its title is the concept's label);
* meta-relations: child — parent (``rdfs:subClassOf``), part — whole (``lgm:partOf``), and alias
  (``owl:sameAs``), weighted by kind and by the axiom's ``lgm:confidence`` (absent = 1.0);
* same document: sentence — its document; next sentence: sentence — the one after it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from lgm_rdf.ontology import load_query
from lgm_rdf.retrieve.linking import ConceptIndex
from lgm_rdf.retrieve.propagation.walk import (
    CONCEPT,
    DOCUMENT,
    FILE_FORMAT,
    SENTENCE,
    PropagationGraph,
)
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.index_cache import IndexCache, key_of

# edge weights by kind (relative: the walk leaves a node along its edges in proportion)
MENTION = 1.0  # times (MENTION_FLOOR + specificity of the concept)
MENTION_FLOOR = 0.05
ABOUT = 1.0
RELATION = {"alias": 1.0, "parent": 0.5, "whole": 0.4}
SAME_DOCUMENT = 0.2
NEXT_SENTENCE = 0.2


_QUERIES = (
    "propagation_sentences",
    "propagation_positions",
    "propagation_mentions",
    "propagation_relations",
)


def cached_graph(store: GraphStore, index: ConceptIndex) -> PropagationGraph:
    """The propagation graph of the KB: read from the index cache beside the KB when one was
    saved for the KB's current state (and these queries and weights), else built and saved."""
    cache = IndexCache.of(store)
    weights = repr(
        (MENTION, MENTION_FLOOR, ABOUT, sorted(RELATION.items()), SAME_DOCUMENT, NEXT_SENTENCE)
    )
    key = key_of(*(load_query(q) for q in _QUERIES), weights, FILE_FORMAT)
    found = cache.find("propagation", key, suffix=".npz")
    if found is not None:
        try:
            return PropagationGraph.read_file(found)
        except (OSError, ValueError, KeyError):
            pass  # unreadable: built again below
    graph = build_graph(store, index, cache.token or "")
    cache.publish("propagation", key, graph.write_file, suffix=".npz")
    return graph


def build_graph(store: GraphStore, index: ConceptIndex, state: str = "") -> PropagationGraph:
    """The propagation graph of the KB in ``store`` (``index`` gives specificity and titles)."""
    document_of = {
        row["sentence"].value: row["doc"].value
        for row in store.select(load_query("propagation_sentences"))
    }
    position_of = {
        row["node"].value: int(row["position"].value)
        for row in store.select(load_query("propagation_positions"))
        if row["node"].value in document_of  # a sentence (sections have positions too)
    }
    sentences: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for sentence, position in position_of.items():
        sentences[document_of[sentence]].append((position, sentence))
    mentions = [
        (row["sentence"].value, row["concept"].value)
        for row in store.select(load_query("propagation_mentions"))
    ]
    relations = [
        (
            row["from"].value,
            row["to"].value,
            row["kind"].value,
            float(row["confidence"].value) if row.get("confidence") is not None else 1.0,
        )
        for row in store.select(load_query("propagation_relations"))
    ]

    def nodes() -> Iterator[tuple[str, int]]:
        for doc, members in sentences.items():
            yield doc, DOCUMENT
            for _, s in members:
                yield s, SENTENCE
        for _, c in mentions:
            yield c, CONCEPT
        for a, b, _, _ in relations:
            yield a, CONCEPT
            yield b, CONCEPT

    spec: dict[str, float] = {}

    def specificity(iri: str) -> float:
        value = spec.get(iri)
        if value is None:
            value = spec[iri] = MENTION_FLOOR + index.specificity(iri)
        return value

    def edges() -> Iterator[tuple[str, str, float]]:
        for s, c in mentions:
            yield s, c, MENTION * specificity(c)
        for a, b, kind, confidence in relations:
            yield a, b, RELATION.get(kind, 0.0) * min(1.0, max(0.0, confidence))
        for concept, docs in index.documents.items():
            for doc in docs:
                yield doc, concept, ABOUT
        for doc, members in sentences.items():
            members.sort()
            for n, (_, s) in enumerate(members):
                yield s, doc, SAME_DOCUMENT
                if n:
                    yield members[n - 1][1], s, NEXT_SENTENCE

    return PropagationGraph.from_edges(nodes(), edges(), state)
