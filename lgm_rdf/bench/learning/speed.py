"""``lgm bench learn``: learn throughput of several pipeline configurations against spaCy alone.

One run times, on the same documents and with the same loaded spaCy pipeline:

* ``parse``: spaCy parsing alone (the baseline; run first and again last, the baseline time is
  the mean of both runs so that warm-up or drift favours no configuration),
* ``parse+convert``: parsing plus the conversion into the NLP data classes (``parse_many``),
* ``concepts``: the real ``Learner`` as a dry run without enrichers: parsing, coreference,
  concept extraction and the SRG quads in memory; no relations, nothing written,
* ``relations``: as ``concepts`` plus the concept-graph stage with the pattern extractor
  (relations, CRG quads, mention links in memory); nothing written,
* ``full``: the default ``lgm learn`` (pattern extractor, no reflection) into a fresh on-disk
  Oxigraph store,
* ``full-no-coref``: as ``full`` with ``Learner.coref`` off.

Every configuration reports wall time and CPU (process) time: the learner parses one batch
ahead in a worker thread, so its wall time can hide CPU spent in parallel.
"""

from __future__ import annotations

import gc
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from lgm_rdf.bench.datasets import shared_data
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.pipeline import Learner, LearnReport
from lgm_rdf.learn.prepare import parse_segments
from lgm_rdf.learn.readers import SourceDocument, read_paths
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.settings import Settings

BASELINE = "parse"
LABELS: dict[str, str] = {
    "parse": "spaCy parse alone (baseline, run 1)",
    "parse+convert": "parse + convert to ParsedText",
    "concepts": "parse + coref + concepts (dry run, no relations)",
    "relations": "+ pattern relations (dry run)",
    "full": "full learn, on-disk Oxigraph",
    "full-no-coref": "full learn without coreference",
    "parse-again": "spaCy parse alone (baseline, run 2)",
}
WARMUP_TEXTS = 50
WARMUP_DOCUMENTS = 2


@dataclass
class Measurement:
    """One timed configuration: sentences processed, wall and CPU seconds."""

    key: str
    label: str
    sentences: int
    seconds: float
    cpu_seconds: float
    triples: int | None = None

    @property
    def sentences_per_second(self) -> float:
        """Throughput over wall time."""
        return self.sentences / self.seconds if self.seconds > 0 else 0.0


def default_corpus() -> Path:
    """The HotpotQA development file beside the project (``../shared/data``)."""
    return shared_data("hotpotqa_dev50.json")


def _texts(docs: list[SourceDocument]) -> list[tuple[str, bool]]:
    """The texts the learner parses, each flagged ``True`` when it is one given sentence."""
    texts: list[tuple[str, bool]] = []
    for doc in docs:
        for section in doc.sections:
            for segment in parse_segments(section):
                texts.extend((text, segment.presplit) for text in segment.texts)
    return texts


