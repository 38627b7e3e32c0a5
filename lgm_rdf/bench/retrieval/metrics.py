"""Pure retrieval metrics: context budgets, recall, Recall@k.

Nothing here touches a store or a model; every function takes plain sequences and returns
numbers. Answer metrics (EM, token F1, judge labels) live in ``lgm_rdf.bench.qa.metrics``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from lgm_rdf.retrieve.model import fill_budget  # noqa: F401  (one budget rule for all)

T = TypeVar("T", bound=Hashable)


def context_length(texts: Sequence[str]) -> int:
    """Characters of the texts joined by one separator (as ``retrieve.model.text_length``)."""
    return sum(len(t) + 1 for t in texts) - (1 if texts else 0)


def distinct(items: Iterable[T]) -> list[T]:
    """The items in order of first appearance, without repeats."""
    seen: set[T] = set()
    out: list[T] = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def hits(found: Iterable[T], gold: Iterable[T]) -> tuple[int, int]:
    """``(gold items present in found, number of distinct gold items)``."""
    gold_set = set(gold)
    return len(gold_set & set(found)), len(gold_set)


def recall(found: Iterable[T], gold: Iterable[T]) -> float | None:
    """Share of the distinct gold items in ``found``; ``None`` when there is no gold."""
    n, total = hits(found, gold)
    return n / total if total else None


def recall_at_k(ranking: Sequence[T], gold: Iterable[T], k: int) -> float | None:
    """Share of the gold items among the first ``k`` distinct items of ``ranking``."""
    return recall(distinct(ranking)[:k], gold)


def mean(values: Iterable[float | None]) -> float | None:
    """Mean of the values that are not ``None``; ``None`` when there are none."""
    xs = [v for v in values if v is not None]
    return sum(xs) / len(xs) if xs else None


def pooled(pairs: Iterable[tuple[int, int]]) -> float | None:
    """Micro-average of ``(found, total)`` pairs: all found over all gold."""
    found = total = 0
    for f, t in pairs:
        found += f
        total += t
    return found / total if total else None


CLOSED_ANSWERS = frozenset({"yes", "no"})


def answer_in_context(texts: Sequence[str], answers: Sequence[str]) -> bool | None:
    """Whether any of ``answers`` (SQuAD-normalised) lies inside the normalised ``texts`` as
    whole words; ``None`` when there is no open answer to look for (yes / no, or empty)."""
    from lgm_rdf.bench.qa.metrics import normalize_answer

    wanted = [normalize_answer(a) for a in answers]
    wanted = [a for a in wanted if a and a not in CLOSED_ANSWERS]
    if not wanted:
        return None
    context = f" {normalize_answer(' '.join(texts))} "
    return any(f" {a} " in context for a in wanted)
