"""ROUGE-L: equal to rouge_score's rougeL on many pairs, with and without rapidfuzz; pruning."""

from __future__ import annotations

import random

import pytest

from lgm_rdf.retrieve import rouge
from lgm_rdf.retrieve.model import Candidate, text_length
from lgm_rdf.retrieve.rouge import lcs_length_dp, prune_by_rouge, rouge_l, rouge_tokens

PAIRS = [
    ("The cat sat on the mat.", "Where did the cat sit?"),
    ("Apples are a type of fruit.", "Are apples fruit?"),
    ("", "What is this?"),
    ("What is this?", ""),
    ("!!! ???", "..."),
    ("It [: Apple] is sweet.", "Is the apple sweet?"),
    ("Café au lait, naïve résumé — déjà vu.", "cafe naive resume deja vu"),
    ("In 1921, Einstein won the Nobel Prize in Physics.", "When did Einstein win the Nobel Prize?"),
    ("the the the the", "the"),
    ("a b c d e f g", "g f e d c b a"),
    ("Don't stop-believing; it's 3.14 o'clock", "dont stop believing its 3 14 oclock"),
    ("ÉCOLE NORMALE Supérieure", "école normale supérieure"),
    ("Line one.\nLine two.\tTabbed", "line two tabbed"),
    ("x" * 50, "x" * 50),
    ("K-pop (Korean pop) is popular", "Is Korean pop popular?"),
]


def _random_pairs(n: int) -> list[tuple[str, str]]:
    rng = random.Random(7)
    words = ["alpha", "Beta", "gamma", "delta", "the", "of", "42", "x-ray", "été", "a"]
    out = []
    for _ in range(n):
        a = " ".join(rng.choice(words) for _ in range(rng.randint(0, 25)))
        b = " ".join(rng.choice(words) for _ in range(rng.randint(0, 12)))
        out.append((a, b))
    return out


@pytest.fixture(scope="module")
def reference():
    rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    return lambda text, question: scorer.score(question, text)["rougeL"].fmeasure


@pytest.mark.parametrize("fast", [True, False], ids=["rapidfuzz", "dp"])
def test_equal_to_rouge_score(reference, monkeypatch, fast: bool) -> None:
    if fast and rouge._LCSseq is None:
        pytest.skip("rapidfuzz is not installed")
    if not fast:
        monkeypatch.setattr(rouge, "_LCSseq", None)
    for text, question in PAIRS + _random_pairs(300):
        assert rouge_l(text, question) == reference(text, question), (text, question)


def test_tokens_follow_rouge_score() -> None:
    tokenize = pytest.importorskip("rouge_score.tokenize")
    for text, question in PAIRS:
        assert rouge_tokens(text) == tokenize.tokenize(text, None)
        assert rouge_tokens(question) == tokenize.tokenize(question, None)


def test_lcs_paths_agree() -> None:
    for text, question in _random_pairs(200):
        a, b = rouge_tokens(text), rouge_tokens(question)
        assert rouge.lcs_length(a, b) == lcs_length_dp(a, b) == lcs_length_dp(b, a)
    assert lcs_length_dp(["a", "b", "c"], ["a", "c"]) == 2
    assert rouge_l("a b", "c d") == 0.0
    assert rouge_l("same words here", "same words here") == 1.0


def _candidate(i: int, text: str) -> Candidate:
    return Candidate(f"urn:s{i}", text, "", "urn:d", "Doc", i, "c", "self")


def test_prune_keeps_most_similar_within_k_in_input_order() -> None:
    question = "What colour is the apple tree blossom?"
    items = [
        _candidate(0, "Cars need fuel to run on highways."),
        _candidate(1, "The apple tree blossom is white."),
        _candidate(2, "Some rivers flood in the spring."),
        _candidate(3, "Apple tree blossom has a pink colour."),
        _candidate(4, "Tables are made of wood or metal."),
    ]
    kept = prune_by_rouge(items, question, 80)
    assert text_length(kept) <= 80
    assert [c.sentence for c in kept] == ["urn:s1", "urn:s3"]  # input order, best two


def test_prune_skips_items_that_do_not_fit_and_uses_resolved_text() -> None:
    question = "Is the apple sweet?"
    big = _candidate(0, "The apple is sweet. " * 10)
    small = Candidate(
        "urn:s1", "It is sweet.", "It [: the apple] is sweet.", "urn:d", "", 1, "c", ""
    )
    other = _candidate(2, "Bananas are yellow.")
    kept = prune_by_rouge([big, small, other], question, 40)
    assert kept == [small, other]
    assert prune_by_rouge([big], question, 10) == []
    assert prune_by_rouge([], question, 10) == []
