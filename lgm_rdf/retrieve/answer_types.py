"""What kind of entity a question's nouns stand for, and which concepts are of that kind.

A multi-hop question names the kind of each entity it leads through: "the *country* containing
Nugegoda", "the *city* where the performers of Brother were formed", "the *author* of Dead
Ernest". A bridge concept that the documents write as a named entity of such a kind (a place,
a person, an organisation; learning records the class as ``lgm:entityClass``) is the likelier
way on. The kinds are the coarse classes a named-entity recogniser gives (OntoNotes: GPE, LOC,
FAC, PERSON, ORG, NORP, ...); the nouns are the common English words for things of each class.
"""

from __future__ import annotations

from collections.abc import Sequence

from pyoxigraph import NamedNode

from lgm_rdf.nlp.concepts import lemma_of
from lgm_rdf.nlp.coref.lexicon import PERSON_NOUNS as COREF_PERSON_NOUNS
from lgm_rdf.nlp.model import Token
from lgm_rdf.nlp.role_nouns import ROLE_NOUNS
from lgm_rdf.nlp.wordlists import words
from lgm_rdf.ontology import load_query
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.values import blocks, with_values

PLACE = frozenset({"GPE", "LOC", "FAC"})
PERSON = frozenset({"PERSON", "PER"})  # OntoNotes; CoNLL-style models say PER
GROUP = frozenset({"ORG", "NORP"})

PLACE_NOUNS = words(
    "country state city town village county region province district territory area "
    "continent island capital nation municipality location birthplace hometown suburb "
    "neighbourhood neighborhood borough parish commune prefecture kingdom empire republic "
    "colony river lake sea ocean mountain peninsula valley desert"
)
# "people" counts ("how many people live in ...") rather than naming someone
PERSON_NOUNS = (COREF_PERSON_NOUNS | ROLE_NOUNS | words("creator discoverer chancellor")) - {
    "people"
}
GROUP_NOUNS = words(
    "company organization organisation band group team party university college school "
    "institution club label network government agency firm corporation manufacturer "
    "publisher studio league army navy"
)
KINDS: dict[str, frozenset[str]] = {
    **{w: PLACE for w in PLACE_NOUNS},
    **{w: PERSON for w in PERSON_NOUNS},
    **{w: GROUP for w in GROUP_NOUNS},
}


def expected_kinds(tokens: Sequence[Token]) -> frozenset[str]:
    """The entity classes the common nouns of a question stand for ("the country where ..."
    gives GPE, LOC and FAC); nouns inside a name ("Ellis Island") give none."""
    found: set[str] = set()
    for tok in tokens:
        if tok.upos == "NOUN" and not tok.ent_type:
            found |= KINDS.get(lemma_of(tok), frozenset())
    return frozenset(found)


def entities_of_class(
    store: GraphStore, concepts: Sequence[str], classes: frozenset[str]
) -> set[str]:
    """The ``concepts`` (IRIs) some document writes as a named entity of one of ``classes``
    (``lgm:entityClass``, ``queries/entity_classes.rq``)."""
    if not classes or not concepts:
        return set()
    query = load_query("entity_classes")
    found: set[str] = set()
    for block in blocks(sorted(set(concepts))):
        values = [[NamedNode(c)] for c in block]
        for row in store.select(with_values(query, ["concept"], values)):
            if row["class"].value in classes:
                found.add(row["concept"].value)
    return found
