"""The offline reasoner: Concept Iterative Retrieval without an LLM.

Round 1 retrieves for the question's concepts. Each further round follows *bridge concepts*:
specific concepts mentioned by the best sentences found so far that the question does not name
(the entity a multi-hop question leads through) and that lead somewhere: a concept no other
sentence mentions, and that no document is named after or about, would only find the sentence
it came from. The namesake of the lead sentence's own document is a bridge like any other:
"He is known for his role as ..." in the document "Paul Gross" leads on to the documents that
name Paul Gross. Candidates of all rounds are merged into one
ranking, and the supports are the best sentences that fit the chunk size. The answer is
extractive: it quotes the best supports and says that no LLM wrote it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import replace

from lgm_rdf.nlp.wordlists import NAME_NOUNS, PART_NOUNS, TYPE_NOUNS, VACUOUS
from lgm_rdf.retrieve.candidates import fetch_mentions
from lgm_rdf.retrieve.model import (
    TOP_CANDIDATES,
    Answer,
    Candidate,
    Iteration,
    PathStep,
    Retriever,
    Round,
    Support,
    fill_budget,
)
from lgm_rdf.settings import Settings

BRIDGE_SENTENCES = 4  # best sentences of a round whose concepts may lead further
MAX_BRIDGES = 6  # bridge concepts followed per round
# a next-round candidate's score relative to the sentence that led to it: undiscounted, since
# second-hop evidence scored below its lead rarely beat first-round sentences of unrelated
# documents (0.85 cost HotpotQA 3 points of R@2 and 2 of answer in context on the dev file,
# MuSiQue 3 of R@5 on the second sample; docs/benchmarks.md §32)
HOP_DISCOUNT = 1.0
# nouns that name a relation or nothing in particular ("a type of", "part of") lead nowhere
GENERIC_NOUNS = TYPE_NOUNS | PART_NOUNS | NAME_NOUNS | VACUOUS
BRIDGE_DECAY = 0.8  # each further bridge concept of a round leads a little less far
UNTITLED = 0.5  # weight of a bridge concept no document is named after
LEAD_SHARE = 0.5  # only sentences scoring at least this share of the best lead further
ANSWER_SENTENCES = 2
# a bridge concept's value is multiplied by this plus its share of the best walk score
# (Personalized PageRank from the question's concepts and the round's best sentences)
BRIDGE_WALK_FLOOR = 0.5
# a concept the lead sentence writes as a name ("Mississippi", "John Locke") leads further than
# a common noun ("archaeological site", "occasion"): multi-hop questions go through entities
NAME_BONUS = 1.5
# a bridge some document writes as a named entity of a class the question's nouns name ("the
# country where ...": a place; "the author of ...": a person) leads further again, as much
KIND_BONUS = 1.5
_WORD = re.compile(r"\w+(?:['’]\w+)*")  # a word, "Ender's" whole
_SMALL_WORDS = frozenset(
    {"of", "the", "and", "a", "an", "in", "on", "for", "to", "de", "la", "von"}
)


class OfflineReasoner:
    """Ranked retrieval within the chunk size, with bridge-concept hops (no LLM)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # each bridge concept's path: how the sentence that led to it was reached
        self._leads: dict[str, tuple[PathStep, ...]] = {}
        # the bridge concepts of this question written as names: they link as names do
        self._names: set[str] = set()

    def run(self, question: str, retriever: Retriever) -> Answer:
        """Answer ``question`` extractively from the KB."""
        started = time.perf_counter()
        self._leads, self._names = {}, set()
        concepts = retriever.question_concepts(question)
        rounds = 1 if self.settings.ablation == "no_iteration" else self.settings.max_iterations
        seen_concepts = set(concepts)
        merged: dict[str, Candidate] = {}
        iterations: list[Iteration] = []
        current = concepts
        origin: dict[str, float] = {}
        for number in range(1, max(1, rounds) + 1):
            bridges = frozenset(self._names) if number > 1 else None
            found = retriever.retrieve(question, current, names=bridges)
            top = (
                _normalised(found.candidates) if number == 1 else _hops(found, origin, self._leads)
            )
            for c in top:
                old = merged.get(c.sentence)
                if old is None:
                    merged[c.sentence] = c
                elif c.score > old.score:  # found again: keep how it was first reached
                    merged[c.sentence] = _rescore(old, c.score)
            ranking = _sorted(merged.values())
            iteration = Iteration(
                number=number,
                concepts=list(current),
                expanded=found.expanded,
                candidates=len(found.candidates),
                top_candidates=[c.sentence for c in top[:TOP_CANDIDATES]],
                supports=[c.sentence for c in _within(ranking, self.settings.chunk_size)],
            )
            iterations.append(iteration)
            seen_concepts.update(e.label for e in found.expanded if e.distance == 0)
            if number >= rounds or self.settings.ablation == "no_graph":
                break
            leads = [c for c in top[:BRIDGE_SENTENCES] if c.score >= LEAD_SHARE * top[0].score]
            origin = self._bridges(retriever, leads, seen_concepts, question)
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
            answer=extractive_answer(supports, len(ranking), self.settings.llm_configured),
            mode="offline",
            supports=supports,
            iterations=iterations,
            usage={"calls": 0, "cached_calls": 0, "prompt_tokens": 0, "completion_tokens": 0},
            ranking=ranking,
        )
        answer.timings["total"] = time.perf_counter() - started
        return answer

    def _bridges(
        self, retriever: Retriever, top: Sequence[Candidate], seen: set[str], question: str = ""
    ) -> dict[str, float]:
        """Specific concepts of the best sentences that the question does not name.

        Each maps to the score of the best sentence that mentions it (its origin).
        """
        store = getattr(retriever, "store", None)
        index = getattr(retriever, "index", None)
        if store is None or index is None or not top:
            return {}
        mentions = fetch_mentions(store, [c.sentence for c in top], index.labels)
        weights_of = getattr(retriever, "concept_weights", None)
        named = {iri for found in mentions.values() for iri in found}
        walk = weights_of(question, [c.sentence for c in top], named) if weights_of else {}
        kinds_of = getattr(retriever, "of_asked_kind", None)
        asked = kinds_of(question, sorted(named)) if kinds_of and question else set()
        scored: dict[str, float] = {}
        origin: dict[str, float] = {}
        names: set[str] = set()
        for rank, c in enumerate(top):
            for iri, label in mentions.get(c.sentence, {}).items():
                if label in seen or label in GENERIC_NOUNS:
                    continue
                # a specific concept, better one with a document of its own, leads further;
                # one no other sentence mentions leads nowhere (it would only find its lead)
                titled = iri in index.titled or iri in index.about
                if not titled and index.mentions.get(iri, 0) <= 1:
                    continue
                name = written_as_name(label, c.text)
                quality = index.specificity(iri) * (1.0 if titled else UNTITLED)
                value = quality / (1 + rank)
                if walk:
                    value *= BRIDGE_WALK_FLOOR + walk.get(iri, 0.0)
                if name:
                    value *= NAME_BONUS  # names lead further than common nouns
                    names.add(label)
                if iri in asked:
                    value *= KIND_BONUS
                scored[label] = max(scored.get(label, 0.0), value)
                strength = c.score * quality**0.5
                if label not in origin or strength > origin[label]:
                    origin[label] = strength
                    self._leads[label] = c.path
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_BRIDGES]
        self._names.update(label for label, _ in ranked if label in names)
        return {label: origin[label] * BRIDGE_DECAY**n for n, (label, _) in enumerate(ranked)}


