"""Plain text: one section, one block per paragraph (paragraphs end at blank lines).

The title is the first line if it reads like a title; rules (``---``), URLs and symbol lines
before it are passed over. Inline Markdown and HTML markup are removed from the text.
"""

from __future__ import annotations

import re

from lgm_rdf.learn.readers.builder import MAX_TITLE_CHARS, usable_title
from lgm_rdf.learn.readers.files import clean_text
from lgm_rdf.learn.readers.markdown import strip_inline
from lgm_rdf.learn.readers.model import Block, Section, SourceDocument

_TITLE_LINES = 5  # a plain text's title is one of its first lines


def plain_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    """A one-section document; the title defaults to a title-like first line, else ``fallback``."""
    title = clean_text(title if title is not None else first_line_title(text) or fallback)
    paragraphs = [strip_inline(p) for p in re.split(r"\n[ \t]*\n", text)]
    blocks = tuple(Block(p) for p in paragraphs if p)
    return SourceDocument(doc_id, title, source, (Section(title, 0, blocks),))


def first_line_title(text: str) -> str | None:
    """The first line of ``text`` that can be a title, looking past rules, URLs and symbols;
    ``None`` when a line of prose (too long for a title) comes first."""
    for line in [ln for ln in text.split("\n") if ln.strip()][:_TITLE_LINES]:
        plain = strip_inline(line)
        if len(plain) > MAX_TITLE_CHARS:
            return None
        if (found := usable_title(plain)) is not None:
            return found
    return None
