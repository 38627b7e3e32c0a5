"""Role nouns before names (issue 11, item 3), sixth round.

An occupation right before a name says what the named one is, and is no word of the name:
"violinist Oskar Brandt" whatever the tagger calls "violinist", "Keyboardist Tom Vale has ..."
where the capital of the first word glues the role to the name, "includes guitarist Stone
Gossard" where the part is the person, not "guitarist stone gossard". Surnames and words that
only look like roles ("Miller Johnson", "Zeitgeist Films") stay names. Each shape is written
here for itself, not taken from a gold set.
"""

from __future__ import annotations

import pytest

from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.nlp.concepts import sentence_concepts

INH, COMP = "inheritance", "composition"


def relations(nlp, text: str) -> set[tuple[str, str, str]]:
    """Relations of ``text`` as comparable triples."""
    return {r.key() for r in PatternExtractor().extract(nlp.parse(text).sentences)}


# (sentence, relations that must be found, relations that must not be)
CASES = [
    (  # a role opening the sentence is capitalised: it is still no part of the name
        "Keyboardist Tom Vale has also been a touring member with the band since 2002.",
        {(INH, "tom vale", "keyboardist")},
        {(INH, "keyboardist tom vale", "touring member"), (INH, "keyboardist tom vale", "member")},
    ),
    ("Novelist Iris Dunmore was born in Fife.", {(INH, "iris dunmore", "novelist")}, set()),
    (  # the parse may hang the role on the first name: the name is the whole run
        "Poet Anna Lindqvist is famous.",
        {(INH, "anna lindqvist", "poet")},
        {(INH, "anna", "poet")},
    ),
    (  # a role the tagger took for a verb
        "Violinist David Oistrakh played it first in Moscow.",
        {(INH, "david oistrakh", "violinist")},
        {(INH, "violinist david oistrakh", "violinist")},
    ),
    (  # the part is the person, not the role and the person
        "The band includes guitarist Stone Gossard.",
        {(COMP, "band", "stone gossard")},
        {(COMP, "band", "guitarist stone gossard")},
    ),
    # names that merely look like roles stay names
    ("Miller Johnson was a banker.", {(INH, "miller johnson", "banker")}, set()),
    ("Zeitgeist Films is an American film distributor.", set(), {(INH, "films", "zeitgeist")}),
    # before an acronym the noun belongs to the class
    ("Kim Lee is a radio DJ.", {(INH, "kim lee", "radio dj")}, {(INH, "kim lee", "dj")}),
    # a present participle does not name: "a pool calling BLAS" calls BLAS
    (
        "Use it when you have a thread pool calling BLAS.",
        set(),
        {(INH, "blas", "thread pool"), (INH, "blas", "pool")},
    ),
]


@pytest.mark.parametrize(("text", "found", "absent"), CASES)
def test_role_before_name(spacy_nlp, text: str, found: set, absent: set) -> None:
    got = relations(spacy_nlp, text)
    assert found <= got, (text, sorted(got))
    assert not (absent & got), (text, sorted(got))


def test_a_role_opening_the_sentence_is_its_own_concept(spacy_nlp) -> None:
    (sentence,) = spacy_nlp.parse("Keyboardist Tom Vale has been a member since 2002.").sentences
    keys = [m.key for m in sentence_concepts(sentence)]
    assert "tom vale" in keys and "keyboardist" in keys
    assert "keyboardist tom vale" not in keys
    (sentence,) = spacy_nlp.parse("Christian Bale reprises the role.").sentences
    assert "christian bale" in [m.key for m in sentence_concepts(sentence)]
