"""Confidence of an asserted relation: rule precision, reflection verdict, support.

Stored on each relation's ``owl:Axiom`` as ``lgm:confidence`` (an ``xsd:decimal`` in [0, 1]):

    p  = the measured precision of the rule that found the relation (``rule_precision.json``,
         beside this module: per rule of the pattern extractor, measured on the dev and blind
         gold sets; per extractor where there are no rules), else the extractor's prior; in a
         document of a genre with its own measurement (``learn.genre``: technical
         documentation), the rule's precision on judged samples of that genre
    c1 = p                      without reflection (verdict unchecked)
         1 - (1 - p) / 2        valid: the other sentences confirm it, half the doubt goes
         0.9 p                  unknown: kept provisionally
         0.25 p                 invalid: recorded, not asserted
    c  = 1 - (1 - c1) * 0.5^n   n = the other documents already stored that state the same
                                relation (not invalid): each independent document halves the
                                doubt that is left

A relation is as confident as its best axiom: readers (``lgm concept``, expansion, ranking)
take the maximum over its axioms; an axiom without ``lgm:confidence`` (an imported ontology)
counts as 1.0.

A statement is asserted when its confidence reaches the bar of its document's genre
(``assertion_bar``): at least ``min_relation_confidence``, and, where the rules measured in the
genre would together be right less often than ``target_precision`` if every one of them were
asserted, the precision of the least precise rule that still keeps them, weighted by how often
each fired in the judged samples, at the target. A reader of the concept graph gets what the
setting promises in every genre, not only relations each more often right than not.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

PRECISION_PATH = Path(__file__).with_name("rule_precision.json")
SUPPORT_DECAY = 0.5
VERDICT_FACTORS = {"unknown": 0.9, "invalid": 0.25}
# priors for extractors without a measurement (no LLM can be measured offline)
DEFAULT_PRIORS = {"pattern": 0.85, "llm": 0.7, "compound-head": 0.85}
UNKNOWN_PRIOR = 0.7


def rule_key(extractor: str, rule: str = "") -> str:
    """The table's name of a rule: ``extractor/rule``, or the extractor alone without rules."""
    return f"{extractor}/{rule}" if rule else extractor


@dataclass(frozen=True)
class RulePrecision:
    """Measured precision per ``extractor/rule`` and per extractor; ``genres`` holds the
    figures measured on documents of one genre (only the rules seen there)."""

    rules: Mapping[str, float] = field(default_factory=dict)
    extractors: Mapping[str, float] = field(default_factory=dict)
    genres: Mapping[str, RulePrecision] = field(default_factory=dict)
    # judged relations behind each figure (``extractor/rule``, or an extractor without rules)
    counts: Mapping[str, int] = field(default_factory=dict)

    def precision(self, extractor: str, rule: str = "", genre: str = "") -> float:
        """The precision of ``rule`` of ``extractor`` in ``genre`` if measured there, else its
        figure over all genres (in a measured genre scaled by the genre's extractor precision
        over the general one); else of the extractor; else a prior."""
        measured = self.genres.get(genre)
        if measured is not None:
            name = rule_key(extractor, rule)
            if name in measured.rules:
                return measured.rules[name]
            if not rule and extractor in measured.extractors:
                return measured.extractors[extractor]
            # not seen in the genre: the general figure, scaled as the genre scales its extractor
            general = self.precision(extractor, rule)
            if extractor in measured.extractors and extractor in self.extractors:
                ratio = measured.extractors[extractor] / self.extractors[extractor]
                return general * min(1.0, ratio)
            return general
        if rule and rule_key(extractor, rule) in self.rules:
            return self.rules[rule_key(extractor, rule)]
        if extractor in self.extractors:
            return self.extractors[extractor]
        return DEFAULT_PRIORS.get(extractor, UNKNOWN_PRIOR)

    def genre_bar(self, genre: str, target: float) -> float:
        """The lowest rule precision in ``genre`` at which the rules at or above it, weighted
        by their judged relations, are right at least ``target`` of the time (0.0 when all the
        genre's rules together are; the best rule's figure when not even it is)."""
        table = self.genres.get(genre, self)
        # an extractor with rules is weighed by its rules, one without by its own figure
        figures = {**table.rules}
        with_rules = {k.split("/", 1)[0] for k in table.rules}
        figures.update((k, v) for k, v in table.extractors.items() if k not in with_rules)
        # rules of one precision stand or fall together: a bar at p asserts all of them
        judged: dict[float, int] = {}
        for k, p in figures.items():
            if table.counts.get(k):
                judged[p] = judged.get(p, 0) + table.counts[k]
        if target <= 0 or not judged:
            return 0.0
        right = total = 0.0
        levels = sorted(judged.items(), reverse=True)
        bar = levels[0][0]
        for p, n in levels:
            if (right + p * n) / (total + n) < target:
                return bar
            right, total, bar = right + p * n, total + n, p
        return 0.0


@lru_cache(maxsize=4)
def load_precision(path: Path = PRECISION_PATH) -> RulePrecision:
    """The precision table (an empty one if the file is missing)."""
    if not path.is_file():
        return RulePrecision()
    return _precision_table(json.loads(path.read_text(encoding="utf-8")))


def _precision_table(data: Mapping) -> RulePrecision:
    rules = {k: float(v["precision"]) for k, v in data.get("rules", {}).items()}
    extractors = {k: float(v["precision"]) for k, v in data.get("extractors", {}).items()}
    genres = {k: _precision_table(v) for k, v in data.get("genres", {}).items()}
    counts = {
        k: int(v.get("tp", 0)) + int(v.get("fp", 0))
        for part in ("rules", "extractors")
        for k, v in data.get(part, {}).items()
    }
    return RulePrecision(rules, extractors, genres, counts)


def assertion_bar(
    table: RulePrecision, genre: str, min_confidence: float, target_precision: float
) -> float:
    """The confidence a statement in a document of ``genre`` needs to be asserted: at least
    ``min_confidence``, and the genre's bar for ``target_precision`` (``genre_bar``)."""
    return max(min_confidence, table.genre_bar(genre, target_precision))


def statement_confidence(precision: float, verdict: str = "unchecked") -> float:
    """Confidence of one statement of a relation: its rule's precision and the verdict."""
    if verdict == "valid":
        return 1.0 - (1.0 - precision) / 2.0
    return precision * VERDICT_FACTORS.get(verdict, 1.0)


def with_support(confidence: float, other_documents: int) -> float:
    """``confidence`` raised by ``other_documents`` independent documents stating the same."""
    return 1.0 - (1.0 - confidence) * SUPPORT_DECAY ** max(0, other_documents)


def confidence_value(text: str) -> float:
    """An argparse type for a confidence bar: a number in [0, 1] (``nan`` is refused)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number between 0 and 1, got {text!r}")
    return value


def clamp(value: float) -> float:
    """``value`` within [0, 1]."""
    return max(0.0, min(1.0, value))
