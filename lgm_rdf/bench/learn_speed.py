"""``lgm bench learn``: learn throughput against spaCy parsing alone, in one run."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from lgm_rdf.bench.datasets import shared_data
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import SourceDocument, read_paths
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.settings import Settings


def default_corpus() -> Path:
    """The HotpotQA development file beside the project (``../shared/data``)."""
    return shared_data("hotpotqa_dev50.json")


def _texts(docs: list[SourceDocument]) -> list[str]:
    texts: list[str] = []
    for doc in docs:
        for section in doc.sections:
            texts.extend(section.sentences if section.sentences is not None else [section.text])
    return texts


def run_learn_benchmark(paths: list[str] | None = None, limit: int | None = None) -> dict[str, Any]:
    """Time spaCy alone, then a full learn of the same documents into a fresh on-disk store.

    Both use the same loaded pipeline (warmed up first), so the ratio isolates what graph
    building (coref, concepts, SRG quads, pattern extraction, CRG, mention links, the atomic
    writes) adds to parsing.
    """
    docs = list(read_paths(paths or [default_corpus()]))
    if limit:
        docs = docs[:limit]
    nlp = SpacyNLP()
    texts = _texts(docs)
    for _ in nlp.raw_pipe(texts[:50]):
        pass
    t0 = time.perf_counter()
    n_parse_sentences = sum(len(list(d.sents)) for d in nlp.raw_pipe(texts))
    parse_seconds = time.perf_counter() - t0

    with tempfile.TemporaryDirectory(prefix="lgm-bench-") as tmp:
        # the default pipeline as `lgm learn` runs it: SRG, pattern extraction, CRG, links
        settings = Settings(kb=Path(tmp) / "kb", extractor="pattern", reflect=False)
        with LanguageGraph(settings=settings, nlp=nlp) as lg:
            first = lg.learner().learn(docs)
            second = lg.learner().learn(docs)
    ratio = first.seconds / parse_seconds if parse_seconds else float("nan")
    relearn = second.seconds / first.seconds if first.seconds else float("nan")
    text = "\n".join(
        [
            f"corpus: {len(docs)} documents, {first.sentences} sentences",
            f"spaCy parse alone : {parse_seconds:8.2f} s  {n_parse_sentences / parse_seconds:8.0f} sentences/s",
            f"full learn        : {first.seconds:8.2f} s  {first.sentences_per_second:8.0f} sentences/s"
            f"  (parse inside learn {first.parse_seconds:.2f} s)",
            f"learn / parse     : {ratio:8.2f}x  (graph building adds {100 * (ratio - 1):.0f}% to parsing)",
            f"re-learn unchanged: {second.seconds:8.3f} s  = {100 * relearn:.1f}% of the first learn"
            f" ({second.learned} documents rewritten)",
        ]
    )
    return {
        "documents": len(docs),
        "sentences": first.sentences,
        "parse_seconds": parse_seconds,
        "learn_seconds": first.seconds,
        "learn_parse_seconds": first.parse_seconds,
        "ratio": ratio,
        "relearn_seconds": second.seconds,
        "relearn_ratio": relearn,
        "relearn_written": second.learned,
        "text": text,
    }
