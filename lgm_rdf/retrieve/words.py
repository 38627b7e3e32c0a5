"""The word forms of a text that lexical matching compares (ranking, the BM25 index)."""

from __future__ import annotations

import re

_WORD = re.compile(r"[^\W_]+")


def word_list(text: str) -> list[str]:
    """Lower-case word forms of a (lemma) text, in order (one-letter words other than digits
    left out)."""
    return [w for w in _WORD.findall(text.lower()) if len(w) > 1 or w.isdigit()]


def words_of(text: str) -> set[str]:
    """The distinct lower-case word forms of a (lemma) text."""
    return set(word_list(text))
