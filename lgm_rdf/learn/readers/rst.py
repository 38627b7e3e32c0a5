"""reStructuredText (Sphinx and PyPI documentation) to sections and blocks, without docutils.

A small line parser for what documentation pages use:

* section titles: a line underlined (and maybe overlined) with one punctuation character; the
  levels follow the order in which the title styles first appear, as in docutils;
* code: the indented block after a paragraph ending in "::" (the paragraph keeps one colon),
  the ``code-block``, ``code``, ``sourcecode``, ``literalinclude``, ``doctest`` and ``testcode``
  directives, and interpreter sessions (``>>>`` lines);
* tables: grid tables (``+---+``), simple tables (``=== ===``) and field lists
  (``:param x: ...``);
* admonitions (``note``, ``warning``, ``tip``, ...) keep their text as prose, and so do the
  descriptions of API objects (``function``, ``py:class``, ``option``: the signature is code);
  every other
  directive (``image``, ``toctree``, ``automodule``, ...), comments, link targets and
  substitution definitions are dropped;
* list items are blocks of their own, and so is each term of a definition list, read as
  "term: definition";
* inline markup: ````literal```` and ``:role:`text <target>``` keep their text, ```text
  <url>`_`` its text, ``*emphasis*`` and ``**strong**`` their words.
"""

from __future__ import annotations

import re

from lgm_rdf.learn.readers.files import clean_text
from lgm_rdf.learn.readers.model import SourceDocument
from lgm_rdf.learn.readers.outline import END_PUNCT, as_sentence, outline_document
from lgm_rdf.learn.readers.roles import block_role

_ADORNMENT = re.compile(r"^([=\-~^\"'`#*+:._!$%&,/;<>?@\\|])\1{2,}[ \t]*$")
_DIRECTIVE = re.compile(r"^([ \t]*)\.\.[ \t]+(?:\|[^|]+\|[ \t]+)?([\w:.-]+)::(?:[ \t]+(.*))?$")
_EXPLICIT = re.compile(r"^([ \t]*)\.\.(?:[ \t]|$)")  # a comment, a target, a footnote
_ITEM = re.compile(r"^([ \t]*)(?:[-*+•]|#\.|\d{1,3}[.)]|\(\d{1,3}\))[ \t]+(.*)$")
_FIELD = re.compile(r"^[ \t]*:[^:\s][^:]*:(?:[ \t]|$)")
_TABLE_BORDER = re.compile(r"^[ \t]*(?:\+[-=+]{3,}\+|=+(?:[ \t]+=+)+)[ \t]*$")
_OPTION = re.compile(r"^[ \t]*:[\w-]+:")
CODE_DIRECTIVES = frozenset(
    {
        "code-block",
        "code",
        "sourcecode",
        "literalinclude",
        "doctest",
        "testcode",
        "testoutput",
        "highlight",
        "ipython",
        "jupyter-execute",
        "math",
        "raw",
        "parsed-literal",
    }
)
PROSE_DIRECTIVES = frozenset(
    {
        "note",
        "warning",
        "tip",
        "hint",
        "important",
        "caution",
        "attention",
        "danger",
        "error",
        "admonition",
        "seealso",
        "topic",
        "sidebar",
        "rubric",
        "epigraph",
        "highlights",
        "pull-quote",
        "container",
        "versionadded",
        "versionchanged",
        "deprecated",
        "only",
    }
)
# what API documentation describes ("py:function", "class", "option"): the signature is code,
# the body prose
OBJECT_DIRECTIVES = frozenset(
    {
        "function",
        "class",
        "method",
        "attribute",
        "data",
        "exception",
        "module",
        "decorator",
        "staticmethod",
        "classmethod",
        "property",
        "option",
        "cmdoption",
        "envvar",
        "describe",
        "object",
        "program",
        "type",
        "member",
        "macro",
        "var",
    }
)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


