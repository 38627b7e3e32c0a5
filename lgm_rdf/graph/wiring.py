"""Which extractors, reflector and chat model a learn or ask uses, from the settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lgm_rdf.llm.base import UsageMeter
from lgm_rdf.settings import Settings
from lgm_rdf.store.base import GraphStore

EXTRACTORS = ("pattern", "llm", "both")


def extraction_parts(
    settings: Settings, store: GraphStore, usage: UsageMeter, chat: Callable[[], Any]
) -> dict[str, Any]:
    """The relation extractors and the optional reflector ``settings`` ask for.

    ``chat`` is called only when an LLM is needed (extractor ``llm``/``both`` or reflection).
    """
    from lgm_rdf.learn.llm_extract import LLMExtractor
    from lgm_rdf.learn.patterns import PatternExtractor
    from lgm_rdf.learn.reflect import Reflector

    s = settings
    if s.extractor not in EXTRACTORS:
        raise ValueError(
            f"unknown extractor {s.extractor!r}; choose one of {', '.join(EXTRACTORS)}"
        )
    needs_llm = s.extractor in ("llm", "both") or s.reflect
    model = chat() if needs_llm else None
    if needs_llm and model is None:
        raise ValueError(
            "this needs an LLM (extractor llm/both or reflection), but none is configured: "
            "set LGM_LLM_MODEL (and OPENAI_BASE_URL / OPENAI_API_KEY for your server)"
        )
    extractors: list[Any] = []
    if s.extractor in ("pattern", "both"):
        extractors.append(PatternExtractor())
    if s.extractor in ("llm", "both") and model is not None:
        extractors.append(LLMExtractor(model, concurrency=s.llm_concurrency, meter=usage))
    reflector = None
    if s.reflect and model is not None:
        reflector = Reflector(model, store, concurrency=s.llm_concurrency, meter=usage)
    return {
        "extractors": extractors,
        "reflector": reflector,
        "compound_heads": s.compound_heads,
        "min_confidence": s.min_relation_confidence,
        "target_precision": s.target_precision,
    }


def dry_run_model(settings: Settings, chat: Any) -> Any:
    """A counting stand-in for the configured model (``None`` when no model is set).

    It never calls a model and never creates the answer cache: it only reads an existing
    cache to count prompts that would cost nothing.
    """
    from lgm_rdf.llm.cache import CachedChatModel
    from lgm_rdf.llm.dryrun import DryRunChatModel

    if chat is None and settings.llm_model and settings.llm_cache_path.exists():
        from lgm_rdf.llm.factory import build_chat_model

        chat = build_chat_model(settings)
    model = getattr(chat, "model", None) or settings.llm_model
    if not model:
        return None
    lookup = chat.lookup if isinstance(chat, CachedChatModel) else None
    return DryRunChatModel(model, lookup=lookup)
