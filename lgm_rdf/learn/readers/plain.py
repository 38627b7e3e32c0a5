"""Plain text: one section, one block per paragraph (paragraphs end at blank lines).

The title is the first line if it reads like a title; rules (``---``), URLs and symbol lines
before it are passed over. Inline Markdown and HTML markup are removed from prose.

A paragraph's role is judged on its raw lines (a table's cells, a reference list's entries),
before whitespace is collapsed; paragraphs between two fence lines (```, also after a list marker: "- ```") are code; a short
line without a full stop is a heading (so is a first line in capitals with text under it, as in
manual pages), and the paragraphs after a "References" heading are references.
"""

from __future__ import annotations

import re

from lgm_rdf.learn.readers.builder import MAX_TITLE_CHARS, usable_title
from lgm_rdf.learn.readers.files import clean_text, typewriter_quotes
from lgm_rdf.learn.readers.markdown import strip_inline
from lgm_rdf.learn.readers.model import Block, Section, SourceDocument
from lgm_rdf.learn.readers.roles import (
    PROSE,
    block_role,
    is_reference_heading,
    manual_page_name,
)

_TITLE_LINES = 5  # a plain text's title is one of its first lines


def plain_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    """A one-section document; the title defaults to a title-like first line, else ``fallback``."""
    title = clean_text(title if title is not None else first_line_title(text) or fallback)
    blocks = tuple(plain_blocks(text))
    return SourceDocument(doc_id, title, source, (Section(title, 0, blocks),))


def first_line_title(text: str) -> str | None:
    """The first line of ``text`` that can be a title, looking past rules, URLs and symbols
    (a manual page's running header gives its command); ``None`` when a line of prose (too
    long for a title) comes first."""
    for line in [ln for ln in text.split("\n") if ln.strip()][:_TITLE_LINES]:
        if (command := manual_page_name(line)) is not None:
            return command  # a manual page is titled by its command, not its running header
        plain = strip_inline(line)
        if len(plain) > MAX_TITLE_CHARS:
            return None
        if (found := usable_title(plain)) is not None:
            return found
    return None


# A fence line, also as the first line of a list item ("- ```"), with no backtick after it (an
# inline code span such as "```x``` is ..." is no fence).
_FENCE = re.compile(r"^[ \t]*(?:[-*+][ \t]+|\d{1,2}[.)][ \t]+)?(?:`{3,}[^`\n]*|~{3,}.*)$", re.M)


def plain_blocks(text: str) -> list[Block]:
    """The paragraphs of ``text`` as blocks, each with the role its raw lines show."""
    out: list[Block] = []
    fenced = references = False
    for raw in paragraphs(text):
        cleaned = clean_text(raw)
        if not cleaned:
            continue
        fences = len(_FENCE.findall(raw))
        role = "code" if fenced or fences else block_role(raw)
        if role == PROSE and plain_heading(raw):
            role, references = "heading", is_reference_heading(cleaned)
        elif role == PROSE and references:
            role = "reference"
        if fences % 2:
            fenced = not fenced
        if role in (PROSE, "heading"):
            cleaned = clean_text(strip_inline(typewriter_quotes(raw)))
        out.append(Block(cleaned) if role == PROSE else Block(cleaned, role=role))
    return out


HEADING_WORDS = 8
# a line in capitals on its own ("DESCRIPTION", "SEE ALSO", "EXIT STATUS"): a manual page or
# plain-text heading, even when the text under it follows without a blank line
_CAPITALS_LINE = re.compile(r"^[ \t]*[A-Z][A-Z0-9&/'()-]*(?:[ \t]+[A-Z0-9&/'()-]+)*[ \t]*$")


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text`` (they end at blank lines); a first line in capitals with
    indented text or a sentence under it is a paragraph of its own, the heading of what
    follows."""
    out: list[str] = []
    for raw in re.split(r"\n[ \t]*\n", text):
        first, _, rest = raw.strip("\n").partition("\n")
        under = rest.lstrip("\n").split("\n", 1)[0]
        indent = len(under) - len(under.lstrip()) > len(first) - len(first.lstrip())
        # the text under it is indented or starts a sentence ("NASA\nlaunched ..." is one)
        heading = bool(_CAPITALS_LINE.match(first)) and 1 <= len(first.split()) <= HEADING_WORDS
        heading = heading and sum(ch.isalpha() for ch in first) >= 3
        if heading and rest.strip() and (indent or under.lstrip()[:1].isupper()):
            out += [first, rest]
            continue
        out.append(raw)
    return out


def plain_heading(raw: str) -> bool:
    """A one-line paragraph of a few words without a full stop that starts with a capital or a
    section number ("Abstract", "2.1 Related Work"): a heading of a plain-text document."""
    line = raw.strip()
    words = line.split()
    if "\n" in line or not words or len(words) > HEADING_WORDS or line.endswith((".", ",", ";")):
        return False
    return line[0].isupper() or bool(re.match(r"^\d+(?:\.\d+)*\.?\s+[A-Z]", line))
