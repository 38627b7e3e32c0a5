"""``learn --workers``: the same quads from worker processes, and Ctrl-C during a real learn."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpora import write_corpus

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.parallel import WINDOW_PER_WORKER, WorkerPool
from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def nquads(lg: LanguageGraph) -> list[str]:
    data = lg.export(format="nquads")
    assert data is not None
    return sorted(data.decode("utf-8").splitlines())


@pytest.mark.slow
def test_workers_write_the_same_quads_as_one_process(tmp_path, spacy_nlp) -> None:
    corpus = write_corpus(tmp_path / "notes.jsonl", 20, 5)
    paths = [corpus, ROOT / "data" / "corpus"]
    results = {}
    for workers in (0, 1, 2):
        with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as lg:
            report = lg.learn(paths, workers=workers)
            assert report.learned == 24 and not report.interrupted
            assert report.notes["mention links added"] > 0  # cross-document links happened
            results[workers] = nquads(lg)
    assert results[0] == results[1] == results[2]
    assert len(results[0]) > 1000


def _lgm(*args: str) -> list[str]:
    return [sys.executable, "-m", "lgm_rdf.cli", *args]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("LGM_LLM_MODEL", None)
    return env


def _interrupt_learn(tmp_path: Path, corpus: Path, presses: int) -> tuple[int, str, str]:
    """Run `lgm learn` on a terminal, press Ctrl-C once about half of it is written."""
    master, slave = pty.openpty()  # a terminal for standard error: tqdm shows its progress
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # its width
    proc = subprocess.Popen(
        _lgm("learn", str(corpus), "--kb", str(tmp_path / "kb"), "--workers", "2"),
        stdout=subprocess.PIPE,
        stderr=slave,
        env=_env(),
        start_new_session=True,  # its own process group, like a job in a shell
    )
    os.close(slave)
    seen = b""
    done = 0
    deadline = time.monotonic() + 240
    while done < 50 and time.monotonic() < deadline and proc.poll() is None:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        seen += chunk
        counts = re.findall(rb"(\d+)/100", seen[-400:])
        done = int(counts[-1]) if counts else 0
    assert 50 <= done < 100, seen[-400:]
    for _ in range(presses):  # Ctrl-C goes to the whole foreground group, workers included
        os.killpg(proc.pid, signal.SIGINT)
        time.sleep(0.05)
    try:
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    try:
        while chunk := os.read(master, 4096):
            seen += chunk
    except OSError:
        pass
    os.close(master)
    return proc.returncode, out.decode(), seen.decode(errors="replace")


@pytest.mark.slow
def test_ctrl_c_keeps_every_written_document_complete(tmp_path, spacy_nlp) -> None:
    corpus = write_corpus(tmp_path / "notes.jsonl", 100, 12)
    code, out, err = _interrupt_learn(tmp_path, corpus, presses=1)
    assert code == 130, (out, err)
    assert "Traceback" not in err
    written = int(re.search(r"interrupted: (\d+) documents written", out).group(1))  # type: ignore[union-attr]
    assert 50 <= written < 100
    with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as full:
        full.learn(corpus)
        expected = _sentence_counts(full)
    with LanguageGraph(tmp_path / "kb", nlp=spacy_nlp, read_only=True) as kb:
        stored = _sentence_counts(kb)
    assert len(stored) == written
    assert all(stored[doc] == expected[doc] for doc in stored)
    # learning again finishes the rest and leaves the written documents as they are
    result = subprocess.run(
        _lgm("learn", str(corpus), "--kb", str(tmp_path / "kb"), "--workers", "1"),
        capture_output=True,
        env=_env(),
        timeout=240,
    )
    assert result.returncode == 0, result.stderr
    assert f"{100 - written} learned, {written} unchanged" in result.stdout.decode()


@pytest.mark.slow
def test_second_ctrl_c_quits_at_once_without_traceback(tmp_path) -> None:
    corpus = write_corpus(tmp_path / "notes.jsonl", 100, 12)
    code, _out, err = _interrupt_learn(tmp_path, corpus, presses=2)
    assert code == 130
    assert "Traceback" not in err


def _sentence_counts(lg: LanguageGraph) -> dict[str, int]:
    rows = lg.store.select(
        "SELECT ?doc (COUNT(?s) AS ?n) WHERE { ?s nif:referenceContext ?doc } GROUP BY ?doc"
    )
    return {r["doc"].value: int(r["n"].value) for r in rows}


class CountingDocuments:
    """Documents read lazily from a corpus, counting how many were taken so far."""

    def __init__(self, lg: LanguageGraph, corpus: Path, fail_after: int = 0) -> None:
        self.docs = lg.documents(corpus)
        self.taken = 0
        self.fail_after = fail_after

    def __iter__(self) -> Iterator[SourceDocument]:
        for doc in self.docs:
            if self.fail_after and self.taken == self.fail_after:
                raise OSError("the corpus became unreadable")
            self.taken += 1
            yield doc


@pytest.fixture(scope="module")
def one_worker() -> Iterator[WorkerPool]:
    """One real worker process (it loads spaCy), handed at most 2 batches at a time."""
    with WorkerPool(Settings(), 1) as pool:
        assert pool.window == WINDOW_PER_WORKER == 2
        yield pool


@pytest.mark.slow
def test_workers_read_the_corpus_only_a_window_ahead(tmp_path, spacy_nlp, one_worker) -> None:
    corpus = write_corpus(tmp_path / "notes.jsonl", 30, 2)
    with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as lg:
        docs = CountingDocuments(lg, corpus)
        learner = lg.learner()
        learner.batch_documents = 2
        taken_at_write: list[int] = []
        report = learner.learn(
            docs, workers=one_worker, progress=lambda n: taken_at_write.append(docs.taken)
        )
        assert report.learned == 30 and not report.interrupted
    # when the first document is written, exactly window x batch documents have been read
    assert taken_at_write[0] == 2 * 2
    # and the reading never runs further ahead of the writing than that
    assert all(taken - written <= 4 for written, taken in enumerate(taken_at_write))
    assert taken_at_write[-1] == 30


@pytest.mark.slow
def test_a_failing_corpus_keeps_the_batches_handed_out(tmp_path, spacy_nlp, one_worker) -> None:
    corpus = write_corpus(tmp_path / "notes.jsonl", 12, 2)
    with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as lg:
        docs = CountingDocuments(lg, corpus, fail_after=7)
        learner = lg.learner()
        learner.batch_documents = 2
        with pytest.raises(OSError, match="unreadable"):
            learner.learn(docs, workers=one_worker)
        # the three full batches read before the failure are written, in order
        assert sorted(_sentence_counts(lg)) == [
            lg.minter.document(f"doc-{i:03d}").value for i in range(6)
        ]
