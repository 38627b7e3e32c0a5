"""Document readers: text, Markdown, JSON/JSONL records, HotpotQA and MuSiQue files, directories.

Every reader returns ``SourceDocument`` objects whose sections are the document's table of
contents. A file is parsed completely before any of its documents is yielded, so a broken file
contributes nothing rather than half of itself. Texts and titles are NFC-normalised.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from lgm_rdf.errors import LgmError
from lgm_rdf.learn.markdown import clean_text as _clean
from lgm_rdf.learn.markdown import looks_like_markdown as looks_like_markdown
from lgm_rdf.learn.markdown import markdown_sections
from lgm_rdf.learn.markdown import strip_inline as strip_inline

log = logging.getLogger(__name__)

TEXT_SUFFIXES = frozenset({".txt"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
JSON_SUFFIXES = frozenset({".json"})
JSONL_SUFFIXES = frozenset({".jsonl"})
SUPPORTED_SUFFIXES = TEXT_SUFFIXES | MARKDOWN_SUFFIXES | JSON_SUFFIXES | JSONL_SUFFIXES
MAX_TITLE_CHARS = 120


@dataclass(frozen=True)
class Section:
    """One table-of-contents node: heading ``title``, heading ``level`` (0 = none) and its text.

    ``sentences`` is set only when the source already splits sentences (HotpotQA); ``text`` is
    then those sentences joined by single spaces.
    """

    title: str
    level: int
    text: str
    sentences: tuple[str, ...] | None = None


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
        payload = [
            self.title,
            [
                [s.title, s.level, s.text, None if s.sentences is None else list(s.sentences)]
                for s in self.sections
            ],
        ]
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(data.encode("utf-8")).hexdigest()


class ReaderError(LgmError, ValueError):
    """A file (or text) cannot be read; the message names it and says why."""

    def __init__(self, reason: str, where: str | Path | None = None) -> None:
        self.reason = reason
        self.where = where
        super().__init__(f"{where}: {reason}" if where is not None else reason)


# ---------------------------------------------------------------------------------------------
# public entry points


def read_path(path: str | Path) -> Iterator[SourceDocument]:
    """Read a file or a directory (recursively, sorted, hidden entries skipped); strict.

    A bad file raises ``ReaderError``. In a directory, files of unsupported type are ignored;
    a supported file that cannot be read raises. Use ``read_paths`` to skip and report instead.
    """
    root = _existing(path)
    if root.is_dir():
        files = [f for f in _walk(root) if f.suffix.lower() in SUPPORTED_SUFFIXES]
        return (doc for f in files for doc in read_file(f))
    return iter(read_file(root))


def read_paths(
    paths: Iterable[str | Path], on_skip: Callable[[Path, str], None] | None = None
) -> Iterator[SourceDocument]:
    """Read many files/directories; bad files are reported with ``on_skip(path, reason)`` and skipped.

    Raises ``ReaderError`` at call time if a path does not exist. Files named twice (directly or
    through a directory) are read once. The default ``on_skip`` logs a warning.
    """
    roots = [_existing(p) for p in paths]
    report = on_skip if on_skip is not None else _log_skip
    return _iter_paths(roots, report)


def read_file(path: str | Path) -> list[SourceDocument]:
    """All documents of one file, dispatched on its suffix; raises ``ReaderError`` if it is bad."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        kind = f"'{p.suffix}'" if p.suffix else "(no suffix)"
        expected = ", ".join(sorted(SUPPORTED_SUFFIXES))
        raise ReaderError(f"unsupported file type {kind} (expected {expected})", p)
    if not p.is_file():
        raise ReaderError("not a regular file", p)
    text = _decode(p)
    source = p.resolve().as_posix()
    if suffix in TEXT_SUFFIXES:
        docs = [_plain_document(text, source, source, None, p.stem)]
    elif suffix in MARKDOWN_SUFFIXES:
        docs = [_markdown_document(text, source, source, None, p.stem)]
    else:
        records = _load_jsonl(text, p) if suffix in JSONL_SUFFIXES else _load_json(text, p)
        docs = _records_to_documents(records, p, source)
    docs = [d for d in docs if any(s.text for s in d.sections)]
    if not docs:
        raise ReaderError("no text found", p)
    return docs


