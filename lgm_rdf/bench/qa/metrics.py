"""Answer-quality metrics for QA benchmarks: EM, token F1 and LLM-judge labels (pure functions).

Normalisation follows the usual SQuAD / HotpotQA convention: lower case, punctuation
removed, the articles *a*, *an*, *the* dropped, whitespace collapsed. As in the HotpotQA
evaluation, a yes/no answer only scores when it matches exactly (no partial token credit
between "yes" and "no, ..." style answers).
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable, Sequence

JUDGE_LABELS = ("yes", "no", "unsupported", "unclear")
"""What :func:`parse_judge_label` returns; "unclear" = the judge's reply named no label."""

_PUNCT = set(string.punctuation) | {"‘", "’", "“", "”", "–", "—", "…"}
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_THINK = re.compile(r"<think>.*?(</think>|\Z)", re.S | re.I)
_WORD = re.compile(r"[a-z]+")
_CLOSED = ("yes", "no", "noanswer")


def normalize_answer(text: str) -> str:
    """Lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def exact_match(prediction: str, gold: str) -> float:
    """1.0 when the normalised prediction equals the normalised gold answer, else 0.0."""
    return float(normalize_answer(prediction) == normalize_answer(gold))


def f1_score(prediction: str, gold: str) -> float:
    """Token-overlap F1 of the normalised answers (0.0 when either is empty)."""
    pred, ref = normalize_answer(prediction), normalize_answer(gold)
    if (pred in _CLOSED or ref in _CLOSED) and pred != ref:
        return 0.0
    pred_tokens, ref_tokens = pred.split(), ref.split()
    common = Counter(pred_tokens) & Counter(ref_tokens)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision = same / len(pred_tokens)
    recall = same / len(ref_tokens)
    return 2 * precision * recall / (precision + recall)


def best_scores(prediction: str, golds: Sequence[str]) -> tuple[float, float]:
    """``(EM, F1)``, each the best over the gold answer and its aliases (empty golds ignored)."""
    refs = [g for g in golds if g and g.strip()]
    if not refs:
        return 0.0, 0.0
    return (
        max(exact_match(prediction, g) for g in refs),
        max(f1_score(prediction, g) for g in refs),
    )


def parse_judge_label(reply: str) -> str:
    """The label in a judge's reply: ``yes``, ``no``, ``unsupported`` or ``unclear``.

    An empty reply counts as ``unsupported`` (as in the paper). Reasoning inside
    ``<think>`` tags is ignored. The first label word wins ("Unsupport", "Unsupported",
    "not supported" and "insufficient" all mean ``unsupported``); a reply naming none
    of them is ``unclear``.
    """
    text = _THINK.sub(" ", reply or "").lower()
    if not text.strip():
        return "unsupported"
    words = _WORD.findall(text)
    for i, word in enumerate(words):
        if word.startswith("unsupport") or word == "insufficient":
            return "unsupported"
        if word == "not" and i + 1 < len(words) and words[i + 1].startswith("support"):
            return "unsupported"
        if word in ("yes", "no"):
            return word
    return "unclear"


def judge_summary(labels: Iterable[str]) -> dict[str, float | int]:
    """Counts per label, ``recall`` = (N − U) / N and ``accuracy`` = Yes / N.

    An ``unclear`` label (the judge's reply named no label) counts with U here: a judge that
    could not decide is no evidence that the answer was supported, so recall stays conservative.
    """
    counts = Counter(labels)
    n = sum(counts.values())
    out: dict[str, float | int] = {"n": n}
    for label in JUDGE_LABELS:
        out[label] = counts.get(label, 0)
    undecided = counts.get("unsupported", 0) + counts.get("unclear", 0)
    out["recall"] = (n - undecided) / n if n else 0.0
    out["accuracy"] = counts.get("yes", 0) / n if n else 0.0
    return out


def mean(values: Iterable[float]) -> float:
    """Arithmetic mean (0.0 for no values)."""
    items = list(values)
    return sum(items) / len(items) if items else 0.0
