"""``lgm bench query``: concept expansion and candidate retrieval latency as the KB grows.

For each size (10k, 100k, 1M sentences, ... up to ``--sentences``) a synthetic KB shaped like
learned data (:mod:`lgm_rdf.bench.synthetic`) is written as N-Quads, bulk-loaded into an on-disk
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
import random
import resource
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pyoxigraph
from pyoxigraph import RdfFormat, Store

from lgm_rdf.bench.query_report import PHASES, format_markdown, seconds_text
from lgm_rdf.bench.synthetic import SyntheticConfig, SyntheticKB
from lgm_rdf.settings import Settings
from lgm_rdf.store.oxigraph import OxigraphStore

SMALLEST = 10_000
WARMUP = 3


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


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50, p90, p99 (linear interpolation), max and mean of ``values``."""
    if not values:
        return {
            "p50": math.nan,
            "p90": math.nan,
            "p99": math.nan,
            "max": math.nan,
            "mean": math.nan,
        }
    ordered = sorted(values)

    def at(q: float) -> float:
        pos = q * (len(ordered) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(ordered) - 1)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    return {
        "p50": at(0.5),
        "p90": at(0.9),
        "p99": at(0.99),
        "max": ordered[-1],
        "mean": sum(ordered) / len(ordered),
    }


class PeakMemory:
    """Peak resident memory of this process while the ``with`` block runs (bytes).

    Samples with psutil every 50 ms; without psutil it reports the process's lifetime peak
    (``getrusage``), which never goes down.
    """

    def __init__(self, interval: float = 0.05) -> None:
        self.interval = interval
        self.peak = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _sample(self) -> None:
        import psutil

        proc = psutil.Process()
        while True:
            self.peak = max(self.peak, proc.memory_info().rss)
            if self._stop.wait(self.interval):
                break

    def __enter__(self) -> PeakMemory:
        try:
            import psutil  # noqa: F401

            self._thread = threading.Thread(target=self._sample, daemon=True)
            self._thread.start()
        except ImportError:
            self._thread = None
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        lifetime = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        self.peak = self.peak if self._thread is not None else lifetime


def directory_bytes(path: Path) -> int:
    """Total size of the files under ``path``."""
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def bulk_load(nquads: Path, directory: Path) -> int:
    """Bulk-load an N-Quads file into a new on-disk Oxigraph store; returns its quad count."""
    store = Store(str(directory))
    try:
        store.bulk_load(path=str(nquads), format=RdfFormat.N_QUADS)
        store.flush()
        return len(store)
    finally:
        del store


def pick_seeds(kb: SyntheticKB, count: int, seed: int) -> list[tuple[int, int]]:
    """``count`` (concept rank, mention count) pairs, log-uniform over frequency ranks.

    Only concepts some sentence mentions are eligible; a concept may be drawn more than once.
    """
    counts = kb.stats.mention_counts
    mentioned = sorted((i for i in range(len(counts)) if counts[i]), key=lambda i: (-counts[i], i))
    if not mentioned:
        return []
    rng = random.Random(seed)
    top = math.log(len(mentioned) + 1)
    picks = []
    for _ in range(count):
        r = min(len(mentioned) - 1, int(math.exp(rng.uniform(0.0, top))) - 1)
        picks.append((mentioned[r], counts[mentioned[r]]))
    return picks


def known_index(kb: SyntheticKB) -> Any:
    """The ``ConceptIndex`` of a generated KB from its own labels, counts and titles."""
    from lgm_rdf.retrieve.linking import ConceptIndex

    stats = kb.stats

    def rows() -> Iterator[tuple[str, str, str, int, int]]:
        for i, count in enumerate(stats.mention_counts):
            if count:
                yield kb.iri(i), kb.label(i), "label", count, stats.document_counts[i]
                if kb.surface(i) != kb.label(i):
                    yield kb.iri(i), kb.surface(i), "alt", 0, 0

    titles = [(kb.document_iri(d), kb.document_title(d)) for d in range(stats.documents)]
    return ConceptIndex(rows(), titles)


def band(mentions: int, cap: int) -> str:
    """Frequency band of a seed: common (more sentences than the candidate cap), mid, rare."""
    if mentions > cap:
        return "common"
    return "mid" if mentions >= 10 else "rare"


