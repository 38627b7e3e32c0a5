"""Pure benchmark metrics, gold reading, BM25 baselines and the Markdown / PNG report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lgm_rdf.bench.retrieval import metrics as M
from lgm_rdf.bench.retrieval.baselines import BM25Paragraphs, BM25Sentences, tokenise
from lgm_rdf.bench.retrieval.evaluate import format_markdown
from lgm_rdf.bench.retrieval.gold import GoldError, Paragraph, load_gold, norm_text


def test_fill_budget_skips_items_that_overflow() -> None:
    # 5, then 10 would need 5+1+10=16 > 12, skipped; 3 fits (5+1+3=9); 2 fits (9+1+2=12)
    assert M.fill_budget([5, 10, 3, 2], 12) == [0, 2, 3]
    assert M.fill_budget([20, 4], 10) == [1]
    assert M.fill_budget([1, 1], 0) == []
    assert M.context_length(["abc", "de"]) == 6
    assert M.context_length([]) == 0


def test_recall_at_k_on_a_hand_ranking() -> None:
    ranking = ["a", "b", "a", "c", "d"]
    assert M.distinct(ranking) == ["a", "b", "c", "d"]
    assert M.recall_at_k(ranking, ["c", "a"], 2) == 0.5
    assert M.recall_at_k(ranking, ["c", "a"], 3) == 1.0
    assert M.recall_at_k(ranking, ["x"], 5) == 0.0
    assert M.recall_at_k(ranking, [], 5) is None


def test_recall_mean_and_pooled() -> None:
    assert M.hits({"a", "b"}, ["a", "c", "c"]) == (1, 2)
    assert M.recall(["a"], ["a", "b"]) == 0.5
    assert M.mean([1.0, None, 0.0]) == 0.5
    assert M.mean([None]) is None
    # per question: 1/1 and 1/3 -> mean 2/3; pooled 2/4
    assert M.pooled([(1, 1), (1, 3)]) == 0.5


HOTPOT = [
    {
        "_id": "q1",
        "question": "Which river flows through the capital of Ruritania?",
        "answer": "Blue River",
        "type": "bridge",
        "supporting_facts": [["Ruritania", 2], ["Strelsau", 0]],
        "context": [
            ["Ruritania", ["Ruritania is a small country.", " ", "Its capital is  Strelsau."]],
            ["Strelsau", ["The Blue River flows through Strelsau.", "Strelsau has a castle."]],
        ],
    },
    {
        "_id": "q2",
        "question": "Does Strelsau have a castle?",
        "answer": "yes",
        "type": "comparison",
        "supporting_facts": [["Strelsau", 1], ["Strelsau", 9]],
        "context": [
            ["Strelsau", ["The Blue River flows through Strelsau.", "Strelsau has a castle."]],
            ["Zenda", ["Zenda is a town with a castle."]],
        ],
    },
]

MUSIQUE = [
    {
        "id": "2hop__1_2",
        "question": "Who founded the company that makes the Widget?",
        "answer": "Ann Smith",
        "answer_aliases": ["A. Smith"],
        "paragraphs": [
            {"idx": 0, "title": "Widget", "paragraph_text": "The Widget is made by Acme.", "is_supporting": True},
            {"idx": 1, "title": "Acme", "paragraph_text": "Acme makes anvils.", "is_supporting": False},
        ],
    },
    {
        "id": "2hop__3_4",
        "question": "Who founded Acme?",
        "answer": "Ann Smith",
        "paragraphs": [
            {"idx": 0, "title": "Acme", "paragraph_text": "Acme was founded by Ann Smith.", "is_supporting": True},
        ],
    },
]  # fmt: skip


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_hotpot_gold_uses_text_not_positions_after_empty_sentences(tmp_path: Path) -> None:
    gold = load_gold(_write(tmp_path, "h.json", HOTPOT))
    assert gold.dataset == "hotpotqa"
    assert [p.key for p in gold.paragraphs] == ["Ruritania", "Strelsau", "Zenda"]  # shared once
    assert gold.by_key()["Ruritania"].sentences == (
        "Ruritania is a small country.",
        "Its capital is  Strelsau.",
    )
    q1, q2 = gold.records
    assert q1.gold_sentences == [
        ("Ruritania", "Its capital is Strelsau."),
        ("Strelsau", "The Blue River flows through Strelsau."),
    ]
    assert q1.gold_paragraphs == ["Ruritania", "Strelsau"]
    assert q2.gold_sentences == [("Strelsau", "Strelsau has a castle.")]  # index 9 dropped
    assert q2.kind == "comparison"


def test_musique_gold_tells_same_titled_paragraphs_apart(tmp_path: Path) -> None:
    gold = load_gold(_write(tmp_path, "m.json", MUSIQUE))
    assert gold.dataset == "musique"
    assert [p.key for p in gold.paragraphs] == ["Widget", "Acme", "Acme (2)"]
    assert [r.gold_paragraphs for r in gold.records] == [["Widget"], ["Acme (2)"]]
    assert gold.records[0].aliases == ["A. Smith"]
    assert gold.records[1].gold_sentences == []


def test_gold_rejects_other_files(tmp_path: Path) -> None:
    with pytest.raises(GoldError):
        load_gold(_write(tmp_path, "x.json", [{"id": "1", "title": "t", "text": "x"}]))
    with pytest.raises(GoldError):
        load_gold(_write(tmp_path, "y.json", {"not": "a list"}))


def test_norm_text_and_tokenise() -> None:
    assert norm_text("  a\n b\tc ") == "a b c"
    assert tokenise("Where did THE Blue River flow, in 1999?") == ["blue", "river", "flow", "1999"]


PARAS = [
    Paragraph("A", "Alpha", "Cats purr. Dogs bark.", ("Cats purr.", "Dogs bark.")),
    Paragraph("B", "Beta", "Dogs bark loudly at night.", ("Dogs bark loudly at night.",)),
]


def test_bm25_sentence_and_paragraph_rankings() -> None:
    ranked = BM25Sentences(PARAS).rank("Why do cats purr?")
    assert ranked.sentences[0] == ("A", "Cats purr.")
    assert ranked.paragraphs == ["A", "B"]
    ranked = BM25Sentences(PARAS).rank("loudly at night")
    assert ranked.sentences[0] == ("B", "Dogs bark loudly at night.")
    assert ranked.paragraphs == ["B", "A"]
    ranked = BM25Paragraphs(PARAS).rank("bark at night")
    assert ranked.paragraphs == ["B", "A"]
    assert ranked.sentences == [
        ("B", "Dogs bark loudly at night."),
        ("A", "Cats purr."),
        ("A", "Dogs bark."),
    ]
    # a question of function words only still ranks everything, in corpus order
    assert BM25Sentences(PARAS).rank("what is it?").paragraphs == ["A", "B"]


def _result(dataset: str) -> dict[str, object]:
    system = {
        "system": "BM25 sentences",
        "sentence_recall": {1000: 0.5, 2000: 0.75} if dataset == "hotpotqa" else {},
        "sentence_recall_pooled": {1000: 0.4, 2000: 0.7} if dataset == "hotpotqa" else {},
        "paragraph_recall_within": {1000: 0.25, 2000: 1.0},
        "recall_at": {2: 0.5, 5: 1.0},
        "answer_in_context": {1000: 0.5, 2000: 1.0},
        "context_chars": {1000: 990.0, 2000: 1990.0},
        "seconds_per_ask": 0.002,
    }
    return {
        "file": "/x/h.json",
        "dataset": dataset,
        "questions": 2,
        "paragraphs": 3,
        "sentences": 5,
        "budgets": [1000, 2000],
        "curve_budgets": [],
        "ranking_budget": 2000,
        "systems": [system],
        "notes": ["dense: not installed"],
    }


def test_format_markdown_tables() -> None:
    text = format_markdown(_result("hotpotqa"))
    row = next(line for line in text.splitlines() if line.startswith("| BM25 sentences"))
    assert (
        row == "| BM25 sentences | 50.0 | 75.0 | 50.0 | 100.0 | 50.0 | 100.0 | 990 | 1990 | 2.0 |"
    )
    assert "BM25 sentences 40.0/70.0" in text
    assert "dense: not installed" in text
    text = format_markdown(_result("musique"))
    assert "| system | PR@1000 | PR@2000 | R@2 | R@5 | AiC@1000 | AiC@2000 |" in text
    assert "| BM25 sentences | 25.0 | 100.0 | 50.0 | 100.0 |" in text


def test_plot_writes_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from lgm_rdf.bench.retrieval.plot import curves, plot_recall_curve

    result = json.loads(json.dumps(_result("hotpotqa")))  # as read back from --json
    assert curves(result) == {"BM25 sentences": [(1000, 0.5), (2000, 0.75)]}
    out = plot_recall_curve(result, tmp_path / "r.png")
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_split_sentences_only_splits_paragraphs_without_given_sentences() -> None:
    from lgm_rdf.bench.retrieval.evaluate import split_sentences

    given = Paragraph("H", "H", "Dr. Who met St. Ives. Then he left.", ("Dr. Who met St. Ives. Then he left.",), True)  # fmt: skip
    plain = Paragraph("M", "M", "Acme makes anvils. It was founded in 1901. Ann runs it.", ("x",))
    out = split_sentences([given, plain])
    assert out[0].sentences == given.sentences
    assert out[1].sentences == ("Acme makes anvils.", "It was founded in 1901.", "Ann runs it.")


def test_answer_in_context_is_normalised_whole_words_without_yes_no() -> None:
    from lgm_rdf.bench.retrieval.metrics import answer_in_context

    texts = ["It opened in 1998.", "The Anglican Communion, a fellowship."]
    assert answer_in_context(texts, ["the Anglican communion"]) is True
    assert answer_in_context(texts, ["1998"]) is True
    assert answer_in_context(texts, ["199"]) is False  # inside a word does not count
    assert answer_in_context(texts, ["Sonora", "anglican communion"]) is True  # an alias
    assert answer_in_context(texts, ["yes"]) is None
    assert answer_in_context([], ["Sonora"]) is False
