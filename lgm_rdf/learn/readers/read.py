"""The readers' entry points: read a path, many paths, one file, or a raw string; the file
suffix picks the reader."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from lgm_rdf.learn.readers.docx import DOCX_SUFFIXES, read_docx
from lgm_rdf.learn.readers.files import (
    decode,
    existing,
    normalise_newlines,
    read_bytes,
    resolved,
    walk,
)
from lgm_rdf.learn.readers.html import HTML_SUFFIXES, read_html
from lgm_rdf.learn.readers.markdown import looks_like_markdown, markdown_document
from lgm_rdf.learn.readers.model import ReaderError, SourceDocument
from lgm_rdf.learn.readers.pdf import PDF_SUFFIXES, read_pdf
from lgm_rdf.learn.readers.plain import plain_document
from lgm_rdf.learn.readers.records import load_json, load_jsonl, records_to_documents
from lgm_rdf.learn.readers.rst import rst_document

log = logging.getLogger(__name__)

TEXT_SUFFIXES = frozenset({".txt", ".text"})
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})
RST_SUFFIXES = frozenset({".rst", ".rest"})
JSON_SUFFIXES = frozenset({".json"})
JSONL_SUFFIXES = frozenset({".jsonl"})
SUPPORTED_SUFFIXES = (
    TEXT_SUFFIXES
    | MARKDOWN_SUFFIXES
    | RST_SUFFIXES
    | JSON_SUFFIXES
    | JSONL_SUFFIXES
    | PDF_SUFFIXES
    | HTML_SUFFIXES
    | DOCX_SUFFIXES
)


def read_path(path: str | Path, encoding: str | None = None) -> Iterator[SourceDocument]:
    """Read a file or a directory (recursively, sorted, hidden entries skipped); strict.

    A bad file raises ``ReaderError``. In a directory, files of unsupported type are ignored;
    a supported file that cannot be read raises. Use ``read_paths`` to skip and report instead.
    """
    root = existing(path)
    if root.is_dir():
        files = [f for f in walk(root) if f.suffix.lower() in SUPPORTED_SUFFIXES]
        return (doc for f in files for doc in read_file(f, encoding))
    return iter(read_file(root, encoding))


def read_paths(
    paths: Iterable[str | Path],
    on_skip: Callable[[Path, str], None] | None = None,
    encoding: str | None = None,
) -> Iterator[SourceDocument]:
    """Read many files/directories; bad files are reported with ``on_skip(path, reason)`` and skipped.

    Raises ``ReaderError`` at call time if a path does not exist. Files named twice (directly or
    through a directory) are read once. The default ``on_skip`` logs a warning. ``encoding``
    overrides the detected encoding of text, Markdown, JSON and HTML files.
    """
    roots = [existing(p) for p in paths]
    report = on_skip if on_skip is not None else _log_skip
    return _iter_paths(roots, report, encoding)


def read_file(path: str | Path, encoding: str | None = None) -> list[SourceDocument]:
    """All documents of one file, dispatched on its suffix; raises ``ReaderError`` if it is bad.

    Text files are decoded in ``encoding`` if given, else in the detected encoding.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        kind = f"'{p.suffix}'" if p.suffix else "(no suffix)"
        expected = ", ".join(sorted(SUPPORTED_SUFFIXES))
        raise ReaderError(f"unsupported file type {kind} (expected {expected})", p)
    if not p.is_file():
        raise ReaderError("not a regular file", p)
    source = p.resolve().as_posix()
    if suffix in PDF_SUFFIXES | DOCX_SUFFIXES | HTML_SUFFIXES:
        return [_read_binary(p, suffix, source, encoding)]
    text = decode(p, encoding)
    if suffix in TEXT_SUFFIXES:
        docs = [plain_document(text, source, source, None, p.stem)]
    elif suffix in MARKDOWN_SUFFIXES:
        docs = [markdown_document(text, source, source, None, p.stem)]
    elif suffix in RST_SUFFIXES:
        docs = [rst_document(text, source, source, None, p.stem)]
    else:
        records = load_jsonl(text, p) if suffix in JSONL_SUFFIXES else load_json(text, p)
        docs = records_to_documents(records, p, source)
    docs = [d for d in docs if has_text(d)]
    if not docs:
        raise ReaderError("no text found", p)
    return docs


def read_text(text: str, doc_id: str, title: str | None = None) -> SourceDocument:
    """A document from a raw string: Markdown sections if it looks like Markdown, else one section.

    The title defaults to the first level-1 heading (Markdown) or a short first line (plain
    text), else ``doc_id``. ``source`` is ``doc_id``. Raises ``ReaderError`` for empty text.
    """
    text = normalise_newlines(text)
    if not text.strip():
        raise ReaderError("empty text", f"document {doc_id!r}")
    if looks_like_markdown(text):
        doc = markdown_document(text, doc_id, doc_id, title, doc_id)
    else:
        doc = plain_document(text, doc_id, doc_id, title, doc_id)
    if not has_text(doc):
        raise ReaderError("no text found", f"document {doc_id!r}")
    return doc


def _read_binary(p: Path, suffix: str, source: str, encoding: str | None) -> SourceDocument:
    """A PDF, DOCX or HTML file (their parsers read bytes; HTML declares its own charset)."""
    data = read_bytes(p)
    if suffix in PDF_SUFFIXES:
        return read_pdf(data, p, source)
    if suffix in DOCX_SUFFIXES:
        return read_docx(data, p, source)
    return read_html(data, p, source, encoding)


def has_text(doc: SourceDocument) -> bool:
    """The document has some text besides code (a file of only code has nothing to learn)."""
    return any(b.text and b.role != "code" for s in doc.sections for b in s.blocks)


def _log_skip(path: Path, reason: str) -> None:
    log.warning("skipping %s: %s", path, reason)


def _iter_paths(
    roots: list[Path], report: Callable[[Path, str], None], encoding: str | None
) -> Iterator[SourceDocument]:
    seen: set[Path] = set()
    for root in roots:
        for f in walk(root, report) if root.is_dir() else [root]:
            key = resolved(f)
            if key is None:
                report(f, "symlink loop or unresolvable path")
                continue
            if key in seen:
                continue
            seen.add(key)
            try:
                docs = read_file(f, encoding)
            except ReaderError as exc:
                report(f, exc.reason)
                continue
            yield from docs
