"""The offline reasoner: Concept Iterative Retrieval without an LLM.

Round 1 retrieves for the question's concepts. Each further round follows *bridge concepts*:
specific concepts mentioned by the best sentences found so far that the question does not name
(the entity a multi-hop question leads through). Candidates of all rounds are merged into one
ranking, and the supports are the best sentences that fit the chunk size. The answer is
extractive: it quotes the best supports and says that no LLM wrote it.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from lgm_rdf.retrieve.candidates import fetch_mentions
from lgm_rdf.retrieve.linking import title_key
from lgm_rdf.retrieve.model import Answer, Candidate, Iteration, Retriever, Support
from lgm_rdf.settings import Settings

BRIDGE_SENTENCES = 4  # best sentences of a round whose concepts may lead further
MAX_BRIDGES = 6  # bridge concepts followed per round
HOP_DISCOUNT = 0.85  # a next-round candidate's score relative to the sentence that led to it
LEAD_SHARE = 0.5  # only sentences scoring at least this share of the best lead further
ANSWER_SENTENCES = 2
EXTRACTIVE_NOTE = (
    "No LLM is configured, so this answer is extractive: the best supporting sentences"
)


class OfflineReasoner:
    """Ranked retrieval within the chunk size, with bridge-concept hops (no LLM)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def run(self, question: str, retriever: Retriever) -> Answer:
        """Answer ``question`` extractively from the KB."""
        started = time.perf_counter()
        concepts = retriever.question_concepts(question)
        rounds = 1 if self.settings.ablation == "no_iteration" else self.settings.max_iterations
        seen_concepts = set(concepts)
        merged: dict[str, Candidate] = {}
        iterations: list[Iteration] = []
        current = concepts
        origin: dict[str, float] = {}
        for number in range(1, max(1, rounds) + 1):
            found = retriever.retrieve(question, current, exclude=frozenset(merged))
            top = _normalised(found.candidates)
            if number > 1:
                source = {e.label: e.source for e in found.expanded}
                top = [
                    _hop(c, HOP_DISCOUNT * origin.get(source.get(c.concept, ""), 0.0)) for c in top
                ]
                top = _sorted([c for c in top if c.score > 0])
            for c in top:
                if c.sentence not in merged or c.score > merged[c.sentence].score:
                    merged[c.sentence] = c
            ranking = _sorted(merged.values())
            iteration = Iteration(
                number=number,
                concepts=list(current),
                expanded=found.expanded,
                candidates=len(found.candidates),
                supports=[c.sentence for c in _within(ranking, self.settings.chunk_size)],
            )
            iterations.append(iteration)
            seen_concepts.update(e.label for e in found.expanded)
            if number >= rounds or self.settings.ablation == "no_graph":
                break
            leads = [c for c in top[:BRIDGE_SENTENCES] if c.score >= LEAD_SHARE * top[0].score]
            origin = self._bridges(retriever, leads, seen_concepts)
            bridges = list(origin)
            iteration.missing = bridges
            if not bridges:
                break
            seen_concepts.update(bridges)
            current = bridges
        ranking = _sorted(merged.values())
        supports = [Support.of(c) for c in _within(ranking, self.settings.chunk_size)]
        answer = Answer(
            question=question,
            answer=extractive_answer(supports),
            mode="offline",
            supports=supports,
            iterations=iterations,
            usage={"calls": 0, "cached_calls": 0, "prompt_tokens": 0, "completion_tokens": 0},
            ranking=ranking,
        )
        answer.timings["total"] = time.perf_counter() - started
        return answer

    def _bridges(
        self, retriever: Retriever, top: Sequence[Candidate], seen: set[str]
    ) -> dict[str, float]:
        """Specific concepts of the best sentences that the question does not name.

        Each maps to the score of the best sentence that mentions it (its origin).
        """
        store = getattr(retriever, "store", None)
        index = getattr(retriever, "index", None)
        if store is None or index is None or not top:
            return {}
        mentions = fetch_mentions(store, [c.sentence for c in top])
        scored: dict[str, float] = {}
        origin: dict[str, float] = {}
        for rank, c in enumerate(top):
            for iri, label in mentions.get(c.sentence, {}).items():
                if label in seen or _is_title_of(label, c):
                    continue
                value = index.specificity(iri) / (1 + rank)
                if len(label.split()) > 1:
                    value *= 1.5  # multi-word names lead further than single common nouns
                if iri in index.titled:
                    value *= 2.0  # a concept with a document of its own
                scored[label] = max(scored.get(label, 0.0), value)
                origin[label] = max(origin.get(label, 0.0), c.score)
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))
        return {label: origin[label] for label, _ in ranked[:MAX_BRIDGES]}


def _is_title_of(label: str, c: Candidate) -> bool:
    return label == title_key(c.title)


def _normalised(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Scores divided by the round's best, so rounds can be merged."""
    if not candidates:
        return []
    top = max(c.score for c in candidates) or 1.0
    return [_rescore(c, c.score / top) for c in candidates]


def _hop(c: Candidate, factor: float) -> Candidate:
    return _rescore(c, c.score * factor, via="hop")


def _rescore(c: Candidate, score: float, via: str | None = None) -> Candidate:
    return Candidate(
        c.sentence,
        c.text,
        c.resolved,
        c.document,
        c.title,
        c.position,
        c.concept,
        via or c.via,
        round(score, 6),
    )


def _sorted(candidates: Sequence[Candidate] | object) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (-c.score, c.document, c.position))  # type: ignore[arg-type]


def _within(ranking: Sequence[Candidate], budget: int) -> list[Candidate]:
    """The best candidates whose texts together fit ``budget`` characters (skipping long ones)."""
    out: list[Candidate] = []
    used = 0
    for c in ranking:
        size = len(c.text) + (1 if out else 0)
        if used + size <= budget:
            out.append(c)
            used += size
    return out


def extractive_answer(supports: Sequence[Support]) -> str:
    """The offline answer: a note that it is extractive, then the best supports, cited."""
    if not supports:
        return "No LLM is configured, and the knowledge base has no sentence about this question."
    quoted = " ".join(f"[{n}] {s.text}" for n, s in enumerate(supports[:ANSWER_SENTENCES], 1))
    return f"{EXTRACTIVE_NOTE}: {quoted}"
