"""JSON and JSONL files: lists of ``{"id", "title", "text"}`` records, or HotpotQA/MuSiQue files."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

from lgm_rdf.learn.readers.files import clean_text, normalise_newlines
from lgm_rdf.learn.readers.markdown import looks_like_markdown, markdown_document
from lgm_rdf.learn.readers.model import ReaderError, SourceDocument
from lgm_rdf.learn.readers.plain import plain_document
from lgm_rdf.learn.readers.qa import hotpot_docs, is_hotpot, is_musique, musique_docs


def load_json(text: str, p: Path) -> list[tuple[str, Any]]:
    """(where, record) pairs of a JSON file: a list, ``{"documents": [...]}`` or one object."""
    try:
        data = json.loads(text)
    except RecursionError as exc:
        raise ReaderError("JSON nested too deeply", p) from exc
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


def load_jsonl(text: str, p: Path) -> list[tuple[str, Any]]:
    """(where, record) pairs of a JSONL file; blank lines are skipped."""
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            out.append((f"line {n}", json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ReaderError(f"invalid JSON on line {n}: {exc.msg}", p) from exc
        except RecursionError as exc:
            raise ReaderError(f"JSON nested too deeply on line {n}", p) from exc
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


def records_to_documents(
    records: list[tuple[str, Any]], p: Path, source: str
) -> list[SourceDocument]:
    """The documents of a file's records, duplicates dropped and repeated ids numbered."""
    dedup = _Deduper()
    out: list[SourceDocument] = []
    for n, (where, rec) in enumerate(records, 1):
        if not isinstance(rec, dict):
            raise ReaderError(f"{where}: expected a JSON object", p)
        try:
            if is_hotpot(rec):
                docs = list(hotpot_docs(rec, source))
            elif is_musique(rec):
                docs = list(musique_docs(rec, source))
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
    # the id is kept exactly as written: ids that differ in any character are distinct documents
    raw_id = rec.get("id")
    doc_id = str(raw_id) if raw_id is not None and str(raw_id).strip() else default_id
    title = rec.get("title")
    title = clean_text(unicodedata.normalize("NFC", str(title) if title else doc_id))
    text = normalise_newlines(text)
    if not text.strip():
        return SourceDocument(doc_id, title, source, ())
    maker = markdown_document if looks_like_markdown(text) else plain_document
    return maker(text, doc_id, source, title, doc_id)
