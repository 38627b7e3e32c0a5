"""The Python API: ``LanguageGraph`` over a store, and what its ``learn`` accepts."""

from typing import TYPE_CHECKING, Any

from lgm_rdf.graph.facade import LanguageGraph
from lgm_rdf.graph.inputs import PathOrText, collect_documents
from lgm_rdf.retrieve.model import Answer
from lgm_rdf.store.base import StoreError

if TYPE_CHECKING:
    from lgm_rdf.learn.pipeline import LearnReport

__all__ = [
    "Answer",
    "LanguageGraph",
    "LearnReport",
    "PathOrText",
    "StoreError",
    "collect_documents",
]


def __getattr__(name: str) -> Any:
    if name == "LearnReport":  # the learning pipeline loads on first use, not to ask
        from lgm_rdf.learn.pipeline import LearnReport

        return LearnReport
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
