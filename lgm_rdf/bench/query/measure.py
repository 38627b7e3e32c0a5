"""Measurements on one store of ``lgm bench query``: loading, seed draws, timed expansion and
candidate retrieval, peak memory."""

from __future__ import annotations

import math
import random
import resource
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pyoxigraph import RdfFormat, Store

from lgm_rdf.bench.latency import percentiles
from lgm_rdf.bench.query.report import PHASES
from lgm_rdf.bench.query.synthetic import SyntheticKB
from lgm_rdf.settings import Settings
from lgm_rdf.store.oxigraph import OxigraphStore

WARMUP = 3


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
) -> dict[str, Any]:
    """Time expansion, the ask path's candidate step and the walk for each seed (after the
    warm-up ones).

    With ``budget`` (seconds), no further seed is started once the seeds (warm-up included)
    took that long; at least one seed is always timed. The concept index and the propagation
    graph are got as ``KBRetriever`` gets them (read back from ``<kb>/indexes/`` when they were
    persisted for the KB's state, else built from the store); the time that takes is reported.
    """
    from lgm_rdf.retrieve.candidates import fetch_candidates
    from lgm_rdf.retrieve.expand import expand_concepts
    from lgm_rdf.retrieve.linking import ConceptIndex
    from lgm_rdf.retrieve.propagation.build import cached_graph
    from lgm_rdf.retrieve.rank import concept_score

    cap = max(1, settings.max_candidate_sentences)
    index_ms, index = _time(lambda: ConceptIndex.from_store(store))
    graph_ms, graph = _time(lambda: cached_graph(store, index))
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
                store,
                e,
                limit=lim,
                read_at_most=settings.max_candidate_rows,
                priority=lambda concepts: concept_score(concepts, index),
            )
        )
        t_prop, _ = _time(lambda s=seed_terms, h=hits: _propagate(graph, s, h))
        if n < WARMUP:
            continue
        times["propagation"].append(t_prop)
        times["expand"].append(t_exp)
        times["candidates"].append(t_cand)
        sizes["expanded"].append(len(expanded))
        sizes["candidates"].append(len(hits))
        bands.setdefault(band(mentions, cap), []).append(t_exp + t_cand + t_prop)
    return {
        "index_ms": index_ms,
        "index_concepts": len(index.labels),
        "seeds_measured": len(times["expand"]),
        **{f"{p}_ms": percentiles(times[p]) for p in PHASES},
        "graph_ms": graph_ms,
        "graph_nodes": len(graph),
        "graph_edges": graph.edges // 2,
        "ask_ms": percentiles([sum(t) for t in zip(*(times[p] for p in PHASES), strict=True)]),
        **{
            k: {"mean": sum(v) / max(1, len(v)), "max": max(v, default=0)} for k, v in sizes.items()
        },
        "bands": {k: {"seeds": len(v), **percentiles(v)} for k, v in sorted(bands.items())},
    }


def _propagate(graph: Any, seeds: Sequence[tuple[Any, float, str]], hits: Any) -> list[float]:
    """The walk from the seed concepts and the candidates' scores, as ``KBRetriever`` does."""
    scores = graph.personalized_pagerank({node.value: weight for node, weight, _ in seeds})
    return [graph.score_of(scores, sentence) for sentence in hits]
