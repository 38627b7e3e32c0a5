"""LLM layer: the ChatModel contract, OpenAI-compatible client, cache, JSON handling, pools.

``OpenAIChatModel`` is imported lazily (the ``openai`` package takes about a second to
import and offline runs never need it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lgm_rdf.llm.base import (
    ChatModel,
    Completion,
    LLMError,
    Message,
    Usage,
    UsageMeter,
    estimate_prompt_tokens,
    estimate_tokens,
)
from lgm_rdf.llm.cache import CachedChatModel, LLMCache, cache_key
from lgm_rdf.llm.factory import build_chat_model
from lgm_rdf.llm.jsonout import complete_json, parse_json_answer
from lgm_rdf.llm.pool import map_bounded
from lgm_rdf.llm.scripted import ScriptedChatModel

if TYPE_CHECKING:
    from lgm_rdf.llm.openai_chat import OpenAIChatModel

__all__ = [
    "CachedChatModel",
    "ChatModel",
    "Completion",
    "LLMCache",
    "LLMError",
    "Message",
    "OpenAIChatModel",
    "ScriptedChatModel",
    "Usage",
    "UsageMeter",
    "build_chat_model",
    "cache_key",
    "complete_json",
    "estimate_prompt_tokens",
    "estimate_tokens",
    "map_bounded",
    "parse_json_answer",
]


def __getattr__(name: str) -> Any:
    if name == "OpenAIChatModel":
        from lgm_rdf.llm.openai_chat import OpenAIChatModel

        return OpenAIChatModel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
