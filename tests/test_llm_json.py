"""parse_json_answer and complete_json: fences, prose, truncation, garbage, one retry."""

from __future__ import annotations

import logging

import pytest

from lgm_rdf.llm.jsonout import RETRY_INSTRUCTION, complete_json, parse_json_answer
from lgm_rdf.llm.scripted import ScriptedChatModel

ASK = [{"role": "user", "content": "List the relations as JSON."}]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"a": 1, "b": [1, 2]}', {"a": 1, "b": [1, 2]}),
        ('  [{"x": "y"}]\n', [{"x": "y"}]),
        ('```json\n{"a": 1}\n```', {"a": 1}),
        ("```\n[1, 2]\n```", [1, 2]),
        ('Sure! Here it is:\n```json\n{"a": "b"}\n```\nHope this helps.', {"a": "b"}),
        (
            'The answer is {"answer": "Paris", "ok": true}. Anything else?',
            {"answer": "Paris", "ok": True},
        ),
        ('Result:\n{"k": "v"}\n(end of answer)', {"k": "v"}),
        ('{"answer": "it says \\"hi\\" and \u00e9"}', {"answer": 'it says "hi" and é'}),
    ],
)
def test_parses_well_formed_fenced_and_wrapped(text: str, expected: object) -> None:
    assert parse_json_answer(text) == expected


def test_repairs_truncated_json() -> None:
    cut = '{"relations": [{"child": "apple", "parent": "fruit"}, {"child": "pear", "par'
    value = parse_json_answer(cut)
    assert isinstance(value, dict)
    assert value["relations"][0] == {"child": "apple", "parent": "fruit"}
    assert value["relations"][1]["child"] == "pear"


def test_repairs_truncated_fence_and_sloppy_json() -> None:
    assert parse_json_answer('```json\n{"a": [1, 2') == {"a": [1, 2]}
    assert parse_json_answer("{'a': 'single quotes', 'b': True,}") == {
        "a": "single quotes",
        "b": True,
    }


@pytest.mark.parametrize(
    "text", ["", "   ", "I am sorry, I cannot help with that.", '"just a string"', "42"]
)
def test_garbage_gives_none(text: str) -> None:
    assert parse_json_answer(text) is None


def test_expect_list_vs_dict() -> None:
    assert parse_json_answer("[1, 2]", expect=dict) is None
    assert parse_json_answer('{"a": 1}', expect=list) is None
    assert parse_json_answer("[1, 2]", expect=list) == [1, 2]
    # JSON mode forces an object: a single list member is unwrapped when a list is wanted
    assert parse_json_answer('{"items": ["a", "b"]}', expect=list) == ["a", "b"]
    assert parse_json_answer('{"items": ["a"], "n": 1}', expect=list) is None
    # prose with a list first, then the wanted object
    assert parse_json_answer('see [1] and {"a": 2}', expect=dict) == {"a": 2}


def test_complete_json_first_try() -> None:
    model = ScriptedChatModel(['{"ok": true}'])
    value, usage = complete_json(model, ASK)
    assert value == {"ok": True}
    assert usage.calls == 1
    assert model.json_flags == [True]


def test_complete_json_retries_once_then_succeeds() -> None:
    model = ScriptedChatModel(["no idea", '```json\n{"ok": 1}\n```'])
    value, usage = complete_json(model, ASK)
    assert value == {"ok": 1}
    assert usage.calls == 2
    retry = model.calls[1]
    assert retry[: len(ASK)] == ASK
    assert retry[-2] == {"role": "assistant", "content": "no idea"}
    assert retry[-1] == {"role": "user", "content": RETRY_INSTRUCTION}


def test_complete_json_gives_up_with_warning(caplog: pytest.LogCaptureFixture) -> None:
    model = ScriptedChatModel(["garbage one", "garbage two"])
    with caplog.at_level(logging.WARNING, logger="lgm_rdf.llm"):
        value, usage = complete_json(model, ASK)
    assert value is None
    assert usage.calls == 2 and len(model.calls) == 2  # exactly one retry
    assert any("no usable JSON" in r.getMessage() for r in caplog.records)
    assert model.remaining == 0


def test_complete_json_validator_rejects_and_may_raise(caplog: pytest.LogCaptureFixture) -> None:
    model = ScriptedChatModel(['{"answer": 3}', '{"answer": "three"}'])
    value, _ = complete_json(model, ASK, validate=lambda v: isinstance(v.get("answer"), str))
    assert value == {"answer": "three"}

    def broken(value: object) -> bool:
        raise KeyError("bug")

    model = ScriptedChatModel(["{}", "{}"])
    with caplog.at_level(logging.WARNING, logger="lgm_rdf.llm"):
        assert complete_json(model, ASK, validate=broken)[0] is None


def test_complete_json_no_retry_and_expect_list() -> None:
    model = ScriptedChatModel(["nope"])
    assert complete_json(model, ASK, retries=0)[0] is None
    model = ScriptedChatModel(['{"relations": [{"a": 1}]}'])
    assert complete_json(model, ASK, expect=list)[0] == [{"a": 1}]