def read_text(text: str, doc_id: str, title: str | None = None) -> SourceDocument:
    """A document from a raw string: Markdown sections if it looks like Markdown, else one section.

    The title defaults to the first level-1 heading (Markdown) or a short first line (plain
    text), else ``doc_id``. ``source`` is ``doc_id``. Raises ``ReaderError`` for empty text.
    """
    text = _normalise_newlines(text)
    if not text.strip():
        raise ReaderError("empty text", f"document {doc_id!r}")
    if looks_like_markdown(text):
        doc = _markdown_document(text, doc_id, doc_id, title, doc_id)
    else:
        doc = _plain_document(text, doc_id, doc_id, title, doc_id)
    if not any(s.text for s in doc.sections):
        raise ReaderError("no text found", f"document {doc_id!r}")
    return doc


# ---------------------------------------------------------------------------------------------
# files and directories


def _existing(path: str | Path) -> Path:
    p = Path(path).expanduser()
    if not p.exists():
        raise ReaderError("no such file or directory", p)
    return p


def _log_skip(path: Path, reason: str) -> None:
    log.warning("skipping %s: %s", path, reason)


def _iter_paths(roots: list[Path], report: Callable[[Path, str], None]) -> Iterator[SourceDocument]:
    seen: set[Path] = set()
    for root in roots:
        for f in _walk(root) if root.is_dir() else [root]:
            key = f.resolve()
            if key in seen:
                continue
            seen.add(key)
            try:
                docs = read_file(f)
            except ReaderError as exc:
                report(f, exc.reason)
                continue
            yield from docs


def _walk(root: Path) -> list[Path]:
    """Files under ``root``, sorted by relative path; hidden names and symlink loops skipped."""
    found: list[Path] = []
    visited: set[Path] = set()

    def visit(d: Path) -> None:
        real = d.resolve()
        if real in visited:
            return
        visited.add(real)
        try:
            entries = sorted(d.iterdir(), key=lambda e: e.name)
        except OSError:
            return
        for e in entries:
            if e.name.startswith("."):
                continue
            if e.is_dir():
                visit(e)
            else:
                found.append(e)

    visit(root)
    return sorted(found, key=lambda f: f.relative_to(root).parts)


def _decode(p: Path) -> str:
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ReaderError(f"cannot read: {exc.strerror or exc}", p) from exc
    if b"\x00" in data:
        raise ReaderError("binary or not UTF-8 text", p)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReaderError("binary or not UTF-8 text", p) from exc
    if not text.strip():
        raise ReaderError("empty file", p)
    return _normalise_newlines(text)


def _normalise_newlines(text: str) -> str:
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


# ---------------------------------------------------------------------------------------------
# plain text


def _plain_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    if title is None:
        first = next((ln.strip() for ln in text.split("\n") if ln.strip()), "")
        title = first if 0 < len(first) < MAX_TITLE_CHARS else fallback
    paragraphs = [_clean(p) for p in re.split(r"\n[ \t]*\n", text)]
    body = "\n\n".join(p for p in paragraphs if p)
    return SourceDocument(doc_id, _clean(title), source, (Section(_clean(title), 0, body),))


# ---------------------------------------------------------------------------------------------
# Markdown


def _markdown_document(
    text: str, doc_id: str, source: str, title: str | None, fallback: str
) -> SourceDocument:
    heads = markdown_sections(text)
    if title is None:
        title = next((t for t, lvl, _ in heads if lvl == 1 and t), fallback)
    title = _clean(title)
    sections = tuple(
        Section(head or title, level, body) for head, level, body in heads if level or body
    )
    return SourceDocument(doc_id, title, source, sections)


