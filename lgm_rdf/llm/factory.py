"""Which chat model a run uses: the OpenAI-compatible client, wrapped in the cache when on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lgm_rdf.llm.base import ChatModel

if TYPE_CHECKING:
    from lgm_rdf.settings import Settings


def build_chat_model(settings: Settings) -> ChatModel | None:
    """The configured chat model, or ``None`` when ``settings.llm_model`` is not set.

    The model talks to ``settings.openai_base_url`` (any OpenAI-compatible server) and,
    when ``settings.llm_cache`` is on, answers repeated prompts from the SQLite cache at
    ``settings.llm_cache_path``.
    """
    if not settings.llm_model:
        return None
    from lgm_rdf.llm.openai_chat import OpenAIChatModel  # lazy: openai takes ~1 s to import

    inner = OpenAIChatModel(
        model=settings.llm_model,
        base_url=settings.openai_base_url,
        api_key=settings.openai_api_key,
        temperature=settings.llm_temperature,
        max_tokens=settings.llm_max_tokens,
        timeout=settings.llm_timeout,
        max_retries=settings.llm_max_retries,
    )
    if not settings.llm_cache:
        return inner
    from lgm_rdf.llm.cache import CachedChatModel, LLMCache

    return CachedChatModel(inner, LLMCache(settings.llm_cache_path))
