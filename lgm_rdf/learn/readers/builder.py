"""What the structured readers (PDF, HTML, DOCX) share: a builder that turns a stream of
headings and blocks into sections, sentence-text cleaning and lazy imports of parsers."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

from lgm_rdf.learn.readers.files import clean_text
from lgm_rdf.learn.readers.markdown import strip_inline
from lgm_rdf.learn.readers.model import Block, ReaderError, Section, SourceDocument

MAX_TITLE_CHARS = 120
# Unicode ligatures that PDF text extraction returns as one character.
_LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb06": "st",
    }
)
_URLISH = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|www\.)\S*$", re.I)


def import_parser(module: str, package: str, suffix: str, where: Path) -> ModuleType:
    """Import the parser library of a format, or say which package reading it needs."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ReaderError(
            f"reading {suffix} files needs the '{package}' package: pip install {package}", where
        ) from exc


def tidy(text: str) -> str:
    """Sentence-ready text: ligatures expanded, inline markup removed, whitespace collapsed."""
    return strip_inline(text.translate(_LIGATURES))


def usable_title(text: str | None) -> str | None:
    """``text`` cleaned if it can title a document (words, not a rule, URL or long paragraph)."""
    if not text:
        return None
    title = clean_text(text.translate(_LIGATURES))
    if not title or len(title) > MAX_TITLE_CHARS or _URLISH.match(title):
        return None
    if not any(ch.isalnum() for ch in title):
        return None
    return title


class SectionBuilder:
    """Collects ``heading`` and ``block`` events in reading order and makes the sections.

    Text before the first heading forms a level-0 section titled like the document. A heading
    opens a section even if nothing follows it (the table of contents keeps it).
    """

    def __init__(self) -> None:
        self._open: list[tuple[str, int, list[Block]]] = [("", 0, [])]
        self.first_heading: str | None = None

    def heading(self, text: str, level: int) -> None:
        """Start a new section titled ``text`` at heading ``level`` (1 = top)."""
        title = tidy(text)
        if not title:
            return
        if self.first_heading is None:
            self.first_heading = title
        self._open.append((title, max(1, level), []))

    def block(self, text: str, role: str = "prose", page: int | None = None) -> None:
        """Add a block to the current section (empty text is ignored)."""
        cleaned = tidy(text) if role != "code" else clean_text(text)
        if cleaned:
            self._open[-1][2].append(Block(cleaned, role, page))

    def table(self, rows: list[list[str]], header: list[str] | None = None) -> None:
        """One ``table`` block per row; with a ``header`` each cell reads "Header: value"."""
        for row in rows:
            if header is not None and len(header) == len(row):
                parts = [f"{h}: {c}" if h else c for h, c in zip(header, row, strict=True) if c]
            else:
                parts = [c for c in dict.fromkeys(row) if c]  # merged cells repeat their text
            if parts:
                self.block("; ".join(parts), "table")

    @property
    def empty(self) -> bool:
        """True when no block was added."""
        return not any(blocks for _, _, blocks in self._open)

    def document(
        self, doc_id: str, source: str, title: str | None, fallback: str
    ) -> SourceDocument:
        """The document: ``title`` (metadata) if usable, else the first heading, else ``fallback``."""
        name = usable_title(title) or self.first_heading or fallback
        sections = tuple(
            Section(head or name, level, tuple(blocks))
            for head, level, blocks in self._open
            if level or blocks
        )
        return SourceDocument(doc_id, name, source, sections)
