"""``lgm bench ask``: cold ``lgm ask`` against loading the spaCy pipeline alone, and warm asks.

Each run times, in fresh subprocesses one after the other (so machine load hits both alike):
loading the configured spaCy pipeline alone (``import spacy; spacy.load(name)``), and
``lgm ask`` on a question of the data file with the KB's persisted indexes (``<kb>/indexes/``)
in place. Once per benchmark, ``lgm ask`` also runs right after the persisted indexes are
removed (the first ask after a write). Warm asks are timed in this process after one
untimed ask. Wall time and CPU time (user + system of the child) are both reported; the
ratio that matters is cold ask / spaCy alone.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from lgm_rdf.bench.datasets import shared_data
from lgm_rdf.bench.latency import percentiles
from lgm_rdf.errors import LgmError
from lgm_rdf.settings import Settings

DEFAULT_DATA = "hotpotqa_dev50.json"
TARGET = 1.5  # issue 13: a cold ask within 1.5x the time of loading spaCy alone


def _timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one subprocess; an error if it fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=os.environ.copy())
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise LgmError(f"`{' '.join(command[:4])} ...` failed: {done.stderr.strip()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def questions_of(path: Path, count: int) -> list[str]:
    """The first ``count`` questions of a HotpotQA or MuSiQue file."""
    with path.open(encoding="utf-8") as handle:
        records = json.load(handle)
    found = [r["question"] for r in records if isinstance(r, dict) and r.get("question")]
    if not found:
        raise LgmError(f"{path}: no questions found")
    return found[:count]


def run_ask_benchmark(
    kb: Path, questions: list[str], runs: int, spacy_model: str
) -> dict[str, Any]:
    """Time spaCy alone, cold asks (persisted indexes, then none) and warm asks."""
    python = sys.executable
    spacy_alone = [python, "-c", f"import spacy; spacy.load({spacy_model!r})"]

    def ask(question: str) -> list[str]:
        return [python, "-m", "lgm_rdf.cli", "ask", question, "--kb", str(kb), "--reasoner",
                "offline", "--json"]  # fmt: skip

    _timed(ask(questions[0]))  # persists the indexes (and warms the file cache)
    spacy_times: list[tuple[float, float]] = []
    cold_times: list[tuple[float, float]] = []
    for n in range(runs):
        spacy_times.append(_timed(spacy_alone))
        cold_times.append(_timed(ask(questions[n % len(questions)])))
    for persisted in (kb / "indexes").glob("*.*.*"):  # the indexes, not the state token
        persisted.unlink()
    rebuilt = _timed(ask(questions[0]))
    return {
        "spacy_alone": _summary(spacy_times),
        "cold_ask": _summary(cold_times),
        "cold_ask_rebuilding_indexes": {"wall": rebuilt[0], "cpu": rebuilt[1]},
        "warm_ask": warm_asks(kb, questions),
        "runs": runs,
        "questions": len(questions),
    }


def warm_asks(kb: Path, questions: list[str]) -> dict[str, float]:
    """Seconds per ask in one process once the pipeline and indexes are loaded."""
    from lgm_rdf.graph import LanguageGraph

    settings = Settings.from_env(kb=kb)
    with LanguageGraph(settings=settings, read_only=True) as graph:
        graph.ask(questions[0], reasoner="offline")  # loads spaCy and the indexes
        times = []
        for question in questions:
            started = time.perf_counter()
            graph.ask(question, reasoner="offline")
            times.append(time.perf_counter() - started)
    return percentiles(times)


def _summary(times: list[tuple[float, float]]) -> dict[str, float]:
    return {
        "wall": statistics.median(t[0] for t in times),
        "cpu": statistics.median(t[1] for t in times),
    }


def report(result: dict[str, Any], kb: Path) -> str:
    """The Markdown table of ``lgm bench ask``."""
    spacy, cold = result["spacy_alone"], result["cold_ask"]
    rebuilt, warm = result["cold_ask_rebuilding_indexes"], result["warm_ask"]
    ratio_wall = cold["wall"] / spacy["wall"]
    ratio_cpu = cold["cpu"] / spacy["cpu"]
    lines = [
        f"### lgm ask start-up ({kb}, {result['runs']} runs, median)",
        "",
        "| | wall s | CPU s | ratio to spaCy alone (wall / CPU) |",
        "|---|---:|---:|---:|",
        f"| load the spaCy pipeline alone (fresh process) | {spacy['wall']:.2f} | "
        f"{spacy['cpu']:.2f} | 1.00 / 1.00 |",
        f"| `lgm ask`, cold (fresh process, persisted indexes) | {cold['wall']:.2f} | "
        f"{cold['cpu']:.2f} | **{ratio_wall:.2f} / {ratio_cpu:.2f}** |",
        f"| `lgm ask`, cold, indexes rebuilt (first ask after a write; one run) | "
        f"{rebuilt['wall']:.2f} | {rebuilt['cpu']:.2f} | {rebuilt['wall'] / spacy['wall']:.2f} / "
        f"{rebuilt['cpu'] / spacy['cpu']:.2f} |",
        "",
        f"Warm ask (one process, {result['questions']} questions): p50 "
        f"{warm['p50'] * 1000:.0f} ms, p90 {warm['p90'] * 1000:.0f} ms.",
        f"Cold-ask ratio (wall) {ratio_wall:.2f}: "
        + ("within" if ratio_wall <= TARGET else "OVER")
        + f" the {TARGET}x target.",
    ]
    return "\n".join(lines)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lgm bench ask``."""
    p.add_argument("--kb", metavar="DIR", help="a learned KB (default: learn the data file first)")
    p.add_argument(
        "--data",
        metavar="FILE",
        help=f"HotpotQA/MuSiQue file of questions (default {DEFAULT_DATA})",
    )
    p.add_argument("--runs", type=int, default=5, help="cold runs of each (default 5)")
    p.add_argument("--questions", type=int, default=20, help="questions asked (default 20)")
    p.add_argument("--json-out", metavar="FILE", help="also write the result as JSON")


def cmd(args: argparse.Namespace) -> int:
    """Run ``lgm bench ask`` and print its report."""
    data = Path(args.data) if args.data else shared_data(DEFAULT_DATA)
    questions = questions_of(data, max(1, args.questions))
    settings = Settings.from_env()
    with tempfile.TemporaryDirectory(prefix="lgm-bench-ask-") as tmp:
        kb = Path(args.kb) if args.kb else Path(tmp) / "kb"
        if not args.kb:
            from lgm_rdf.bench.serving.setup import learn_corpus

            print(f"learning {data} into {kb} ...", file=sys.stderr)
            learn_corpus([data], kb)
        result = run_ask_benchmark(kb, questions, max(1, args.runs), settings.spacy_model)
        print(report(result, kb if args.kb else data))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0