def written_as_name(label: str, text: str) -> bool:
    """Whether ``text`` writes the concept ``label`` as a name: capitalised after the first
    word of the text ("Mississippi" in "... in Hinds County, Mississippi"), or as its first
    words when each word of several that begins with a letter is capitalised, small words
    such as "of" and "the" aside ("Philip Seymour Hoffman won ...", "Lord of the Rings is")."""
    words = label.split()
    if not words:
        return False
    body = r"\W+".join(re.escape(w) for w in words)
    pattern = re.compile(rf"\b{body}(?:e?s)?\b", re.IGNORECASE)  # "Arthur" is no "art"
    for m in pattern.finditer(text):
        written = [w for w in _WORD.findall(m.group(0)) if w[:1].isalpha()]
        if not written:
            continue
        if _WORD.search(text, 0, m.start()):  # not the text's first word
            if written[0][:1].isupper():
                return True
            continue
        # at the start every first word is capitalised: a name of several words is one when
        # each of its words is, small words written in lower case aside ("Lord of the Rings",
        # "De La Soul"; "Cold blood is ..." is none)
        capitalised = [w for w in written if w[:1].isupper()]
        small = all(w[:1].isupper() or w.lower() in _SMALL_WORDS for w in written)
        if len(capitalised) > 1 and small:
            return True
    return False


