"""Algorithm 1 driven by a ScriptedChatModel and a small fake Retriever."""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence

from lgm_rdf.llm.base import Message, UsageMeter
from lgm_rdf.llm.jsonout import RETRY_INSTRUCTION
from lgm_rdf.llm.prompting import PROMPT_DIR, load_prompt
from lgm_rdf.llm.scripted import ScriptedChatModel
from lgm_rdf.retrieve.iterative import (
    NO_ANSWER,
    NO_EVIDENCE,
    LLMReasoner,
    parse_answer,
    parse_ids,
)
from lgm_rdf.retrieve.model import Candidate, ExpandedConcept, Round, text_length
from lgm_rdf.retrieve.rouge import rouge_l
from lgm_rdf.settings import Settings


def cand(n: int, concept: str, text: str, resolved: str = "", title: str = "") -> Candidate:
    return Candidate(f"urn:s{n}", text, resolved or text, f"urn:d{n}", title, n, concept, "self")


class FakeRetriever:
    """Concepts are the known keywords found in a text; each has a ranked list of sentences."""

    def __init__(self, kb: dict[str, list[Candidate]]) -> None:
        self.kb = kb
        self.calls: list[tuple[list[str], frozenset[str]]] = []

    def question_concepts(self, text: str) -> list[str]:
        return [k for k in self.kb if k in text.lower()]

    def retrieve(
        self,
        question: str,
        concepts: Sequence[str],
        exclude: frozenset[str] = frozenset(),
        names: frozenset[str] | None = None,
    ) -> Round:
        self.calls.append((list(concepts), exclude))
        out: list[Candidate] = []
        for concept in concepts:
            out += [c for c in self.kb.get(concept, []) if c.sentence not in exclude]
        expanded = [ExpandedConcept(f"urn:c:{c}", c, "self", 0, c) for c in concepts]
        return Round(list(concepts), expanded, out)


def kind(messages: list[Message]) -> str:
    system = messages[0]["content"]
    for name in ("mark_supporting", "compress", "answer"):
        if system == load_prompt(name):
            return name
    raise AssertionError("unknown prompt")


def numbered(messages: list[Message]) -> dict[int, str]:
    """The numbered lines of the user message: {number: text}."""
    out = {}
    for line in messages[1]["content"].splitlines():
        head, _, rest = line.partition(". ")
        if head.isdigit():
            out[int(head)] = rest
    return out


def settings(**changes: object) -> Settings:
    base = Settings(chunk_size=1000, max_iterations=3, max_compress_steps=2, llm_concurrency=1)
    return base.with_(**changes)


TELEPHONE = [
    cand(1, "telephone", "Bell invented the telephone.", title="Telephone"),
    cand(2, "telephone", "Telephones carry sound.", title="Telephone"),
]
BELL = [
    cand(1, "bell", "Bell invented the telephone.", title="Telephone"),
    cand(3, "bell", "He was born in Edinburgh.", "He [: Bell] was born in Edinburgh.", "Bell"),
]
QUESTION = "Where was the inventor of the telephone born?"


def two_hop_model(messages: list[Message]) -> str:
    task, lines = kind(messages), numbered(messages)
    user = messages[-1]["content"]
    if task == "mark_supporting":
        return json.dumps({"supporting": [n for n, t in lines.items() if "Telephones" not in t]})
    if "born in Edinburgh" in user:
        return json.dumps({"answer": "Edinburgh", "unsupported_concepts": []})
    return json.dumps({"answer": "", "unsupported_concepts": ["Bell birthplace"]})


def test_second_round_retrieves_missing_concept_and_answer_uses_it() -> None:
    chat = ScriptedChatModel(two_hop_model)
    retriever = FakeRetriever({"telephone": TELEPHONE, "bell": BELL})
    meter = UsageMeter()
    answer = LLMReasoner(chat, settings(), meter).run(QUESTION, retriever)

    assert answer.mode == "llm"
    assert answer.answer == "Edinburgh"
    assert [s.sentence for s in answer.supports] == ["urn:s1", "urn:s3"]
    assert [c.sentence for c in answer.ranking] == ["urn:s1", "urn:s3", "urn:s2"]
    assert [it.concepts for it in answer.iterations] == [["telephone"], ["bell"]]
    first, second = answer.iterations
    assert first.missing == ["Bell birthplace"] and first.answer == ""
    assert first.supports == ["urn:s1"] and second.supports == ["urn:s1", "urn:s3"]
    assert second.missing == [] and second.answer == "Edinburgh"
    assert first.candidates == 2 and second.candidates == 1 and first.chunks == 1
    # round 2 excludes what was already judged; its prompt shows the evidence so far
    assert retriever.calls[1][1] == frozenset({"urn:s1", "urn:s2"})
    mark_two = [m for m in chat.calls if kind(m) == "mark_supporting"][1][-1]["content"]
    assert "Evidence collected so far:\n- (Telephone) Bell invented the telephone." in mark_two
    assert "1. (Bell) He [: Bell] was born in Edinburgh." in mark_two
    # usage: 2 marks + 2 answers, per question and on the shared meter
    assert answer.usage["calls"] == 4 and answer.usage["unusable_answers"] == 0
    assert answer.usage["prompt_tokens"] > 0 and answer.usage["completion_tokens"] > 0
    assert meter.total.calls == 4
    again = LLMReasoner(chat, settings(), meter).run(QUESTION, FakeRetriever({}))
    assert again.usage["calls"] == 0 and meter.total.calls == 4
    assert set(answer.timings) == {"retrieve", "mark", "compress", "answer", "total"}
    json.dumps(answer.to_dict(with_ranking=True))  # serialisable


