"""Rule-based meta-relation extraction over the dependency parse (DESIGN §4, no LLM).

``PatternExtractor`` (:mod:`.extractor`: copula, apposition and list rules) is the entry point;
:mod:`.verbs` holds the verb rules, :mod:`.alias` the naming rules, :mod:`.args` and
:mod:`.roles` the arguments, :mod:`.base` the shared clause guards, :mod:`.depview` the
backend-neutral view of a dependency parse and :mod:`.words` the word classes.
"""

from lgm_rdf.learn.patterns.extractor import PatternExtractor

__all__ = ["PatternExtractor"]
