"""Word documents (.docx) with python-docx: headings from paragraph styles (``Title``,
``Heading 1`` …, or a style's outline level), tables as ``table`` blocks, captions as
``caption`` blocks; the title from the document properties or the first heading."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path
from typing import Any

from lgm_rdf.learn.readers.builder import SectionBuilder, import_parser
from lgm_rdf.learn.readers.model import ReaderError, SourceDocument

DOCX_SUFFIXES = frozenset({".docx"})
_HEADING_STYLE = re.compile(r"^heading\s*(\d)$", re.I)
_CODE_STYLES = re.compile(r"code|preformatted|source text|verbatim", re.I)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def read_docx(data: bytes, path: Path, source: str) -> SourceDocument:
    """A .docx document in reading order: paragraphs and tables of the body."""
    docx = import_parser("docx", "python-docx", "DOCX", path)
    try:
        document = docx.Document(BytesIO(data))
    except Exception as exc:  # not a zip, not a Word document, broken XML
        raise ReaderError(f"cannot read DOCX: {exc}", path) from exc
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    builder = SectionBuilder()
    title: str | None = None
    for element in document.element.body.iterchildren():
        if element.tag == f"{_W}p":
            paragraph = Paragraph(element, document)
            kind, level = _paragraph_kind(paragraph)
            if kind == "title":
                title = title or paragraph.text
                builder.heading(paragraph.text, 1)
            elif kind == "heading":
                builder.heading(paragraph.text, level)
            else:
                builder.block(paragraph.text, kind)
        elif element.tag == f"{_W}tbl":
            _table(Table(element, document), builder)
    if builder.empty:
        raise ReaderError("no text found", path)
    meta = document.core_properties.title or title
    return builder.document(source, source, meta, path.stem)


def _paragraph_kind(paragraph: Any) -> tuple[str, int]:
    """``("title"|"heading"|"caption"|"code"|"prose", level)`` from the paragraph's style."""
    style = paragraph.style
    name = (style.name or "") if style is not None else ""
    if name.lower() == "title":
        return "title", 1
    if (m := _HEADING_STYLE.match(name)) is not None:
        return "heading", int(m.group(1))
    level = _outline_level(paragraph, style)
    if level is not None:
        return "heading", level
    if name.lower() == "caption":
        return "caption", 0
    if _CODE_STYLES.search(name):
        return "code", 0
    return "prose", 0


def _outline_level(paragraph: Any, style: Any) -> int | None:
    """The outline level (1-based) set on the paragraph or its style, as localised templates do."""
    for owner in (paragraph._p, getattr(style, "element", None)):
        if owner is None:
            continue
        found = owner.find(f"{_W}pPr/{_W}outlineLvl")
        if found is not None:
            value = found.get(f"{_W}val")
            if value is not None and value.isdigit() and int(value) < 9:
                return int(value) + 1
    return None


def _table(table: Any, builder: SectionBuilder) -> None:
    """The rows of a Word table; a first row of distinct, non-empty cells is its header."""
    rows = [[" ".join(cell.text.split()) for cell in row.cells] for row in table.rows]
    has_header = len(rows) > 1 and all(rows[0]) and len(set(rows[0])) == len(rows[0])
    builder.table(rows[1:] if has_header else rows, rows[0] if has_header else None)
