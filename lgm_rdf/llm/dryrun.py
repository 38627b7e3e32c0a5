"""A ``ChatModel`` that spends nothing: it counts what a run WOULD send (``learn --dry-run``)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from lgm_rdf.llm.base import Completion, Message, Usage, estimate_prompt_tokens

# An answer every lgm_rdf JSON validator accepts and that adds nothing to the graph.
NEUTRAL_ANSWER = '{"relations": [], "verdict": "unknown", "reason": "dry run"}'
COMPLETION_TOKENS_GUESS = 80

Lookup = Callable[[Sequence[Message], bool], "Completion | None"]


class DryRunChatModel:
    """Estimates calls and tokens; prompts already in the cache are counted as free.

    ``lookup`` (e.g. ``CachedChatModel.lookup``) finds cached answers without calling any
    model. Completion tokens cannot be known without asking; each uncached call is assumed
    to cost ``completion_guess`` tokens. Reflection after a dry extraction sees no LLM
    relations, so its count is a lower bound when the LLM extractor is on.
    """

    def __init__(
        self,
        model: str,
        lookup: Lookup | None = None,
        completion_guess: int = COMPLETION_TOKENS_GUESS,
    ) -> None:
        self.model = model
        self._lookup = lookup
        self.completion_guess = completion_guess
        self._lock = threading.Lock()
        self.usage = Usage()

    def complete(self, messages: Sequence[Message], json: bool = False) -> Completion:
        """Count the call and return a neutral answer without contacting any server."""
        hit = self._lookup(messages, json) if self._lookup is not None else None
        if hit is not None:
            usage = Usage(cached_calls=1)
        else:
            usage = Usage(
                prompt_tokens=estimate_prompt_tokens(messages),
                completion_tokens=self.completion_guess,
                calls=1,
            )
        with self._lock:
            self.usage = self.usage + usage
        text = hit.text if hit is not None else NEUTRAL_ANSWER
        return Completion(text=text, usage=usage, cached=hit is not None)
