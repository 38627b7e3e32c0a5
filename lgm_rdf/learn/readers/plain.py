"""Plain text: one section, one block per paragraph (paragraphs end at blank lines)."""

from __future__ import annotations

import re

from lgm_rdf.learn.readers.files import clean_text
from lgm_rdf.learn.readers.model import Block, Section, SourceDocument

MAX_TITLE_CHARS = 120


def plain_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    """A one-section document; the title defaults to a short first line, else ``fallback``."""
    if title is None:
        first = next((ln.strip() for ln in text.split("\n") if ln.strip()), "")
        title = first if 0 < len(first) < MAX_TITLE_CHARS else fallback
    paragraphs = [clean_text(p) for p in re.split(r"\n[ \t]*\n", text)]
    blocks = tuple(Block(p) for p in paragraphs if p)
    return SourceDocument(
        doc_id, clean_text(title), source, (Section(clean_text(title), 0, blocks),)
    )
