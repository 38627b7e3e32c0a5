"""``lgm bench``: one sub-command per benchmark; each lives in a package of ``lgm_rdf/bench/``.

The benchmark modules are imported by name inside small loader functions, so only ``lgm
bench`` pays for them and a reader (or a tool) still sees which code each sub-command runs.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from types import ModuleType

HELP = {
    "learn": "learn throughput per stage against spaCy parsing alone (one run)",
    "relations": "pattern extractor precision/recall on a gold JSONL file",
    "coref": "pronoun antecedents against the judged HotpotQA sample",
    "retrieval": "supporting-sentence and paragraph recall on a HotpotQA/MuSiQue file, with baselines",
    "query": "expansion and candidate latency on synthetic KBs up to 1M sentences",
    "qa": "EM, F1 and LLM-judge recall of answers, against stuffing (needs an LLM)",
    "serve": "SPARQL endpoint latency of lgm serve, oxigraph serve and Virtuoso (when installed) "
    "on the same KB (one run)",
    "ask": "cold `lgm ask` time against loading the spaCy pipeline alone, and warm ask time",
    "graph": "concept graph of real documents: relations per 1,000 sentences, non-prose share, "
    "junk labels, splits, judged precision",
}


def _relations() -> ModuleType:
    from lgm_rdf.bench.extraction import relations

    return relations


def _retrieval() -> ModuleType:
    from lgm_rdf.bench.retrieval import evaluate

    return evaluate


def _query() -> ModuleType:
    from lgm_rdf.bench.query import scale

    return scale


def _serve() -> ModuleType:
    from lgm_rdf.bench.serving import latency

    return latency


def _qa() -> ModuleType:
    from lgm_rdf.bench.qa import evaluate

    return evaluate


def _ask() -> ModuleType:
    from lgm_rdf.bench.asking import startup

    return startup


def _graph() -> ModuleType:
    from lgm_rdf.bench.graph import measure

    return measure


# the benchmarks that define their own options and run through their ``cmd(args)``
WITH_OPTIONS: dict[str, Callable[[], ModuleType]] = {
    "relations": _relations,
    "retrieval": _retrieval,
    "query": _query,
    "serve": _serve,
    "qa": _qa,
    "ask": _ask,
    "graph": _graph,
}


def add_bench_parser(sub: argparse._SubParsersAction, full: bool = True) -> None:  # type: ignore[type-arg]
    """The ``bench`` sub-command and its benchmarks (``full=False``: without the options of
    the benchmarks that define their own, so their modules are not imported)."""
    bench = sub.add_parser(
        "bench",
        help="measure: learning, extraction, coreference, retrieval, query scale, QA",
        description="Benchmarks print Markdown tables; speeds are ratios against a baseline "
        "measured in the same run.",
    )
    inner = bench.add_subparsers(dest="what", metavar="BENCHMARK", required=True)
    p = inner.add_parser("learn", help=HELP["learn"])
    p.add_argument("paths", nargs="*", metavar="PATH", help="corpus (default: HotpotQA dev file)")
    p.add_argument("--limit", type=int, default=0, help="use only the first N documents")
    p.add_argument(
        "--workers", action="store_true", help="compare 1 and 2 learn worker processes instead"
    )
    p = inner.add_parser("coref", help=HELP["coref"])
    p.add_argument("paths", nargs="*", metavar="FILE", help="HotpotQA file (default dev file)")
    for name, load in WITH_OPTIONS.items():
        p = inner.add_parser(name, help=HELP[name])
        if full:
            load().add_arguments(p)


def cmd_bench(args: argparse.Namespace) -> int:
    """Run ``lgm bench BENCHMARK``."""
    if args.what == "coref":
        from lgm_rdf.bench.extraction import coref

        extra = ["--data", args.paths[0]] if args.paths else []
        return coref.main(["--gold-only", "--errors", *extra])
    if args.what == "learn" and args.workers:
        from lgm_rdf.bench.learning.workers import run_workers_benchmark

        result = run_workers_benchmark(args.paths or None, limit=args.limit or None)
        print(json.dumps(result, indent=2) if args.verbose else result["text"])
        return 0 if result["identical_quads"] else 1
    if args.what == "learn":
        from lgm_rdf.bench.learning.speed import run_learn_benchmark

        result = run_learn_benchmark(args.paths or None, limit=args.limit or None)
        print(json.dumps(result, indent=2) if args.verbose else result["text"])
        return 0
    return int(WITH_OPTIONS[args.what]().cmd(args))
