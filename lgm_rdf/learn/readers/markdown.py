"""Markdown to plain text: headings become sections, inline markup is stripped.

Used by the readers (a paragraph, a list or a table is one block); a small block parser (ATX and
setext headings, fenced and indented code, lists, quotes, tables, front matter) rather than a full
CommonMark implementation.
"""

from __future__ import annotations

import html
import re

from lgm_rdf.learn.readers.files import clean_text
from lgm_rdf.learn.readers.model import SourceDocument
from lgm_rdf.learn.readers.outline import as_sentence, outline_document
from lgm_rdf.learn.readers.roles import block_role

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$", re.M)
_SETEXT_ANY = re.compile(r"^ {0,3}\S.*\n {0,3}(?:=+|-{2,})[ \t]*$", re.M)
_FENCE_ANY = re.compile(r"^ {0,3}(?:`{3,}|~{3,})", re.M)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_HRULE = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$")
_TASK = re.compile(r"^\[[ xX]\][ \t]+")
_QUOTE = re.compile(r"^ {0,3}>[ \t]?")
_REFDEF = re.compile(r"^ {0,3}\[[^\]]+\]:[ \t]*\S")
# a line of badges: images, each maybe inside a link ("[![CI](badge.svg)](ci-url)")
_BADGES = re.compile(r"^[ \t]*(?:\[?!\[[^\]]*\]\([^)]*\)(?:\]\([^)]*\))?[ \t]*)+$")
_TABLE_SEP = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)


class _MarkdownSections:
    """Line-by-line block parser collecting (title, level, text) sections."""

    def __init__(self) -> None:
        self.sections: list[tuple[str, int, list[tuple[str, str]]]] = [("", 0, [])]
        self.para: list[str] = []
        self.item: list[str] | None = None
        self.code: list[str] = []
        self.in_list = False

    def flush(self) -> None:
        blocks = self.sections[-1][2]
        if self.code:
            code = clean_text(" ".join(self.code))
            if code:
                blocks.append(("code", code))
            self.code = []
        if self.item is not None:
            item = strip_inline(" ".join(self.item))
            if item:
                blocks.append(("item", as_sentence(item)))
            self.item = None
        if self.para:
            joined = " ".join(self.para)
            para = strip_inline(joined)
            if para:  # a paragraph of images alone: their alt text describes a picture
                blocks.append(("caption" if _BADGES.match(joined) else "para", para))
            self.para = []

    def heading(self, title: str, level: int) -> None:
        self.flush()
        self.in_list = False
        self.sections.append((strip_inline(title), level, []))

    def line(self, raw: str) -> None:
        quoted = raw
        while _QUOTE.match(quoted):
            quoted = _QUOTE.sub("", quoted, count=1)
        line = quoted.rstrip()
        if not line.strip():
            self.flush()
            return
        if (m := _ATX.match(line)) is not None:
            self.heading(m.group(2) or "", len(m.group(1)))
        elif self.para and not self.in_list and (m := _SETEXT.match(line)) is not None:
            title = " ".join(self.para)
            self.para = []
            self.heading(title, 1 if m.group(1).startswith("=") else 2)
        elif _HRULE.match(line) or _REFDEF.match(line) or _TABLE_SEP.match(line):
            self.flush()
        elif (m := _ITEM.match(line)) is not None:
            self.flush()
            self.in_list = True
            self.item = [_TASK.sub("", m.group(2) or "")]
        elif _BADGES.match(line):
            self.flush()  # a row of badges is a row of labels: no prose
            row = strip_inline(line)
            if row.strip():
                self.sections[-1][2].append(("table", row))
        elif line.lstrip().startswith("|"):
            self.flush()
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
            row = strip_inline("; ".join(c for c in cells if c))
            if row:
                self.sections[-1][2].append(("table", row))
        elif self.item is not None:
            self.item.append(line.strip())
        elif not self.para and not self.in_list and re.match(r"^(?: {4}|\t)", line):
            self.code.append(line.strip())  # indented code block
        else:
            if not line.startswith((" ", "\t")):
                self.in_list = False
            self.para.append(line.strip())