def test_rounds_stop_at_i_max_and_when_no_new_concept() -> None:
    def always_missing(messages: list[Message]) -> str:
        if kind(messages) == "mark_supporting":
            return '{"supporting": [1]}'
        return '{"answer": "partly", "unsupported_concepts": ["bell", "telephone"]}'

    kb = {"telephone": TELEPHONE, "bell": BELL, "edinburgh": [cand(9, "edinburgh", "E.")]}
    chat = ScriptedChatModel(always_missing)
    answer = LLMReasoner(chat, settings(max_iterations=5), None).run(QUESTION, FakeRetriever(kb))
    # round 2 tries "bell"; then only already-tried concepts are missing: stop
    assert [it.concepts for it in answer.iterations] == [["telephone"], ["bell"]]
    assert answer.answer == "partly"

    chat = ScriptedChatModel(always_missing)
    retriever = FakeRetriever(kb)
    answer = LLMReasoner(chat, settings(max_iterations=1)).run(QUESTION, retriever)
    assert len(answer.iterations) == 1 and len(retriever.calls) == 1


def test_compress_hits_j_max_then_rouge_pruning() -> None:
    question = "What colour is the apple tree blossom?"
    texts = [
        "Cars need fuel to run on long highways.",
        "The apple tree blossom is white in colour.",
        "Many rivers flood during the wet spring.",
        "Apple tree blossom can have a pink colour.",
        "Tables are usually made of wood or metal.",
        "Trains run between cities every single day.",
    ]
    kb = {"apple": [cand(i, "apple", t, title="T") for i, t in enumerate(texts)]}

    def model(messages: list[Message]) -> str:
        task, lines = kind(messages), numbered(messages)
        if task == "mark_supporting":
            return json.dumps({"supporting": sorted(lines)})
        if task == "compress":
            return json.dumps({"keep": sorted(lines)[:-1]})  # drops only one each time
        return '{"answer": "white or pink", "unsupported_concepts": []}'

    chat = ScriptedChatModel(model)
    k = 90
    answer = LLMReasoner(chat, settings(chunk_size=k, max_compress_steps=2)).run(
        question, FakeRetriever(kb)
    )
    (it,) = answer.iterations
    assert it.compress_steps == 2 and it.pruned
    assert [kind(m) for m in chat.calls].count("compress") == 2
    assert (
        "Character budget: 90" in [m for m in chat.calls if kind(m) == "compress"][0][-1]["content"]
    )
    assert text_length(answer.supports) <= k
    kept = [s.text for s in answer.supports]
    assert kept == [texts[1], texts[3]]  # the two most question-like, in rank order
    best = sorted(texts[:4], key=lambda t: -rouge_l(t, question))[:2]
    assert set(best) == set(kept)
    assert answer.answer == "white or pink"


def test_compress_without_progress_stops_early() -> None:
    kb = {"apple": [cand(i, "apple", f"Apple sentence number {i} is here.") for i in range(5)]}

    def model(messages: list[Message]) -> str:
        task, lines = kind(messages), numbered(messages)
        if task == "mark_supporting":
            return json.dumps({"supporting": sorted(lines)})
        if task == "compress":
            return json.dumps({"keep": sorted(lines)})
        return '{"answer": "yes", "unsupported_concepts": []}'

    chat = ScriptedChatModel(model)
    answer = LLMReasoner(chat, settings(chunk_size=70, max_compress_steps=5)).run(
        "apple?", FakeRetriever(kb)
    )
    assert answer.iterations[0].compress_steps == 1 and answer.iterations[0].pruned
    assert text_length(answer.supports) <= 70


