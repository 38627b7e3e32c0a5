"""A pattern rule that raises on one sentence costs only what it found there: the other rules and
sentences are kept, the failure is logged and counted, and the document is still learned; under
``LGM_STRICT_RULES=1`` (the test suite's setting) it raises instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.learn.patterns.extractor import SentenceRules
from lgm_rdf.learn.patterns.pattern_extractor import STRICT_ENV
from lgm_rdf.learn.pipeline import FAILED_RULE_NOTE
from lgm_rdf.settings import Settings

TEXT = "The United Nations (UN) is an organisation. Whales are mammals. Oaks are trees."


@pytest.fixture()
def broken_acronyms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The acronym rule emits what it finds and then raises, on every sentence."""
    original = SentenceRules._acronyms

    def broken(self: SentenceRules) -> None:
        original(self)
        raise IndexError("list index out of range")

    monkeypatch.setattr(SentenceRules, "_acronyms", broken)


def _found(spacy_nlp, extractor: PatternExtractor) -> set[tuple[str, str, str]]:
    return {r.key() for r in extractor.extract(spacy_nlp.parse(TEXT).sentences)}


def test_without_failures_the_acronym_is_found(spacy_nlp) -> None:
    extractor = PatternExtractor(strict=False)
    found = _found(spacy_nlp, extractor)
    assert ("alias", "un", "united nations") in found
    assert extractor.failures == []


def test_a_failing_rule_loses_only_its_own_relations(spacy_nlp, broken_acronyms) -> None:
    extractor = PatternExtractor(strict=False)
    found = _found(spacy_nlp, extractor)
    # what the failing rule emitted before it raised is dropped; every other rule ran
    assert ("alias", "un", "united nations") not in found
    assert ("inheritance", "whale", "mammal") in found and ("inheritance", "oak", "tree") in found
    assert ("inheritance", "united nations", "organisation") in found
    assert [(f.extractor, f.rule, f.sentence) for f in extractor.failures] == [
        ("pattern", "acronym", 0),
        ("pattern", "acronym", 1),
        ("pattern", "acronym", 2),
    ]
    assert extractor.failures[0].error == "IndexError: list index out of range"
    # the failures are those of the last call
    extractor.extract(spacy_nlp.parse("Whales are mammals.").sentences)
    assert [(f.rule, f.sentence) for f in extractor.failures] == [("acronym", 0)]


def test_a_sentence_that_cannot_be_read_costs_only_itself(spacy_nlp, monkeypatch) -> None:
    original = SentenceRules.rule_table

    def broken(self: SentenceRules):
        if "Whales" in self.sentence.text:
            raise KeyError("head")
        return original(self)

    monkeypatch.setattr(SentenceRules, "rule_table", broken)
    extractor = PatternExtractor(strict=False)
    found = _found(spacy_nlp, extractor)
    assert ("inheritance", "oak", "tree") in found and ("alias", "un", "united nations") in found
    assert not any(key[1] == "whale" for key in found)
    assert [(f.rule, f.sentence) for f in extractor.failures] == [("(sentence view)", 1)]
    with pytest.raises(KeyError):
        _found(spacy_nlp, PatternExtractor(strict=True))


def test_strict_extraction_raises(spacy_nlp, broken_acronyms) -> None:
    with pytest.raises(IndexError):
        _found(spacy_nlp, PatternExtractor(strict=True))


def test_strictness_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STRICT_ENV, "1")
    assert PatternExtractor().strict
    monkeypatch.setenv(STRICT_ENV, "0")
    assert not PatternExtractor().strict
    monkeypatch.delenv(STRICT_ENV)
    assert not PatternExtractor().strict
    assert PatternExtractor(strict=True).strict


def test_learning_keeps_the_document_and_counts_the_sentences(
    tmp_path: Path, spacy_nlp, broken_acronyms, monkeypatch: pytest.MonkeyPatch, caplog
) -> None:
    monkeypatch.delenv(STRICT_ENV, raising=False)  # as a user runs it
    lg = LanguageGraph(tmp_path / "kb", settings=Settings(), nlp=spacy_nlp)
    try:
        report = lg.learn(TEXT)
        assert report.learned == 1 and report.skipped == []
        assert report.notes[FAILED_RULE_NOTE] == 3
        assert f"{FAILED_RULE_NOTE}: 3" in report.summary()
        assert "pattern rule 'acronym' failed on sentence 0" in caplog.text
        whale = lg.concept("whale")
        assert whale and any(
            "mammal" in str(link) for links in whale[0].links.values() for link in links
        )
        # the alias the failing rule found is not stored (the mention of "UN" is)
        assert [c.links for c in lg.concept("UN")] == [{}]
        assert lg.validate().conforms
    finally:
        lg.close()
