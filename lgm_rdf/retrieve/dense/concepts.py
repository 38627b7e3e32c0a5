"""Meaning links: question phrases linked to the KB concepts whose names are nearest in meaning.

With the dense extra every concept name (its ``rdfs:label`` and each ``skos:altLabel``, as the
normalised key the concept index uses) has an embedding in a second :class:`VectorSidecar`,
``<kb>/indexes/dense/concepts/``, keyed by ``concept IRI + TAB + name``. It is synced with the
store whenever the sentence vectors are (after every learn, re-learn, forget or update): the
names a document adds are encoded, the names that are gone are removed, so the vectors always
match the KB's concepts exactly.

When asking, a question phrase that names no KB concept, or names one only weakly (a head noun,
a part of a longer name), is encoded and linked to the nearest concept names whose cosine
reaches ``Settings.dense_link_threshold``, with strength ``MEANING`` x cosine. These links are
ordinary :class:`ConceptLink` objects (``how="meaning"``) and take the path name links take.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pyoxigraph import NamedNode

from lgm_rdf.ontology import load_query, normalise_label
from lgm_rdf.retrieve.dense.encoder import Encoder
from lgm_rdf.retrieve.dense.sidecar import CONCEPTS_DIRECTORY, VectorSidecar
from lgm_rdf.retrieve.linking import ConceptIndex, ConceptLink, fold
from lgm_rdf.store.base import GraphStore

SEPARATOR = "\t"  # between the concept IRI and the name in a key (IRIs hold no tab)
MEANING = 0.6  # a meaning link's strength per unit of cosine (a label match is 1.0)
WEAK = 0.6  # a phrase whose best name link is below this also looks for meaning links
NEAREST_NAMES = 3  # concept names taken per phrase (those above the threshold)


def concept_name_texts(store: GraphStore) -> dict[str, str]:
    """Every concept name of the store as ``{IRI + TAB + name: name}`` (names normalised and
    folded as the concept index keys them)."""
    out: dict[str, str] = {}
    for row in store.select(load_query("concept_names")):
        concept = row.get("concept")
        if not isinstance(concept, NamedNode):
            continue
        name = fold(normalise_label(row["label"].value))
        if name:
            out[concept.value + SEPARATOR + name] = name
    return out


class ConceptVectors:
    """Embeddings of the KB's concept names, beside the sentence vectors of ``directory``
    (``None`` keeps them in memory)."""

    def __init__(self, directory: str | Path | None, encoder: Encoder) -> None:
        inner = Path(directory) / CONCEPTS_DIRECTORY if directory is not None else None
        self.vectors = VectorSidecar(inner, encoder)

    def __len__(self) -> int:
        return len(self.vectors)

    def sync(self, store: GraphStore) -> tuple[int, int]:
        """Make the vectors hold exactly the store's concept names; returns (added, removed)."""
        return self.vectors.sync_texts(concept_name_texts(store))

    def nearest(self, phrases: Sequence[str], count: int) -> list[list[tuple[str, str, float]]]:
        """For each phrase, the ``count`` nearest concept names as (IRI, name, cosine)."""
        out = []
        for row in self.vectors.search_many(phrases, count):
            out.append([(*key.split(SEPARATOR, 1), cosine) for key, cosine in row])
        return out  # type: ignore[return-value]


def meaning_links(
    vectors: ConceptVectors,
    phrases: Sequence[str],
    index: ConceptIndex,
    threshold: float,
) -> dict[str, list[ConceptLink]]:
    """Each phrase's links to the concepts whose names are nearest in meaning (cosine at least
    ``threshold``; one link per concept, the best name's), strongest first."""
    out: dict[str, list[ConceptLink]] = {}
    for phrase, near in zip(phrases, vectors.nearest(phrases, NEAREST_NAMES), strict=True):
        best: dict[str, ConceptLink] = {}
        for iri, _name, cosine in near:
            if cosine < threshold or iri in best:
                continue
            strength = round(MEANING * min(1.0, cosine), 6)
            best[iri] = ConceptLink(
                phrase, NamedNode(iri), index.label_of(iri), strength, "meaning"
            )
        out[phrase] = sorted(best.values(), key=lambda k: (-k.strength, k.label))
    return out
