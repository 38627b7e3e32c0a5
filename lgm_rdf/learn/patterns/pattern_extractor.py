"""The pattern extractor: every rule of ``extractor.SentenceRules`` over every sentence, with a
guard so that a rule that raises costs only itself.

A rule is many lines of reading a dependency parse; on text nobody has seen, one may meet a shape
it was not written for and raise (an index past the end, a missing head). Then what that rule
emitted in that sentence is dropped, the failure is logged and kept in ``failures``, and the other
rules and sentences go on: the document is still learned (a failure to read the sentence at all
costs that sentence). ``strict`` re-raises instead, for the test suite and for anyone debugging
a rule (environment variable ``LGM_STRICT_RULES=1``; ``lgm learn`` then skips and reports the
document, as for any document that fails).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping, Sequence

from lgm_rdf.learn.patterns.extractor import SentenceRules
from lgm_rdf.learn.relations import ExtractionFailure, Relation
from lgm_rdf.nlp.model import Sentence

STRICT_ENV = "LGM_STRICT_RULES"

log = logging.getLogger(__name__)


def strict_default() -> bool:
    """Whether rule errors are raised rather than isolated (``LGM_STRICT_RULES=1``)."""
    return os.environ.get(STRICT_ENV, "").strip() == "1"


class PatternExtractor:
    """Extract inheritance, composition and alias relations with dependency-parse rules."""

    name = "pattern"

    def __init__(self, strict: bool | None = None) -> None:
        """``strict``: a rule that raises stops the extraction (default: ``LGM_STRICT_RULES``);
        otherwise the failure is kept in ``failures`` (those of the last ``extract`` call) and
        the other rules go on."""
        self.strict = strict_default() if strict is None else strict
        self.failures: list[ExtractionFailure] = []

    def extract(
        self,
        sentences: Sequence[Sentence],
        antecedents: Mapping[tuple[int, int], object] | None = None,
    ) -> list[Relation]:
        """Relations of every sentence, deduplicated per sentence (highest confidence kept)."""
        out: dict[tuple[int, tuple[str, str, str]], Relation] = {}
        self.failures = []
        for si, sentence in enumerate(sentences):
            try:  # the view of the sentence every rule reads
                rules = SentenceRules(si, sentence, antecedents or {})
                table = rules.rule_table()
            except Exception as exc:
                if self.strict:
                    raise
                self.failures.append(
                    ExtractionFailure(self.name, "(sentence view)", si, _line(exc))
                )
                continue
            failures = self._run(rules, table, si)
            for failure in failures:  # the learner warns once per document
                log.debug("%s (%.80r); left out there", failure.describe(), sentence.text)
            self.failures.extend(failures)
            for rel in rules.out:
                key = (si, rel.key())
                if key not in out or out[key].confidence < rel.confidence:
                    out[key] = rel
        return list(out.values())

    def _run(
        self, rules: SentenceRules, table: Sequence[tuple[str, Callable[[], None]]], si: int
    ) -> list[ExtractionFailure]:
        """Apply the rules of ``table`` (name, method) to sentence ``si`` in order, each
        appending to ``rules.out``. A rule that raises loses what it appended and its failure is
        returned, unless ``strict``: then it propagates."""
        failures: list[ExtractionFailure] = []
        for name, apply in table:
            rules.rule = name  # recorded on what the rule emits
            kept = len(rules.out)
            try:
                apply()
            except Exception as exc:
                if self.strict:
                    raise
                del rules.out[kept:]
                failures.append(ExtractionFailure(self.name, name, si, _line(exc)))
        return failures


def _line(exc: Exception) -> str:
    """An exception as one line of at most 300 characters."""
    return " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
