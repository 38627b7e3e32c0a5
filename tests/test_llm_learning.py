"""The LLM path of learning with a scripted ChatModel: prompts, answers, cache, reflection."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from pyoxigraph import NamedNode

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.llm_extract import LLMExtractor
from lgm_rdf.llm.cache import CachedChatModel, LLMCache
from lgm_rdf.llm.scripted import ScriptedChatModel
from lgm_rdf.ontology import LGM_NS
from lgm_rdf.settings import Settings

PAPER = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."
SNAPSHOT = Path(__file__).parent / "snapshots" / "llm_extract_messages.json"

AXIOMS = """
SELECT ?s ?p ?o ?verdict ?extractor ?evidence ?text WHERE {
  ?ax a <http://www.w3.org/2002/07/owl#Axiom> ;
      <http://www.w3.org/2002/07/owl#annotatedSource> ?s ;
      <http://www.w3.org/2002/07/owl#annotatedProperty> ?p ;
      <http://www.w3.org/2002/07/owl#annotatedTarget> ?o ;
      <https://w3id.org/lgm-rdf/ontology#verdict> ?verdict ;
      <https://w3id.org/lgm-rdf/ontology#extractor> ?extractor ;
      <http://www.w3.org/ns/prov#wasDerivedFrom> ?evidence .
  ?evidence <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#anchorOf> ?text .
}
"""
SUB = "http://www.w3.org/2000/01/rdf-schema#subClassOf"
PART = LGM_NS + "partOf"


def concept(label: str) -> str:
    return "urn:lgm:concept:" + label.replace(" ", "_")


def paper_answers(messages: list[dict[str, str]]) -> str:
    """A well-behaved model for the paper's running example."""
    system = messages[0]["content"]
    if "INHERITANCE" in system:
        return json.dumps({"relations": [{"sentence": 1, "subclass": "Apples", "parent": "fruit"}]})
    if "COMPOSITION" in system:
        return json.dumps({"relations": [{"sentence": 2, "whole": "Fruits", "part": "vitamins"}]})
    return '{"relations": []}'


def _graph(tmp_path: Path, nlp, chat, **settings) -> LanguageGraph:
    base = Settings(llm_model="scripted", llm_concurrency=1).with_(**settings)
    return LanguageGraph(tmp_path / "kb", settings=base, nlp=nlp, chat=chat)


def _axioms(lg: LanguageGraph) -> set[tuple[str, str, str, str, str]]:
    return {
        (
            r["s"].value,
            r["p"].value,
            r["o"].value,
            r["verdict"].value.removeprefix(LGM_NS),
            r["extractor"].value,
        )
        for r in lg.store.select(AXIOMS)
    }


def test_prompts_sent_match_snapshot(spacy_nlp) -> None:
    parsed = spacy_nlp.parse("Apple is a fruit. It [: Apple] is sweet. " + PAPER).sentences
    chat = ScriptedChatModel(lambda m: '{"relations": []}')
    LLMExtractor(chat, concurrency=1).extract(parsed)
    assert chat.json_flags == [True, True, True]
    expected = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert chat.calls == expected


def test_paper_example_with_llm_extractor(tmp_path: Path, spacy_nlp) -> None:
    chat = ScriptedChatModel(paper_answers)
    with _graph(tmp_path, spacy_nlp, chat, extractor="llm") as lg:
        report = lg.learn(PAPER)
        axioms = _axioms(lg)
        assert (concept("apple"), SUB, concept("fruit"), "Unchecked", "llm") in axioms
        assert (concept("vitamin"), PART, concept("fruit"), "Unchecked", "llm") in axioms
        assert lg.store.ask(f"ASK {{ <{concept('apple')}> <{SUB}> <{concept('fruit')}> }}")
        assert report.llm["calls"] == 3
        texts = {r["text"].value for r in lg.store.select(AXIOMS)}
        assert texts == {"Apples are a type of fruit.", "Fruits contain many vitamins."}


