"""``lgm bench learn --workers``: the full learn with 1 and 2 worker processes (wall and CPU).

Each configuration learns the same documents into a fresh on-disk KB with the default
pipeline (pattern extractor, no reflection), through ``LanguageGraph.run_learner`` exactly as
``lgm learn --workers N`` runs it. Wall time includes starting the workers (each loads its own
spaCy pipeline); CPU time is this process plus its finished child processes. The quads of
every configuration are compared: the speed-up only counts if the KBs are identical.
"""

from __future__ import annotations

import os
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from lgm_rdf.bench.learning.speed import default_corpus
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import read_paths
from lgm_rdf.settings import Settings


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_workers_benchmark(
    paths: list[str] | None = None, limit: int | None = None, counts: tuple[int, ...] = (1, 2)
) -> dict[str, Any]:
    """Learn the corpus once per worker count; ``text`` is the Markdown report."""
    docs = list(read_paths(paths or [default_corpus()]))
    if limit:
        docs = docs[:limit]
    rows: list[dict[str, Any]] = []
    dumps: list[bytes] = []
    with tempfile.TemporaryDirectory(prefix="lgm-bench-workers-") as tmp:
        for workers in counts:
            settings = Settings(kb=Path(tmp) / f"kb{workers}", extractor="pattern", reflect=False)
            wall, cpu = time.perf_counter(), _cpu_seconds()
            with LanguageGraph(settings=settings) as lg:
                report = lg.run_learner(docs, workers=workers)
                wall, cpu = time.perf_counter() - wall, _cpu_seconds() - cpu
                dumps.append(lg.export(format="nquads") or b"")
            rows.append(
                {
                    "workers": workers,
                    "sentences": report.sentences,
                    "seconds": wall,
                    "cpu_seconds": cpu,
                    "quads": len(dumps[-1].splitlines()),
                }
            )
    same = all(sorted(d.splitlines()) == sorted(dumps[0].splitlines()) for d in dumps)
    base = rows[0]["seconds"]
    for row in rows:
        row["speedup"] = base / row["seconds"] if row["seconds"] else float("nan")
    result: dict[str, Any] = {
        "documents": len(docs),
        "rows": rows,
        "identical_quads": same,
        "load_average": os.getloadavg(),
        "cores": os.cpu_count(),
    }
    result["text"] = format_markdown(result)
    return result


def format_markdown(result: dict[str, Any]) -> str:
    """The result as a Markdown table with the machine's load."""
    first = result["rows"][0]
    lines = [
        f"corpus: {result['documents']} documents, {first['sentences']} sentences; "
        f"{result['cores']} cores",
        "",
        "| workers | wall s | sentences/s | wall speed-up | CPU s | quads |",
        "|--:|--:|--:|--:|--:|--:|",
    ]
    for row in result["rows"]:
        rate = row["sentences"] / row["seconds"] if row["seconds"] else 0.0
        lines.append(
            f"| {row['workers']} | {row['seconds']:.2f} | {rate:.0f} | {row['speedup']:.2f}x | "
            f"{row['cpu_seconds']:.2f} | {row['quads']} |"
        )
    load = ", ".join(f"{v:.2f}" for v in result["load_average"])
    lines += [
        "",
        f"identical quads: {'yes' if result['identical_quads'] else 'NO'}",
        "wall includes starting the workers (each loads spaCy); CPU = this process + workers",
        f"load average after the run (1, 5, 15 min): {load}",
    ]
    return "\n".join(lines)
