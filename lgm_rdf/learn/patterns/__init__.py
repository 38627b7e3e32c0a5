"""Rule-based meta-relation extraction over the dependency parse (DESIGN §4, no LLM).

``PatternExtractor`` (:mod:`.pattern_extractor`) is the entry point, running the rules of
:mod:`.extractor` (copula, apposition and list rules) with a guard for a rule that raises;
:mod:`.verbs` holds the verb rules, :mod:`.alias` the naming rules, :mod:`.args` and
:mod:`.roles` the arguments, :mod:`.base` the shared clause guards, :mod:`.depview` the
backend-neutral view of a dependency parse and :mod:`.words` the word classes.
"""

from lgm_rdf.learn.patterns.pattern_extractor import PatternExtractor

__all__ = ["PatternExtractor"]
