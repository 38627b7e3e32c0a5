"""`lgm ask` with an LLM end to end: real CLI, real openai client, loopback HTTP server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from llm_server import FakeOpenAIServer, Reply

from lgm_rdf.cli import main

APPLES = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."


def evidence(body: dict) -> dict[int, str]:
    lines = body["messages"][-1]["content"].splitlines()
    return {int(m[1]): m[2] for line in lines if (m := re.match(r"(\d+)\. (.*)", line))}


def model(body: dict) -> Reply:
    system = body["messages"][0]["content"]
    if "supporting" in system and "unsupported_concepts" not in system:
        # each line is "N. (document title) sentence"; judge the sentence only
        marked = [n for n, line in evidence(body).items() if "vitamins" in line.rsplit(") ", 1)[-1]]
        return Reply(content=json.dumps({"supporting": marked}))
    if "unsupported_concepts" in system:
        user = body["messages"][-1]["content"]
        found = "Fruits contain many vitamins." in user.split("Evidence", 1)[-1]
        return Reply(
            content=json.dumps(
                {
                    "answer": "vitamins" if found else "",
                    "unsupported_concepts": [] if found else ["x"],
                }
            )
        )
    return Reply(content="{}")


@pytest.fixture()
def kb(tmp_path: Path, monkeypatch, capsys) -> str:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("LGM_LLM_MODEL", raising=False)
    doc = tmp_path / "apples.txt"
    doc.write_text(APPLES, encoding="utf-8")
    path = str(tmp_path / "kb")
    assert main(["learn", str(doc), "--kb", path, "--no-progress"]) == 0
    capsys.readouterr()
    return path


def test_ask_with_llm_marks_answers_and_counts(kb: str, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    with FakeOpenAIServer(model) as srv:
        monkeypatch.setenv("LGM_LLM_MODEL", "test-model")
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        assert main(["ask", "What are apples rich in?", "--kb", kb, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["mode"] == "llm"
        assert out["answer"] == "vitamins"
        assert [s["text"] for s in out["supports"]] == ["Fruits contain many vitamins."]
        assert out["supports"][0]["via"] == "parent"
        assert out["usage"]["calls"] == srv.count >= 2
        # asked again: every answer comes from the cache next to the KB
        assert main(["ask", "What are apples rich in?", "--kb", kb]) == 0
        shown = capsys.readouterr().out
        assert "vitamins" in shown and "cached" in shown
        calls = srv.count
        assert main(["ask", "What are apples rich in?", "--kb", kb, "--reasoner", "offline"]) == 0
        assert srv.count == calls  # the offline reasoner calls nothing
        assert "extractive" in capsys.readouterr().out


def test_garbage_from_the_llm_is_not_a_crash(kb: str, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    with FakeOpenAIServer(lambda body: Reply(content="this is { not json")) as srv:
        monkeypatch.setenv("LGM_LLM_MODEL", "test-model")
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        assert main(["ask", "What are apples rich in?", "--kb", kb, "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["mode"] == "llm" and out["usage"]["unusable_answers"] >= 1
