"""Stanza backend (the paper's NLP stack, an optional extra).

Stanza is imported lazily; models are never downloaded: the pipeline reads them from
``model_dir`` (or Stanza's default directory) and fails with :class:`NLPUnavailableError`
if they are not there. :func:`stanza_document_to_parsed` is the adapter from Stanza ``Document``
objects to the plain data classes, usable (and tested) without any model.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

from lgm_rdf.nlp.model import CorefChain, MentionSpan, ParsedText, Sentence, Token
from lgm_rdf.nlp.spacy_backend import NLPUnavailableError

PROCESSORS = "tokenize,pos,lemma,depparse,ner,coref"

_INSTALL_HINT = (
    "install the extra with `pip install 'lgm_rdf[stanza]'`; the models must already be on disk "
    "(they are never downloaded at run time): point LGM_STANZA_DIR or model_dir at a directory "
    "holding the Stanza resources for language {lang!r}"
)


class StanzaNLP:
    """NLP protocol implementation on a Stanza pipeline whose models are already on disk."""

    name = "stanza"

    def __init__(self, model_dir: str | None = None, lang: str = "en") -> None:
        try:
            import stanza
        except ImportError as exc:
            raise NLPUnavailableError(
                "Stanza is not installed: " + _INSTALL_HINT.format(lang=lang)
            ) from exc
        model_dir = model_dir or os.environ.get("LGM_STANZA_DIR") or None
        kwargs: dict[str, Any] = {"processors": PROCESSORS, "download_method": None}
        if model_dir:
            kwargs["dir"] = model_dir
        try:
            self._pipeline = stanza.Pipeline(lang, **kwargs)
        except Exception as exc:  # stanza raises several kinds for missing resources
            where = model_dir or "Stanza's default directory"
            raise NLPUnavailableError(
                f"Stanza models for {lang!r} could not be loaded from {where}: {exc}. "
                + _INSTALL_HINT.format(lang=lang)
            ) from exc
        self.lang = lang
        self.model_dir = model_dir

    def parse(self, text: str) -> ParsedText:
        """Split and annotate one text, coreference chains included."""
        return stanza_document_to_parsed(self._pipeline(text))

    def parse_many(self, texts: Iterable[str]) -> Iterable[ParsedText]:
        """Annotate many texts one after the other."""
        for text in texts:
            yield self.parse(text)

    def parse_presplit(self, sentences: Sequence[str]) -> ParsedText:
        """Annotate sentences whose boundaries are known.

        The sentences are joined by blank lines, which Stanza's tokenizer always treats as
        sentence breaks (it may still split a long one further); offsets are then reported as if
        the sentences had been joined by single spaces, as the spaCy backend does.
        """
        parts = [s.strip() for s in sentences if s.strip()]
        parsed = stanza_document_to_parsed(self._pipeline("\n\n".join(parts)))
        bounds: list[int] = []
        offset = 0
        for part in parts:
            bounds.append(offset)
            offset += len(part) + 2
        fixed = []
        for sent in parsed.sentences:
            breaks = sum(1 for b in bounds[1:] if b <= sent.start)
            fixed.append(Sentence(sent.text, sent.start - breaks, sent.tokens))
        return ParsedText(sentences=fixed, chains=parsed.chains)


def _ner_tag(tag: str | None) -> tuple[str, str]:
    """BIOES/BIO tag -> (entity type, B/I/O)."""
    if not tag or tag == "O" or "-" not in tag:
        return "", "O"
    prefix, label = tag.split("-", 1)
    return label, ("B" if prefix in {"B", "S"} else "I")


def _word_offsets(token: Any) -> list[tuple[int, int]]:
    """Character spans of the words of one (possibly multi-word) token."""
    start, end = token.start_char, token.end_char
    words = token.words
    if len(words) == 1:
        return [(start, end)]
    spans: list[tuple[int, int]] = []
    surface = token.text.lower()
    pos = 0
    for word in words:
        found = surface.find(word.text.lower(), pos)
        if found < 0:  # "du" -> "de le": the words are not substrings of the token
            return [(start, end)] * len(words)
        spans.append((start + found, start + found + len(word.text)))
        pos = found + len(word.text)
    return spans


def _convert_sentence(sent: Any, doc_text: str | None) -> Sentence:
    """One Stanza sentence -> :class:`Sentence` (offsets relative to the sentence text)."""
    tokens = sent.tokens
    base = tokens[0].start_char if tokens and tokens[0].start_char is not None else 0
    text = sent.text
    if not text and doc_text is not None and tokens:
        text = doc_text[base : tokens[-1].end_char]
    rows: list[tuple[Any, Any, int, int]] = []
    cursor = 0
    for token in tokens:
        if token.start_char is None:  # documents built without offsets: lay the words out
            offsets = []
            for word in token.words:
                found = (text or "").find(word.text, cursor)
                begin = found if found >= 0 else cursor
                offsets.append((base + begin, base + begin + len(word.text)))
                cursor = begin + len(word.text)
        else:
            offsets = _word_offsets(token)
        for word, (start, end) in zip(token.words, offsets, strict=True):
            rows.append((token, word, start - base, end - base))
    out: list[Token] = []
    n = len(rows)
    for i, (token, word, start, end) in enumerate(rows):
        head = word.head - 1 if word.head else i
        if not 0 <= head < n:
            head = i
        ent_type, ent_iob = _ner_tag(getattr(token, "ner", None))
        if i + 1 < n:
            ws = text[end : rows[i + 1][2]] if text and rows[i + 1][2] >= end else ""
        else:
            ws = ""
        out.append(
            Token(
                i=i,
                text=word.text,
                lemma=word.lemma or word.text,
                upos=word.upos or "X",
                deprel=word.deprel or "dep",
                head=head,
                start=start,
                ws=" " if ws and not ws.strip() else ws,
                tag=word.xpos or "",
                ent_type=ent_type,
                ent_iob=ent_iob,
                feats=word.feats or "",
            )
        )
    return Sentence(text=text or "", start=base, tokens=tuple(out))


def _convert_chains(doc: Any) -> list[CorefChain]:
    """Stanza ``doc.coref`` chains -> :class:`CorefChain` (zero-anaphora mentions dropped)."""
    chains: list[CorefChain] = []
    for chain in getattr(doc, "coref", None) or []:
        spans: list[MentionSpan] = []
        representative = -1
        for k, mention in enumerate(chain.mentions):
            if isinstance(mention.start_word, tuple):  # an empty (zero) node has no text
                continue
            if k == chain.representative_index:
                representative = len(spans)
            spans.append(MentionSpan(mention.sentence, mention.start_word, mention.end_word))
        if spans and representative >= 0:
            chains.append(CorefChain(tuple(spans), representative))
    return chains


def stanza_document_to_parsed(doc: Any) -> ParsedText:
    """Convert a Stanza ``Document`` (words, UD parse, NER, coref) into :class:`ParsedText`."""
    text = getattr(doc, "text", None)
    sentences = [_convert_sentence(sent, text) for sent in doc.sentences]
    return ParsedText(sentences=sentences, chains=_convert_chains(doc))
