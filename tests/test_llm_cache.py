"""LLMCache / CachedChatModel: persistence, key sensitivity, thread safety."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from llm_server import FakeOpenAIServer, Reply

from lgm_rdf.llm.base import Completion, LLMError, Usage, UsageMeter
from lgm_rdf.llm.cache import CachedChatModel, LLMCache, cache_key
from lgm_rdf.llm.openai_chat import OpenAIChatModel
from lgm_rdf.llm.pool import map_bounded
from lgm_rdf.llm.scripted import ScriptedChatModel

MSGS = [{"role": "user", "content": "Name a fruit."}]


def echo(messages: list[dict[str, str]]) -> str:
    return "answer to " + messages[-1]["content"]


def test_put_get_roundtrip(tmp_path: Path) -> None:
    with LLMCache(tmp_path / "c.sqlite") as cache:
        assert cache.get("k") is None
        cache.put("k", Completion("héllo ✓", Usage(5, 2, calls=1)), model="m")
        hit = cache.get("k")
        assert hit is not None and hit.text == "héllo ✓"
        assert (hit.usage.prompt_tokens, hit.usage.completion_tokens) == (5, 2)
        assert len(cache) == 1
        cache.clear()
        assert len(cache) == 0


def test_hit_reports_cached_call_and_no_spend(tmp_path: Path) -> None:
    inner = ScriptedChatModel(echo)
    model = CachedChatModel(inner, LLMCache(tmp_path / "c.sqlite"))
    first = model.complete(MSGS)
    second = model.complete(MSGS)
    assert not first.cached and first.usage.calls == 1
    assert second.cached and second.text == first.text
    assert second.usage == Usage(calls=0, cached_calls=1)
    assert len(inner.calls) == 1
    meter = UsageMeter()
    meter.add(first.usage)
    meter.add(second.usage)
    assert meter.total.calls == 1 and meter.total.cached_calls == 1


def test_rerun_is_answered_entirely_from_cache(tmp_path: Path) -> None:
    """Second 'run' (new model, new cache object, same file): zero server calls."""
    path = tmp_path / "kb.llm-cache.sqlite"
    prompts = [[{"role": "user", "content": f"question {i} about JSON"}] for i in range(5)]

    def run(server: FakeOpenAIServer) -> tuple[list[str], Usage]:
        cache = LLMCache(path)
        model = CachedChatModel(OpenAIChatModel("m", base_url=server.url), cache)
        usage = Usage()
        texts = []
        for p in prompts:
            out = model.complete(p, json=True)
            usage = usage + out.usage
            texts.append(out.text)
        cache.close()
        return texts, usage

    broken = {"now": False}  # after the first run the server only fails: nothing may reach it

    def answer(body: dict) -> Reply:
        if broken["now"]:
            return Reply(status=500)
        return Reply(content=body["messages"][0]["content"])

    with FakeOpenAIServer(answer) as srv:
        texts1, usage1 = run(srv)
        assert srv.count == 5 and usage1.calls == 5
        broken["now"] = True
        texts2, usage2 = run(srv)
        assert srv.count == 5
    assert texts2 == texts1
    assert usage2 == Usage(cached_calls=5)


def test_key_sensitivity() -> None:
    base = cache_key("m", MSGS, False, 0.0, 1024)
    assert base == cache_key("m", [dict(MSGS[0])], False, 0.0, 1024)
    others = {
        cache_key("m2", MSGS, False, 0.0, 1024),
        cache_key("m", [{"role": "user", "content": "Name a fruit!"}], False, 0.0, 1024),
        cache_key("m", [{"role": "system", "content": "Name a fruit."}], False, 0.0, 1024),
        cache_key("m", MSGS, True, 0.0, 1024),
        cache_key("m", MSGS, False, 0.7, 1024),
        cache_key("m", MSGS, False, 0.0, 256),
    }
    assert base not in others and len(others) == 6


def test_cached_model_keys_on_model_and_json_flag(tmp_path: Path) -> None:
    cache = LLMCache(tmp_path / "c.sqlite")
    a = ScriptedChatModel(["a-plain", "a-json"], model="a")
    b = ScriptedChatModel(["b-plain"], model="b")
    ca, cb = CachedChatModel(a, cache), CachedChatModel(b, cache)
    assert ca.complete(MSGS).text == "a-plain"
    assert ca.complete(MSGS, json=True).text == "a-json"
    assert cb.complete(MSGS).text == "b-plain"
    assert ca.complete(MSGS).text == "a-plain" and ca.complete(MSGS, json=True).cached
    assert len(cache) == 3


def test_errors_are_not_cached(tmp_path: Path) -> None:
    attempts = []

    def flaky(messages: list[dict[str, str]]) -> str:
        attempts.append(1)
        if len(attempts) == 1:
            raise LLMError("endpoint down")
        return "fine"

    model = CachedChatModel(ScriptedChatModel(flaky), LLMCache(tmp_path / "c.sqlite"))
    with pytest.raises(LLMError):
        model.complete(MSGS)
    assert model.complete(MSGS).text == "fine"


def test_concurrent_threads_share_one_cache(tmp_path: Path) -> None:
    cache = LLMCache(tmp_path / "c.sqlite")
    inner = ScriptedChatModel(echo)
    model = CachedChatModel(inner, cache)
    prompts = [[{"role": "user", "content": f"p{i % 40}"}] for i in range(400)]
    results = map_bounded(lambda p: model.complete(p).text, prompts, concurrency=16)
    assert results == [f"answer to p{i % 40}" for i in range(400)]
    assert len(cache) == 40
    # a second cache object on the same file (another connection) sees every entry
    other = LLMCache(tmp_path / "c.sqlite")
    for i in range(40):
        key = cache_key("scripted", [{"role": "user", "content": f"p{i}"}], False, None, None)
        hit = other.get(key)
        assert hit is not None and hit.text == f"answer to p{i}"


def test_concurrent_writers_on_separate_connections(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            cache = LLMCache(path)
            for i in range(50):
                cache.put(f"{n}-{i}", Completion(str(i), Usage(calls=1)))
            cache.close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(LLMCache(path)) == 300


def test_unusable_cache_path_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(LLMError, match="cannot open the LLM cache"):
        LLMCache(blocker / "c.sqlite")


def test_same_model_on_two_endpoints_does_not_share_answers(tmp_path: Path) -> None:
    cache = LLMCache(tmp_path / "c.sqlite")
    prompt = [{"role": "user", "content": "same prompt, JSON please"}]
    with (
        FakeOpenAIServer(lambda body: Reply(content='{"server": 1}')) as one,
        FakeOpenAIServer(lambda body: Reply(content='{"server": 2}')) as two,
    ):
        first = CachedChatModel(OpenAIChatModel("m", base_url=one.url), cache).complete(prompt)
        second = CachedChatModel(OpenAIChatModel("m", base_url=two.url), cache).complete(prompt)
    assert (first.text, second.text) == ('{"server": 1}', '{"server": 2}')
    cache.close()
