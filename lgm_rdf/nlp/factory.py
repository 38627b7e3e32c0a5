"""Builds the configured NLP backend (spaCy by default, Stanza as an optional extra)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from lgm_rdf.nlp.model import NLP, ParsedText
from lgm_rdf.settings import Settings

BACKENDS = ("spacy", "stanza")


def make_nlp(settings: Settings) -> NLP:
    """Return the NLP backend named by ``settings.nlp``."""
    if settings.nlp == "spacy":
        from lgm_rdf.nlp.spacy_backend import SpacyNLP

        return SpacyNLP(settings.spacy_model, batch_size=settings.nlp_batch_size)
    if settings.nlp == "stanza":
        from lgm_rdf.nlp.stanza_backend import StanzaNLP

        return StanzaNLP(model_dir=settings.stanza_dir)
    raise ValueError(f"unknown NLP backend {settings.nlp!r}; choose one of {', '.join(BACKENDS)}")


class LazyNLP:
    """An ``NLP`` that loads the configured backend only when text is first parsed.

    Learning a corpus whose documents are all unchanged then never loads a model.
    """

    def __init__(self, load: Callable[[], NLP]) -> None:
        self._load = load
        self._nlp: NLP | None = None

    @property
    def backend(self) -> NLP:
        """The loaded backend."""
        if self._nlp is None:
            self._nlp = self._load()
        return self._nlp

    @property
    def name(self) -> str:  # type: ignore[override]
        """Name of the backend (loads it)."""
        return self.backend.name

    def parse(self, text: str) -> ParsedText:
        """See ``NLP.parse``."""
        return self.backend.parse(text)

    def parse_many(self, texts: Iterable[str]) -> Iterable[ParsedText]:
        """See ``NLP.parse_many``."""
        return self.backend.parse_many(texts)

    def parse_presplit(self, sentences: Sequence[str]) -> ParsedText:
        """See ``NLP.parse_presplit``."""
        return self.backend.parse_presplit(sentences)