class _RstSections:
    """Line-by-line block parser collecting (title, level, blocks) sections."""

    def __init__(self) -> None:
        self.sections: list[tuple[str, int, list[tuple[str, str]]]] = [("", 0, [])]
        self.styles: list[str] = []

    def add(self, role: str, text: str) -> None:
        """One block of the current section (prose is judged by its text)."""
        text = clean_text(text if role == "code" else strip_rst_inline(text))
        if text:
            self.sections[-1][2].append((block_role(text) if role == "prose" else role, text))

    def title(self, text: str, style: str) -> None:
        """Start a section titled ``text`` at the level of its adornment ``style``."""
        if style not in self.styles:
            self.styles.append(style)
        self.sections.append((clean_text(strip_rst_inline(text)), self.styles.index(style) + 1, []))

    def parse(self, lines: list[str]) -> None:
        """Read the lines of a whole document (or of a directive's body)."""
        i, n = 0, len(lines)
        literal_next = False
        while i < n:
            line = lines[i]
            if not line.strip():
                i += 1
                continue
            nxt = lines[i + 1] if i + 1 < n else ""
            after = lines[i + 2] if i + 2 < n else ""
            overlined = _ADORNMENT.match(line) and nxt.strip() and _ADORNMENT.match(after)
            if overlined and after.strip()[0] == line.strip()[0]:
                self.title(nxt.strip(), line.strip()[0] + "o")
                i += 3
                continue
            if _ADORNMENT.match(nxt) and not _ADORNMENT.match(line) and _indent(line) == 0:
                self.title(line.strip(), nxt.strip()[0])
                i += 2
                continue
            if literal_next and _indent(line) > 0:
                end = self._indented_end(lines, i, 0)
                self.add("code", "\n".join(lines[i:end]))
                i, literal_next = end, False
                continue
            literal_next = False
            if m := _DIRECTIVE.match(line):
                i = self._directive(lines, i, m)
                continue
            if m := _EXPLICIT.match(line):
                i = self._indented_end(lines, i + 1, len(m.group(1)))
                continue
            para, i = self._paragraph(lines, i)
            literal_next = self._block(para)

    def _indented_end(self, lines: list[str], i: int, indent: int) -> int:
        """The index after the block of lines indented more than ``indent`` (blank lines inside)."""
        end = i
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
            i += 1
            if lines[i - 1].strip():
                end = i
        return end

    def _directive(self, lines: list[str], i: int, m: re.Match[str]) -> int:
        """Read a directive and its body; return the index after it."""
        indent, name, argument = len(m.group(1)), m.group(2).lower(), m.group(3) or ""
        end = self._indented_end(lines, i + 1, indent)
        body = [ln for ln in lines[i + 1 : end] if not _OPTION.match(ln)]
        if name in CODE_DIRECTIVES:
            self.add("code", "\n".join(body))
        elif name.rsplit(":", 1)[-1] in OBJECT_DIRECTIVES:
            self.add("code", argument)
            width = min((_indent(ln) for ln in body if ln.strip()), default=0)
            self.parse([ln[width:] for ln in body])
        elif name in PROSE_DIRECTIVES:
            if argument and name in ("admonition", "topic", "sidebar", "rubric"):
                self.add("heading", argument)
            elif argument and name not in ("versionadded", "versionchanged", "deprecated"):
                body = [argument, *body]
            width = min((_indent(ln) for ln in body if ln.strip()), default=0)
            self.parse([ln[width:] for ln in body])
        return end

    def _paragraph(self, lines: list[str], i: int) -> tuple[list[str], int]:
        para: list[str] = []
        while i < len(lines) and lines[i].strip():
            if para and (_DIRECTIVE.match(lines[i]) or _ITEM.match(lines[i])):
                break
            para.append(lines[i])
            i += 1
        return para, i

    def _block(self, para: list[str]) -> bool:
        """Add a paragraph (a table, an item, an interpreter session or prose); True when it
        ends in "::" and announces a literal block."""
        first = para[0]
        if _TABLE_BORDER.match(first):
            self.add("table", "\n".join(para))
            return False
        if first.lstrip().startswith(">>>"):
            self.add("code", "\n".join(para))
            return False
        if all(_FIELD.match(ln) or _indent(ln) > _indent(first) for ln in para):
            self.add("table", "\n".join(para))
            return False
        text = " ".join(ln.strip() for ln in para)
        term = first.strip()
        defined = len(para) > 1 and _indent(para[1]) > _indent(first) and not _ITEM.match(first)
        if defined and len(term.split()) <= 8 and not END_PUNCT.search(term):  # definition list
            text = term + ": " + " ".join(ln.strip() for ln in para[1:])
        literal = text.endswith("::")
        if literal:  # "Example::" reads "Example:"; "Example: ::" and "::" alone vanish
            stem = text[:-2]
            text = stem.rstrip() if not stem or stem[-1].isspace() else stem + ":"
        if m := _ITEM.match(first):
            text = " ".join([m.group(2).strip(), *(ln.strip() for ln in para[1:])])
            text = text[:-1] if literal else text
            text = as_sentence(text)
        if text:
            self.add("prose", text)
        return literal


def rst_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    """A document with one section per section title; the title defaults to the first one."""
    parser = _RstSections()
    parser.parse(text.expandtabs(8).split("\n"))
    return outline_document(parser.sections, doc_id, source, title, fallback)


_LITERAL = re.compile(r"``(.+?)``")
_ROLE = re.compile(r":[\w:.+-]+:`([^`]+)`")
_REFERENCE = re.compile(r"`([^`<]*?)\s*(?:<[^`>]*>)?`__?")
_INTERPRETED = re.compile(r"`([^`]+)`")
_NAMED = re.compile(r"(?<=\w)__?(?=[\s.,;:!?)\]]|$)")
_SUBSTITUTION = re.compile(r"\|([^|\s][^|]*)\|_{0,2}")
_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=[^\s*])([^*()]{1,80}?)(?<=[^\s*])\*(?![\w*])")


def _role_text(m: re.Match[str]) -> str:
    text = m.group(1)
    if "<" in text and text.rstrip().endswith(">"):
        text = text[: text.index("<")].strip() or text
    return text.lstrip("~!.")  # "~a.b", "!a" and Sphinx's relative ".session" show the name


def strip_rst_inline(text: str) -> str:
    """reStructuredText inline markup to plain text: literals and roles keep their text, a
    reference its text, emphasis its words."""
    kept: list[str] = []

    def keep(value: str) -> str:
        kept.append(value)
        return f"\ue000{len(kept) - 1}\ue001"

    text = _LITERAL.sub(lambda m: keep(m.group(1)), text)
    text = _ROLE.sub(lambda m: keep(_role_text(m)), text)
    text = _REFERENCE.sub(r"\1", text)
    text = _INTERPRETED.sub(r"\1", text)
    text = _SUBSTITUTION.sub(r"\1", text)
    text = _STRONG.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    text = _NAMED.sub("", text)
    return re.sub("\ue000(\\d+)\ue001", lambda m: kept[int(m.group(1))], text)
