"""``lgm bench query``: concept expansion and candidate retrieval latency as the KB grows.

For each size (10k, 100k, 1M sentences, ... up to ``--sentences``) a synthetic KB shaped like
learned data (:mod:`lgm_rdf.bench.query.synthetic`) is written as N-Quads, bulk-loaded into an on-disk
Oxigraph store in a temporary directory, and queried with the functions the ask path uses:

* **expand**: ``expand_concepts`` from one seed concept (with the concept index's labels);
* **candidates**: ``fetch_candidates`` called as ``KBRetriever._hits`` calls it: for the
  specific expanded concepts (at most ``max_candidate_sentences`` mentions each), or, when all
  are common, for all of them capped at ``max_candidate_sentences``. (``_hits`` then adds the
  common concepts' matches with ``fetch_mentions``; that step is not timed here.) The concept
  index that tells specific from common is read from the store once per size, timed apart.

Seeds are drawn with a fixed random seed, log-uniformly over the frequency ranks of the concepts
that sentences mention, so very common and very rare concepts are both well represented.
A few warm-up seeds run first and are not counted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import platform
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyoxigraph

from lgm_rdf.bench.query.measure import (
    WARMUP,
    PeakMemory,
    bulk_load,
    directory_bytes,
    pick_seeds,
    query_latencies,
)
from lgm_rdf.bench.query.report import PHASES, format_markdown
from lgm_rdf.bench.query.startup import measure_startup
from lgm_rdf.bench.query.synthetic import SyntheticConfig, SyntheticKB
from lgm_rdf.settings import Settings
from lgm_rdf.store.oxigraph import OxigraphStore

SMALLEST = 10_000


def sizes_for(max_sentences: int, smallest: int = SMALLEST) -> list[int]:
    """Sizes from ``smallest`` up by 10x, ending at ``max_sentences`` (always included)."""
    if max_sentences < 1:
        raise ValueError("--sentences must be at least 1")
    sizes: list[int] = []
    size = max(1, min(smallest, max_sentences))
    while size < max_sentences:
        sizes.append(size)
        size *= 10
    sizes.append(max_sentences)
    return sizes


def measure_size(
    sentences: int,
    seeds: int,
    seed: int,
    settings: Settings,
    workdir: Path,
    keep: bool = False,
    say: Callable[[str], None] = lambda _: None,
    budget: float | None = None,
) -> dict[str, Any]:
    """Generate, bulk-load, start up (in fresh processes) and query one KB of ``sentences``
    sentences."""
    kb = SyntheticKB(SyntheticConfig(sentences=sentences, seed=seed))
    here = workdir / f"kb-{sentences}"
    shutil.rmtree(here, ignore_errors=True)  # a store left by an interrupted run
    here.mkdir(parents=True)
    nquads = here / "kb.nq"
    say(f"{sentences:,} sentences: generating N-Quads")
    t0 = time.perf_counter()
    stats = kb.write_nquads(nquads)
    generate_s = time.perf_counter() - t0
    nquads_bytes = nquads.stat().st_size
    say(
        f"{sentences:,} sentences: bulk-loading {stats.quads:,} quads ({nquads_bytes / 1e6:,.0f} MB)"
    )
    with PeakMemory() as load_mem:
        t0 = time.perf_counter()
        loaded = bulk_load(nquads, here / "store")
        load_s = time.perf_counter() - t0
    nquads.unlink()
    store_bytes = directory_bytes(here / "store")
    say(f"{sentences:,} sentences: start-up (indexes built and persisted, then read back)")
    startup = measure_startup(here / "store")
    picks = pick_seeds(kb, seeds + WARMUP, seed + 1)
    say(f"{sentences:,} sentences: querying {seeds} seed concepts")
    store = OxigraphStore(here / "store")
    try:
        with PeakMemory() as query_mem:
            latencies = query_latencies(store, kb, picks, settings, budget)
    finally:
        store.close()
    if not keep:
        shutil.rmtree(here, ignore_errors=True)
    return {
        "sentences": sentences,
        "vocabulary": kb.size,
        "kb": stats.summary(),
        "quads_loaded": loaded,
        "nquads_bytes": nquads_bytes,
        "generate_seconds": generate_s,
        "load_seconds": load_s,
        "load_quads_per_second": loaded / load_s if load_s else math.nan,
        "startup": startup,
        "store_bytes": store_bytes,
        "peak_rss_load_bytes": load_mem.peak,
        "peak_rss_query_bytes": query_mem.peak,
        **latencies,
    }


def run_query_benchmark(
    max_sentences: int,
    seeds: int = 200,
    *,
    smallest: int = SMALLEST,
    seed: int = 0,
    settings: Settings | None = None,
    workdir: str | Path | None = None,
    keep: bool = False,
    say: Callable[[str], None] = lambda _: None,
    budget: float | None = None,
) -> dict[str, Any]:
    """Measure every size from ``smallest`` up by 10x to ``max_sentences``; a JSON-ready dict."""
    settings = settings or Settings()
    runs = []
    with contextlib.ExitStack() as stack:
        if workdir is None:
            base = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lgm-bench-query-")))
        else:
            base = Path(workdir)
            base.mkdir(parents=True, exist_ok=True)
        for size in sizes_for(max_sentences, smallest):
            run = measure_size(size, seeds, seed, settings, base, keep, say, budget=budget)
            runs.append(run)
            say(
                f"{size:,} sentences: load {run['load_seconds']:.1f} s, "
                f"store {run['store_bytes'] / 1e6:,.0f} MB, "
                f"start-up {run['startup']['build']['total_s']:.1f} s built, "
                f"{run['startup']['load']['total_s']:.1f} s read back, "
                f"{run['seeds_measured']} seeds: expand p50 {run['expand_ms']['p50']:.1f} ms, "
                f"candidates p50 {run['candidates_ms']['p50']:.1f} ms"
            )
    first = runs[0]
    growth = []
    for run in runs:
        row: dict[str, float] = {
            "sentences": run["sentences"],
            "data_ratio": run["sentences"] / first["sentences"],
        }
        for phase in (*PHASES, "ask"):
            base_p50 = first[f"{phase}_ms"]["p50"]
            row[f"{phase}_p50_ratio"] = (
                run[f"{phase}_ms"]["p50"] / base_p50 if base_p50 else math.nan
            )
        growth.append(row)
    return {
        "benchmark": "query",
        "max_sentences": max_sentences,
        "seeds": seeds,
        "warmup": WARMUP,
        "seed": seed,
        "settings": {
            "expand_depth": settings.expand_depth,
            "max_expanded_concepts": settings.max_expanded_concepts,
            "max_candidate_sentences": settings.max_candidate_sentences,
        },
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "pyoxigraph": pyoxigraph.__version__,
        },
        "sizes": runs,
        "growth": growth,
    }


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lgm bench query``."""
    p.add_argument(
        "--sentences",
        type=int,
        default=1_000_000,
        help="largest KB in sentences; sizes go up by 10x from 10,000 (default 1,000,000)",
    )
    p.add_argument("--seeds", type=int, default=200, help="seed concepts per size (default 200)")
    p.add_argument("--smallest", type=int, default=SMALLEST, help="smallest KB (default 10,000)")
    p.add_argument("--random-seed", type=int, default=0, help="seed of KB and seed-concept draws")
    p.add_argument("--json-out", metavar="FILE", help="also write the full result as JSON")
    p.add_argument("--workdir", metavar="DIR", help="where the stores go (default: a temp dir)")
    p.add_argument("--keep", action="store_true", help="keep the stores after measuring")
    p.add_argument(
        "--max-query-seconds",
        type=float,
        default=0,
        help="per size, start no further seed after this long (0 = time every seed)",
    )


def cmd(args: argparse.Namespace) -> int:
    """Run ``lgm bench query`` and print the Markdown report."""
    settings = Settings.from_env()
    result = run_query_benchmark(
        args.sentences,
        seeds=args.seeds,
        smallest=args.smallest,
        seed=args.random_seed,
        settings=settings,
        workdir=args.workdir,
        keep=args.keep,
        say=lambda msg: print(msg, file=sys.stderr, flush=True),
        budget=args.max_query_seconds or None,
    )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(format_markdown(result), end="")
    return 0