def _hops(
    found: Round, origin: dict[str, float], leads: dict[str, tuple[PathStep, ...]]
) -> list[Candidate]:
    """Next-hop candidates scored per bridge concept: the share of that bridge's best
    sentence, times the bridge's strength (the score of the sentence that led to it).

    A candidate's path is the path of that sentence, the hop to the bridge, then its own."""
    source = {e.label: e.source for e in found.expanded}
    groups: dict[str, list[Candidate]] = {}
    for c in found.candidates:
        groups.setdefault(source.get(c.concept, ""), []).append(c)
    out: list[Candidate] = []
    for bridge, members in groups.items():
        strength = HOP_DISCOUNT * origin.get(bridge, 0.0)
        lead = (*leads.get(bridge, ()), PathStep(bridge, "hop"))
        out.extend(_hop(c, strength, lead) for c in _normalised(members))
    return _sorted([c for c in out if c.score > 0])


def _normalised(candidates: Sequence[Candidate]) -> list[Candidate]:
    """Scores divided by the round's best, so rounds can be merged."""
    if not candidates:
        return []
    top = max(c.score for c in candidates) or 1.0
    return [_rescore(c, c.score / top) for c in candidates]


def _hop(c: Candidate, factor: float, lead: tuple[PathStep, ...]) -> Candidate:
    own = c.path[1:] if c.path and c.path[0].concept == lead[-1].concept else c.path
    return replace(_rescore(c, c.score * factor, via="hop"), path=(*lead, *own))


def _rescore(c: Candidate, score: float, via: str | None = None) -> Candidate:
    return replace(c, score=round(score, 6), via=via or c.via)


def _sorted(candidates: Sequence[Candidate] | object) -> list[Candidate]:
    return sorted(candidates, key=lambda c: (-c.score, c.document, c.position))  # type: ignore[arg-type]


def _within(ranking: Sequence[Candidate], budget: int) -> list[Candidate]:
    """The best candidates whose texts together fit ``budget`` characters (skipping long ones)."""
    return [ranking[i] for i in fill_budget([len(c.text) for c in ranking], budget)]


def extractive_answer(
    supports: Sequence[Support], candidates: int = 0, llm_configured: bool = False
) -> str:
    """The offline answer: a note that it is extractive, then the best supports, cited."""
    why = (
        "This is the offline (extractive) answer"
        if llm_configured
        else "No LLM is configured, so this answer is extractive"
    )
    if not supports:
        if candidates:
            return f"{why}, but no supporting sentence fits in the chunk size."
        return f"{why}, and the knowledge base has no sentence about this question."
    quoted = " ".join(f"[{n}] {s.text}" for n, s in enumerate(supports[:ANSWER_SENTENCES], 1))
    return f"{why}: the best supporting sentences: {quoted}"
