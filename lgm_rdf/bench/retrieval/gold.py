"""Gold retrieval targets of HotpotQA and MuSiQue files, keyed like the learned documents.

A paragraph is identified by the document id the reader gives it when the file is learned
(its title, or ``Title (2)`` when a title recurs with other text), so two different paragraphs
that share a title are told apart. Sentences are identified by ``(document id, text)`` with the
text's whitespace normalised: gold sentence indices are only used to look the text up.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lgm_rdf.errors import LgmError
from lgm_rdf.learn.readers import ReaderError, SourceDocument, read_file
from lgm_rdf.learn.readers.files import typewriter_quotes

HOTPOTQA = "hotpotqa"
MUSIQUE = "musique"

SentenceKey = tuple[str, str]  # (document id, normalised sentence text)


class GoldError(LgmError):
    """The file is not a HotpotQA or MuSiQue file, or its gold cannot be matched to its text."""


def norm_text(text: str) -> str:
    """NFC text with runs of whitespace collapsed to one space and the ends stripped, its
    typewriter quotation marks written plain (as the QA readers give the text)."""
    return " ".join(typewriter_quotes(unicodedata.normalize("NFC", text)).split())


@dataclass(frozen=True)
class Paragraph:
    """One learned document of the file: reader id, title and its sentences (in order).

    ``given`` is true when the file itself splits the sentences (HotpotQA); otherwise the
    paragraph is one unit until a sentence splitter (or the KB) divides it.
    """

    key: str
    title: str
    text: str
    sentences: tuple[str, ...]
    given: bool = False


@dataclass
class QARecord:
    """One question with its gold paragraphs (document ids) and gold sentences."""

    qid: str
    question: str
    answer: str
    aliases: list[str] = field(default_factory=list)
    gold_paragraphs: list[str] = field(default_factory=list)
    gold_sentences: list[SentenceKey] = field(default_factory=list)  # HotpotQA only
    kind: str = ""  # HotpotQA "bridge"/"comparison"; MuSiQue hop count "2hop".. from the id


@dataclass
class GoldSet:
    """The questions of a file and the paragraphs its contexts hold (deduplicated)."""

    dataset: str
    path: Path
    records: list[QARecord]
    paragraphs: list[Paragraph]

    def by_key(self) -> dict[str, Paragraph]:
        """Paragraphs by document id."""
        return {p.key: p for p in self.paragraphs}


def detect_dataset(records: Sequence[Any]) -> str:
    """``hotpotqa`` or ``musique`` from the shape of the first record."""
    if not records or not isinstance(records[0], dict):
        raise GoldError("expected a non-empty JSON list of question records")
    first = records[0]
    if "context" in first and "supporting_facts" in first:
        return HOTPOTQA
    if "paragraphs" in first and "question" in first:
        return MUSIQUE
    raise GoldError("neither HotpotQA (context, supporting_facts) nor MuSiQue (paragraphs) records")


def _load_json(path: Path) -> list[Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GoldError(f"{path}: cannot read ({exc})") from exc
    try:
        if path.suffix == ".jsonl":
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        data = json.loads(text)
    except ValueError as exc:
        raise GoldError(f"{path}: not JSON ({exc})") from exc
    if not isinstance(data, list):
        raise GoldError(f"{path}: expected a JSON list of question records")
    return data


def _paragraph_of(doc: SourceDocument) -> Paragraph:
    sentences: list[str] = []
    texts: list[str] = []
    for section in doc.sections:
        texts.append(section.text)
        for block in section.blocks:
            sentences.extend(block.sentences if block.sentences is not None else [block.text])
    given = all(b.sentences is not None for section in doc.sections for b in section.blocks)
    return Paragraph(doc.id, doc.title, " ".join(texts), tuple(sentences), given)


def load_gold(path: str | Path) -> GoldSet:
    """Read a HotpotQA or MuSiQue file: its questions, gold and (reader-identical) paragraphs."""
    path = Path(path)
    raw = _load_json(path)
    dataset = detect_dataset(raw)
    try:
        docs = read_file(path)
    except ReaderError as exc:
        raise GoldError(str(exc)) from exc
    paragraphs = [_paragraph_of(d) for d in docs]
    ids = {(norm_text(p.title), norm_text(p.text)): p.key for p in paragraphs}
    maker = _hotpot_record if dataset == HOTPOTQA else _musique_record
    records = [maker(rec, n, ids) for n, rec in enumerate(raw)]
    return GoldSet(dataset, path, records, paragraphs)


def _lookup(ids: dict[tuple[str, str], str], title: str, text: str, where: str) -> str:
    key = ids.get((norm_text(title), norm_text(text)))
    if key is None:
        raise GoldError(f"{where}: gold paragraph {title!r} is not among the learned documents")
    return key


def _hotpot_record(rec: dict[str, Any], n: int, ids: dict[tuple[str, str], str]) -> QARecord:
    qid = str(rec.get("_id", n))
    context = {str(t): [s for s in sents if isinstance(s, str)] for t, sents in rec["context"]}
    gold_sentences: list[SentenceKey] = []
    gold_paragraphs: list[str] = []
    for title, index in rec.get("supporting_facts", []):
        sents = context.get(title)
        if sents is None:
            raise GoldError(f"question {qid}: supporting title {title!r} not in its context")
        key = _lookup(
            ids, title, " ".join(s.strip() for s in sents if s.strip()), f"question {qid}"
        )
        if key not in gold_paragraphs:
            gold_paragraphs.append(key)
        if not isinstance(index, int) or not 0 <= index < len(sents):
            continue  # an index past the paragraph (known in HotpotQA): no sentence to find
        text = norm_text(sents[index])
        if text and (key, text) not in gold_sentences:
            gold_sentences.append((key, text))
    return QARecord(
        qid=qid,
        question=str(rec["question"]),
        answer=str(rec.get("answer", "")),
        gold_paragraphs=gold_paragraphs,
        gold_sentences=gold_sentences,
        kind=str(rec.get("type", "")),
    )


def _musique_record(rec: dict[str, Any], n: int, ids: dict[tuple[str, str], str]) -> QARecord:
    qid = str(rec.get("id", n))
    gold: list[str] = []
    for para in rec["paragraphs"]:
        if para.get("is_supporting"):
            key = _lookup(ids, para["title"], para["paragraph_text"], f"question {qid}")
            if key not in gold:
                gold.append(key)
    return QARecord(
        qid=qid,
        question=str(rec["question"]),
        answer=str(rec.get("answer", "")),
        aliases=[str(a) for a in rec.get("answer_aliases", [])],
        gold_paragraphs=gold,
        kind=qid.split("__")[0] if "__" in qid else "",
    )
