"""Cutting texts longer than a parser accepts into pieces at paragraph, then sentence, boundaries.

spaCy refuses texts over ``nlp.max_length`` characters (error E088) and needs about 1 GB of
memory per 100,000 characters for parsing; a long text is therefore parsed piece by piece and
the pieces' sentences are put back together at their offsets.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

_PARAGRAPH = re.compile(r"\n[ \t]*\n")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
_SPACE = re.compile(r"\s+")


def split_text(text: str, limit: int) -> list[tuple[int, str]]:
    """``text`` as ``(offset, piece)`` pairs, each piece at most ``limit`` characters.

    Pieces end at paragraph breaks where possible, else after sentence punctuation, else at
    whitespace, else anywhere. A text within the limit is one piece.
    """
    if limit < 1:
        raise ValueError("the split limit must be positive")
    if len(text) <= limit:
        return [(0, text)]
    out: list[tuple[int, str]] = []
    for start, end in _pack(0, len(text), limit, text):
        out.append((start, text[start:end]))
    return out


def _cuts(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> list[int]:
    """Positions in ``text[lo:hi]`` just after each match of ``pattern`` (break points)."""
    return [m.end() for m in pattern.finditer(text, lo, hi) if lo < m.end() < hi]


def _pack(lo: int, hi: int, limit: int, text: str) -> Iterator[tuple[int, int]]:
    """Spans covering ``text[lo:hi]`` of at most ``limit`` characters, cut at the best breaks."""
    finders: list[Callable[[int, int], list[int]]] = [
        lambda a, b: _cuts(_PARAGRAPH, text, a, b),
        lambda a, b: _cuts(_SENTENCE_END, text, a, b),
        lambda a, b: _cuts(_SPACE, text, a, b),
    ]
    start = lo
    while hi - start > limit:
        cut = 0
        for find in finders:
            found = find(start, start + limit + 1)
            if found:
                cut = found[-1]
                break
        if cut <= start:
            cut = start + limit  # one unbroken run of characters: cut it
        yield start, cut
        start = cut
    if start < hi:
        yield start, hi
