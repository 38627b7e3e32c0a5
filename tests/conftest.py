"""Shared fixtures: one spaCy pipeline per test session (loading it takes about a second)."""

from __future__ import annotations

import pytest

from lgm_rdf.nlp.spacy_backend import SpacyNLP


@pytest.fixture(scope="session")
def spacy_nlp() -> SpacyNLP:
    """The default spaCy backend, loaded once."""
    return SpacyNLP()
