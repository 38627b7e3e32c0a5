"""``lgm bench serve``: SPARQL latency of ``lgm serve``, ``oxigraph serve`` and Virtuoso on one KB.

One run learns a corpus (or reuses a learned KB), dumps its quads as N-Quads, loads them into
``oxigraph serve --union-default-graph`` (the baseline of every ratio) and, when it is
installed, into Virtuoso Open-Source (``virtuoso-t``, bulk loader), and starts ``lgm serve``
on the KB (a separate process by default, as the other servers are), all on 127.0.0.1. The
same client (httpx, one keep-alive connection per client thread, POST) then sends the same
query mix to every endpoint: the project's own queries with their values filled in (concept
lookup by name, alias closure and expansion step with VALUES blocks, candidate sentences, a
concept's relations and mention count, a CONSTRUCT of its neighbourhood, the KB statistics
and relation counts). Every engine answers over the union of all graphs as its default graph
(Oxigraph by ``--union-default-graph``, Virtuoso by default, its schema graph hidden).

Every query is sent to each server as a warm-up and the answers are compared with the
baseline's (see ``client``); then ``queries`` timed requests per server run sequentially, the
engines taking turns (who goes first rotates), and again from ``clients`` concurrent threads
in rounds that rotate the order. Ratios are engine / oxigraph of the medians and of the means
measured in this run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from lgm_rdf.bench.serving.client import Endpoint, run_concurrent, run_sequential, warm_up
from lgm_rdf.bench.serving.report import format_markdown, row_differences, summarise
from lgm_rdf.bench.serving.setup import (
    BenchError,
    build_mix,
    corpus_kb,
    dump_nquads,
    lgm_server,
    oxigraph_server,
    schedule,
)
from lgm_rdf.bench.serving.virtuoso import missing_reason, virtuoso_server
from lgm_rdf.ontology import load_query
from lgm_rdf.store.oxigraph import OxigraphStore
from lgm_rdf.store.sparql import VIRTUOSO_EXCLUDE

ENGINES = ("lgm", "oxigraph", "virtuoso")
BASELINE = "oxigraph"


def choose_engines(spec: str = "auto") -> tuple[list[str], dict[str, str]]:
    """The engines to run and the ones skipped, with a one-line reason each.

    ``auto``: lgm and oxigraph, plus virtuoso when it is installed (else skipped). A list
    (``lgm,oxigraph,virtuoso``) runs exactly those; it must contain the baseline, and an
    engine that is listed but not installed is an error.
    """
    skipped: dict[str, str] = {}
    if spec == "auto":
        reason = missing_reason()
        if reason is not None:
            skipped["virtuoso"] = reason
        return [e for e in ENGINES if e not in skipped], skipped
    names = [n.strip() for n in spec.split(",") if n.strip()]
    unknown = [n for n in names if n not in ENGINES]
    if unknown:
        raise BenchError(f"unknown engine {unknown[0]!r}; choose among {', '.join(ENGINES)}")
    if BASELINE not in names:
        raise BenchError(f"--engines must include {BASELINE} (the baseline of the ratios)")
    reason = missing_reason() if "virtuoso" in names else None
    if reason is not None:
        raise BenchError(f"cannot run virtuoso: {reason}")
    return [e for e in ENGINES if e in names], skipped


def run_serve_benchmark(
    paths: Sequence[str | Path] | None = None,
    kb: str | Path | None = None,
    queries: int = 300,
    clients: int = 4,
    seed: int = 0,
    in_process: bool = False,
    warmup: int = 2,
    nlp: Any = None,
    say: Callable[[str], None] = lambda msg: None,
    engines: str = "auto",
) -> dict[str, Any]:
    """Learn (or reuse ``kb``), serve it on every engine, time the same query mix; the result.

    ``warmup`` passes of the whole mix go to every server before timing (their answers are
    compared); ``nlp`` is the NLP backend used for learning (default: the configured one);
    ``engines`` is ``auto`` or a comma-separated list (see ``choose_engines``).
    """
    if queries < 1 or clients < 1:
        raise BenchError("--queries and --clients must be at least 1")
    names, skipped = choose_engines(engines)
    for name, reason in skipped.items():
        say(f"skipping {name}: {reason}")
    load = os.getloadavg()
    with ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lgm-bench-serve-")))
        kb, sources, learned = corpus_kb(paths, kb, workdir, say, nlp)
        nquads, quads = dump_nquads(kb, workdir)
        store = OxigraphStore(kb, read_only=True)
        try:
            sizes = {k: int(v.value) for k, v in store.select(load_query("stats"))[0].items()}
            mix = build_mix(store, seed)
        finally:
            store.close()
        say(f"{quads} quads; starting {', '.join(names)}")
        endpoints: list[Endpoint] = []
        for name in names:
            if name == "oxigraph":
                url = stack.enter_context(oxigraph_server(nquads, workdir))
                endpoints.append(Endpoint(name, url))
            elif name == "lgm":
                url = stack.enter_context(lgm_server(kb, workdir, in_process))
                endpoints.append(Endpoint(name, url))
            else:
                url = stack.enter_context(virtuoso_server(nquads, quads, workdir))
                endpoints.append(Endpoint(name, url, True, VIRTUOSO_EXCLUDE, exact=False))
        for endpoint in endpoints:
            endpoint.encode(mix)
        expected, errors = warm_up(endpoints, mix, BASELINE, max(1, warmup))
        for name, failed in errors.items():
            for kind, error in {mix[i].kind: e for i, e in failed.items()}.items():
                say(f"{name} refused {kind} (left out of its timings): {error}")
        order = schedule(mix, queries, seed)
        say(f"sequential: {queries} requests per server")
        sequential = summarise(
            mix, run_sequential(endpoints, mix, order, expected), BASELINE, expected
        )
        say(f"concurrent: {queries} requests per server from {clients} clients")
        timings, wall = run_concurrent(endpoints, mix, order, expected, clients)
    concurrent = summarise(mix, timings, BASELINE, expected)
    # requests answered per second (an engine's refused queries are not sent to it)
    concurrent["throughput"] = {name: len(timings[name]) / wall[name] for name in names}
    concurrent["throughput_ratio"] = {
        name: concurrent["throughput"][name] / concurrent["throughput"][BASELINE]
        for name in names
        if name != BASELINE
    }
    kinds: dict[str, dict[str, Any]] = {}
    for i, query in enumerate(mix):
        entry = kinds.setdefault(query.kind, {"variants": 0, "rows": []})
        entry["variants"] += 1
        entry["rows"].append(expected[BASELINE][i])
    return {
        "corpus": None if learned is None else [str(p) for p in sources],
        "kb": "learned into a temporary directory" if learned else str(kb),
        "learned": learned,
        "quads": quads,
        "sizes": sizes,
        "queries": queries,
        "clients": clients,
        "seed": seed,
        "engines": names,
        "baseline": BASELINE,
        "skipped": skipped,
        "lgm_server": "in-process thread" if in_process else "subprocess (lgm serve)",
        "mix": kinds,
        "rows": expected,
        "row_differences": row_differences(mix, expected, BASELINE),
        "errors": {
            name: {mix[i].kind: e for i, e in failed.items()} for name, failed in errors.items()
        },
        "sequential": sequential,
        "concurrent": concurrent,
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_before": load,
            "load_after": os.getloadavg(),
        },
    }


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lgm bench serve``."""
    p.add_argument(
        "paths", nargs="*", metavar="FILE", help="corpus to learn (default: HotpotQA dev file)"
    )
    p.add_argument("--kb", metavar="DIR", help="use this learned KB instead of learning a corpus")
    p.add_argument(
        "--queries", type=int, default=300, help="timed requests per server per phase (300)"
    )
    p.add_argument("--clients", type=int, default=4, help="concurrent clients (default 4)")
    p.add_argument(
        "--warmup", type=int, default=2, help="untimed passes of the whole mix first (default 2)"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the concept picks and the order")
    p.add_argument(
        "--in-process",
        action="store_true",
        help="run lgm's server in a thread of this process (default: an `lgm serve` subprocess)",
    )
    p.add_argument(
        "--engines",
        default="auto",
        metavar="LIST",
        help="servers to compare, comma-separated among lgm,oxigraph,virtuoso (oxigraph, the "
        "baseline of the ratios, is required). Default auto: lgm and oxigraph, plus Virtuoso "
        "when `virtuoso-t` is installed (Debian package virtuoso-opensource); otherwise its "
        "column is skipped with the reason. Naming virtuoso when it is absent is an error",
    )
    p.add_argument("--json-out", metavar="FILE", help="also write the full result as JSON")
    hostile = p.add_argument_group("hostile clients (--hostile)")
    hostile.add_argument(
        "--hostile",
        action="store_true",
        help="instead of latency: ASK {} latency, memory and shutdown under runaway queries, "
        "slow, stalled and malformed requests",
    )
    hostile.add_argument("--attack", type=float, default=20.0, help="seconds of attack (20)")
    hostile.add_argument("--recovery", type=float, default=10.0, help="seconds watched after (10)")
    hostile.add_argument("--runaway", type=int, default=4, help="runaway-query clients (4)")
    hostile.add_argument("--slow", type=int, default=64, help="slowloris connections (64)")
    hostile.add_argument("--half-open", type=int, default=64, help="stalled connections (64)")
    hostile.add_argument("--timeout", type=float, default=5.0, help="query timeout of both (5 s)")


def cmd(args: argparse.Namespace) -> int:
    """Run ``lgm bench serve`` and print the Markdown report."""
    if args.kb and args.paths:
        raise BenchError("give either a corpus to learn or --kb, not both")
    if args.hostile:
        from lgm_rdf.bench.serving import hostile

        return hostile.cmd(args)
    result = run_serve_benchmark(
        args.paths or None,
        kb=args.kb,
        queries=args.queries,
        clients=args.clients,
        seed=args.seed,
        in_process=args.in_process,
        warmup=args.warmup,
        engines=args.engines,
        say=lambda msg: print(f"lgm: {msg}", file=sys.stderr, flush=True),
    )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(format_markdown(result), end="")
    return 0
