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
from tests.cdp import HEADLESS_FLAGS, Browser
from tests.server_fixtures import APPLES, call, running_server

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "build" / "test-artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (apt-get install chromium)"
)
HOSTILE_CONCEPT = '<img src=x onerror="document.title=1"> "} DROP'


def _serve(nlp: Any, text: str, doc_id: str, title: str) -> Iterator[str]:
    """The URL of a read-only server over one document learned in memory."""
    lg = LanguageGraph(settings=Settings(), nlp=nlp, in_memory=True)
    lg.learn([read_text(text, doc_id=doc_id, title=title)])
    with running_server(lg) as server:
        yield server.url
    lg.close()


@pytest.fixture(scope="module")
def url(spacy_nlp: Any) -> Iterator[str]:
    """A read-only server over the paper's running example."""
    yield from _serve(spacy_nlp, APPLES, "apples", "Apples")


def _chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        command = [
            CHROMIUM,
            *HEADLESS_FLAGS,
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
    supports = re.search(r'<ol id="supports" class="supports">(.*?)</ol>\s*</div>', dom, re.S)
    assert supports is not None
    assert "Fruits contain many vitamins." in supports.group(1)
    assert "— Apples" in supports.group(1) and ">fruit</button>" in supports.group(1)
    graph = re.search(r'<svg[^>]*class="graph".*?</svg>', dom, re.S)
    assert graph is not None
    labels = re.findall(
        r'class="node-label[^"]*"[^>]*>((?:<tspan[^>]*>[^<]*</tspan>)*)</text>', graph.group(0)
    )
    labels = [" ".join(re.findall(r">([^<]*)</tspan>", label)) for label in labels]
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


# -- layout, checked as a user would see it: wide (side by side) and phone width (tabs) ------
LONG_NAME = "International Union for Conservation of Nature"
LAYOUT_CORPUS = (
    f"The {LONG_NAME} is a kind of organisation. Organisations have members. "
    f"The {LONG_NAME} keeps the Red List. The Red List is a part of conservation science. " + APPLES
)
LAYOUT_QUESTION = f"What does the {LONG_NAME} keep?"
# layout facts read from the rendered DOM
LAYOUT_FACTS = """(() => {
  const shown = (id) => {
    const e = document.getElementById(id);
    return getComputedStyle(e).display !== "none" && e.getBoundingClientRect().width > 0;
  };
  const box = (id) => {
    const r = document.getElementById(id).getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, width: r.width };
  };
  const clipped = [...document.querySelectorAll(
    "h1, h2, h3, .answer, .sentence, .source, .concept-link, .meta, .path li")]
    .filter((e) => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1)
    .map((e) => e.className + ": " + e.textContent.slice(0, 60));
  const graphs = [...document.querySelectorAll("svg.graph")]
    .filter((g) => g.getBoundingClientRect().width > 0).map((g) => {
      const vb = g.viewBox.baseVal;
      const inside = (b, o) => b.x >= o.x - 0.5 && b.y >= o.y - 0.5 &&
        b.x + b.width <= o.x + o.width + 0.5 && b.y + b.height <= o.y + o.height + 0.5;
      const label = g.querySelector(".node.centre text");
      const rect = g.querySelector(".node.centre rect").getBBox();
      return {
        fitted: g.dataset.fitted === "true",
        centreLabel: label.textContent,
        centreInBox: inside(label.getBBox(), rect),
        textsInView: [...g.querySelectorAll("text")].every((t) => inside(t.getBBox(), vb)),
      };
    });
  const paths = [...document.querySelectorAll("#supports .support")].map((li) =>
    [...li.querySelectorAll(".path li")].map((s) => s.textContent));
  return {
    tabs: shown("tabs"), answer: shown("answer-panel"), graph: shown("concept-panel"),
    answerBox: box("answer-panel"), graphBox: box("concept-panel"),
    pageOverflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    clipped: clipped, graphs: graphs, paths: paths,
  };
})()"""
READY = (
    "document.querySelectorAll('#supports .support').length > 0 && "
    "document.getElementById('concepts').firstChild"
)


@pytest.fixture(scope="module")
def layout_url(spacy_nlp: Any) -> Iterator[str]:
    """A server over a KB with a long concept name (it must never be clipped)."""
    yield from _serve(spacy_nlp, LAYOUT_CORPUS, "iucn", "IUCN")


def _check_graph(facts: dict[str, Any]) -> None:
    assert facts["graphs"], "no concept graph is visible"
    for graph in facts["graphs"]:
        assert graph["fitted"] and graph["centreInBox"] and graph["textsInView"], graph
        assert graph["centreLabel"].replace(" ", "") == LONG_NAME.lower().replace(" ", "")


@needs_chromium
def test_wide_screen_shows_answer_and_graph_side_by_side(layout_url: str) -> None:
    assert CHROMIUM is not None
    query = urlencode({"q": LAYOUT_QUESTION})
    with Browser(CHROMIUM) as browser:
        browser.open(f"{layout_url}/?{query}", 1280, 900)
        browser.wait_for(READY + " && document.querySelector('svg.graph[data-fitted]')")
        facts = browser.evaluate(LAYOUT_FACTS)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.screenshot(ARTIFACTS / "web-1280.png")
    assert not facts["tabs"] and facts["answer"] and facts["graph"]
    answer, graph = facts["answerBox"], facts["graphBox"]
    assert answer["right"] <= graph["left"] and abs(answer["top"] - graph["top"]) < 2
    assert min(answer["width"], graph["width"]) > 400
    assert not facts["pageOverflow"] and not facts["clipped"], facts["clipped"]
    _check_graph(facts)  # the question's concept is drawn beside the answer, label whole
    # every cited sentence shows how it was reached, starting from a question concept
    assert facts["paths"] and all(p and p[0].startswith("question concept") for p in facts["paths"])
    assert any(len(p) > 1 for p in facts["paths"]), facts["paths"]


@needs_chromium
def test_phone_width_uses_tabs_and_clips_nothing(layout_url: str) -> None:
    assert CHROMIUM is not None
    query = urlencode({"q": LAYOUT_QUESTION})
    with Browser(CHROMIUM) as browser:
        browser.open(f"{layout_url}/?{query}", 390, 844, mobile=True)
        browser.wait_for(READY)
        answer_tab = browser.evaluate(LAYOUT_FACTS)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.screenshot(ARTIFACTS / "web-390-answer.png")
        browser.evaluate("document.getElementById('tab-graph').click()")
        browser.wait_for("document.querySelector('svg.graph[data-fitted]')")
        graph_tab = browser.evaluate(LAYOUT_FACTS)
        browser.screenshot(ARTIFACTS / "web-390-graph.png")
        # a concept in a sentence's path opens it in the graph tab
        browser.evaluate("document.getElementById('tab-answer').click()")
        browser.evaluate("document.querySelector('#supports .path .concept-link').click()")
        browser.wait_for("document.getElementById('panels').dataset.tab === 'graph'")
    assert answer_tab["tabs"] and answer_tab["answer"] and not answer_tab["graph"]
    assert graph_tab["tabs"] and graph_tab["graph"] and not graph_tab["answer"]
    for facts in (answer_tab, graph_tab):
        assert not facts["pageOverflow"] and not facts["clipped"], facts["clipped"]
    _check_graph(graph_tab)
