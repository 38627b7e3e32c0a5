"""``lgm bench serve`` on a tiny KB: both servers really run, the report adds up (no timings)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from lgm_rdf.bench.serving.latency import (
    SERVERS,
    answer_rows,
    check_rows,
    format_markdown,
    run_serve_benchmark,
)
from lgm_rdf.bench.serving.setup import (
    BenchError,
    MixQuery,
    learn_corpus,
    oxigraph_binary,
    schedule,
)

pytestmark = pytest.mark.skipif(
    oxigraph_binary() is None,
    reason="the `oxigraph` server binary (PyPI package `oxigraph`) is not installed",
)

DOCS = [
    {
        "id": "apple",
        "title": "Apple",
        "text": "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet. "
        "The apple tree, also known as Malus domestica, grows wild in Central Asia.",
    },
    {
        "id": "violin",
        "title": "Violin",
        "text": "The violin is a string instrument. Violins consist of a body, a neck and "
        "strings. It is played with a bow.",
    },
    {"id": "pear", "title": "Pear", "text": "Pears are a kind of fruit. Pears grow in Europe."},
]
QUERIES = 18


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documents as a JSONL file."""
    path = tmp_path_factory.mktemp("serve-corpus") / "docs.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in DOCS), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def result(corpus: Path, tmp_path_factory: pytest.TempPathFactory, spacy_nlp: Any) -> dict:
    """One run against `lgm serve` as a subprocess, on a KB learned beforehand (--kb)."""
    kb = tmp_path_factory.mktemp("serve-kb") / "kb"
    learn_corpus([corpus], kb, spacy_nlp)
    return run_serve_benchmark(kb=kb, queries=QUERIES, clients=2, warmup=1)


def kinds_of(result: dict) -> list[str]:
    return [*result["mix"], "all"]


def test_report_covers_every_kind_for_both_servers(result: dict) -> None:
    assert result["lgm_server"].startswith("subprocess")
    assert result["quads"] > 100 and result["sizes"]["documents"] == 3
    assert {"concept_by_name", "candidate_sentences", "construct_relations", "stats"} <= set(
        result["mix"]
    )
    for phase in ("sequential", "concurrent"):
        part = result[phase]
        for name in SERVERS:
            assert set(part[name]) == set(kinds_of(result))
            assert part[name]["all"]["n"] == QUERIES
            assert sum(part[name][k]["n"] for k in result["mix"]) == QUERIES
    assert all(v > 0 for v in result["concurrent"]["throughput"].values())


def test_ratios_are_quotients_of_the_measured_figures(result: dict) -> None:
    for phase in ("sequential", "concurrent"):
        part = result[phase]
        for kind in kinds_of(result):
            for key in ("p50", "mean"):
                lgm, ox = part["lgm"][kind][key], part["oxigraph"][kind][key]
                assert part["ratio"][kind][key] == pytest.approx(lgm / ox)
                assert math.isfinite(part["ratio"][kind][key])
    tp = result["concurrent"]["throughput"]
    assert result["concurrent"]["throughput_ratio"] == pytest.approx(tp["lgm"] / tp["oxigraph"])


def test_markdown_lists_kinds_and_ratios(result: dict) -> None:
    text = format_markdown(result)
    for kind in result["mix"]:
        assert f"| {kind} |" in text
    overall = result["sequential"]["ratio"]["all"]["p50"]
    assert f"{overall:.2f}x" in text
    assert "Throughput with 2 clients" in text


def test_learning_a_corpus_with_the_server_in_process(corpus: Path, spacy_nlp: Any) -> None:
    out = run_serve_benchmark(
        [corpus], queries=9, clients=1, in_process=True, warmup=1, nlp=spacy_nlp
    )
    assert out["lgm_server"] == "in-process thread"
    assert out["corpus"] == [str(corpus)] and out["learned"]["sentences"] > 0
    assert out["sequential"]["lgm"]["all"]["n"] == 9


def test_schedule_gives_every_kind_its_share() -> None:
    mix = [MixQuery("a", "1"), MixQuery("a", "2"), MixQuery("b", "3"), MixQuery("c", "4")]
    order = schedule(mix, 30, seed=1)
    assert len(order) == 30
    assert [sum(mix[i].kind == k for i in order) for k in "abc"] == [10, 10, 10]
    assert order.count(0) == order.count(1) == 5
    assert schedule(mix, 30, seed=1) == order


def test_rows_are_counted_and_a_wrong_count_fails() -> None:
    select = MixQuery("x", "SELECT")
    body = json.dumps(
        {
            "head": {"vars": ["a"]},
            "results": {"bindings": [{"a": {"type": "literal", "value": "1"}}] * 2},
        }
    ).encode()
    assert len(answer_rows(select, body)) == 2
    graph = MixQuery("g", "CONSTRUCT", graph=True)
    assert len(answer_rows(graph, b"<urn:a> <urn:b> <urn:c> .\n\n<urn:a> <urn:b> <urn:d> .\n")) == 2
    check_rows(select, body, 2, "lgm")
    with pytest.raises(BenchError, match="lgm returned 2 rows"):
        check_rows(select, body, 3, "lgm")
