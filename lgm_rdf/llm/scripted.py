"""``ScriptedChatModel``: a deterministic stand-in for an LLM, used by the tests."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from lgm_rdf.llm.base import Completion, Message, Usage, estimate_prompt_tokens, estimate_tokens

Responder = Callable[[list[Message]], str]


class ScriptedChatModel:
    """Answers from a script: a list of replies used in order, or a function of the messages.

    Every call's messages are recorded in :attr:`calls` (and its JSON flag in
    :attr:`json_flags`); usage reports one call with rough token counts. Running out
    of scripted replies raises ``AssertionError``. Thread-safe; under concurrency a
    list script is consumed in call order, so parallel callers should use a function.
    """

    def __init__(self, responses: Sequence[str] | Responder, model: str = "scripted") -> None:
        self.model = model
        self._responder: Responder | None = None
        self._replies: list[str] = []
        if callable(responses):
            self._responder = responses
        else:
            self._replies = list(responses)
        self._next = 0
        self._lock = threading.Lock()
        self.calls: list[list[Message]] = []
        self.json_flags: list[bool] = []

    @property
    def remaining(self) -> int:
        """Scripted replies not used yet (0 for a function script)."""
        with self._lock:
            return len(self._replies) - self._next

    def complete(self, messages: Sequence[Message], json: bool = False) -> Completion:
        """Record the call and return the next scripted reply."""
        recorded = [dict(m) for m in messages]
        with self._lock:
            self.calls.append(recorded)
            self.json_flags.append(json)
            if self._responder is None:
                if self._next >= len(self._replies):
                    raise AssertionError(
                        f"ScriptedChatModel ran out of replies after {len(self._replies)} call(s);"
                        f" last prompt: {recorded[-1]['content'][:200] if recorded else ''!r}"
                    )
                text = self._replies[self._next]
                self._next += 1
        if self._responder is not None:
            text = self._responder(recorded)
        usage = Usage(
            prompt_tokens=estimate_prompt_tokens(recorded),
            completion_tokens=estimate_tokens(text),
            calls=1,
        )
        return Completion(text=text, usage=usage)
