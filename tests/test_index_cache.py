"""The KB state token and the indexes of asking persisted beside the KB (``<kb>/indexes/``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.retrieve.lexical import LexicalIndex
from lgm_rdf.retrieve.linking import ConceptIndex
from lgm_rdf.settings import Settings
from lgm_rdf.store.index_cache import IndexCache
from lgm_rdf.store.oxigraph import OxigraphStore
from lgm_rdf.store.state import StateFile

APPLES = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."
PEARS = "Pears are a kind of fruit. Pears contain fibre. Fibre helps digestion."
QUESTIONS = ("What are apples rich in?", "What do pears contain?", "What helps digestion?")
G = NamedNode("urn:test:g")
QUAD = Quad(NamedNode("urn:test:s"), NamedNode("urn:test:p"), Literal("o"), G)


def _token(kb: Path, read_only: bool = True) -> str | None:
    store = OxigraphStore(kb, read_only=read_only)
    try:
        return store.state_token()
    finally:
        store.close()


def test_every_kind_of_write_changes_the_token_and_it_survives_restarts(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    store = OxigraphStore(kb)
    seen = [store.state_token()]
    store.add_quads([QUAD])  # import
    seen.append(store.state_token())
    store.replace_graph(G, [QUAD])  # learn (a changed document)
    seen.append(store.state_token())
    store.raw_update("INSERT DATA { GRAPH <urn:test:h> { <urn:a> <urn:b> <urn:c> } }")  # /update
    seen.append(store.state_token())
    assert store.drop_graph(G)  # forget
    seen.append(store.state_token())
    store.close()
    assert None not in seen and len(set(seen)) == len(seen)
    assert _token(kb) == seen[-1]  # a restart keeps it
    assert _token(kb, read_only=False) == seen[-1]


def test_an_interrupted_write_is_never_trusted(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    store = OxigraphStore(kb)
    before = store.state_token()
    store.close()
    StateFile(kb).begin_write()  # as if a writer died between its two token updates
    assert _token(kb) is None  # a reader caches nothing
    healed = _token(kb, read_only=False)  # the next writer gives the KB a fresh token
    assert healed not in (None, before)
    assert _token(kb) == healed


def test_a_missing_kb_is_not_created_and_old_kbs_get_a_token(tmp_path: Path) -> None:
    missing = tmp_path / "missing"
    with pytest.raises(Exception, match="no knowledge base"):
        OxigraphStore(missing, read_only=True)
    assert not missing.exists()
    kb = tmp_path / "kb"
    OxigraphStore(kb).close()
    shutil.rmtree(kb / "indexes")  # a KB from before state tokens
    assert _token(kb) is not None


def test_stores_without_a_state_cache_nothing(tmp_path: Path) -> None:
    assert not IndexCache.of(OxigraphStore(None)).enabled
    assert not IndexCache.of(object()).enabled
    cache = IndexCache(tmp_path, "t1")
    assert cache.json("x", "k", lambda: [1, 2]) == [1, 2]
    assert cache.json("x", "k", lambda: pytest.fail("built again")) == [1, 2]
    assert IndexCache(tmp_path, "t2").load_json("x", "k") is None  # another state
    assert IndexCache(tmp_path, "t1").load_json("x", "other") is None  # another way of building
    IndexCache(tmp_path, "t2").save_json("x", "k", [3])
    assert [p.name for p in tmp_path.glob("x.*")] == ["x.t2.k.json"]  # older versions removed
    (tmp_path / "x.t2.k.json").write_text("{damaged", encoding="utf-8")
    assert IndexCache(tmp_path, "t2").json("x", "k", lambda: [4]) == [4]


def _answers(kb: Path, nlp: SpacyNLP) -> list[dict[str, Any]]:
    """Every question's answer from a fresh read-only graph (as a new `lgm ask` would)."""
    out = []
    with LanguageGraph(kb, nlp=nlp, settings=Settings(), read_only=True) as lg:
        for question in QUESTIONS:
            answer = lg.ask(question).to_dict()
            answer.pop("timings")
            out.append(answer)
        out.append({"lexical": [c.sentence for c in lg.retriever.lexical.search(["fibre"])]})
    return out


def _fresh(kb: Path, nlp: SpacyNLP) -> list[dict[str, Any]]:
    """The answers built from the store alone (the persisted indexes removed first)."""
    shutil.rmtree(kb / "indexes", ignore_errors=True)
    return _answers(kb, nlp)


def test_persisted_indexes_are_reused_and_exact_after_learn_and_forget(
    tmp_path: Path, spacy_nlp: SpacyNLP, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = tmp_path / "kb"
    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn(APPLES)
    first = _answers(kb, spacy_nlp)  # builds and persists the indexes
    assert sorted(p.name.split(".")[0] for p in (kb / "indexes").glob("*.json")) == [
        "concepts",
        "sentences",
    ]
    reads: list[str] = []
    for cls in (ConceptIndex, LexicalIndex):
        original = cls.read_rows
        monkeypatch.setattr(
            cls,
            "read_rows",
            staticmethod(lambda s, o=original, n=cls.__name__: reads.append(n) or o(s)),
        )
    assert _answers(kb, spacy_nlp) == first
    assert reads == []  # the second start read nothing from the store

    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn(PEARS)
    after_learn = _answers(kb, spacy_nlp)
    assert sorted(reads) == ["ConceptIndex", "LexicalIndex"]  # the KB changed: rebuilt
    assert after_learn != first
    assert after_learn == _fresh(kb, spacy_nlp)
    assert any("Pears contain fibre." in json.dumps(a) for a in after_learn)

    reads.clear()
    _answers(kb, spacy_nlp)  # persisted again for the new state
    assert reads == []
    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings()) as lg:
        assert lg.forget("text:" + _digest(PEARS))
    after_forget = _answers(kb, spacy_nlp)
    assert after_forget == _fresh(kb, spacy_nlp)
    assert not any("Pears contain fibre." in json.dumps(a) for a in after_forget)


def _digest(text: str) -> str:
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
