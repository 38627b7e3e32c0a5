"""Plain lexical retrieval over every sentence (BM25 on lemma text): the ``no_graph`` ablation."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace

from lgm_rdf.ontology import load_query
from lgm_rdf.retrieve.model import Candidate
from lgm_rdf.retrieve.words import word_list
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.index_cache import IndexCache, key_of

K1 = 1.2
B = 0.75


class LexicalIndex:
    """An in-memory BM25 index of sentences (words of the lemma and original text)."""

    def __init__(self, sentences: Sequence[Candidate], texts: Sequence[str]) -> None:
        self.sentences = list(sentences)
        self.postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self.lengths: list[int] = []
        for i, text in enumerate(texts):
            counts = Counter(word_list(text))
            self.lengths.append(sum(counts.values()))
            for word, count in counts.items():
                self.postings[word].append((i, count))
        self.avg = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0

    @classmethod
    def from_store(cls, store: GraphStore) -> LexicalIndex:
        """Index every sentence of the store (one query), or the rows persisted beside the KB
        for its current state (``<kb>/indexes/``)."""
        key = key_of(load_query("sentence_texts"))
        rows = IndexCache.of(store).json("sentences", key, lambda: cls.read_rows(store))
        sentences = [
            Candidate(s, text, resolved, doc, title, position, concept="", via="lexical")
            for s, text, resolved, _, doc, title, position in rows
        ]
        return cls(sentences, [row[3] + " " + row[1] for row in rows])  # lemma + original text

    @staticmethod
    def read_rows(store: GraphStore) -> list[tuple[str, str, str, str, str, str, int]]:
        """Every sentence as ``(iri, text, resolved, lemma, document, title, position)``."""
        rows = []
        for row in store.select(load_query("sentence_texts")):
            text = row["text"].value
            rows.append(
                (
                    row["sentence"].value,
                    text,
                    row["resolved"].value if "resolved" in row else text,
                    row["lemma"].value if "lemma" in row else "",
                    row["doc"].value,
                    row["title"].value if "title" in row else "",
                    int(row["position"].value),
                )
            )
        return rows

    def search(
        self, words: Sequence[str], exclude: frozenset[str] = frozenset(), limit: int = 400
    ) -> list[Candidate]:
        """The ``limit`` best sentences for the query words, best first."""
        n = len(self.sentences)
        scores: dict[int, float] = defaultdict(float)
        for word in set(words):
            posting = self.postings.get(word)
            if not posting:
                continue
            idf = math.log(1.0 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for i, tf in posting:
                norm = tf + K1 * (1 - B + B * self.lengths[i] / self.avg)
                scores[i] += idf * tf * (K1 + 1) / norm
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
        out: list[Candidate] = []
        for i, score in ranked:
            c = self.sentences[i]
            if c.sentence in exclude:
                continue
            out.append(replace(c, score=round(score, 6)))
            if len(out) >= limit:
                break
        return out
