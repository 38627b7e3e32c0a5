"""The retrieval benchmark: scoring on hand-computed rankings and a real offline KB run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lgm_rdf.bench.retrieval.baselines import Ranked
from lgm_rdf.bench.retrieval.evaluate import (
    format_markdown,
    run_baseline,
    run_lgm,
    run_retrieval_benchmark,
)
from lgm_rdf.bench.retrieval.gold import load_gold
from lgm_rdf.ontology import IriMinter
from lgm_rdf.retrieve.model import Answer, Candidate, Support
from lgm_rdf.settings import Settings

HOTPOT = [
    {
        "_id": "h1",
        "question": "Which river flows through the capital of Ruritania?",
        "answer": "Blue River",
        "type": "bridge",
        "supporting_facts": [["Ruritania", 1], ["Strelsau", 0]],
        "context": [
            ["Ruritania", ["Ruritania is a small kingdom in Europe.", "Its capital is Strelsau."]],
            ["Strelsau", ["The Blue River flows through Strelsau.", "Strelsau has a castle."]],
            ["Zenda", ["Zenda is a town near the border.", "Zenda has a famous castle."]],
        ],
    },
    {
        "_id": "h2",
        "question": "Which town near the border has a famous castle?",
        "answer": "Zenda",
        "type": "bridge",
        "supporting_facts": [["Zenda", 0], ["Zenda", 1]],
        "context": [
            ["Zenda", ["Zenda is a town near the border.", "Zenda has a famous castle."]],
            ["Borduria", ["Borduria is a neighbour of Ruritania.", "Its army is large."]],
        ],
    },
]

MUSIQUE = [
    {
        "id": "2hop__1_2",
        "question": "Who founded the company that makes the Widget?",
        "answer": "Ann Smith",
        "paragraphs": [
            {"idx": 0, "title": "Widget", "paragraph_text": "The Widget is a tool. The Widget is made by Acme.", "is_supporting": True},
            {"idx": 1, "title": "Acme", "paragraph_text": "Acme was founded by Ann Smith. Acme sells tools.", "is_supporting": True},
            {"idx": 2, "title": "Gadget", "paragraph_text": "The Gadget is a toy made by Toyco.", "is_supporting": False},
        ],
    },
    {
        "id": "2hop__3_4",
        "question": "Where is the headquarters of Acme?",
        "answer": "Springfield",
        "paragraphs": [
            {"idx": 0, "title": "Acme", "paragraph_text": "The headquarters of Acme are in Springfield.", "is_supporting": True},
            {"idx": 1, "title": "Toyco", "paragraph_text": "Toyco is based in Shelbyville.", "is_supporting": False},
        ],
    },
]  # fmt: skip


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


class FixedRetriever:
    """A baseline whose ranking is given by hand."""

    name = "fixed"

    def __init__(self, ranked: Ranked) -> None:
        self.ranked = ranked

    def rank(self, question: str) -> Ranked:
        return self.ranked


def test_baseline_scores_on_a_hand_ranking(tmp_path: Path) -> None:
    gold = load_gold(_write(tmp_path, "h.json", HOTPOT))
    sentences = [
        ("Strelsau", "The Blue River flows through Strelsau."),  # 38 chars, gold
        ("Zenda", "Zenda is a town near the border."),  # 32 chars
        ("Ruritania", "Its capital is Strelsau."),  # 24 chars, gold
    ]
    retriever = FixedRetriever(Ranked(sentences, ["Strelsau", "Zenda", "Ruritania"]))
    scores = run_baseline(retriever, gold.records[:1], [40, 72, 100], progress=False).summary()
    # K=40: only the first fits (38); K=72: 38+1+32=71; K=100: all three (96)
    assert scores["sentence_recall"] == {40: 0.5, 72: 0.5, 100: 1.0}
    assert scores["paragraph_recall_within"] == {40: 0.5, 72: 0.5, 100: 1.0}
    assert scores["context_chars"] == {40: 38.0, 72: 71.0, 100: 96.0}
    assert scores["recall_at"] == {2: 0.5, 5: 1.0}
    # the second question's gold (both Zenda sentences) is half found at K=100
    both = run_baseline(retriever, gold.records, [100], progress=False).summary()
    assert both["sentence_recall"][100] == pytest.approx(0.75)  # (1.0 + 0.5) / 2
    assert both["sentence_recall_pooled"][100] == pytest.approx(3 / 4)


def _candidate(minter: IriMinter, doc_id: str, title: str, pos: int, text: str, score: float) -> Candidate:  # fmt: skip
    doc = minter.document(doc_id).value
    return Candidate(f"{doc}/sentence/{pos}", text, text, doc, title, pos, title.lower(), "self", score)  # fmt: skip


class FakeGraph:
    """The shape of LanguageGraph that the benchmark uses, with a scripted ranking."""

    def __init__(self, ranking: list[Candidate]) -> None:
        self.settings = Settings()
        self.minter = IriMinter("urn:lgm:")
        self.ranking = ranking
        self.asked: list[tuple[int | None, str, str]] = []

    def ask(self, question: str, chunk_size: int | None = None, reasoner: str = "auto") -> Answer:
        self.asked.append((chunk_size, reasoner, self.settings.ablation))
        supports, used = [], 0
        for c in self.ranking:
            if used + len(c.text) + (1 if supports else 0) <= (chunk_size or 4000):
                used += len(c.text) + (1 if supports else 0)
                supports.append(Support.of(c))
        return Answer(question, "x", "offline", supports=supports, ranking=list(self.ranking))


def test_lgm_run_maps_documents_of_same_titled_paragraphs(tmp_path: Path) -> None:
    gold = load_gold(_write(tmp_path, "m.json", MUSIQUE))
    minter = IriMinter("urn:lgm:")
    ranking = [
        _candidate(minter, "Acme", "Acme", 0, "Acme was founded by Ann Smith.", 0.9),
        _candidate(
            minter, "Acme (2)", "Acme", 0, "The headquarters of Acme are in Springfield.", 0.8
        ),  # fmt: skip
        _candidate(minter, "Gadget", "Gadget", 0, "The Gadget is a toy made by Toyco.", 0.7),
        _candidate(minter, "Widget", "Widget", 1, "The Widget is made by Acme.", 0.6),
    ]
    lg = FakeGraph(ranking)
    scores, mismatches = run_lgm(lg, gold, gold.records, [40, 2000], "no_graph", progress=False)
    summary = scores.summary()
    assert mismatches == 0
    assert [a for a in lg.asked] == [(2000, "offline", "no_graph")] * 2
    # question 1 gold: Widget, Acme -> top-2 documents Acme, Acme (2): 1/2; top-5 has both
    # question 2 gold: Acme (2)       -> found within the top 2
    assert summary["recall_at"] == {2: pytest.approx(0.75), 5: 1.0}
    # K=40: only "Acme was founded by Ann Smith." (30 chars) fits next to nothing else
    assert summary["paragraph_recall_within"][40] == pytest.approx((0.5 + 0.0) / 2)
    assert summary["system"] == "lgm_rdf (no_graph)"
    per_budget, _ = run_lgm(lg, gold, gold.records[:1], [40], "none", False, per_budget=True)
    assert sorted({a[0] for a in lg.asked[2:]}) == [40, 2000]
    assert per_budget.summary()["paragraph_recall_within"][40] == 0.5


@pytest.fixture(scope="module")
def hotpot_result(tmp_path_factory: pytest.TempPathFactory, spacy_nlp: Any) -> dict[str, Any]:
    from lgm_rdf.graph import LanguageGraph

    path = _write(tmp_path_factory.mktemp("bench"), "h.json", HOTPOT)
    with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as lg:
        return run_retrieval_benchmark(
            path,
            budgets=(60, 1000),
            ablations=("none", "no_graph"),
            dense=False,
            progress=False,
            graph=lg,
            curve=(30, 200),
        )


def test_real_offline_kb_run(hotpot_result: dict[str, Any]) -> None:
    result = hotpot_result
    assert result["dataset"] == "hotpotqa"
    assert (result["questions"], result["paragraphs"], result["sentences"]) == (2, 4, 8)
    names = [s["system"] for s in result["systems"]]
    assert names == ["lgm_rdf (none)", "lgm_rdf (no_graph)", "BM25 sentences", "BM25 paragraphs"]
    assert not any(n.startswith("WARNING") for n in result["notes"])
    assert "dense: off" in result["notes"]
    for s in result["systems"]:
        for k, chars in s["context_chars"].items():
            assert chars <= k
        for value in [*s["sentence_recall"].values(), *s["recall_at"].values()]:
            assert 0.0 <= value <= 1.0
    bm25 = result["systems"][2]
    assert bm25["sentence_recall"][1000] == 1.0  # the whole corpus fits in 1000 characters
    assert bm25["recall_at"][5] == 1.0  # four paragraphs only
    none = result["systems"][0]
    assert set(none["sentence_recall"]) == {30, 60, 200, 1000}  # curve budgets too
    assert none["recall_at"][5] > 0.0
    # the Zenda question: both gold sentences name the question's words
    zenda = next(q for q in none["questions"] if q["id"] == "h2")
    assert zenda["r@2"] == 1.0
    text = format_markdown(result)
    assert "| lgm_rdf (none) |" in text and "| BM25 paragraphs |" in text


def test_plot_of_a_real_run(hotpot_result: dict[str, Any], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from lgm_rdf.bench.retrieval.plot import curves, plot_recall_curve

    lines = curves(hotpot_result)
    assert set(lines) == {"lgm_rdf (none)", "BM25 sentences", "BM25 paragraphs"}
    assert [k for k, _ in lines["BM25 sentences"]] == [30, 60, 200, 1000]
    assert plot_recall_curve(hotpot_result, tmp_path / "c.png").stat().st_size > 1000
