"""Builds the configured NLP backend (spaCy by default, Stanza as an optional extra)."""

from __future__ import annotations

from lgm_rdf.nlp.model import NLP
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
