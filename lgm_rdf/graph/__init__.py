"""The Python API: ``LanguageGraph`` over a store, and what its ``learn`` accepts."""

from lgm_rdf.graph.facade import LanguageGraph
from lgm_rdf.graph.inputs import PathOrText, collect_documents
from lgm_rdf.learn.pipeline import LearnReport
from lgm_rdf.retrieve.model import Answer
from lgm_rdf.store.base import StoreError

__all__ = [
    "Answer",
    "LanguageGraph",
    "LearnReport",
    "PathOrText",
    "StoreError",
    "collect_documents",
]
