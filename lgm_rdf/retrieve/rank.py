"""Rank candidate sentences for a question (DESIGN §5 "Candidate ranking").

A sentence scores for each question phrase it answers to (the best of the concepts reached from
that phrase: link strength x relation and distance discount x specificity), for the words it
shares with the question (weighted by how rare they are among the candidates), and for being
about a question concept: a sentence of the document whose title names a linked concept, the
first sentence of such a document most of all. A sentence of a non-prose block (a reference
list, a table, code, a template: it has an ``lgm:blockRole``) keeps ``NON_PROSE_WEIGHT`` of its
score.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

from lgm_rdf.retrieve.candidates import SentenceHit
from lgm_rdf.retrieve.linking import ConceptIndex, title_key
from lgm_rdf.retrieve.model import Candidate, ExpandedConcept

LEXICAL_WEIGHT = 1.0
DECAY = 0.5  # the 2nd, 3rd... question phrase a sentence answers to counts half as much as the one before
ABOUT_WEIGHT = 0.5  # sentence of a document about a linked concept
LEAD_WEIGHT = 0.15  # ... and its first sentence
# a sentence of a non-prose block (reference list, table, code, template, ...; lgm:blockRole)
# is searchable but rarely an answer: its score is scaled down
NON_PROSE_WEIGHT = 0.3


def rank_hits(
    hits: Iterable[SentenceHit],
    question_words: Sequence[str],
    index: ConceptIndex,
) -> list[Candidate]:
    """Candidates best first (ties broken by document and position, so ranks are stable)."""
    hits = list(hits)
    word_sets = {h.sentence: h.words for h in hits}
    df: Counter[str] = Counter()
    for ws in word_sets.values():
        df.update(w for w in set(question_words) if w in ws)
    n = max(1, len(hits))
    idf = {w: math.log(1.0 + n / (1.0 + df[w])) for w in set(question_words)}
    idf_total = sum(idf.values()) or 1.0
    scored: list[tuple[float, SentenceHit, ExpandedConcept]] = []
    for hit in hits:
        best: tuple[float, ExpandedConcept] | None = None
        for c in hit.matched or hit.about:  # the concept shown is one the sentence mentions
            value = c.weight * index.specificity(c.concept)
            if best is None or value > best[0]:
                best = (value, c)
        if best is None:
            continue
        score = concept_score([*hit.matched, *hit.about], index)
        ws = word_sets[hit.sentence]
        score += LEXICAL_WEIGHT * sum(idf[w] for w in idf if w in ws) / idf_total
        about = about_weight(hit, [*hit.matched, *hit.about])
        if about:
            score += ABOUT_WEIGHT * about + (LEAD_WEIGHT * about if hit.position == 0 else 0.0)
        if hit.role:
            score *= NON_PROSE_WEIGHT
        scored.append((score, hit, best[1]))
    scored.sort(key=lambda t: (-t[0], t[1].document, t[1].position))
    return [
        Candidate(
            sentence=h.sentence,
            text=h.text,
            resolved=h.resolved,
            document=h.document,
            title=h.title,
            position=h.position,
            concept=c.label,
            via=c.via,
            path=c.path,
            score=round(s, 6),
        )
        for s, h, c in scored
    ]


def concept_score(concepts: Sequence[ExpandedConcept], index: ConceptIndex) -> float:
    """What a sentence's concepts give its score: per question phrase the best of the concepts
    reached from it (weight x specificity), the 2nd, 3rd... phrase counting ``DECAY`` times the
    one before."""
    per_source: dict[str, float] = {}
    for c in concepts:
        value = c.weight * index.specificity(c.concept)
        if value > per_source.get(c.source, 0.0):
            per_source[c.source] = value
    return sum(v * DECAY**i for i, v in enumerate(sorted(per_source.values(), reverse=True)))


def about_weight(hit: SentenceHit, matched: Sequence[ExpandedConcept]) -> float:
    """The weight of the matched concept the sentence's document is titled after (else 0)."""
    key = title_key(hit.title)
    if not key:
        return 0.0
    return max((c.weight for c in matched if c.label == key and c.distance == 0), default=0.0)
