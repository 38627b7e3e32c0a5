"""``lgm bench ask``: cold asks in fresh processes against spaCy alone, and warm asks."""

from __future__ import annotations

import json
from pathlib import Path

from lgm_rdf.bench.asking.startup import questions_of, report, run_ask_benchmark
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import DEFAULT_MODEL, SpacyNLP
from lgm_rdf.settings import Settings

APPLES = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."


def test_bench_ask_times_cold_and_warm_asks(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    data = tmp_path / "qa.json"
    records = [{"question": "What are apples rich in?"}, {"question": "Are apples sweet?"}]
    data.write_text(json.dumps([*records, {"no": "question"}]), encoding="utf-8")
    questions = questions_of(data, 5)
    assert questions == ["What are apples rich in?", "Are apples sweet?"]
    kb = tmp_path / "kb"
    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn(APPLES)
    result = run_ask_benchmark(kb, questions, runs=1, spacy_model=DEFAULT_MODEL)
    for part in ("spacy_alone", "cold_ask", "cold_ask_rebuilding_indexes"):
        assert result[part]["wall"] > 0 and result[part]["cpu"] > 0
    assert result["warm_ask"]["p50"] > 0
    assert (kb / "indexes" / "STATE").exists()  # the rebuilding run removed only the indexes
    assert list((kb / "indexes").glob("concepts.*.json"))  # ... and the ask persisted them again
    text = report(result, kb)
    assert "ratio to spaCy alone" in text and "target" in text
