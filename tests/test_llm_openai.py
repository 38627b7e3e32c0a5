"""OpenAIChatModel against a scripted OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from llm_server import FakeOpenAIServer, Reply

from lgm_rdf.llm.base import LLMError, Usage
from lgm_rdf.llm.cache import CachedChatModel
from lgm_rdf.llm.factory import build_chat_model
from lgm_rdf.llm.openai_chat import OpenAIChatModel
from lgm_rdf.settings import Settings

ASK = [
    {"role": "system", "content": "You answer in JSON."},
    {"role": "user", "content": "Is an apple a fruit?"},
]


@pytest.fixture
def server() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as srv:
        yield srv


class Sleeps(list):
    """Records requested sleep durations instead of sleeping."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def make(server: FakeOpenAIServer, **kw: object) -> OpenAIChatModel:
    kw.setdefault("sleep", Sleeps())
    kw.setdefault("api_key", "test-key")
    return OpenAIChatModel("test-model", base_url=server.url, **kw)  # type: ignore[arg-type]


def test_basic_completion_and_usage(server: FakeOpenAIServer) -> None:
    server.push(Reply(content="Yes.", usage={"prompt_tokens": 17, "completion_tokens": 2}))
    model = make(server, temperature=0.3, max_tokens=50)
    out = model.complete(ASK)
    assert out.text == "Yes."
    assert out.usage == Usage(prompt_tokens=17, completion_tokens=2, calls=1)
    assert not out.cached
    body = server.requests[0]
    assert body["model"] == "test-model"
    assert body["messages"] == ASK
    assert body["temperature"] == 0.3 and body["max_tokens"] == 50
    assert "response_format" not in body
    assert server.headers[0]["authorization"] == "Bearer test-key"


def test_usage_estimated_when_server_reports_none(server: FakeOpenAIServer) -> None:
    server.push(Reply(content="x" * 40, usage=None))
    out = make(server).complete(ASK)
    assert out.usage.calls == 1
    assert out.usage.completion_tokens == 10
    assert out.usage.prompt_tokens > 0


def test_json_mode_sends_response_format(server: FakeOpenAIServer) -> None:
    server.push(Reply(content='{"answer": true}'))
    out = make(server).complete(ASK, json=True)
    assert out.text == '{"answer": true}'
    assert server.requests[0]["response_format"] == {"type": "json_object"}


def test_json_mode_skipped_when_prompt_never_mentions_json(server: FakeOpenAIServer) -> None:
    make(server).complete([{"role": "user", "content": "hello"}], json=True)
    assert "response_format" not in server.requests[0]


def test_rate_limit_retried_with_exponential_backoff(server: FakeOpenAIServer) -> None:
    server.push(Reply(status=429), Reply(status=429), Reply(status=429), Reply(content="done"))
    sleeps = Sleeps()
    out = make(server, sleep=sleeps, backoff=1.0, max_retries=4).complete(ASK)
    assert out.text == "done"
    assert server.count == 4
    assert len(sleeps) == 3
    for attempt, delay in enumerate(sleeps):  # 1, 2, 4 seconds, ±25 % jitter
        assert 0.75 * 2**attempt <= delay <= 1.25 * 2**attempt


def test_retry_after_header_is_honoured(server: FakeOpenAIServer) -> None:
    server.push(Reply(status=429, headers={"Retry-After": "7"}), Reply(content="ok"))
    sleeps = Sleeps()
    make(server, sleep=sleeps, backoff=0.1).complete(ASK)
    assert sleeps == [7.0]


def test_server_error_retried_then_llm_error(server: FakeOpenAIServer) -> None:
    server.default = Reply(status=500, error="upstream exploded")
    sleeps = Sleeps()
    with pytest.raises(LLMError) as info:
        make(server, sleep=sleeps, max_retries=2).complete(ASK)
    assert server.count == 3  # first try + 2 retries
    assert len(sleeps) == 2
    message = str(info.value)
    assert "3 attempt" in message and "500" in message and "upstream exploded" in message


def test_server_error_then_success(server: FakeOpenAIServer) -> None:
    server.push(Reply(status=503), Reply(content="recovered"))
    assert make(server).complete(ASK).text == "recovered"


def test_unauthorized_is_a_clear_llm_error_without_retry(server: FakeOpenAIServer) -> None:
    server.push(Reply(status=401, error="Incorrect API key provided"))
    sleeps = Sleeps()
    with pytest.raises(LLMError, match="rejected the API key") as info:
        make(server, sleep=sleeps).complete(ASK)
    assert "OPENAI_API_KEY" in str(info.value)
    assert "Incorrect API key provided" in str(info.value)
    assert server.count == 1 and sleeps == []


def test_other_client_errors_are_not_retried(server: FakeOpenAIServer) -> None:
    server.push(Reply(status=404, error="model 'test-model' not found"))
    with pytest.raises(LLMError, match="404.*LGM_LLM_MODEL"):
        make(server).complete(ASK)
    server.push(Reply(status=400, error="messages too long"))
    with pytest.raises(LLMError, match="HTTP 400: messages too long"):
        make(server).complete(ASK)
    assert server.count == 2


def test_timeout_is_retried(server: FakeOpenAIServer) -> None:
    # a timeout with room for a loaded machine: the prompt reply must not time out too
    server.push(Reply(content="late", delay=10.0), Reply(content="on time"))
    sleeps = Sleeps()
    out = make(server, sleep=sleeps, timeout=2.0).complete(ASK)
    assert out.text == "on time"
    assert server.count == 2 and len(sleeps) == 1


def test_timeout_exhausts_retries(server: FakeOpenAIServer) -> None:
    server.default = Reply(delay=5.0)
    with pytest.raises(LLMError, match="within 0.2s"):
        make(server, timeout=0.2, max_retries=1).complete(ASK)
    assert server.count == 2


def test_connection_refused_is_retried_then_reported() -> None:
    srv = FakeOpenAIServer().start()
    url = srv.url
    srv.stop()  # nothing listens on that port any more
    sleeps = Sleeps()
    model = OpenAIChatModel("m", base_url=url, sleep=sleeps, max_retries=1, timeout=2)
    with pytest.raises(LLMError, match="cannot reach"):
        model.complete(ASK)
    assert len(sleeps) == 1


def test_response_format_rejection_falls_back_and_is_remembered() -> None:
    with FakeOpenAIServer(default=Reply(content='{"a": 1}'), reject_response_format=True) as srv:
        model = make(srv)
        assert model.complete(ASK, json=True).text == '{"a": 1}'
        assert not model.json_mode_supported
        assert "response_format" in srv.requests[0]
        assert "response_format" not in srv.requests[1]
        model.complete(ASK, json=True)  # remembered: one request, no response_format
        assert srv.count == 3
        assert "response_format" not in srv.requests[2]


def test_build_chat_model_from_settings(tmp_path, server: FakeOpenAIServer) -> None:
    assert build_chat_model(Settings(kb=tmp_path / "kb")) is None
    settings = Settings(
        kb=tmp_path / "kb", llm_model="test-model", openai_base_url=server.url, openai_api_key="k"
    )
    model = build_chat_model(settings)
    assert isinstance(model, CachedChatModel) and model.model == "test-model"
    assert model.complete(ASK).text == "ok"
    assert model.complete(ASK).cached
    assert server.count == 1
    assert settings.llm_cache_path.exists()
    plain = build_chat_model(settings.with_(llm_cache=False))
    assert isinstance(plain, OpenAIChatModel) and plain.max_retries == settings.llm_max_retries