@pytest.mark.parametrize(
    "answer",
    [
        '```json\n{"relations": [{"sentence": 1, "subclass": "Apples", "parent": "fruit"}]}\n```',
        'Sure! Here is the JSON:\n{"relations": [{"sentence": 1, "subclass": "Apples", "parent": "fruit"}]}\nHope it helps.',
        '{"relations": [{"sentence": 1, "subclass": "Apples", "parent": "fruit"}',
    ],
    ids=["fenced", "prose", "truncated"],
)
def test_imperfect_json_is_repaired(answer: str, spacy_nlp) -> None:
    parsed = spacy_nlp.parse(PAPER).sentences
    chat = ScriptedChatModel(
        lambda m: answer if "INHERITANCE" in m[0]["content"] else '{"relations": []}'
    )
    relations = LLMExtractor(chat, concurrency=1).extract(parsed)
    assert [(r.type, r.a, r.b, r.sentence) for r in relations] == [
        ("inheritance", "apple", "fruit", 0)
    ]
    assert len(chat.calls) == 3  # no retry was needed


def test_garbage_is_retried_once_then_skipped(spacy_nlp, caplog) -> None:
    parsed = spacy_nlp.parse(PAPER).sentences
    chat = ScriptedChatModel(
        lambda m: (
            "I cannot help with that." if "INHERITANCE" in m[0]["content"] else '{"relations": []}'
        )
    )
    with caplog.at_level(logging.WARNING):
        relations = LLMExtractor(chat, concurrency=1).extract(parsed)
    assert relations == []
    assert len(chat.calls) == 4  # inheritance asked twice, the two others once
    assert "no usable JSON" in caplog.text


def test_answers_pointing_outside_the_chunk_are_ignored(spacy_nlp) -> None:
    parsed = spacy_nlp.parse(PAPER).sentences
    chat = ScriptedChatModel(
        lambda m: (
            '{"relations": [{"sentence": 9, "subclass": "x", "parent": "y"}, {"sentence": "one"}, 5]}'
        )
    )
    assert LLMExtractor(chat, concurrency=1).extract(parsed) == []


def test_rerun_is_answered_entirely_from_cache(tmp_path: Path, spacy_nlp) -> None:
    cache_path = tmp_path / "cache.sqlite"
    first_chat = ScriptedChatModel(paper_answers)
    with _graph(
        tmp_path, spacy_nlp, CachedChatModel(first_chat, LLMCache(cache_path)), extractor="llm"
    ) as lg:
        lg.learn(PAPER)
        first = _axioms(lg)
    assert len(first_chat.calls) == 3
    silent = ScriptedChatModel([])  # any call would raise
    cached = CachedChatModel(silent, LLMCache(cache_path))
    with LanguageGraph(
        tmp_path / "kb2",
        settings=Settings(llm_model="scripted", extractor="llm"),
        nlp=spacy_nlp,
        chat=cached,
    ) as lg:
        report = lg.learn(PAPER)
        assert _axioms(lg) == first
    assert silent.calls == []
    assert report.llm["calls"] == 0 and report.llm["cached_calls"] == 3


