"""The chat-model contract every LLM caller in lgm_rdf relies on, plus usage accounting."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from lgm_rdf.errors import LgmError

Message = dict[str, str]
"""One chat message: ``{"role": "system" | "user" | "assistant", "content": "..."}``."""


@dataclass(frozen=True)
class Usage:
    """What LLM calls cost: real calls, calls answered from the cache, and tokens spent."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    calls: int = 0
    cached_calls: int = 0

    def __add__(self, other: Usage) -> Usage:
        if not isinstance(other, Usage):
            return NotImplemented
        return Usage(
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            calls=self.calls + other.calls,
            cached_calls=self.cached_calls + other.cached_calls,
        )

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def as_dict(self) -> dict[str, int]:
        """Plain dict for JSON reports."""
        return {
            "calls": self.calls,
            "cached_calls": self.cached_calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
        }


@dataclass(frozen=True)
class Completion:
    """The text a model returned, what it cost, and whether it came from the cache."""

    text: str
    usage: Usage
    cached: bool = False


@runtime_checkable
class ChatModel(Protocol):
    """Anything that turns a list of chat messages into a :class:`Completion`.

    ``json=True`` asks the model for a JSON object (servers that support it get
    ``response_format={"type": "json_object"}``); callers still parse defensively
    with :func:`lgm_rdf.llm.jsonout.parse_json_answer`.
    """

    model: str

    def complete(self, messages: Sequence[Message], json: bool = False) -> Completion:
        """Send ``messages`` and return the assistant's answer."""
        ...


class LLMError(LgmError, RuntimeError):
    """An LLM call failed for good; the message is meant to be shown to the user as is."""


class UsageMeter:
    """Thread-safe running total of :class:`Usage` (one per learn / ask / benchmark run)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._total = Usage()

    def add(self, usage: Usage) -> None:
        """Add one call's (or one batch's) usage to the total."""
        with self._lock:
            self._total = self._total + usage

    @property
    def total(self) -> Usage:
        """The usage accumulated so far."""
        with self._lock:
            return self._total

    def reset(self) -> Usage:
        """Return the total and start again from zero."""
        with self._lock:
            total, self._total = self._total, Usage()
            return total


def estimate_tokens(text: str) -> int:
    """Rough token count (about four characters per token), for servers that report none."""
    return (len(text) + 3) // 4


def estimate_prompt_tokens(messages: Sequence[Message]) -> int:
    """Rough token count of a whole prompt (contents plus a little per-message overhead)."""
    return sum(estimate_tokens(m.get("content", "")) + 4 for m in messages)