def _timed(key: str, run: Callable[[], int | LearnReport]) -> tuple[Measurement, LearnReport]:
    """Time ``run`` (returning a sentence count or a learn report) in wall and process time."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    out = run()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    report = out if isinstance(out, LearnReport) else LearnReport(sentences=out)
    triples = report.triples if isinstance(out, LearnReport) else None
    return Measurement(key, LABELS[key], report.sentences, wall, cpu, triples), report


def run_learn_benchmark(
    paths: list[str] | None = None,
    limit: int | None = None,
    nlp: SpacyNLP | None = None,
) -> dict[str, Any]:
    """Time every configuration once on the same documents; ``text`` is the Markdown report.

    Sentences are counted as the learner counts them (a given sentence is one sentence even
    if spaCy would split it), so sentences/s compare across configurations. Ratios are time
    ratios to the baseline (the mean of the two ``parse`` runs).
    """
    docs = list(read_paths(paths or [default_corpus()]))
    if limit:
        docs = docs[:limit]
    nlp = nlp or SpacyNLP()
    texts = _texts(docs)
    plain = [text for text, _ in texts]

    def parse_only() -> int:
        parsed = nlp.raw_pipe(plain)
        return sum(
            1 if given else len(list(d.sents)) for (_, given), d in zip(texts, parsed, strict=True)
        )

    def parse_convert() -> int:
        parsed = nlp.parse_many(plain)
        return sum(
            1 if given else len(p.sentences) for (_, given), p in zip(texts, parsed, strict=True)
        )

    runs: list[Measurement] = []
    with tempfile.TemporaryDirectory(prefix="lgm-bench-") as tmp:

        def graph(name: str) -> LanguageGraph:
            # the default pipeline as `lgm learn` runs it: pattern extractor, no reflection
            settings = Settings(kb=Path(tmp) / name, extractor="pattern", reflect=False)
            return LanguageGraph(settings=settings, nlp=nlp)

        def learner_run(key: str, learner: Learner) -> LearnReport:
            measurement, report = _timed(key, lambda: learner.learn(docs))
            runs.append(measurement)
            return report

        # warm up spaCy and every lazily loaded part of the learner before any timing
        for _ in nlp.raw_pipe(plain[:WARMUP_TEXTS]):
            pass
        with graph("warmup") as lg:
            lg.learner(dry_run=True).learn(docs[:WARMUP_DOCUMENTS])

        runs.append(_timed("parse", parse_only)[0])
        runs.append(_timed("parse+convert", parse_convert)[0])
        with graph("concepts") as lg:
            learner_run("concepts", Learner(lg.store, nlp, lg.minter, dry_run=True))
        with graph("relations") as lg:
            learner_run("relations", lg.learner(dry_run=True))
        with graph("full") as lg:
            first = learner_run("full", lg.learner())
            relearn = lg.learner().learn(docs)
        with graph("full-no-coref") as lg:
            learner = lg.learner()
            learner.coref = False
            learner_run("full-no-coref", learner)
        runs.append(_timed("parse-again", parse_only)[0])

    return _result(docs, runs, first, relearn)


def _result(
    docs: list[SourceDocument], runs: list[Measurement], first: LearnReport, relearn: LearnReport
) -> dict[str, Any]:
    baselines = [m for m in runs if m.key in (BASELINE, "parse-again")]
    base_wall = sum(m.seconds for m in baselines) / len(baselines)
    base_cpu = sum(m.cpu_seconds for m in baselines) / len(baselines)
    configurations = [
        {
            **asdict(m),
            "sentences_per_second": m.sentences_per_second,
            "ratio": m.seconds / base_wall if base_wall else float("nan"),
            "cpu_ratio": m.cpu_seconds / base_cpu if base_cpu else float("nan"),
        }
        for m in runs
    ]
    full = next(c for c in configurations if c["key"] == "full")
    result: dict[str, Any] = {
        "documents": len(docs),
        "sentences": first.sentences,
        "baseline_seconds": base_wall,
        "baseline_cpu_seconds": base_cpu,
        "configurations": configurations,
        # the figures of the earlier two-line report
        "parse_seconds": base_wall,
        "learn_seconds": full["seconds"],
        "learn_parse_seconds": first.parse_seconds,
        "ratio": full["ratio"],
        "relearn_seconds": relearn.seconds,
        "relearn_ratio": relearn.seconds / full["seconds"] if full["seconds"] else float("nan"),
        "relearn_written": relearn.learned,
    }
    result["text"] = format_markdown(result)
    return result


def format_markdown(result: dict[str, Any]) -> str:
    """The benchmark result as a Markdown table plus notes (what ``lgm bench learn`` prints)."""
    lines = [
        f"corpus: {result['documents']} documents, {result['sentences']} sentences",
        "",
        "| configuration | sentences | wall s | sentences/s | wall ratio | CPU s | CPU ratio |",
        "|---|--:|--:|--:|--:|--:|--:|",
    ]
    for c in result["configurations"]:
        lines.append(
            f"| {c['label']} | {c['sentences']} | {c['seconds']:.2f} | "
            f"{c['sentences_per_second']:.0f} | {c['ratio']:.2f}x | "
            f"{c['cpu_seconds']:.2f} | {c['cpu_ratio']:.2f}x |"
        )
    lines += [
        "",
        f"ratios: time / baseline time; baseline = mean of the two spaCy-alone runs "
        f"({result['baseline_seconds']:.2f} s wall, {result['baseline_cpu_seconds']:.2f} s CPU)",
        "CPU = process time of all threads (the learner parses one batch ahead in a thread)",
        f"parse time inside the full learn (worker thread): {result['learn_parse_seconds']:.2f} s",
        f"re-learn unchanged: {result['relearn_seconds']:.3f} s"
        f" = {100 * result['relearn_ratio']:.1f}% of the full learn"
        f" ({result['relearn_written']} documents rewritten)",
    ]
    return "\n".join(lines)
