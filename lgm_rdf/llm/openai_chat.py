"""``OpenAIChatModel``: a :class:`ChatModel` on any OpenAI-compatible chat-completions server."""

from __future__ import annotations

import logging
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import openai

from lgm_rdf.llm.base import (
    Completion,
    LLMError,
    Message,
    Usage,
    estimate_prompt_tokens,
    estimate_tokens,
)

log = logging.getLogger("lgm_rdf.llm")

_RETRYABLE = (
    openai.RateLimitError,
    openai.APITimeoutError,
    openai.APIConnectionError,  # includes APITimeoutError
    openai.InternalServerError,
)
_MAX_DELAY = 60.0


class OpenAIChatModel:
    """Chat completions through the official ``openai`` client, with our own retry loop.

    Works with OpenAI, DeepSeek, vLLM, Ollama, llama.cpp server and anything else that
    speaks ``POST {base_url}/chat/completions``. Rate limits, timeouts, connection errors
    and 5xx answers are retried ``max_retries`` times with exponential backoff and jitter
    (``backoff * 2**attempt`` seconds, ±25 %, at least the server's ``Retry-After``);
    anything else raises :class:`LLMError` at once. ``sleep`` can be replaced in tests.
    """

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        temperature: float = 0.0,
        max_tokens: int = 1024,
        timeout: float = 60.0,
        max_retries: int = 4,
        backoff: float = 0.5,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.timeout = timeout
        self.max_retries = max(0, max_retries)
        self.backoff = backoff
        self._sleep = sleep
        self._json_mode = True  # flips to False once the server rejects response_format
        self._lock = threading.Lock()
        self._client = openai.OpenAI(
            base_url=base_url,
            api_key=api_key or os.environ.get("OPENAI_API_KEY") or "not-needed",
            max_retries=0,
            timeout=timeout,
        )

    @property
    def endpoint(self) -> str:
        """The base URL actually used (for messages)."""
        return str(self._client.base_url).rstrip("/")

    @property
    def json_mode_supported(self) -> bool:
        """False once the server has rejected ``response_format`` (then JSON relies on the prompt)."""
        return self._json_mode

    def complete(self, messages: Sequence[Message], json: bool = False) -> Completion:
        """Send ``messages``; with ``json=True`` ask for a JSON object when the server allows it."""
        payload = [{"role": m["role"], "content": m["content"]} for m in messages]
        # OpenAI refuses json_object mode unless a message mentions JSON; the prompts
        # of this library always do, so a prompt without it simply goes without the mode.
        want_format = (
            json and self._json_mode and any("json" in m["content"].lower() for m in payload)
        )
        attempt = 0
        while True:
            try:
                response = self._create(payload, want_format)
            except openai.BadRequestError as exc:
                if want_format and "response_format" in _error_text(exc):
                    with self._lock:
                        if self._json_mode:
                            log.info(
                                "%s rejects response_format; asking for JSON by prompt only",
                                self.model,
                            )
                        self._json_mode = False
                    want_format = False
                    continue
                raise LLMError(self._describe(exc)) from exc
            except _RETRYABLE as exc:
                if attempt >= self.max_retries:
                    raise LLMError(
                        f"LLM call to {self.model} at {self.endpoint} failed after "
                        f"{attempt + 1} attempt(s): {self._describe(exc)}"
                    ) from exc
                delay = self._delay(attempt, exc)
                log.warning(
                    "LLM call failed (%s); retry %d/%d in %.1fs",
                    type(exc).__name__,
                    attempt + 1,
                    self.max_retries,
                    delay,
                )
                self._sleep(delay)
                attempt += 1
                continue
            except openai.OpenAIError as exc:
                raise LLMError(self._describe(exc)) from exc
            return self._to_completion(response, payload)

    def _create(self, payload: list[dict[str, str]], want_format: bool) -> Any:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": payload,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
        }
        if want_format:
            kwargs["response_format"] = {"type": "json_object"}
        return self._client.chat.completions.create(**kwargs)

    def _to_completion(self, response: Any, payload: list[dict[str, str]]) -> Completion:
        choices = getattr(response, "choices", None) or []
        if not choices:
            raise LLMError(f"{self.model} at {self.endpoint} returned no choices")
        text = choices[0].message.content or ""
        if getattr(choices[0], "finish_reason", None) == "length":
            log.debug("%s stopped at max_tokens=%d; answer may be cut", self.model, self.max_tokens)
        raw = getattr(response, "usage", None)
        prompt = getattr(raw, "prompt_tokens", None) if raw is not None else None
        completion = getattr(raw, "completion_tokens", None) if raw is not None else None
        usage = Usage(
            prompt_tokens=prompt if prompt is not None else estimate_prompt_tokens(payload),
            completion_tokens=completion if completion is not None else estimate_tokens(text),
            calls=1,
        )
        return Completion(text=text, usage=usage)

    def _delay(self, attempt: int, exc: Exception) -> float:
        delay = self.backoff * (2**attempt) * (0.75 + 0.5 * random.random())
        retry_after = _retry_after(exc)
        if retry_after is not None:
            delay = max(delay, retry_after)
        return min(delay, _MAX_DELAY)

    def _describe(self, exc: Exception) -> str:
        where = f"{self.endpoint} (model {self.model})"
        if isinstance(exc, openai.AuthenticationError):
            return (
                f"the LLM endpoint {where} rejected the API key (HTTP 401: {_error_text(exc)}); "
                "check OPENAI_API_KEY"
            )
        if isinstance(exc, openai.PermissionDeniedError):
            return f"the LLM endpoint {where} refused access (HTTP 403): {_error_text(exc)}"
        if isinstance(exc, openai.NotFoundError):
            return (
                f"the LLM endpoint {where} answered 404: check LGM_LLM_MODEL and "
                f"OPENAI_BASE_URL ({_error_text(exc)})"
            )
        if isinstance(exc, openai.APITimeoutError):
            return f"no answer from {where} within {self.timeout:g}s"
        if isinstance(exc, openai.APIConnectionError):
            return f"cannot reach the LLM endpoint {where}: {exc.__cause__ or exc}"
        if isinstance(exc, openai.RateLimitError):
            return f"rate limited by {where} (HTTP 429): {_error_text(exc)}"
        if isinstance(exc, openai.APIStatusError):
            return f"the LLM endpoint {where} answered HTTP {exc.status_code}: {_error_text(exc)}"
        return f"LLM call to {where} failed: {exc}"


def _error_text(exc: Exception) -> str:
    """The server's error message (from the JSON body when there is one)."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return str(getattr(exc, "message", None) or exc)


def _retry_after(exc: Exception) -> float | None:
    """Seconds from a ``Retry-After`` header, when the server sent one."""
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    value = headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None
