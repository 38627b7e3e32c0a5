"""Plain data classes every NLP backend returns, and the ``NLP`` protocol."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class Token:
    """One token of a sentence; ``head`` is the index of its head in the sentence (itself for the root)."""

    i: int
    text: str
    lemma: str
    upos: str
    deprel: str
    head: int
    start: int  # character offset inside the sentence text
    ws: str = " "  # whitespace after the token
    tag: str = ""
    ent_type: str = ""  # named-entity label, "" outside entities
    ent_iob: str = "O"  # B, I or O
    feats: str = ""  # UD morphological features, e.g. "Number=Plur|Person=3"

    @property
    def end(self) -> int:
        """Character offset just after the token inside the sentence text."""
        return self.start + len(self.text)


@dataclass(frozen=True)
class Sentence:
    """A parsed sentence: its text, where it starts in its section, and its tokens."""

    text: str
    start: int
    tokens: tuple[Token, ...]

    @property
    def end(self) -> int:
        """Character offset just after the sentence in its section text."""
        return self.start + len(self.text)


@dataclass(frozen=True)
class MentionSpan:
    """Tokens ``start``..``end`` (exclusive) of sentence ``sentence``."""

    sentence: int
    start: int
    end: int


@dataclass(frozen=True)
class CorefChain:
    """Mentions that refer to one entity; ``representative`` is the index of the best-named one."""

    mentions: tuple[MentionSpan, ...]
    representative: int = 0


@dataclass
class ParsedText:
    """The NLP result for one section: sentences and (optional) coreference chains."""

    sentences: list[Sentence]
    chains: list[CorefChain] = field(default_factory=list)


@runtime_checkable
class NLP(Protocol):
    """What the learning pipeline needs from an NLP backend."""

    name: str

    def parse(self, text: str) -> ParsedText:
        """Split ``text`` into sentences and annotate them."""
        ...

    def parse_many(self, texts: Iterable[str]) -> Iterable[ParsedText]:
        """``parse`` over many texts, batched where the backend can."""
        ...

    def parse_presplit(self, sentences: Sequence[str]) -> ParsedText:
        """Annotate sentences whose boundaries are already known (e.g. HotpotQA)."""
        ...


def as_single_sentence(parsed: ParsedText, text: str, start: int) -> Sentence:
    """Merge every sentence of ``parsed`` into one ``Sentence`` (for pre-split input).

    Token indices, heads and character offsets are shifted so that the result reads as if the
    backend had returned one sentence for ``text``; each former root keeps itself as head.
    """
    if len(parsed.sentences) == 1:
        only = parsed.sentences[0]
        return Sentence(text=text, start=start, tokens=only.tokens)
    tokens: list[Token] = []
    for sent in parsed.sentences:
        shift_i = len(tokens)
        shift_c = sent.start - (parsed.sentences[0].start if parsed.sentences else 0)
        for tok in sent.tokens:
            tokens.append(
                replace(tok, i=tok.i + shift_i, head=tok.head + shift_i, start=tok.start + shift_c)
            )
    return Sentence(text=text, start=start, tokens=tuple(tokens))