def _closes_fence(line: str, fence: str) -> bool:
    m = _FENCE.match(line)
    return bool(
        m
        and m.group(1)[0] == fence[0]
        and len(m.group(1)) >= len(fence)
        and not line[m.end() :].strip()
    )


def markdown_sections(text: str) -> list[tuple[str, int, list[tuple[str, str]]]]:
    """(heading, level, [(role, block text)]) of every section; the text before any heading has
    level 0. Code (fenced or indented) and tables are blocks with their role."""
    text = _FRONT_MATTER.sub("", text)
    text = _COMMENT.sub(lambda m: "\n" * m.group().count("\n"), text)
    parser = _MarkdownSections()
    fence: str | None = None
    for raw in text.split("\n"):
        if fence is not None:
            if _closes_fence(raw, fence):
                fence = None
                parser.flush()
            else:
                parser.code.append(raw.strip())
            continue
        if (m := _FENCE.match(raw)) is not None:
            parser.flush()
            fence = m.group(1)
            continue
        if parser.code and not re.match(r"^(?: {4}|\t)", raw):
            parser.flush()  # the indented code block ended
        parser.line(raw)
    parser.flush()
    out = []
    for title, level, blocks in parser.sections:
        merged: list[tuple[str, str]] = []
        for i, (kind, block) in enumerate(blocks):
            if i and kind in ("item", "table", "code") and blocks[i - 1][0] == kind:
                # a list (or table) is one block, an item (or row) a line
                merged[-1] = (kind, merged[-1][1] + "\n" + block)
            else:
                merged.append((kind, block))
        out.append((title, level, [(_role(kind, block), block) for kind, block in merged]))
    return out


def _role(kind: str, text: str) -> str:
    """The role of a parsed block: code, tables and images by their syntax, the rest by their
    text."""
    return kind if kind in ("code", "table", "caption") else block_role(text)


def markdown_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    """A document with one section per heading; the title defaults to the first level-1 heading."""
    return outline_document(markdown_sections(text), doc_id, source, title, fallback)


_CODE_SPAN = re.compile(r"(`+)(.+?)(?<!`)\1(?!`)", re.S)
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)")
_REF_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_FOOTNOTE = re.compile(r"\[\^[^\]]+\]")
_AUTOLINK = re.compile(r"<((?:https?|ftp|mailto):[^>\s]+|[^>\s@]+@[^>\s@]+)>")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
_EMPHASIS = (
    re.compile(r"\*\*\*(?=\S)(.+?)(?<=\S)\*\*\*"),
    re.compile(r"(?<!\w)___(?=\S)(.+?)(?<=\S)___(?!\w)"),
    re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"),
    re.compile(r"(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)"),
    re.compile(r"\*(?=[^\s*])(.+?)(?<=[^\s*])\*"),
    re.compile(r"(?<!\w)_(?=[^\s_])(.+?)(?<=[^\s_])_(?!\w)"),
    re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"),
)


def strip_inline(text: str) -> str:
    """Markdown inline markup to plain text: keeps link/image text and code, drops markers."""
    kept: list[str] = []

    def keep(value: str) -> str:
        kept.append(value)
        return f"\ue000{len(kept) - 1}\ue001"

    text = _CODE_SPAN.sub(lambda m: keep(m.group(2).strip() or m.group(2)), text)
    text = _ESCAPE.sub(lambda m: keep(m.group(1)), text)
    text = _AUTOLINK.sub(lambda m: keep(m.group(1)), text)
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _REF_LINK.sub(r"\1", text)
    text = _FOOTNOTE.sub("", text)
    text = _TAG.sub("", text)
    previous = None
    while previous != text:
        previous = text
        for pattern in _EMPHASIS:
            text = pattern.sub(r"\1", text)
    text = re.sub("\ue000(\\d+)\ue001", lambda m: kept[int(m.group(1))], text)
    return clean_text(html.unescape(text))


def looks_like_markdown(text: str) -> bool:
    """True when ``text`` has an ATX heading, a setext heading or a fenced code block."""
    return bool(_ATX.search(text) or _SETEXT_ANY.search(text) or _FENCE_ANY.search(text))
