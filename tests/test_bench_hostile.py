"""``lgm bench serve --hostile`` on a tiny KB: both servers are attacked, measured and stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgm_rdf.bench.serving.attacks import Tally
from lgm_rdf.bench.serving.hostile import (
    SERVERS,
    HostileOptions,
    format_hostile,
    run_hostile_benchmark,
)
from lgm_rdf.bench.serving.setup import oxigraph_binary
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.settings import Settings

pytestmark = pytest.mark.skipif(
    oxigraph_binary() is None,
    reason="the `oxigraph` server binary (PyPI package `oxigraph`) is not installed",
)


def test_tally_counts_answers_and_server_errors() -> None:
    tally = Tally()
    tally.record(200, 0.01)
    tally.record(503, 1.0)
    tally.record(None, 2.0, "TimeoutError")
    tally.note("opened")
    assert (tally.sent, tally.answered, tally.server_errors) == (3, 2, 1)
    assert tally.errors == {"TimeoutError": 1} and tally.latencies == [0.01, 1.0]


@pytest.mark.slow
def test_hostile_run_reports_both_servers(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    rows = " ".join(f"<urn:t:s{i}> <urn:t:p> {i} ." for i in range(60))
    with LanguageGraph(kb, settings=Settings()) as graph:
        graph.update(f"INSERT DATA {{ GRAPH <urn:t:g> {{ {rows} }} }}")
    opts = HostileOptions(
        attack=2.0, recovery=1.0, runaway=2, slow=3, half_open=3, timeout=1.0, probes=5
    )
    result = run_hostile_benchmark(kb=kb, opts=opts)
    assert result["quads"] == 60
    for name in SERVERS:
        server = result["servers"][name]
        attack = server["attack"]
        assert attack["probe"]["statuses"].get("200", 0) > 0  # ASK {} answered under attack
        assert attack["runaway"]["sent"] > 0 and attack["malformed"]["sent"] > 0
        assert attack["slow"]["events"]["opened"] >= 3
        assert server["rss_start_mb"] > 0 and server["rss_peak_mb"] > 0
        assert server["stop_seconds"] is not None  # it exited after SIGTERM
    lgm = result["servers"]["lgm"]["attack"]
    assert set(lgm["malformed"]["statuses"]) <= {"400", "408", "413", "431"}
    assert lgm["probe"]["server_errors"] == 0
    report = format_hostile(result)
    assert "| `ASK {}` under attack, p50 / p99 / max (ms) |" in report
    assert report.count("\n| ") >= 14