def _load_json(text: str, p: Path) -> list[tuple[str, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        msg = f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        raise ReaderError(msg, p) from exc
    if isinstance(data, dict) and isinstance(data.get("documents"), list):
        data = data["documents"]
    elif isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise ReaderError('expected a list of records or {"documents": [...]}', p)
    return [(f"record {i}", rec) for i, rec in enumerate(data, 1)]


def _load_jsonl(text: str, p: Path) -> list[tuple[str, Any]]:
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            out.append((f"line {n}", json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ReaderError(f"invalid JSON on line {n}: {exc.msg}", p) from exc
    return out


class _Deduper:
    """Same id + same content → kept once; same id + other content → "id (2)", "id (3)", …"""

    def __init__(self) -> None:
        self.used: dict[str, str] = {}  # id -> content hash
        self.variants: dict[str, set[str]] = {}  # base id -> content hashes seen

    def add(self, doc: SourceDocument) -> SourceDocument | None:
        seen = self.variants.setdefault(doc.id, set())
        if doc.content_hash in seen:
            return None
        seen.add(doc.content_hash)
        new_id, n = doc.id, 1
        while new_id in self.used:
            n += 1
            new_id = f"{doc.id} ({n})"
        self.used[new_id] = doc.content_hash
        if new_id == doc.id:
            return doc
        return SourceDocument(new_id, doc.title, doc.source, doc.sections)


def _records_to_documents(
    records: list[tuple[str, Any]], p: Path, source: str
) -> list[SourceDocument]:
    dedup = _Deduper()
    out: list[SourceDocument] = []
    for n, (where, rec) in enumerate(records, 1):
        if not isinstance(rec, dict):
            raise ReaderError(f"{where}: expected a JSON object", p)
        try:
            if "context" in rec and "question" in rec:
                docs = list(_hotpot_docs(rec, source))
            elif "paragraphs" in rec:
                docs = list(_musique_docs(rec, source))
            else:
                docs = [_record_doc(rec, f"{p.stem}#{n}", source)]
        except (TypeError, ValueError, KeyError) as exc:
            raise ReaderError(f"{where}: {exc}", p) from exc
        out.extend(d for d in map(dedup.add, docs) if d is not None)
    return out


def _record_doc(rec: dict[str, Any], default_id: str, source: str) -> SourceDocument:
    text = rec.get("text")
    if not isinstance(text, str):
        raise ValueError('missing "text" (a string)')
    doc_id = _clean(str(rec["id"])) if rec.get("id") is not None else default_id
    title = rec.get("title")
    title = _clean(unicodedata.normalize("NFC", str(title))) if title else doc_id
    text = _normalise_newlines(text)
    if not text.strip():
        return SourceDocument(doc_id, title, source, ())
    maker = _markdown_document if looks_like_markdown(text) else _plain_document
    doc = maker(text, doc_id, source, title, doc_id)
    return doc


def _paragraph_title(title: Any) -> str:
    if not isinstance(title, str) or not title.strip():
        raise ValueError("paragraph without a title")
    return _clean(unicodedata.normalize("NFC", title))


def _hotpot_docs(rec: dict[str, Any], source: str) -> Iterator[SourceDocument]:
    context = rec["context"]
    if not isinstance(context, list):
        raise ValueError('"context" must be a list of [title, [sentences]]')
    for entry in context:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list)):
            raise ValueError('"context" entries must be [title, [sentences]]')
        title = _paragraph_title(entry[0])
        if not all(isinstance(s, str) for s in entry[1]):
            raise ValueError("HotpotQA sentences must be strings")
        sents = tuple(unicodedata.normalize("NFC", s.strip()) for s in entry[1] if s.strip())
        if sents:
            section = Section(title, 0, " ".join(sents), sents)
            yield SourceDocument(title, title, source, (section,))


def _musique_docs(rec: dict[str, Any], source: str) -> Iterator[SourceDocument]:
    paragraphs = rec["paragraphs"]
    if not isinstance(paragraphs, list):
        raise ValueError('"paragraphs" must be a list')
    for para in paragraphs:
        if not isinstance(para, dict) or not isinstance(para.get("paragraph_text"), str):
            raise ValueError('each paragraph needs "title" and "paragraph_text"')
        title = _paragraph_title(para.get("title"))
        text = unicodedata.normalize("NFC", para["paragraph_text"].strip())
        if text:
            yield SourceDocument(title, title, source, (Section(title, 0, text),))