def test_reflection_verdicts(tmp_path: Path, spacy_nlp) -> None:
    context = tmp_path / "context.txt"
    context.write_text(
        "Apples grow on apple trees and are eaten as fruit. "
        "Stones are hard and never grow on trees. "
        "Penguins swim in cold seas.",
        encoding="utf-8",
    )
    claims = tmp_path / "claims.txt"
    claims.write_text(
        "Apples are a type of fruit. Stones are a kind of fruit. Penguins are a kind of bird.",
        encoding="utf-8",
    )
    verdict_for = {"apple": "valid", "stone": "invalid", "penguin": "unknown"}

    def judge(messages: list[dict[str, str]]) -> str:
        user = messages[-1]["content"].lower()
        for word, verdict in verdict_for.items():
            if f'"{word}' in user:
                return json.dumps({"verdict": verdict, "reason": "scripted"})
        raise AssertionError(user)

    chat = ScriptedChatModel(judge)
    with _graph(tmp_path, spacy_nlp, chat, extractor="pattern", reflect=True) as lg:
        lg.learn([context])
        report = lg.learn([claims])
        axioms = _axioms(lg)
        assert (concept("apple"), SUB, concept("fruit"), "Valid", "pattern") in axioms
        assert (concept("stone"), SUB, concept("fruit"), "Invalid", "pattern") in axioms
        assert (concept("penguin"), SUB, concept("bird"), "Unknown", "pattern") in axioms
        # invalid: recorded as an axiom but not asserted; unknown: kept provisionally
        assert not lg.store.ask(f"ASK {{ <{concept('stone')}> <{SUB}> <{concept('fruit')}> }}")
        assert lg.store.ask(f"ASK {{ <{concept('penguin')}> <{SUB}> <{concept('bird')}> }}")
        assert lg.validate().conforms
    # the evidence never includes the sentence that states the relation itself
    own = {
        "apple": "Apples are a type of fruit.",
        "stone": "Stones are a kind of fruit.",
        "penguin": "Penguins are a kind of bird.",
    }
    assert len(chat.calls) == 3
    for call in chat.calls:
        head, evidence = call[-1]["content"].split("Sentences:")
        (word,) = [w for w in own if f'"{w}' in head.lower()]
        assert own[word] not in evidence
        assert evidence.strip()
    assert report.llm["calls"] == 3


def test_reflection_without_evidence_is_unknown_without_a_call(tmp_path: Path, spacy_nlp) -> None:
    chat = ScriptedChatModel([])
    with _graph(tmp_path, spacy_nlp, chat, extractor="pattern", reflect=True) as lg:
        lg.learn("Quokkas are a kind of marsupial.")
        assert (concept("quokka"), SUB, concept("marsupial"), "Unknown", "pattern") in _axioms(lg)
    assert chat.calls == []


def test_dry_run_estimates_and_writes_nothing(tmp_path: Path, spacy_nlp) -> None:
    chat = ScriptedChatModel([])
    with _graph(tmp_path, spacy_nlp, chat, extractor="both") as lg:
        report = lg.learn(PAPER, dry_run=True)
        assert len(lg.store) == 0
    assert chat.calls == []
    assert report.llm["calls"] == 3 and report.llm["prompt_tokens"] > 100
    assert "estimate" in report.summary()


def test_llm_extractor_without_llm_is_a_clear_error(tmp_path: Path, spacy_nlp) -> None:
    with LanguageGraph(tmp_path / "kb", settings=Settings(extractor="llm"), nlp=spacy_nlp) as lg:
        with pytest.raises(ValueError, match="LGM_LLM_MODEL"):
            lg.learn(PAPER)
        assert len(lg.store) == 0


def test_both_extractors_record_one_axiom_each(tmp_path: Path, spacy_nlp) -> None:
    chat = ScriptedChatModel(paper_answers)
    with _graph(tmp_path, spacy_nlp, chat, extractor="both") as lg:
        lg.learn(PAPER)
        axioms = _axioms(lg)
    assert (concept("apple"), SUB, concept("fruit"), "Unchecked", "llm") in axioms
    assert (concept("apple"), SUB, concept("fruit"), "Unchecked", "pattern") in axioms


def test_graph_named_after_document(tmp_path: Path, spacy_nlp) -> None:
    chat = ScriptedChatModel(paper_answers)
    with _graph(tmp_path, spacy_nlp, chat, extractor="llm") as lg:
        lg.learn(PAPER)
        (graph,) = lg.store.named_graphs()
        assert isinstance(graph, NamedNode)
        rows = lg.store.select(
            "SELECT ?g WHERE { GRAPH ?g { ?ax <http://www.w3.org/2002/07/owl#annotatedSource> ?s } }"
        )
        assert {r["g"].value for r in rows} == {graph.value}
