"""Shared fixtures: one spaCy pipeline per test session (loading it takes about a second)."""

from __future__ import annotations

import os

import pytest

from lgm_rdf.nlp.spacy_backend import SpacyNLP

# a pattern rule that raises fails its test (users get the rule isolated and a warning instead)
os.environ["LGM_STRICT_RULES"] = "1"


@pytest.fixture(scope="session")
def spacy_nlp() -> SpacyNLP:
    """The default spaCy backend, loaded once."""
    return SpacyNLP()
