"""Reliability: queries racing a learn through the server, and a learn killed mid-way."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pyoxigraph import Store

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.ontology import PREFIXES
from lgm_rdf.settings import Settings
from tests.server_fixtures import TOKEN, call, interruptible, post_json, running_server

ROOT = Path(__file__).resolve().parents[1]
SENTENCES_PER_TITLE = (
    "SELECT ?doc (COUNT(DISTINCT ?s) AS ?n) WHERE { "
    "GRAPH ?doc { ?doc a lgm:Document . ?s a nif:Sentence } } GROUP BY ?doc"
)
THREADS = 8
MIN_QUERIES = 25
DOCS = 240  # files in the corpus the killed learn reads (enough that it cannot finish first)


def _doc_text(k: int, sentences: int) -> str:
    return " ".join(f"Widget{k} model {j} is a kind of gadget." for j in range(sentences))


@pytest.fixture()
def graph(spacy_nlp: Any) -> Iterator[LanguageGraph]:
    """An empty in-memory KB."""
    lg = LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True)
    yield lg
    lg.close()


def _counts(url: str) -> dict[str, int]:
    reply = call(url, "GET", "/sparql", {"query": SENTENCES_PER_TITLE})
    if reply.status != 200:
        raise AssertionError(f"query failed: {reply.status} {reply.text}")
    rows = reply.json()["results"]["bindings"]
    return {r["doc"]["value"]: int(r["n"]["value"]) for r in rows}


def test_queries_during_learn_see_whole_documents(graph: LanguageGraph) -> None:
    documents = [
        {"id": f"widget-{k}", "title": f"Widget {k}", "text": _doc_text(k, 3 + 2 * k)}
        for k in range(6)
    ]
    # (when the query was sent, when its answer came, what it saw)
    observations: list[tuple[float, float, dict[str, int]]] = []
    errors: list[str] = []
    learn_done = threading.Event()
    window: dict[str, float] = {}

    with running_server(graph, Settings(server_token=TOKEN)) as server:

        def reader() -> None:
            done = 0
            while done < MIN_QUERIES or (not learn_done.is_set() and done < 3000):
                try:
                    sent = time.monotonic()
                    seen = _counts(server.url)
                    observations.append((sent, time.monotonic(), seen))
                except Exception as exc:  # noqa: BLE001 - collected and asserted below
                    errors.append(repr(exc))
                done += 1

        def learner() -> None:
            window["start"] = time.monotonic()
            reply = post_json(server.url, "/learn", {"documents": documents}, token=TOKEN)
            window["end"] = time.monotonic()
            if reply.status != 200:
                errors.append(f"learn: {reply.status} {reply.text}")
            learn_done.set()

        threads = [threading.Thread(target=reader) for _ in range(THREADS)]
        threads.append(threading.Thread(target=learner))
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        final = _counts(server.url)

    assert errors == []
    assert len(observations) >= THREADS * MIN_QUERIES
    full = {f"urn:lgm:doc:widget-{k}": 3 + 2 * k for k in range(6)}
    assert final == full  # every sentence was stored
    # a query overlapping the learn (one sent before it and answered after it counts: the
    # server may hold queries while a document is written)
    during = [o for t0, t1, o in observations if t0 <= window["end"] and t1 >= window["start"]]
    assert during, "no query ran while the learn was in progress"
    for _, _, seen in observations:
        for doc, n in seen.items():
            assert n == full[doc], f"{doc} seen with {n} of {full[doc]} sentences"


def _write_corpus(folder: Path, count: int) -> None:
    folder.mkdir()
    for i in range(count):
        text = (
            f"Gizmo{i} is a kind of device. The gizmo{i} contains a sprocket{i}. "
            f"Every gizmo{i} is blue.\n"
        )
        (folder / f"doc{i:03d}.txt").write_text(text, encoding="utf-8")


def _stored_counts(store: Store) -> dict[str, int]:
    rows = store.query(SENTENCES_PER_TITLE, use_default_graph_as_union=True, prefixes=PREFIXES)
    return {row["doc"].value: int(row["n"].value) for row in rows}  # type: ignore[union-attr,index]


def _learn_command(corpus: Path, kb: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "lgm_rdf.cli",
        "learn",
        str(corpus),
        "--kb",
        str(kb),
        "--no-progress",
    ]


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LGM_", "OPENAI_"))}
    env["LGM_NLP_BATCH_SIZE"] = "4"  # small batches: documents are written one after another
    return env


def test_learn_killed_midway_leaves_whole_documents(tmp_path: Path, spacy_nlp: Any) -> None:
    corpus, kb = tmp_path / "corpus", tmp_path / "kb"
    _write_corpus(corpus, DOCS)
    clean = LanguageGraph(settings=Settings(nlp_batch_size=4), nlp=spacy_nlp, in_memory=True)
    clean.learn([corpus])
    expected = _stored_counts(clean.store._store)  # type: ignore[attr-defined]
    clean.close()
    assert len(expected) == DOCS

    process = subprocess.Popen(
        _learn_command(corpus, kb),
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    stored_at_kill = 0
    deadline = time.monotonic() + 120
    try:
        while time.monotonic() < deadline and process.poll() is None:
            try:
                snapshot = Store.read_only(str(kb))
                stored_at_kill = len(_stored_counts(snapshot))
                del snapshot
            except (OSError, RuntimeError):
                stored_at_kill = 0  # the writer has not created the store yet
            if stored_at_kill:
                os.kill(process.pid, signal.SIGKILL)
                break
            time.sleep(0.05)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)
    assert process.returncode == -signal.SIGKILL, "the learn ended before it could be killed"

    reopened = LanguageGraph(kb, settings=Settings())
    try:
        after_kill = _stored_counts(reopened.store._store)  # type: ignore[attr-defined]
    finally:
        reopened.close()
    print(f"documents stored when killed: {len(after_kill)} of {len(expected)}")
    assert 0 < len(after_kill) < len(expected)
    for doc, n in after_kill.items():
        assert n == expected[doc], f"{doc}: {n} of {expected[doc]} sentences after the kill"

    rerun = subprocess.run(
        _learn_command(corpus, kb),
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert rerun.returncode == 0, rerun.stderr
    final = Store.read_only(str(kb))
    assert _stored_counts(final) == expected


SERVE_SCRIPT = """
import argparse, sys
from lgm_rdf.cli.serve import add_serve_parser, cmd_serve
parser = argparse.ArgumentParser(prog="lgm")
add_serve_parser(parser.add_subparsers(dest="command"))
sys.exit(cmd_serve(parser.parse_args(sys.argv[1:])))
"""


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_serve_stops_cleanly_and_releases_the_store(tmp_path: Path, stop_signal: int) -> None:
    kb = tmp_path / "kb"
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE_SCRIPT, "serve", "--kb", str(kb), "--port", "0", "--create"],
        cwd=ROOT,
        env=_env(),
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=interruptible,
    )
    try:
        assert process.stderr is not None
        banner = process.stderr.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+)/", banner)
        assert match, banner
        reply = call(match.group(1), "GET", "/sparql", {"query": "ASK { ?s ?p ?o }"})
        assert reply.status == 200 and reply.json()["boolean"] is False
        process.send_signal(stop_signal)
        _, rest = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, rest
    assert '"GET /sparql?query=' in rest  # one log line per request
    assert "knowledge base closed" in rest
    LanguageGraph(kb, settings=Settings()).close()  # the lock was released
