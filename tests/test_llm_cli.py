"""`lgm learn --extractor llm` end to end: real CLI, real openai client, loopback HTTP server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from llm_server import FakeOpenAIServer, Reply

from lgm_rdf.cli import main

PAPER = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."


def answer(body: dict) -> Reply:
    system = body["messages"][0]["content"]
    if "INHERITANCE" in system:
        relations = [{"sentence": 1, "subclass": "Apples", "parent": "fruit"}]
    elif "COMPOSITION" in system:
        relations = [{"sentence": 2, "whole": "Fruits", "part": "vitamins"}]
    else:
        relations = []
    return Reply(content=json.dumps({"relations": relations}))


@pytest.fixture()
def server(monkeypatch) -> FakeOpenAIServer:
    with FakeOpenAIServer(answer) as srv:
        monkeypatch.setenv("LGM_LLM_MODEL", "test-model")
        monkeypatch.setenv("OPENAI_BASE_URL", srv.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        yield srv


def test_learn_with_llm_then_rerun_from_cache(
    server: FakeOpenAIServer, tmp_path: Path, capsys
) -> None:
    doc = tmp_path / "paper.txt"
    doc.write_text(PAPER, encoding="utf-8")
    kb = str(tmp_path / "kb")
    args = ["learn", str(doc), "--kb", kb, "--extractor", "llm", "--no-progress"]

    assert main([*args, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "LLM: 3 calls, 0 answered from cache" in out and "estimate" in out
    assert server.count == 0 and not Path(kb).exists()

    assert main(args) == 0
    assert "LLM: 3 calls, 0 answered from cache" in capsys.readouterr().out
    assert server.count == 3
    assert all(r["model"] == "test-model" for r in server.requests)
    assert all(r.get("response_format") == {"type": "json_object"} for r in server.requests)

    assert main(["concept", "apple", "--kb", kb]) == 0
    out = capsys.readouterr().out
    assert "fruit  (llm, confidence 0." in out and "vitamin  (via fruit)" in out

    assert main([*args, "--force"]) == 0  # same text again: every answer from the cache
    assert "LLM: 0 calls, 3 answered from cache" in capsys.readouterr().out
    assert server.count == 3

    assert main([*args, "--force", "--dry-run"]) == 0  # the dry run sees the cache too
    assert "LLM: 0 calls, 3 answered from cache" in capsys.readouterr().out


def test_endpoint_down_is_a_clear_error(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setenv("LGM_LLM_MODEL", "test-model")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("LGM_LLM_MAX_RETRIES", "0")
    doc = tmp_path / "paper.txt"
    doc.write_text(PAPER, encoding="utf-8")
    code = main(
        ["learn", str(doc), "--kb", str(tmp_path / "kb"), "--extractor", "llm", "--no-progress"]
    )
    err = capsys.readouterr().err
    assert code == 1 and "lgm: error:" in err and "Traceback" not in err
