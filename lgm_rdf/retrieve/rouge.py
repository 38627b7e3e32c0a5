"""ROUGE-L F-measure against the question, and the paper's prune-to-K fallback (Algorithm 1).

Scores equal ``rouge_score``'s ``rougeL`` without stemming (the tests prove it): the text
is lowercased and split into runs of ASCII letters and digits, and F is computed from the
longest common subsequence of the two token lists. ``rapidfuzz`` computes the LCS when it
is installed (bit-parallel, exact on integer-coded tokens); otherwise a plain dynamic
programme does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TypeVar

from lgm_rdf.retrieve.model import fill_budget

try:  # optional speed-up; the results are identical without it
    from rapidfuzz.distance import LCSseq as _LCSseq
except ImportError:  # pragma: no cover - depends on the environment
    _LCSseq = None

T = TypeVar("T")
_TOKEN = re.compile(r"[a-z0-9]+")


def rouge_tokens(text: str) -> list[str]:
    """ROUGE's tokens of ``text``: lowercase runs of ``a-z`` and ``0-9``."""
    return _TOKEN.findall(text.lower())


def lcs_length_dp(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists (plain DP, O(len a x len b))."""
    if len(a) < len(b):
        a, b = b, a
    if not b:
        return 0
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b, start=1):
            current.append(previous[j - 1] + 1 if x == y else max(previous[j], current[j - 1]))
        previous = current
    return previous[-1]


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists (rapidfuzz when available)."""
    if not a or not b:
        return 0
    if _LCSseq is None:
        return lcs_length_dp(a, b)
    codes: dict[str, int] = {}  # exact: tokens become distinct small integers, no hashing
    coded_a = [codes.setdefault(t, len(codes)) for t in a]
    coded_b = [codes.setdefault(t, len(codes)) for t in b]
    return int(_LCSseq.similarity(coded_a, coded_b))


def rouge_l_tokens(tokens: Sequence[str], reference: Sequence[str]) -> float:
    """ROUGE-L F-measure of two token lists (symmetric; 0.0 when either is empty)."""
    lcs = lcs_length(tokens, reference)
    if lcs == 0:
        return 0.0
    precision = lcs / len(tokens)
    recall = lcs / len(reference)
    return 2 * precision * recall / (precision + recall)


def rouge_l(text: str, question: str) -> float:
    """ROUGE-L F-measure between ``text`` and ``question``."""
    return rouge_l_tokens(rouge_tokens(text), rouge_tokens(question))


def _default_text(item: object) -> str:
    resolved = getattr(item, "resolved", "")
    return resolved or str(getattr(item, "text", item))


def _default_size(item: object) -> int:
    return len(str(getattr(item, "text", item)))


def prune_by_rouge(
    items: Sequence[T],
    question: str,
    k: int,
    text: Callable[[T], str] = _default_text,
    size: Callable[[T], int] = _default_size,
) -> list[T]:
    """The items most similar to ``question`` (ROUGE-L) whose sizes fit in ``k`` characters.

    Items are taken best score first (ties: earlier item first), skipping any that would
    overflow the budget; one separator character is counted between items, as
    :func:`lgm_rdf.retrieve.model.text_length` does. The result keeps the input order.
    ``text`` gives what is compared with the question (default: ``resolved`` text, else
    ``text``); ``size`` what counts toward ``k`` (default: ``len(item.text)``).
    """
    reference = rouge_tokens(question)
    scored = sorted(
        range(len(items)),
        key=lambda i: (-rouge_l_tokens(rouge_tokens(text(items[i])), reference), i),
    )
    taken = fill_budget([size(items[i]) for i in scored], k)
    return [items[i] for i in sorted(scored[j] for j in taken)]
