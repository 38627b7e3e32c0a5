"""The web page of ``lgm serve``, rendered by headless Chromium (skipped without ``chromium``)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import read_text
from lgm_rdf.server.app import STATIC_DIR
from lgm_rdf.settings import Settings
from tests.server_fixtures import APPLES, call, running_server

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "build" / "test-artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (apt-get install chromium)"
)
HOSTILE_CONCEPT = '<img src=x onerror="document.title=1"> "} DROP'


@pytest.fixture(scope="module")
def url(spacy_nlp: Any) -> Iterator[str]:
    """A read-only server over the paper's running example."""
    lg = LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True)
    lg.learn([read_text(APPLES, doc_id="apples", title="Apples")])
    with running_server(lg) as server:
        yield server.url
    lg.close()


def _chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        command = [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            f"--user-data-dir={profile}",
            "--virtual-time-budget=5000",
            *args,
        ]
        return subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "HOME": profile},
        )


def test_static_files_are_served_without_external_references(url: str) -> None:
    page = call(url, "GET", "/")
    assert page.status == 200 and page.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("app.js", "style.css"):
        reply = call(url, "GET", f"/static/{name}")
        assert reply.status == 200
        assert reply.body == (STATIC_DIR / name).read_bytes()
    for path in STATIC_DIR.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), path.name
        assert "innerHTML" not in text and "insertAdjacentHTML" not in text, path.name
    assert call(url, "GET", "/static/../graph.py").status == 404
    assert call(url, "GET", "/static/index.html").status == 404
    assert call(url, "POST", "/", body="", headers={"Content-Length": "0"}).status == 405


@needs_chromium
def test_page_answers_and_draws_the_concept_graph(url: str) -> None:
    query = urlencode({"q": "What are apples rich in?", "concept": "apple"})
    result = _chromium("--window-size=1200,900", "--dump-dom", f"{url}/?{query}")
    dom = result.stdout
    assert "<svg" in dom, result.stderr[-2000:]
    answer = re.search(r'<p id="answer-text" class="answer">(.*?)</p>', dom, re.S)
    assert answer and "Apples are a type of fruit." in answer.group(1)
    supports = re.search(r'<ol id="supports" class="supports">(.*?)</ol>', dom, re.S)
    assert supports is not None
    assert "Fruits contain many vitamins." in supports.group(1)
    assert "— Apples" in supports.group(1) and ">fruit</button>" in supports.group(1)
    graph = re.search(r'<svg[^>]*class="graph".*?</svg>', dom, re.S)
    assert graph is not None
    labels = re.findall(r'class="node-label[^"]*"[^>]*>([^<]*)</text>', graph.group(0))
    assert set(labels) >= {"apple", "fruit", "vitamin"}
    assert "is a" in graph.group(0) and "part of (inherited) via fruit" in graph.group(0)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "web-page.png"
    shot.unlink(missing_ok=True)
    _chromium("--window-size=1200,1500", f"--screenshot={shot}", f"{url}/?{query}")
    assert shot.exists() and shot.stat().st_size > 10_000


@needs_chromium
def test_page_shows_hostile_names_as_text(url: str) -> None:
    query = urlencode({"q": HOSTILE_CONCEPT, "concept": HOSTILE_CONCEPT})
    dom = _chromium("--window-size=1200,900", "--dump-dom", f"{url}/?{query}").stdout
    assert "<img" not in dom  # shown as text, never parsed as markup
    assert "&lt;img src=x" in dom
    assert "<title>lgm_rdf" in dom  # the onerror handler never ran
    assert "is known" in dom  # the concept box says no such concept
