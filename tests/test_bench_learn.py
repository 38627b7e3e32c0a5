"""``lgm bench learn``: every configuration runs on a tiny corpus; ratios follow the times."""

from __future__ import annotations

from typing import Any

import pytest

from lgm_rdf.bench.learning.speed import BASELINE, LABELS, format_markdown, run_learn_benchmark
from lgm_rdf.learn.pipeline import Learner
from lgm_rdf.learn.readers import SourceDocument, read_text
from lgm_rdf.learn.srg import DocumentGraph
from lgm_rdf.ontology import IriMinter
from lgm_rdf.store.oxigraph import OxigraphStore

TEXTS = {
    "apples.md": "# Apple\n\nApple is a fruit. It is sweet. Apples grow on trees.\n",
    "curie.md": "# Marie Curie\n\nMarie Curie was a physicist. She won the Nobel Prize.\n",
}


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory, spacy_nlp) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("bench-corpus")
    for name, text in TEXTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    return run_learn_benchmark([str(folder)], nlp=spacy_nlp)


def test_every_configuration_is_measured_in_order(result: dict[str, Any]) -> None:
    keys = [c["key"] for c in result["configurations"]]
    assert keys == list(LABELS)
    assert keys[0] == BASELINE and keys[-1] == "parse-again"
    assert result["documents"] == 2 and result["sentences"] == 5
    for c in result["configurations"]:
        assert c["sentences"] == result["sentences"], c["key"]
        assert c["seconds"] > 0 and c["cpu_seconds"] >= 0
        assert c["sentences_per_second"] == pytest.approx(c["sentences"] / c["seconds"])


def test_ratios_are_computed_from_the_measured_times(result: dict[str, Any]) -> None:
    by_key = {c["key"]: c for c in result["configurations"]}
    runs = [by_key[BASELINE], by_key["parse-again"]]
    assert result["baseline_seconds"] == pytest.approx(sum(c["seconds"] for c in runs) / 2)
    assert result["baseline_cpu_seconds"] == pytest.approx(sum(c["cpu_seconds"] for c in runs) / 2)
    for c in result["configurations"]:
        assert c["ratio"] == pytest.approx(c["seconds"] / result["baseline_seconds"])
        if result["baseline_cpu_seconds"]:
            assert c["cpu_ratio"] == pytest.approx(
                c["cpu_seconds"] / result["baseline_cpu_seconds"]
            )
    assert result["ratio"] == by_key["full"]["ratio"]
    assert result["learn_seconds"] == by_key["full"]["seconds"]


def test_configurations_do_what_they_say(result: dict[str, Any]) -> None:
    by_key = {c["key"]: c for c in result["configurations"]}
    assert by_key["parse"]["triples"] is None and by_key["parse+convert"]["triples"] is None
    # relation extraction adds CRG quads to what the concepts-only dry run would write
    assert by_key["relations"]["triples"] > by_key["concepts"]["triples"] > 0
    assert by_key["full"]["triples"] > 0 and by_key["full-no-coref"]["triples"] > 0
    # the second learn of the full store finds every document unchanged
    assert result["relearn_written"] == 0


def test_markdown_report_is_the_printed_text(result: dict[str, Any]) -> None:
    text = result["text"]
    assert text == format_markdown(result)
    for label in LABELS.values():
        assert f"| {label} |" in text


def test_format_markdown_shows_the_given_figures() -> None:
    def row(key: str, seconds: float, cpu: float, ratio: float) -> dict[str, Any]:
        return {
            "key": key,
            "label": LABELS[key],
            "sentences": 100,
            "seconds": seconds,
            "cpu_seconds": cpu,
            "triples": None,
            "sentences_per_second": 100 / seconds,
            "ratio": ratio,
            "cpu_ratio": ratio,
        }

    text = format_markdown(
        {
            "documents": 3,
            "sentences": 100,
            "configurations": [row("parse", 2.0, 2.0, 1.0), row("full", 5.0, 5.0, 2.5)],
            "baseline_seconds": 2.0,
            "baseline_cpu_seconds": 2.0,
            "learn_parse_seconds": 4.5,
            "relearn_seconds": 0.05,
            "relearn_ratio": 0.01,
            "relearn_written": 0,
        }
    )
    assert "corpus: 3 documents, 100 sentences" in text
    assert f"| {LABELS['full']} | 100 | 5.00 | 20 | 2.50x | 5.00 | 2.50x |" in text
    assert f"| {LABELS['parse']} | 100 | 2.00 | 50 | 1.00x | 2.00 | 1.00x |" in text
    assert "1.0% of the full learn" in text


def _antecedents(doc: SourceDocument, spacy_nlp, coref: bool) -> list[dict[int, Any]]:
    seen: list[dict[int, Any]] = []

    def record(_doc: SourceDocument, graph: DocumentGraph) -> None:
        seen.extend(learned.antecedents for learned in graph.sentences)

    store = OxigraphStore(None)
    Learner(store, spacy_nlp, IriMinter(), enrichers=[record], coref=coref).learn([doc])
    store.close()
    return seen


def test_learner_coref_switch(spacy_nlp) -> None:
    doc = read_text(TEXTS["curie.md"], "curie")
    with_coref = _antecedents(doc, spacy_nlp, coref=True)
    without = _antecedents(doc, spacy_nlp, coref=False)
    assert len(with_coref) == len(without) == 2
    assert any(with_coref) and not any(without)
