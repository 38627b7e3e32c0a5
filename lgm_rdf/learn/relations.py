"""The meta-relation record every extractor returns, and the extractor protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from lgm_rdf.nlp.model import Sentence

RELATION_TYPES = ("inheritance", "composition", "alias")


@dataclass(frozen=True)
class Relation:
    """One candidate meta-relation between two concepts, with its evidence sentence.

    ``inheritance``: ``a`` is a kind of ``b`` (a = child, b = parent);
    ``composition``: ``a`` has part ``b`` (a = whole, b = part);
    ``alias``: ``a`` and ``b`` name the same concept (symmetric).
    ``a``/``b`` are normalised lemma phrases (concept keys); ``a_label``/``b_label`` the surface
    forms; ``sentence`` is the index of the evidence in the sentence list given to the extractor;
    ``confidence`` the extractor's own estimate (the stored confidence comes from
    ``learn.confidence``).
    """

    type: str
    a: str
    b: str
    sentence: int
    extractor: str
    confidence: float = 1.0
    a_label: str = ""
    b_label: str = ""
    rule: str = ""  # the extractor's rule that found it ("copula", "such-as", ...), if it has rules

    def key(self) -> tuple[str, str, str]:
        """``(type, a, b)`` with the two sides of an alias in sorted order (for comparisons)."""
        if self.type == "alias" and self.b < self.a:
            return self.type, self.b, self.a
        return self.type, self.a, self.b


@dataclass(frozen=True)
class ExtractionFailure:
    """One rule of an extractor that raised on one sentence: what that rule found in the sentence
    is left out, the other rules and sentences are kept (a bug in one rule never costs a whole
    document)."""

    extractor: str
    rule: str
    sentence: int  # index in the sentence list given to the extractor
    error: str  # the exception, one line

    def describe(self) -> str:
        """One line for a log or a report."""
        return (
            f"{self.extractor} rule {self.rule!r} failed on sentence {self.sentence}: {self.error}"
        )


@runtime_checkable
class RelationExtractor(Protocol):
    """Finds meta-relations in parsed sentences.

    ``antecedents`` maps ``(sentence index, token index)`` of a pronoun to its antecedent (any
    object with a ``.key`` attribute holding the antecedent's concept key); extractors use it to
    replace pronoun arguments, which they otherwise skip. An extractor that isolates failing
    rules also keeps a ``failures`` list of ``ExtractionFailure``: those of its last call.
    """

    name: str

    def extract(
        self,
        sentences: Sequence[Sentence],
        antecedents: Mapping[tuple[int, int], object] | None = None,
    ) -> list[Relation]:
        """All relations stated by ``sentences``."""
        ...


def extract_noting_failures(
    extractor: RelationExtractor,
    sentences: Sequence[Sentence],
    antecedents: Mapping[tuple[int, int], object] | None = None,
) -> tuple[list[Relation], list[ExtractionFailure]]:
    """``extractor.extract`` and the rule failures of this call (an extractor that isolates
    failing rules keeps those of its last call in ``failures``; others record none)."""
    found = extractor.extract(sentences, antecedents)
    return found, list(getattr(extractor, "failures", []))
