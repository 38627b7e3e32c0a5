"""Titles inside a sentence: spans whose words name a work, not concepts of their own.

In 'the "Natural Born Killers" soundtrack' or "Born on the Fourth of July" the words "born" and
"July" are words of a title, not mentions of born or of July; concept mentions inside such a
span (other than the span itself) are left out.
"""

from __future__ import annotations

from collections.abc import Sequence

from lgm_rdf.nlp.model import Token

TITLE_ENTITIES = frozenset({"WORK_OF_ART"})  # named-entity labels of titles
DOUBLE_QUOTES = frozenset({'"', "“", "”", "``", "''"})


def title_spans(
    tokens: Sequence[Token],
    works: Sequence[tuple[int, int]],
    mentioned: Sequence[tuple[int, int]],
) -> list[tuple[int, int]]:
    """The title spans of a sentence: ``works`` (spans the NER labelled a title) and the
    quoted runs that are ``mentioned`` whole."""
    quotes = [t.i for t in tokens if t.text in DOUBLE_QUOTES]
    whole = set(mentioned)
    pairs = zip(quotes[::2], quotes[1::2], strict=False)
    return [*works, *((a + 1, b) for a, b in pairs if (a + 1, b) in whole)]


def within_title(start: int, end: int, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether ``start:end`` lies within one of ``spans`` without being all of it."""
    return any(a <= start and end <= b and (start, end) != (a, b) for a, b in spans)
