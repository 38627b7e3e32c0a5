"""``lgm bench serve``: SPARQL latency of ``lgm serve`` against ``oxigraph serve`` on the same KB.

One run learns a corpus (or reuses a learned KB), dumps its quads as N-Quads, loads them into
``oxigraph serve --union-default-graph`` and starts ``lgm serve`` on the KB (a separate process
by default, as Oxigraph's server is), both on 127.0.0.1. The same client (httpx, one keep-alive
connection per client thread, POST ``application/sparql-query``) then sends the same query mix to
both endpoints: the project's own queries with their values filled in (concept lookup by name,
alias closure and expansion step with VALUES blocks, candidate sentences, a concept's relations
and mention count, a CONSTRUCT of its neighbourhood, the KB statistics and relation counts).

Every query is sent once to each server as a warm-up, and the two answers are compared (row
count and content); then ``queries`` timed requests per server run sequentially, alternating
which server goes first, and again from ``clients`` concurrent threads in rounds that alternate
the order. Every timed answer's row count is checked against the warm-up's. Ratios are
lgm / oxigraph of the medians and of the means measured in this run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx

from lgm_rdf.bench.latency import percentiles
from lgm_rdf.bench.serving.setup import (
    BenchError,
    MixQuery,
    build_mix,
    corpus_kb,
    dump_nquads,
    lgm_server,
    oxigraph_server,
    schedule,
)
from lgm_rdf.ontology import load_query
from lgm_rdf.store.oxigraph import OxigraphStore

SERVERS = ("lgm", "oxigraph")
JSON_RESULTS = "application/sparql-results+json"
NTRIPLES = "application/n-triples"
ROUNDS = 4  # concurrent rounds per server (the order alternates between rounds)


# -- the client -----------------------------------------------------------------------------
def new_client() -> httpx.Client:
    """One keep-alive HTTP client (loopback only: no proxies from the environment)."""
    return httpx.Client(timeout=120, trust_env=False)


def send(client: httpx.Client, url: str, query: MixQuery) -> tuple[float, bytes]:
    """POST one query; the seconds until the whole answer was read, and the answer."""
    headers = {
        "Content-Type": "application/sparql-query",
        "Accept": NTRIPLES if query.graph else JSON_RESULTS,
    }
    started = time.perf_counter()
    response = client.post(url, content=query.text.encode("utf-8"), headers=headers)
    body = response.read()
    seconds = time.perf_counter() - started
    if response.status_code != 200:
        raise BenchError(f"{url} answered {response.status_code} to {query.kind}: {body[:300]!r}")
    return seconds, body


def answer_rows(query: MixQuery, body: bytes) -> list[str]:
    """The answer's rows (solutions or N-Triples lines) in a canonical, sorted form."""
    if query.graph:
        lines = body.decode("utf-8").splitlines()
        return sorted(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    bindings = json.loads(body)["results"]["bindings"]
    return sorted(json.dumps(b, sort_keys=True, ensure_ascii=False) for b in bindings)


def check_rows(query: MixQuery, body: bytes, expected: int, server: str) -> None:
    """Fail loudly when an answer's row count is not the one both servers gave at warm-up."""
    rows = len(answer_rows(query, body))
    if rows != expected:
        raise BenchError(f"{server} returned {rows} rows for {query.kind}, expected {expected}")


def warm_up(urls: dict[str, str], mix: Sequence[MixQuery], passes: int = 2) -> list[int]:
    """Send every query to both servers ``passes`` times; the row counts (they must agree)."""
    expected: list[int] = []
    with new_client() as client:
        for _ in range(passes):
            expected = []
            for query in mix:
                rows = {
                    name: answer_rows(query, send(client, urls[name], query)[1]) for name in SERVERS
                }
                if len(rows["lgm"]) != len(rows["oxigraph"]):
                    raise BenchError(
                        f"row counts differ for {query.kind}: lgm {len(rows['lgm'])}, "
                        f"oxigraph {len(rows['oxigraph'])}\n{query.text}"
                    )
                if rows["lgm"] != rows["oxigraph"]:
                    raise BenchError(f"answers differ for {query.kind}\n{query.text}")
                expected.append(len(rows["lgm"]))
    return expected


Timing = tuple[int, float]  # (index into the mix, seconds)


def run_sequential(
    urls: dict[str, str], mix: Sequence[MixQuery], order: Sequence[int], expected: Sequence[int]
) -> dict[str, list[Timing]]:
    """One request at a time, the servers taking turns (who goes first alternates)."""
    out: dict[str, list[Timing]] = {name: [] for name in SERVERS}
    with new_client() as client:
        for n, i in enumerate(order):
            for name in SERVERS if n % 2 == 0 else SERVERS[::-1]:
                seconds, body = send(client, urls[name], mix[i])
                check_rows(mix[i], body, expected[i], name)
                out[name].append((i, seconds))
    return out


def run_concurrent(
    urls: dict[str, str],
    mix: Sequence[MixQuery],
    order: Sequence[int],
    expected: Sequence[int],
    clients: int,
) -> tuple[dict[str, list[Timing]], dict[str, float]]:
    """``clients`` threads, each with its own connection, take requests from a shared queue.

    The requests are split into rounds; in each round both servers get the same requests,
    one after the other, the first server alternating. Returns timings and wall seconds.
    """
    out: dict[str, list[Timing]] = {name: [] for name in SERVERS}
    wall = dict.fromkeys(SERVERS, 0.0)
    conns = {name: [new_client() for _ in range(clients)] for name in SERVERS}

    def worker(name: str, c: int, queue: list[int], lock: threading.Lock) -> list[Timing]:
        done: list[Timing] = []
        while True:
            with lock:
                if not queue:
                    return done
                i = queue.pop()
            seconds, body = send(conns[name][c], urls[name], mix[i])
            check_rows(mix[i], body, expected[i], name)
            done.append((i, seconds))

    try:
        with ThreadPoolExecutor(max_workers=clients) as pool:
            for name in SERVERS:  # open every connection (untimed)
                list(pool.map(lambda c, n=name: send(conns[n][c], urls[n], mix[0]), range(clients)))
            for r in range(ROUNDS):
                part = list(order[r::ROUNDS])
                for name in SERVERS if r % 2 == 0 else SERVERS[::-1]:
                    queue, lock = part[::-1], threading.Lock()
                    started = time.perf_counter()
                    futures = [pool.submit(worker, name, c, queue, lock) for c in range(clients)]
                    results = [f.result() for f in futures]
                    wall[name] += time.perf_counter() - started
                    out[name].extend(t for done in results for t in done)
    finally:
        for name in SERVERS:
            for conn in conns[name]:
                conn.close()
    return out, wall


# -- summaries ------------------------------------------------------------------------------
def summarise(mix: Sequence[MixQuery], timings: dict[str, list[Timing]]) -> dict[str, Any]:
    """Per kind and overall: p50/p90/p99/max/mean in ms per server, and lgm/oxigraph ratios."""
    kinds = list(dict.fromkeys(q.kind for q in mix)) + ["all"]
    stats: dict[str, dict[str, dict[str, float]]] = {}
    for name in SERVERS:
        stats[name] = {}
        for kind in kinds:
            ms = [s * 1000 for i, s in timings[name] if kind == "all" or mix[i].kind == kind]
            stats[name][kind] = {**percentiles(ms), "n": len(ms)}
    ratio = {
        kind: {
            key: stats["lgm"][kind][key] / stats["oxigraph"][kind][key] for key in ("p50", "mean")
        }
        for kind in kinds
    }
    return {**stats, "ratio": ratio}


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
) -> dict[str, Any]:
    """Learn (or reuse ``kb``), serve it twice, time the same query mix on both; the result.

    ``warmup`` passes of the whole mix go to both servers before timing (their answers are
    compared); ``nlp`` is the NLP backend used for learning (default: the configured one).
    """
    if queries < 1 or clients < 1:
        raise BenchError("--queries and --clients must be at least 1")
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
        say(f"{quads} quads; starting oxigraph serve and lgm serve")
        urls = {
            "oxigraph": stack.enter_context(oxigraph_server(nquads, workdir)),
            "lgm": stack.enter_context(lgm_server(kb, workdir, in_process)),
        }
        expected = warm_up(urls, mix, max(1, warmup))
        order = schedule(mix, queries, seed)
        say(f"sequential: {queries} requests per server")
        sequential = summarise(mix, run_sequential(urls, mix, order, expected))
        say(f"concurrent: {queries} requests per server from {clients} clients")
        timings, wall = run_concurrent(urls, mix, order, expected, clients)
    concurrent = summarise(mix, timings)
    concurrent["throughput"] = {name: queries / wall[name] for name in SERVERS}
    concurrent["throughput_ratio"] = (
        concurrent["throughput"]["lgm"] / concurrent["throughput"]["oxigraph"]
    )
    kinds: dict[str, dict[str, Any]] = {}
    for i, query in enumerate(mix):
        entry = kinds.setdefault(query.kind, {"variants": 0, "rows": []})
        entry["variants"] += 1
        entry["rows"].append(expected[i])
    return {
        "corpus": None if learned is None else [str(p) for p in sources],
        "kb": "learned into a temporary directory" if learned else str(kb),
        "learned": learned,
        "quads": quads,
        "sizes": sizes,
        "queries": queries,
        "clients": clients,
        "seed": seed,
        "lgm_server": "in-process thread" if in_process else "subprocess (lgm serve)",
        "mix": kinds,
        "sequential": sequential,
        "concurrent": concurrent,
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_before": load,
            "load_after": os.getloadavg(),
        },
    }


