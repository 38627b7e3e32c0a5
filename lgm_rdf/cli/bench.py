"""``lgm bench``: one sub-command per benchmark; each lives in a package of ``lgm_rdf/bench/``."""

from __future__ import annotations

import argparse
import importlib
import json
from types import ModuleType

HELP = {
    "learn": "learn throughput per stage against spaCy parsing alone (one run)",
    "relations": "pattern extractor precision/recall on a gold JSONL file",
    "coref": "pronoun antecedents against the judged HotpotQA sample",
    "retrieval": "supporting-sentence and paragraph recall on a HotpotQA/MuSiQue file, with baselines",
    "query": "expansion and candidate latency on synthetic KBs up to 1M sentences",
    "qa": "EM, F1 and LLM-judge recall of answers, against stuffing (needs an LLM)",
    "serve": "SPARQL endpoint latency of lgm serve against oxigraph serve on the same KB (one run)",
    "ask": "cold `lgm ask` time against loading the spaCy pipeline alone, and warm ask time",
}

# the benchmarks that define their own options and run through their ``cmd(args)``; imported
# only when ``lgm bench`` runs, so other commands start without them
WITH_OPTIONS = {
    "retrieval": "lgm_rdf.bench.retrieval.evaluate",
    "query": "lgm_rdf.bench.query.scale",
    "serve": "lgm_rdf.bench.serving.latency",
    "qa": "lgm_rdf.bench.qa.evaluate",
    "ask": "lgm_rdf.bench.asking.startup",
}


def _module(name: str) -> ModuleType:
    return importlib.import_module(WITH_OPTIONS[name])


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
    p = inner.add_parser("relations", help=HELP["relations"])
    p.add_argument("paths", nargs="*", metavar="FILE", help="gold JSONL (default relations_dev)")
    p = inner.add_parser("coref", help=HELP["coref"])
    p.add_argument("paths", nargs="*", metavar="FILE", help="HotpotQA file (default dev file)")
    for name in WITH_OPTIONS:
        p = inner.add_parser(name, help=HELP[name])
        if full:
            _module(name).add_arguments(p)


def cmd_bench(args: argparse.Namespace) -> int:
    """Run ``lgm bench BENCHMARK``."""
    if args.what == "relations":
        from lgm_rdf.bench.extraction import relations

        return relations.main(args.paths[:1])
    if args.what == "coref":
        from lgm_rdf.bench.extraction import coref

        extra = ["--data", args.paths[0]] if args.paths else []
        return coref.main(["--gold-only", "--errors", *extra])
    if args.what == "learn":
        from lgm_rdf.bench.learning.speed import run_learn_benchmark

        result = run_learn_benchmark(args.paths or None, limit=args.limit or None)
        print(json.dumps(result, indent=2) if args.verbose else result["text"])
        return 0
    return int(_module(args.what).cmd(args))
