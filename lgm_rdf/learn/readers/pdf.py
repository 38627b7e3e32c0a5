"""PDF files: text per page with pypdf (pure Python); headings from the outline, else from
font sizes; running page headers and footers kept as ``header_footer`` blocks.

Lines are rebuilt from pypdf's text runs (with their font size and baseline), grouped into
paragraphs by vertical gaps, and a paragraph that runs over a page break is joined to its
start (its sentences cite the page where they begin).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lgm_rdf.learn.readers.builder import SectionBuilder, import_parser
from lgm_rdf.learn.readers.model import ReaderError, SourceDocument

PDF_SUFFIXES = frozenset({".pdf"})
_MARGIN = 0.07  # top and bottom share of the page where running headers and footers sit
_HEADING_RATIO = 1.15  # a line this much larger than body text is a heading
_MAX_HEADING_CHARS = 150
_PARA_GAP = 1.6  # a baseline gap this many body lines high starts a paragraph
_END = re.compile(r"[.!?:;…][\"'”’)\]]*$")
_DIGITS = re.compile(r"\d+")


@dataclass
class _Line:
    text: str
    size: float
    y: float  # baseline height from the bottom of the page
    page: int
    role: str = "prose"


@dataclass
class _Page:
    number: int
    height: float
    lines: list[_Line] = field(default_factory=list)


def read_pdf(data: bytes, path: Path, source: str) -> SourceDocument:
    """A PDF as a document: sections from the outline or font sizes, pages on every block."""
    pypdf = import_parser("pypdf", "pypdf", "PDF", path)
    from io import BytesIO

    try:
        reader = pypdf.PdfReader(BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise ReaderError("encrypted PDF (needs a password)", path)
        pages = [_page_lines(p, n) for n, p in enumerate(reader.pages, 1)]
        outline = _outline(reader)
        title = (reader.metadata or {}).get("/Title") if reader.metadata is not None else None
    except ReaderError:
        raise
    except Exception as exc:  # pypdf raises many kinds of errors on broken files
        raise ReaderError(f"cannot read PDF: {exc}", path) from exc
    lines = [line for page in pages for line in page.lines]
    if not any(line.text.strip() for line in lines):
        raise ReaderError("no text found (a scanned PDF needs OCR first)", path)
    _mark_running_lines(pages)
    builder = SectionBuilder()
    _emit(lines, outline, builder)
    if builder.empty:
        raise ReaderError("no text found", path)
    return builder.document(source, source, str(title) if title else None, path.stem)


def _page_lines(page: Any, number: int) -> _Page:
    """The text lines of one page with their font size and baseline."""
    height = float(page.mediabox.height)
    out = _Page(number, height)
    parts: list[tuple[str, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
        y = tm[5] * cm[3] + cm[5] if cm[3] else tm[5]
        parts.append((text, size * (scale or 1.0), y))

    page.extract_text(visitor_text=visit)
    text, sizes, y = "", [], None
    for piece, size, base in parts:
        for k, chunk in enumerate(piece.split("\n")):
            if k:
                _close_line(out, text, sizes, y, number)
                text, sizes, y = "", [], None
            if chunk.strip():
                sizes.append(size)
                y = base if y is None else y
            text += chunk
    _close_line(out, text, sizes, y, number)
    return out


def _close_line(out: _Page, text: str, sizes: list[float], y: float | None, page: int) -> None:
    if text.strip():
        out.lines.append(_Line(" ".join(text.split()), max(sizes, default=0.0), y or 0.0, page))


def _outline(reader: Any) -> list[tuple[str, int, int]]:
    """``(title, level, page)`` of every outline entry, in order (empty without an outline)."""
    found: list[tuple[str, int, int]] = []

    def walk(items: list[Any], level: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
                continue
            try:
                page = reader.get_destination_page_number(item) + 1
            except Exception:
                continue
            title = " ".join(str(getattr(item, "title", "") or "").split())
            if title:
                found.append((title, level, page))

    try:
        walk(reader.outline, 1)
    except Exception:
        return []
    return found


def _mark_running_lines(pages: list[_Page]) -> None:
    """Lines in the top or bottom margin that recur on most pages (digits aside) are headers
    or footers; on a single page, small lines in the margins are."""
    if not pages:
        return
    keys: Counter[str] = Counter()
    for page in pages:
        keys.update({_DIGITS.sub("#", ln.text) for ln in page.lines if _in_margin(ln, page)})
    body = _body_size([ln for p in pages for ln in p.lines])
    for page in pages:
        for line in page.lines:
            if not _in_margin(line, page):
                continue
            recurring = len(pages) > 1 and keys[_DIGITS.sub("#", line.text)] >= max(
                2, len(pages) // 2
            )
            if recurring or (len(pages) == 1 and line.size < body):
                line.role = "header_footer"


def _in_margin(line: _Line, page: _Page) -> bool:
    return line.y > page.height * (1 - _MARGIN) or line.y < page.height * _MARGIN


def _body_size(lines: list[_Line]) -> float:
    """The most common font size, weighted by characters."""
    sizes: Counter[float] = Counter()
    for line in lines:
        sizes[round(line.size, 1)] += len(line.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _heading_levels(lines: list[_Line], body: float) -> dict[float, int]:
    """Font sizes larger than body text, biggest first, as heading levels 1, 2, 3 …"""
    big = sorted(
        {
            round(ln.size, 1)
            for ln in lines
            if ln.role == "prose" and ln.size >= body * _HEADING_RATIO
        },
        reverse=True,
    )
    return {size: level for level, size in enumerate(big[:6], 1)}


def _emit(lines: list[_Line], outline: list[tuple[str, int, int]], builder: SectionBuilder) -> None:
    body = _body_size([ln for ln in lines if ln.role == "prose"])
    marks = {(_key(t), page): level for t, level, page in outline}
    levels = {} if marks else _heading_levels(lines, body)
    para: list[_Line] = []

    def flush() -> None:
        if para:
            builder.block(_join(para), para[0].role, para[0].page)
            para.clear()

    previous: _Line | None = None
    for line in lines:
        if line.role == "header_footer":  # kept, without breaking the paragraph around it
            builder.block(line.text, "header_footer", line.page)
            continue
        level = marks.get((_key(line.text), line.page))
        if level is None and not marks and len(line.text) <= _MAX_HEADING_CHARS:
            level = levels.get(round(line.size, 1))
        if level is not None:
            flush()
            builder.heading(line.text, level)
            previous = None
            continue
        if para and previous is not None and _new_paragraph(previous, line, body):
            flush()
        para.append(line)
        previous = line
    flush()


def _new_paragraph(previous: _Line, line: _Line, body: float) -> bool:
    if line.page != previous.page:
        # a paragraph that ends a page without closing punctuation goes on on the next page
        return bool(_END.search(previous.text)) or not line.text[:1].islower()
    gap = previous.y - line.y
    return gap > body * _PARA_GAP or gap < 0 or abs(line.size - previous.size) > 0.5


def _join(lines: list[_Line]) -> str:
    """Lines of a paragraph as one text; a word hyphenated at a line end is joined."""
    text = ""
    for line in lines:
        if text.endswith("-") and len(text) > 1 and text[-2].isalpha() and line.text[:1].islower():
            text = text[:-1] + line.text
        else:
            text = f"{text} {line.text}" if text else line.text
    return text


def _key(text: str) -> str:
    return " ".join(text.casefold().split())
