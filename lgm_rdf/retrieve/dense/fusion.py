"""The dense extra in the ranking: the sentences nearest to the question in meaning join a
round's candidates, every candidate gains a share of its cosine, and they seed the walk."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lgm_rdf.retrieve.candidates import fetch_sentences
from lgm_rdf.retrieve.model import Candidate
from lgm_rdf.store.base import GraphStore

NEAREST = 40  # sentences taken from the vector index per question
# a candidate's cosine to the question, times this, adds to its score: 0.25 measured ahead of
# 0.5 on both dev files and both second samples (docs/benchmarks.md §32); at 0.5 the nearest
# sentences pushed concept evidence out on HotpotQA
DENSE_WEIGHT = 0.25


def fuse_dense(
    store: GraphStore,
    ranked: Sequence[Candidate],
    near: Sequence[tuple[str, float]],
    exclude: frozenset[str] = frozenset(),
) -> list[Candidate]:
    """``ranked`` plus the ``near`` sentences (IRI, cosine) it lacks, each candidate's score
    raised by ``DENSE_WEIGHT`` x its cosine; best first."""
    cosine = {iri: max(0.0, value) for iri, value in near}
    have = {c.sentence for c in ranked}
    missing = [iri for iri, _ in near if iri not in have and iri not in exclude]
    pool = [*ranked, *fetch_sentences(store, missing, via="dense")]
    out = [
        replace(c, score=round(c.score + DENSE_WEIGHT * cosine.get(c.sentence, 0.0), 6))
        for c in pool
    ]
    return sorted(out, key=lambda c: (-c.score, c.document, c.position))


def sentence_seeds(near: Sequence[tuple[str, float]], share: float) -> dict[str, float]:
    """Restart weights for the nearest sentences: ``share`` of the walk, split by cosine."""
    positive = [(iri, value) for iri, value in near if value > 0]
    total = sum(value for _, value in positive)
    return {iri: share * value / total for iri, value in positive} if total > 0 else {}
