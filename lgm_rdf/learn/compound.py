"""Compound heads: a noun compound is a kind of its head ("graph database" ⊑ "database").

English noun compounds are mostly endocentric: the last noun names the class and the nouns
before it narrow it. Every common-noun concept of several words that a relation names (its
surface form written in lower case, so no name such as "Bank of England") gets that inheritance,
recorded with its own extractor name ``compound-head`` so that it can be weighed by its own
measured precision or switched off (``Settings.compound_heads``). A compound of three words or
more that opens with a hyphened modifier or a status adjective the extractor keeps in a class
("jet-powered medium bomber", "professional basketball player") is first a kind of the rest
("medium bomber", "basketball player"), which is a kind of its own head in turn. A head that
names a place only relative to another gives none: "county seat" and "administrative centre"
are classes, a bare "seat" or "centre" (of what?) is none. Exocentric compounds ("guinea pig") are its known error.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lgm_rdf.learn.patterns.words import KIND_ADJECTIVES
from lgm_rdf.learn.relations import Relation
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.nlp.wordlists import PART_NOUNS, TYPE_NOUNS, words

EXTRACTOR = "compound-head"
# words before a noun that stress or pick it out without narrowing its class ("the very nature",
# "its own process", "the whole file"): no compound
_NOT_NARROWING = words("very mere sheer utter own same whole entire")
# nouns for a place that is one only relative to another ("the seat of X", "the centre of Y")
_RELATIVE_PLACES = words("seat centre center capital heart home headquarters")
_WORD = re.compile(r"^[a-z][a-z'-]*[a-z]$")


def compound_head(key: str, label: str) -> str | None:
    """The head of a common-noun compound ``key`` (surface ``label``), else ``None``."""
    words = key.split()
    if len(words) < 2 or (label and label != label.lower()):
        return None
    if not all(_WORD.match(w) for w in words):
        return None  # numbers, initials, symbols: not a plain compound
    head = words[-1]
    if words[0] in _NOT_NARROWING:
        return None
    if head in STOP_WORDS or head in TYPE_NOUNS or head in PART_NOUNS or head in words[:-1]:
        return None
    if head in _RELATIVE_PLACES:
        return None  # "county seat" is a class; a bare "seat" (of what?) is none
    if len(words) > 2 and ("-" in words[0] or words[0] in KIND_ADJECTIVES):
        # "jet-powered medium bomber" is first a "medium bomber", "professional basketball
        # player" a "basketball player" (not "global interpreter lock" an "interpreter lock")
        return " ".join(words[1:])
    return head


def compound_heads(relations: Iterable[Relation]) -> list[Relation]:
    """One ``compound ⊑ head`` relation per compound argument of ``relations`` and sentence."""
    out: dict[tuple[str, int], Relation] = {}
    for rel in relations:
        if rel.extractor == EXTRACTOR:
            continue
        for key, label in ((rel.a, rel.a_label), (rel.b, rel.b_label)):
            # a head of several words has its own head in turn ("medium bomber" ⊑ "bomber")
            while (head := compound_head(key, label)) is not None:
                if (key, rel.sentence) in out:
                    break
                out[(key, rel.sentence)] = Relation(
                    "inheritance", key, head, rel.sentence, EXTRACTOR, 1.0, label or key, head
                )
                key = label = head
    return list(out.values())