def _time(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return (time.perf_counter() - t0) * 1000.0, out


def query_latencies(
    store: OxigraphStore,
    kb: SyntheticKB,
    seeds: Sequence[tuple[int, int]],
    settings: Settings,
    budget: float | None = None,
    index_from_store: bool = True,
) -> dict[str, Any]:
    """Time expansion and the ask path's candidate step for each seed (after the warm-up ones).

    With ``budget`` (seconds), no further seed is started once the seeds (warm-up included)
    took that long; at least one seed is always timed. The concept index the candidate step
    needs is read from the store (timed) or, with ``index_from_store=False``, built from the
    generator's own labels and mention counts (the same content, untimed).
    """
    from lgm_rdf.retrieve.candidates import fetch_candidates
    from lgm_rdf.retrieve.expand import expand_concepts
    from lgm_rdf.retrieve.linking import ConceptIndex

    cap = max(1, settings.max_candidate_sentences)
    if index_from_store:
        index_ms, index = _time(lambda: ConceptIndex.from_store(store))
    else:
        index_ms, index = None, known_index(kb)
    times: dict[str, list[float]] = {p: [] for p in PHASES}
    sizes: dict[str, list[int]] = {"expanded": [], "candidates": []}
    bands: dict[str, list[float]] = {}
    started = time.perf_counter()
    for n, (rank, mentions) in enumerate(seeds):
        if budget is not None and n > WARMUP and time.perf_counter() - started > budget:
            break
        seed_terms = [(kb.node(rank), 1.0, kb.label(rank))]
        t_exp, expanded = _time(
            lambda s=seed_terms: expand_concepts(store, s, settings, index.labels)
        )
        # as KBRetriever._hits: the specific concepts' sentences, or capped if all are common
        rare = [c for c in expanded if index.mentions.get(c.concept, 0) <= cap]
        t_cand, hits = _time(
            lambda e=rare or expanded, lim=None if rare else cap: fetch_candidates(
                store, e, limit=lim
            )
        )
        if n < WARMUP:
            continue
        times["expand"].append(t_exp)
        times["candidates"].append(t_cand)
        sizes["expanded"].append(len(expanded))
        sizes["candidates"].append(len(hits))
        bands.setdefault(band(mentions, cap), []).append(t_exp + t_cand)
    return {
        "index_ms": index_ms,
        "index_concepts": len(index.labels),
        "seeds_measured": len(times["expand"]),
        **{f"{p}_ms": percentiles(times[p]) for p in PHASES},
        "ask_ms": percentiles(
            [a + b for a, b in zip(times["expand"], times["candidates"], strict=True)]
        ),
        **{
            k: {"mean": sum(v) / max(1, len(v)), "max": max(v, default=0)} for k, v in sizes.items()
        },
        "bands": {k: {"seeds": len(v), **percentiles(v)} for k, v in sorted(bands.items())},
    }


def measure_size(
    sentences: int,
    seeds: int,
    seed: int,
    settings: Settings,
    workdir: Path,
    keep: bool = False,
    say: Callable[[str], None] = lambda _: None,
    budget: float | None = None,
    index_limit: int | None = None,
) -> dict[str, Any]:
    """Generate, bulk-load and query one KB of ``sentences`` sentences.

    Above ``index_limit`` sentences the concept index is not read from the store (see
    :func:`query_latencies`).
    """
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
    picks = pick_seeds(kb, seeds + WARMUP, seed + 1)
    say(f"{sentences:,} sentences: querying {seeds} seed concepts")
    store = OxigraphStore(here / "store")
    try:
        with PeakMemory() as query_mem:
            from_store = index_limit is None or sentences <= index_limit
            latencies = query_latencies(store, kb, picks, settings, budget, from_store)
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
    index_limit: int | None = None,
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
            run = measure_size(
                size, seeds, seed, settings, base, keep, say, budget=budget, index_limit=index_limit
            )
            runs.append(run)
            say(
                f"{size:,} sentences: load {run['load_seconds']:.1f} s, "
                f"store {run['store_bytes'] / 1e6:,.0f} MB, index {seconds_text(run['index_ms'])} s, "
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
    p.add_argument(
        "--index-up-to",
        type=int,
        default=100_000,
        help="read (and time) the concept index from the store only up to this many sentences; "
        "larger KBs use the generator's index (0 = always read it)",
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
        index_limit=args.index_up_to or None,
    )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(format_markdown(result), end="")
    return 0
