"""Start-up of asking over a KB, each in a fresh process: the indexes asking needs (the
concept index and the propagation graph) built from the store and persisted beside it, as the
first ask after a write does, then read back from ``<kb>/indexes/``, as every later start does.

``python -m lgm_rdf.bench.query.startup KB`` opens the KB read-only, gets both indexes the way
``KBRetriever`` does and prints one JSON line: seconds per step and the process's peak RSS.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def measure_startup(kb: Path) -> dict[str, Any]:
    """Two fresh processes over ``kb``: the first builds and persists the indexes (none may be
    persisted yet), the second reads them back. Returns ``{"build": …, "load": …}``."""
    return {"build": _in_fresh_process(kb), "load": _in_fresh_process(kb)}


def _in_fresh_process(kb: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "lgm_rdf.bench.query.startup", str(kb)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the start-up probe on {kb} failed: {tail}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def start(kb: Path) -> dict[str, Any]:
    """Open ``kb`` and get its concept index and propagation graph; the timings and peak RSS."""
    from lgm_rdf.retrieve.linking import ConceptIndex
    from lgm_rdf.retrieve.propagation.build import cached_graph
    from lgm_rdf.store.oxigraph import OxigraphStore

    persisted = sorted(p.name for p in (kb / "indexes").glob("*.*.*"))  # name.token.key.ext
    t0 = time.perf_counter()
    store = OxigraphStore(kb, read_only=True)
    t1 = time.perf_counter()
    try:
        index = ConceptIndex.from_store(store)
        t2 = time.perf_counter()
        graph = cached_graph(store, index)
        t3 = time.perf_counter()
    finally:
        store.close()
    return {
        "open_s": t1 - t0,
        "index_s": t2 - t1,
        "graph_s": t3 - t2,
        "total_s": t3 - t0,
        "peak_rss_mb": peak_rss_mb(),
        "concepts": len(index.labels),
        "graph_nodes": len(graph),
        "graph_edges": graph.edges // 2,
        "persisted_before": persisted,  # index files there when the process started
    }


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: ``VmHWM`` of ``/proc/self/status`` (it
    belongs to this program's memory since its ``exec``; ``ru_maxrss`` keeps the peak of the
    parent that forked it), else ``ru_maxrss``."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: Sequence[str] | None = None) -> int:
    """Print the start-up of the KB named on the command line as one JSON line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m lgm_rdf.bench.query.startup KB", file=sys.stderr)
        return 2
    print(json.dumps(start(Path(args[0]))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
