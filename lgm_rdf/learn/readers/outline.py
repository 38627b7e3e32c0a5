"""A document from the outline a text reader parsed: sections of (role, text) blocks."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lgm_rdf.learn.readers.files import clean_text
from lgm_rdf.learn.readers.model import Block, Section, SourceDocument

END_PUNCT = re.compile(r"[.!?:;…][\"'”’)\]]*$")  # a text that ends as a sentence does


def as_sentence(text: str) -> str:
    """A list item as one sentence: a full stop added where it has no end punctuation, so
    that items are not run together when the text is cut into sentences."""
    return text if END_PUNCT.search(text) else text + "."


Outline = Sequence[tuple[str, int, Sequence[tuple[str, str]]]]  # (title, level, [(role, text)])


def outline_document(
    heads: Outline, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    """One section per heading of ``heads`` (the level-0 part before the first heading only when
    it has blocks); the title defaults to the first level-1 heading, else ``fallback``."""
    if title is None:
        title = next((t for t, lvl, _ in heads if lvl == 1 and t), fallback)
    title = clean_text(title)
    sections = tuple(
        Section(head or title, level, tuple(Block(b, role=role) for role, b in blocks))
        for head, level, blocks in heads
        if level or blocks
    )
    return SourceDocument(doc_id, title, source, sections)
