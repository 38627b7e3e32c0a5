"""QA dataset files: every HotpotQA context / MuSiQue paragraph becomes a one-section document."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from lgm_rdf.learn.readers.files import clean_text, typewriter_quotes
from lgm_rdf.learn.readers.model import Block, Section, SourceDocument


def is_hotpot(rec: dict[str, Any]) -> bool:
    """True for a HotpotQA record (a question with its ``context`` paragraphs)."""
    return "context" in rec and "question" in rec


def is_musique(rec: dict[str, Any]) -> bool:
    """True for a MuSiQue record (a question with its ``paragraphs``)."""
    return "paragraphs" in rec


def _paragraph_title(title: Any) -> str:
    if not isinstance(title, str) or not title.strip():
        raise ValueError("paragraph without a title")
    return clean_text(unicodedata.normalize("NFC", title))


def _sentence_text(text: str) -> str:
    """A context's text as it is parsed: NFC, stripped, plain quotation marks."""
    return typewriter_quotes(unicodedata.normalize("NFC", text.strip()))


def hotpot_docs(rec: dict[str, Any], source: str) -> Iterator[SourceDocument]:
    """One document per context paragraph, its sentences kept as the source split them."""
    context = rec["context"]
    if not isinstance(context, list):
        raise ValueError('"context" must be a list of [title, [sentences]]')
    for entry in context:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], list)):
            raise ValueError('"context" entries must be [title, [sentences]]')
        title = _paragraph_title(entry[0])
        if not all(isinstance(s, str) for s in entry[1]):
            raise ValueError("HotpotQA sentences must be strings")
        sents = tuple(_sentence_text(s) for s in entry[1] if s.strip())
        if sents:
            section = Section(title, 0, (Block(" ".join(sents), sentences=sents),))
            yield SourceDocument(title, title, source, (section,))


def musique_docs(rec: dict[str, Any], source: str) -> Iterator[SourceDocument]:
    """One document per paragraph (supporting or not)."""
    paragraphs = rec["paragraphs"]
    if not isinstance(paragraphs, list):
        raise ValueError('"paragraphs" must be a list')
    for para in paragraphs:
        if not isinstance(para, dict) or not isinstance(para.get("paragraph_text"), str):
            raise ValueError('each paragraph needs "title" and "paragraph_text"')
        title = _paragraph_title(para.get("title"))
        text = _sentence_text(para["paragraph_text"])
        if text:
            yield SourceDocument(title, title, source, (Section(title, 0, (Block(text),)),))
