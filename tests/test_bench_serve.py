"""``lgm bench serve`` on a tiny KB: the servers really run, the report adds up (no timings).

Virtuoso joins when ``virtuoso-t`` is installed; its own test says why it was skipped if not,
and the skip path is tested with Virtuoso hidden from ``PATH``.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from lgm_rdf.bench.serving.client import FAILED, answer_rows, check_rows, turns
from lgm_rdf.bench.serving.latency import choose_engines, run_serve_benchmark
from lgm_rdf.bench.serving.report import format_markdown
from lgm_rdf.bench.serving.setup import (
    BenchError,
    MixQuery,
    learn_corpus,
    oxigraph_binary,
    schedule,
)
from lgm_rdf.bench.serving.virtuoso import missing_reason

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
    """One run against `lgm serve` as a subprocess, on a KB learned beforehand (--kb); every
    engine installed here (Virtuoso too when it is)."""
    kb = tmp_path_factory.mktemp("serve-kb") / "kb"
    learn_corpus([corpus], kb, spacy_nlp)
    return run_serve_benchmark(kb=kb, queries=QUERIES, clients=2, warmup=1)


def kinds_of(result: dict) -> list[str]:
    return [*result["mix"], "all"]


def test_report_covers_every_kind_for_every_server(result: dict) -> None:
    assert result["lgm_server"].startswith("subprocess")
    assert result["quads"] > 100 and result["sizes"]["documents"] == 3
    assert {"concept_by_name", "candidate_sentences", "construct_relations", "stats"} <= set(
        result["mix"]
    )
    for phase in ("sequential", "concurrent"):
        part = result[phase]
        for name in result["engines"]:
            assert set(part[name]) == set(kinds_of(result))
            answered = sum(part[name][k]["n"] for k in result["mix"])
            assert part[name]["all"]["n"] == answered
            # every request was sent to lgm and oxigraph; virtuoso skips those it refused
            assert answered == QUERIES or (name == "virtuoso" and 0 < answered < QUERIES)
    assert all(v > 0 for v in result["concurrent"]["throughput"].values())


def test_ratios_are_quotients_of_the_measured_figures(result: dict) -> None:
    assert result["baseline"] == "oxigraph"
    others = [e for e in result["engines"] if e != "oxigraph"]
    assert "lgm" in others
    for phase in ("sequential", "concurrent"):
        part = result[phase]
        assert set(part["ratio"]) == set(others)
        for name in others:
            for kind in kinds_of(result):
                if name != "lgm":
                    continue  # an engine that refuses queries is compared on the others only
                for key in ("p50", "mean"):
                    got, base = part[name][kind][key], part["oxigraph"][kind][key]
                    assert part["ratio"][name][kind][key] == pytest.approx(got / base)
                    assert math.isfinite(part["ratio"][name][kind][key])
    tp = result["concurrent"]["throughput"]
    for name in others:
        assert result["concurrent"]["throughput_ratio"][name] == pytest.approx(
            tp[name] / tp["oxigraph"]
        )


def test_markdown_lists_kinds_and_ratios(result: dict) -> None:
    text = format_markdown(result)
    for kind in result["mix"]:
        assert f"| {kind} |" in text
    overall = result["sequential"]["ratio"]["lgm"]["all"]["p50"]
    assert f"{overall:.2f}x" in text
    assert "| lgm/oxigraph p50 | mean |" in text
    assert "Throughput with 2 clients" in text


def test_virtuoso_column_over_the_same_kb(result: dict) -> None:
    reason = missing_reason()
    if reason is not None:
        pytest.skip(f"no Virtuoso column: {reason}")
    assert result["engines"] == ["lgm", "oxigraph", "virtuoso"] and not result["skipped"]
    refused = result["errors"]["virtuoso"]
    for phase in ("sequential", "concurrent"):
        part = result[phase]
        for kind in result["mix"]:
            entry = result["row_differences"]["virtuoso"][kind]
            if entry["failed"] == entry["variants"]:  # refused every variant: no figures
                assert kind in refused and part["virtuoso"][kind]["n"] == 0
                assert math.isnan(part["ratio"]["virtuoso"][kind]["p50"])
            elif entry["failed"] == 0:  # answered every request of the kind
                assert part["virtuoso"][kind]["n"] == part["lgm"][kind]["n"] > 0
                assert math.isfinite(part["ratio"]["virtuoso"][kind]["p50"])
    # every query's row count compared with the baseline's, refusals counted apart
    assert len(result["rows"]["virtuoso"]) == len(result["rows"]["oxigraph"])
    diffs = result["row_differences"]["virtuoso"]
    assert set(diffs) == set(result["mix"])
    for kind, entry in diffs.items():
        assert entry["variants"] == result["mix"][kind]["variants"]
    differing = sum(entry["differ"] for entry in diffs.values())
    failed = sum(entry["failed"] for entry in diffs.values())
    assert failed == sum(r == FAILED for r in result["rows"]["virtuoso"])
    same = [
        a == b for a, b in zip(result["rows"]["virtuoso"], result["rows"]["oxigraph"], strict=True)
    ]
    assert differing + failed == same.count(False)
    text = format_markdown(result)
    assert "| virtuoso p50 |" in text and "| virtuoso/oxigraph p50 | mean |" in text
    warned = differing > 0 or bool(refused)
    assert ("virtuoso rows ≠ oxigraph" in text) == warned
    for kind in refused:
        assert f"⚠ virtuoso refused {kind}" in text
    assert "virtuoso/oxigraph" in text.split("Throughput with 2 clients")[1]


def test_without_virtuoso_its_column_is_skipped_with_the_reason(
    corpus: Path, spacy_nlp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Virtuoso hidden from PATH: auto leaves it out and says why; naming it is an error."""
    monkeypatch.setenv("PATH", str(tmp_path))  # oxigraph is found beside this Python
    assert missing_reason() is not None
    with pytest.raises(BenchError, match="cannot run virtuoso: `virtuoso-t` is not installed"):
        run_serve_benchmark([corpus], queries=3, engines="oxigraph,virtuoso")
    out = run_serve_benchmark(
        [corpus], queries=9, clients=1, in_process=True, warmup=1, nlp=spacy_nlp
    )
    assert out["engines"] == ["lgm", "oxigraph"]
    assert "virtuoso-opensource" in out["skipped"]["virtuoso"]
    assert "virtuoso" not in out["sequential"] and "virtuoso" not in out["sequential"]["ratio"]
    text = format_markdown(out)
    assert f"Skipped: virtuoso: {out['skipped']['virtuoso']}." in text
    assert "virtuoso p50" not in text
    # and the learning-a-corpus path with lgm's server in this process
    assert out["lgm_server"] == "in-process thread"
    assert out["corpus"] == [str(corpus)] and out["learned"]["sentences"] > 0
    assert out["sequential"]["lgm"]["all"]["n"] == 9


def test_engine_lists() -> None:
    assert choose_engines("lgm,oxigraph") == (["lgm", "oxigraph"], {})
    assert choose_engines(" oxigraph , lgm ")[0] == ["lgm", "oxigraph"]
    with pytest.raises(BenchError, match="unknown engine 'fuseki'"):
        choose_engines("oxigraph,fuseki")
    with pytest.raises(BenchError, match="must include oxigraph"):
        choose_engines("lgm")


def test_turns_rotate_the_first_engine() -> None:
    assert [turns(["a", "b", "c"], n) for n in range(4)] == [  # type: ignore[arg-type]
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["c", "a", "b"],
        ["a", "b", "c"],
    ]


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
    twice = b"<urn:a> <urn:b> <urn:c> .\n<urn:a> <urn:b> <urn:c> .\n"
    assert len(answer_rows(graph, twice)) == 1  # a graph is a set of triples
    check_rows(select, body, 2, "lgm")
    with pytest.raises(BenchError, match="lgm returned 2 rows"):
        check_rows(select, body, 3, "lgm")