def test_chunks_marked_in_parallel_merged_in_rank_order() -> None:
    texts = [
        f"Sentence {i:02d} about the topic here." for i in range(12)
    ]  # 33 chars: 3 per chunk of 110
    kb = {"topic": [cand(i, "topic", t) for i, t in enumerate(texts)]}
    lock = threading.Lock()
    first_may_finish = threading.Event()
    state = {"running": 0, "peak": 0, "done": 0}
    finished: list[str] = []

    def model(messages: list[Message]) -> str:
        task, lines = kind(messages), numbered(messages)
        if task == "compress":
            return '{"keep": [3, 1, 2]}'
        if task == "answer":
            return '{"answer": "ok", "unsupported_concepts": []}'
        with lock:
            state["running"] += 1
            state["peak"] = max(state["peak"], state["running"])
        if "Sentence 00" in lines[1]:
            first_may_finish.wait(timeout=5)  # the first chunk finishes after the others
        with lock:
            state["running"] -= 1
            state["done"] += 1
            finished.append(lines[1][:11])
            if state["done"] >= 3:
                first_may_finish.set()
        return json.dumps({"supporting": sorted(lines, reverse=True)})

    chat = ScriptedChatModel(model)
    reasoner = LLMReasoner(chat, settings(chunk_size=110, llm_concurrency=4))
    answer = reasoner.run("topic?", FakeRetriever(kb))
    (it,) = answer.iterations
    assert it.chunks == 4 and it.candidates == 12
    assert 1 < state["peak"] <= 4
    assert finished[0] != "Sentence 00"  # completion order differs from rank order
    marks = [m for m in chat.calls if kind(m) == "mark_supporting"]
    assert all(set(numbered(m)) == {1, 2, 3} for m in marks)  # each chunk numbered from 1
    # 12 x 33 chars > K: the compress prompt shows the merged evidence in rank order
    compress = [m for m in chat.calls if kind(m) == "compress"]
    assert compress and list(numbered(compress[0]).values()) == texts
    assert [s.text for s in answer.supports] == texts[:3]
    assert it.compress_steps == 1 and not it.pruned


def test_malformed_answers_are_survived_and_recorded() -> None:
    kb = {"topic": [cand(i, "topic", f"Topic sentence {i}.") for i in range(4)]}

    def model(messages: list[Message]) -> str:
        task, lines = kind(messages), numbered(messages)
        if task == "mark_supporting" and "Topic sentence 0." in lines.get(1, ""):
            return "I think sentences one and two, maybe."  # garbage, also on retry
        if task == "mark_supporting":
            return '{"supporting": [99, "2", "x", true, 0, -1, 1.5]}'  # only "2" is valid
        return '{"foo": 1}'  # missing keys, also on retry

    chat = ScriptedChatModel(model)
    answer = LLMReasoner(chat, settings(chunk_size=40)).run("topic?", FakeRetriever(kb))
    assert answer.answer.startswith(NO_ANSWER)
    assert [s.text for s in answer.supports] == ["Topic sentence 3."]
    assert answer.usage["unusable_answers"] == 2
    assert answer.usage["calls"] == 2 * 2 + 1  # two retried calls and one good mark
    retries = [m for m in chat.calls if m[-1]["content"] == RETRY_INSTRUCTION]
    assert len(retries) == 2


def test_parsers() -> None:
    assert parse_ids({"supporting": [1, "2", "[3]", "#4", 5.0, True, "x", 1]}, "supporting") == [
        1,
        2,
        3,
        4,
        5,
    ]
    assert parse_ids({}, "keep") == []
    assert parse_ids([2, 1], "keep") == [2, 1]
    assert parse_ids({"ids": [7]}, "keep") == [7]  # one list member, other name
    assert parse_ids({"keep": "1, 2"}, "keep") is None
    assert parse_ids({"a": [1], "b": [2]}, "keep") is None
    assert parse_answer({"answer": "x"}) == ("x", [])
    assert parse_answer({"unsupported_concepts": "Paris mayor"}) == ("", ["Paris mayor"])
    assert parse_answer({"answer": 1921, "missing": ["A", "a", " ", "B  c"]}) == (
        "1921",
        ["A", "B c"],
    )
    assert parse_answer({"verdict": "x"}) is None
    assert parse_answer(["answer"]) is None


def test_no_candidates_means_no_call() -> None:
    chat = ScriptedChatModel([])
    answer = LLMReasoner(chat, settings()).run("What about zebras?", FakeRetriever({}))
    assert answer.answer == NO_EVIDENCE
    assert chat.calls == [] and answer.supports == [] and answer.ranking == []
    assert len(answer.iterations) == 1 and answer.iterations[0].candidates == 0
    assert answer.usage["calls"] == 0


def test_prompts_come_from_files_with_question_and_numbered_sentences() -> None:
    reasoner = LLMReasoner(ScriptedChatModel([]), settings(chunk_size=500))
    question = 'Who was "he"?\nReally >'
    chunk = [BELL[1], cand(2, "telephone", "Telephones carry sound.")]
    for name, messages in [
        ("mark_supporting", reasoner.mark_messages(question, [TELEPHONE[0]], chunk)),
        ("compress", reasoner.compress_messages(question, chunk)),
        ("answer", reasoner.answer_messages(question, chunk)),
    ]:
        system, user = messages[0]["content"], messages[1]["content"]
        assert system == (PROMPT_DIR / f"{name}.txt").read_text(encoding="utf-8").rstrip()
        assert 'Question: Who was "he"? Really >' in user
        assert "1. (Bell) He [: Bell] was born in Edinburgh." in user
        assert "2. Telephones carry sound." in user  # no title: no parentheses
        assert "JSON" in system
    mark_user = reasoner.mark_messages(question, [], chunk)[1]["content"]
    assert "(none yet)" in mark_user
    assert "(no evidence sentences were found)" in reasoner.answer_messages("q", [])[1]["content"]
