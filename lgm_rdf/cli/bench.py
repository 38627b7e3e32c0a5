"""``lgm bench``: one sub-command per benchmark; each lives in ``lgm_rdf/bench/``."""

from __future__ import annotations

import argparse
import importlib
import json

# sub-command → (module under lgm_rdf.bench, help)
BENCHMARKS = {
    "learn": ("learn_speed", "learn throughput per stage against spaCy parsing alone (one run)"),
    "relations": ("relations_eval", "pattern extractor precision/recall on a gold JSONL file"),
    "coref": ("coref_eval", "pronoun antecedents against the judged HotpotQA sample"),
    "retrieval": (
        "retrieval_eval",
        "supporting-sentence and paragraph recall on a HotpotQA/MuSiQue file, with baselines",
    ),
    "query": ("query_scale", "expansion and candidate latency on synthetic KBs up to 1M sentences"),
    "qa": ("qa_eval", "EM, F1 and LLM-judge recall of answers, against stuffing (needs an LLM)"),
    "serve": (
        "serve_latency",
        "SPARQL endpoint latency of lgm serve against oxigraph serve on the same KB (one run)",
    ),
}


def add_bench_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``bench`` sub-command and its benchmarks."""
    bench = sub.add_parser(
        "bench",
        help="measure: learning, extraction, coreference, retrieval, query scale, QA",
        description="Benchmarks print Markdown tables; speeds are ratios against a baseline "
        "measured in the same run.",
    )
    inner = bench.add_subparsers(dest="what", metavar="BENCHMARK", required=True)
    p = inner.add_parser("learn", help=BENCHMARKS["learn"][1])
    p.add_argument("paths", nargs="*", metavar="PATH", help="corpus (default: HotpotQA dev file)")
    p.add_argument("--limit", type=int, default=0, help="use only the first N documents")
    p = inner.add_parser("relations", help=BENCHMARKS["relations"][1])
    p.add_argument("paths", nargs="*", metavar="FILE", help="gold JSONL (default relations_dev)")
    p = inner.add_parser("coref", help=BENCHMARKS["coref"][1])
    p.add_argument("paths", nargs="*", metavar="FILE", help="HotpotQA file (default dev file)")
    for name in ("retrieval", "query", "serve", "qa"):
        module = _module(name)
        module.add_arguments(inner.add_parser(name, help=BENCHMARKS[name][1]))


def _module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(f"lgm_rdf.bench.{BENCHMARKS[name][0]}")


def cmd_bench(args: argparse.Namespace) -> int:
    """Run ``lgm bench BENCHMARK``."""
    if args.what == "relations":
        return _module("relations").main(args.paths[:1])
    if args.what == "coref":
        extra = ["--data", args.paths[0]] if args.paths else []
        return _module("coref").main(["--gold-only", "--errors", *extra])
    if args.what == "learn":
        result = _module("learn").run_learn_benchmark(args.paths or None, limit=args.limit or None)
        print(json.dumps(result, indent=2) if args.verbose else result["text"])
        return 0
    return _module(args.what).cmd(args)
