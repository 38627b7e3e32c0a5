"""What a reader returns: documents, their table of contents, and the blocks of each section."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from lgm_rdf.errors import LgmError

# What a block of a document is; only "prose" is read as sentences today, the other roles name
# the non-prose regions (references, tables, code, ...) that readers may mark.
BLOCK_ROLES = (
    "prose",
    "heading",
    "reference",
    "affiliation",
    "table",
    "code",
    "equation",
    "caption",
    "header_footer",
    "template",
)
BLOCK_SEPARATOR = "\n\n"


@dataclass(frozen=True)
class Block:
    """One paragraph-like region of a section: a paragraph, a list, a table.

    ``role`` is one of ``BLOCK_ROLES``; ``page`` the 1-based page of paged formats (PDF).
    ``sentences`` is set only when the source already splits sentences (HotpotQA); ``text`` is
    then those sentences joined by single spaces.
    """

    text: str
    role: str = "prose"
    page: int | None = None
    sentences: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.role not in BLOCK_ROLES:
            raise ValueError(f"unknown block role {self.role!r} (expected one of {BLOCK_ROLES})")


@dataclass(frozen=True)
class Section:
    """One table-of-contents node: heading ``title``, heading ``level`` (0 = none), its blocks."""

    title: str
    level: int
    blocks: tuple[Block, ...] = ()

    @property
    def text(self) -> str:
        """The section's text: its blocks in order, separated by blank lines."""
        return BLOCK_SEPARATOR.join(b.text for b in self.blocks)


@dataclass(frozen=True)
class SourceDocument:
    """A document as read from its source, before any NLP."""

    id: str
    title: str
    source: str
    sections: tuple[Section, ...]

    @cached_property
    def content_hash(self) -> str:
        """SHA-256 (hex) of the title and every section; id and source do not count."""
        payload = [self.title, [_hashed(s) for s in self.sections]]
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(data.encode("utf-8")).hexdigest()


def _hashed(section: Section) -> list[Any]:
    """What of a section the content hash covers; roles and pages only where not the default."""
    sentences: list[str] | None = None
    if any(b.sentences is not None for b in section.blocks):
        sentences = [
            s for b in section.blocks for s in ((b.text,) if b.sentences is None else b.sentences)
        ]
    entry: list[Any] = [section.title, section.level, section.text, sentences]
    marks = [[b.role, b.page] for b in section.blocks]
    if any(m != ["prose", None] for m in marks):
        entry.append(marks)
    return entry


class ReaderError(LgmError, ValueError):
    """A file (or text) cannot be read; the message names it and says why."""

    def __init__(self, reason: str, where: str | Path | None = None) -> None:
        self.reason = reason
        self.where = where
        super().__init__(f"{where}: {reason}" if where is not None else reason)
