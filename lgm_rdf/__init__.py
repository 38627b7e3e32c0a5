"""lgm_rdf: the Language Graph Model (concept-graph RAG) on RDF, OWL and SPARQL.

The public names are imported on first use, so ``import lgm_rdf.llm`` (or the CLI's
``--help``) does not load the whole stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.learn.pipeline import LearnReport
    from lgm_rdf.retrieve.model import Answer
    from lgm_rdf.settings import Settings

__all__ = ["Answer", "LanguageGraph", "LearnReport", "Settings"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "LanguageGraph":
        from lgm_rdf.graph import LanguageGraph

        return LanguageGraph
    if name == "LearnReport":
        from lgm_rdf.learn.pipeline import LearnReport

        return LearnReport
    if name == "Answer":
        from lgm_rdf.retrieve.model import Answer

        return Answer
    if name == "Settings":
        from lgm_rdf.settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
