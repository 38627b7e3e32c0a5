"""Plain data classes of asking: candidates, supports, iterations and the ``Answer``.

These are shared by the offline reasoner, the LLM reasoner (Algorithm 1), the CLI,
the HTTP ``/ask`` endpoint and the benchmarks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

TOP_CANDIDATES = 5  # candidates of a round kept by name in its Iteration (for --explain)
# How a candidate sentence was reached from a query concept.
VIAS = ("self", "alias", "parent", "child", "component", "whole", "hop", "lexical", "dense")


@dataclass(frozen=True)
class PathStep:
    """One step of how a sentence was reached: a concept and the relation that led to it
    (``self`` for the concept linked from the question, then alias, parent, hop, ...)."""

    concept: str  # label
    via: str  # one of VIAS


@dataclass(frozen=True)
class ExpandedConcept:
    """A KB concept reached from a query concept, with how and how far (0 = linked directly)."""

    concept: str  # IRI
    label: str
    via: str  # one of VIAS
    distance: int
    source: str  # the query concept (label) it was reached from
    weight: float = 1.0  # link strength x relation/distance discount
    path: tuple[PathStep, ...] = ()  # from the linked question concept to this one
    confidence: float = 1.0  # product of the lgm:confidence of the relations on the path

    def step(
        self, to: str, label: str, via: str, weight: float, distance: int, confidence: float = 1.0
    ) -> ExpandedConcept:
        """The concept ``to`` reached from this one by ``via`` (a relation of ``confidence``)."""
        path = (*self.path, PathStep(label, via))
        return ExpandedConcept(to, label, via, distance, self.source, weight, path, confidence)


@dataclass(frozen=True)
class Candidate:
    """A sentence that mentions an expanded concept, with its provenance and rank score."""

    sentence: str  # sentence IRI
    text: str  # original text (nif:anchorOf)
    resolved: str  # coreference-resolved text (lgm:resolvedText)
    document: str  # document IRI
    title: str  # document title
    position: int  # position of the sentence in its document
    concept: str  # label of the concept that brought it
    via: str  # one of VIAS
    score: float = 0.0
    path: tuple[PathStep, ...] = ()  # question concept → ... → ``concept``


@dataclass(frozen=True)
class Support:
    """A sentence cited as support of an answer."""

    sentence: str
    text: str
    document: str
    title: str
    concept: str
    via: str
    score: float = 0.0
    resolved: str = ""  # the text with pronouns resolved ("It [: apple] is sweet.")
    source: str = ""  # the document's source, e.g. its file path (set by retrieve.citations)
    section: str = ""  # title of the sentence's section
    page: int | None = None  # the page the sentence starts on (PDF)
    citation: str = ""  # "report.pdf, p. 4, § Automation"
    path: tuple[PathStep, ...] = ()  # question concept → alias / parent / ... → ``concept``

    @classmethod
    def of(cls, c: Candidate) -> Support:
        """The support made of a candidate."""
        return cls(
            sentence=c.sentence,
            text=c.text,
            document=c.document,
            title=c.title,
            concept=c.concept,
            via=c.via,
            score=c.score,
            resolved=c.resolved,
            path=c.path,
        )


@dataclass
class Iteration:
    """One round of Algorithm 1: its concepts, their expansion, candidates and supports."""

    number: int
    concepts: list[str]
    expanded: list[ExpandedConcept] = field(default_factory=list)
    candidates: int = 0
    chunks: int = 0
    compress_steps: int = 0
    pruned: bool = False
    supports: list[str] = field(default_factory=list)  # sentence IRIs kept after this round
    answer: str = ""
    missing: list[str] = field(default_factory=list)
    top_candidates: list[str] = field(default_factory=list)  # sentence IRIs, best first (≤ 5)


@dataclass
class Answer:
    """What ``LanguageGraph.ask`` returns (and ``lgm ask --json`` prints)."""

    question: str
    answer: str
    mode: str  # "offline" | "llm"
    supports: list[Support] = field(default_factory=list)
    iterations: list[Iteration] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    # Every candidate seen, best first (supports first); benchmarks rank paragraphs with it.
    ranking: list[Candidate] = field(default_factory=list, repr=False)

    def to_dict(self, with_ranking: bool = False) -> dict[str, Any]:
        """The JSON object of ``lgm ask --json`` and ``/ask``."""
        out: dict[str, Any] = {
            "question": self.question,
            "answer": self.answer,
            "mode": self.mode,
            "supports": [asdict(s) for s in self.supports],
            "iterations": [asdict(i) for i in self.iterations],
            "usage": dict(self.usage),
            "timings": {k: round(v, 4) for k, v in self.timings.items()},
        }
        if with_ranking:
            out["ranking"] = [asdict(c) for c in self.ranking]
        return out


@dataclass
class Round:
    """What one retrieval round found: the expansion and the ranked candidates."""

    concepts: list[str]
    expanded: list[ExpandedConcept]
    candidates: list[Candidate]  # best first


class Retriever(Protocol):
    """Concept-level retrieval over the KB, as the reasoners see it."""

    def question_concepts(self, text: str) -> list[str]:
        """The concept phrases of a question (or of a list of missing concepts)."""
        ...

    def retrieve(
        self,
        question: str,
        concepts: Sequence[str],
        exclude: frozenset[str] = frozenset(),
        names: frozenset[str] | None = None,
    ) -> Round:
        """Link ``concepts`` to the KB, expand them and rank their sentences for ``question``.

        Sentences whose IRI is in ``exclude`` are left out. Given ``names``, the concepts are
        bridge concepts: those in ``names`` (written as names where they were found) link as
        the question's proper names do, the others as plain labels.
        """
        ...


def fill_budget(lengths: Sequence[int], budget: int) -> list[int]:
    """Indices of the items taken, in order, while their texts stay within ``budget`` characters.

    An item that would overflow the budget is skipped and later, shorter ones may still fit; one
    separator character counts between items (as in :func:`text_length`).
    """
    taken: list[int] = []
    used = 0
    for i, n in enumerate(lengths):
        extra = n + (1 if taken else 0)
        if used + extra <= budget:
            taken.append(i)
            used += extra
    return taken


def text_length(items: Sequence[Candidate] | Sequence[Support]) -> int:
    """Characters of the texts together (one separator between sentences)."""
    return sum(len(c.text) + 1 for c in items) - (1 if items else 0)
