"""Pronoun resolution: backend coreference chains or the rule-based resolver (DESIGN §4).

``resolve`` is the entry point (:mod:`.resolver`); :mod:`.rules` holds the rule-based resolver,
:mod:`.entities` the candidate antecedents, :mod:`.syntax` the pronoun and clause tests,
:mod:`.lexicon` the word lists and :mod:`.topic` the section topic.
"""

from lgm_rdf.nlp.coref.entities import Antecedent, topic_name
from lgm_rdf.nlp.coref.resolver import antecedents_by_sentence, resolve
from lgm_rdf.nlp.coref.syntax import is_pleonastic, pronoun_features

__all__ = [
    "Antecedent",
    "antecedents_by_sentence",
    "is_pleonastic",
    "pronoun_features",
    "resolve",
    "topic_name",
]