# -- report ---------------------------------------------------------------------------------
def _ms(value: float) -> str:
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"


def _table(result: dict[str, Any], phase: str) -> list[str]:
    part = result[phase]
    head = (
        "| query kind | n | lgm p50 | p90 | p99 | mean | oxigraph p50 | p90 | p99 | mean "
        "| lgm/oxigraph p50 | mean |"
    )
    lines = [head, "|" + "---|" * 12]
    for kind in [*result["mix"], "all"]:
        lgm, ox, ratio = part["lgm"][kind], part["oxigraph"][kind], part["ratio"][kind]
        cells = [f"**{kind}**" if kind == "all" else kind, str(lgm["n"])]
        for stats in (lgm, ox):
            cells += [_ms(stats[k]) for k in ("p50", "p90", "p99", "mean")]
        cells += [f"{ratio['p50']:.2f}x", f"{ratio['mean']:.2f}x"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def format_markdown(result: dict[str, Any]) -> str:
    """The Markdown report: the query mix, then latency tables (ms) and throughput."""
    sizes = result["sizes"]
    machine = result["machine"]
    source = ", ".join(result["corpus"]) if result["corpus"] else f"KB {result['kb']}"
    lines = [
        "## SPARQL endpoint latency: `lgm serve` vs `oxigraph serve` (one run)",
        "",
        f"KB: {source}; {sizes.get('documents', 0):,} documents, {sizes.get('sentences', 0):,} "
        f"sentences, {sizes.get('concepts', 0):,} concepts, {result['quads']:,} quads "
        "(the same N-Quads loaded into both).",
        f"lgm server: {result['lgm_server']}; oxigraph: `oxigraph serve --union-default-graph` "
        "(subprocess). Client: httpx, keep-alive, POST application/sparql-query, "
        "Accept application/sparql-results+json (CONSTRUCT: application/n-triples); loopback.",
        f"{result['queries']} timed requests per server per phase, after a warm-up in which "
        "every query's answers from both servers were compared (equal rows); every timed "
        "answer's row count checked.",
        f"Machine: {machine['cpus']} CPUs, shared with other work (load average "
        f"{machine['load_before'][0]:.1f} before, {machine['load_after'][0]:.1f} after); "
        "client and both servers on the same cores.",
        "",
        "| query kind | variants | rows per answer |",
        "|---|---|---|",
    ]
    for kind, entry in result["mix"].items():
        rows = entry["rows"]
        lines.append(f"| {kind} | {entry['variants']} | {min(rows)}–{max(rows)} |")
    lines += ["", "### Sequential (one client), latency in ms", ""]
    lines += _table(result, "sequential")
    conc = result["concurrent"]
    lines += ["", f"### {result['clients']} concurrent clients, latency in ms", ""]
    lines += _table(result, "concurrent")
    tp = conc["throughput"]
    lines += [
        "",
        f"Throughput with {result['clients']} clients: lgm {tp['lgm']:.1f} queries/s, "
        f"oxigraph {tp['oxigraph']:.1f} queries/s (lgm/oxigraph {conc['throughput_ratio']:.2f}x).",
    ]
    return "\n".join(lines) + "\n"


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
        say=lambda msg: print(f"lgm: {msg}", file=sys.stderr, flush=True),
    )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(format_markdown(result), end="")
    return 0
