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
    (  # initials are no acronym
        "The band includes guitarist J. Mascis.",
        {(COMP, "band", "j. mascis")},
        {(COMP, "band", "guitarist j. mascis")},
    ),
    (  # a role of several words is left out whole
        "The band includes lead guitarist Stone Gossard.",
        {(COMP, "band", "stone gossard")},
        {(COMP, "band", "lead guitarist stone gossard")},
    ),
    (  # a role the tagger took for a name, mid-sentence
        "The cast includes comedian Jerry Seinfeld.",
        {(COMP, "cast", "jerry seinfeld")},
        {(COMP, "cast", "comedian jerry seinfeld")},
    ),
    (  # a plural role opening the sentence, before a list of names
        "Drummers Jack Irons and Matt Cameron played on the album.",
        {(INH, "jack irons", "drummer"), (INH, "matt cameron", "drummer")},
        set(),
    ),
    # an empty word is no part, but a whole may be any noun
    ("Matter is made of atoms.", {(COMP, "matter", "atom")}, set()),
    # names that merely look like roles stay names
    ("Miller Johnson was a banker.", {(INH, "miller johnson", "banker")}, set()),
    ("Zeitgeist Films is an American film distributor.", set(), {(INH, "films", "zeitgeist")}),
    # before an acronym or a single letter the noun belongs to the class
    ("A lemon is a fruit that contains vitamin C.", {(COMP, "lemon", "vitamin c")}, set()),
    ("Kim Lee is a radio DJ.", {(INH, "kim lee", "radio dj")}, {(INH, "kim lee", "dj")}),
    # a present participle does not name: "a pool calling BLAS" calls BLAS
    (
        "Use it when you have a thread pool calling BLAS.",
        set(),
        {(INH, "blas", "thread pool"), (INH, "blas", "pool")},
    ),
    # what one is of a thing one made or holds is no class: founder, creator, owner, subsidiary,
    # and any "co-" noun
    ("Bob Lee is one of the founders of Apple.", set(), {(INH, "bob lee", "founder")}),
    ("Ann Lee is one of the creators of the show.", set(), {(INH, "ann lee", "creator")}),
    (
        "The firm sold its subsidiary Celebrity Cruises.",
        set(),
        {(INH, "celebrity cruises", "subsidiary")},
    ),
    (
        "The show was written by its co-creator Trey Parker.",
        set(),
        {(INH, "trey parker", "co-creator")},
    ),
    # a definite class noun set off after a name says what the name is
    ("Ringo Starr, the drummer, left the band.", {(INH, "ringo starr", "drummer")}, set()),
    (
        "Santiago, the political capital city, has many rainy days.",
        {(INH, "santiago", "political capital city")},
        set(),
    ),
    # ... not what it is of or to another, nor one's part in a story, nor a noun that has a
    # name of its own, nor a noun hung on a name further back, nor a bracket after a place's
    # state, nor an abbreviation
    ("Ann Lee, the assistant to the president, spoke.", set(), {(INH, "ann lee", "assistant")}),
    ("Frank, the protagonist, is a boy.", {(INH, "frank", "boy")}, {(INH, "frank", "protagonist")}),
    (
        "The album features Bob Dylan, the guitarist Eric Clapton and others.",
        set(),
        {(INH, "bob dylan", "guitarist")},
    ),
    (
        "Guests included Oprah Winfrey, the actress, and Barack Obama, the president.",
        set(),
        {(INH, "oprah winfrey", "president")},
    ),
    ("Paris, the capital of France, is big.", set(), {(INH, "paris", "capital")}),
    ("He met Bob Lee, the owner, yesterday.", set(), {(INH, "bob lee", "owner")}),
    (  # a plural role the parse made the sibling of the list of names after it
        "The album features guitarists Stone Gossard and Mike McCready.",
        {(INH, "stone gossard", "guitarist"), (INH, "mike mccready", "guitarist")},
        set(),
    ),
    ("He thanked his parents John and Mary.", set(), {(INH, "john", "parent")}),
    (  # a capitalised office before people's names, one or (plural) a list
        "The hall was opened by Mayor George Moscone and praised by Senators Ted Kennedy and "
        "John Kerry.",
        {
            (INH, "george moscone", "mayor"),
            (INH, "ted kennedy", "senator"),
            (INH, "john kerry", "senator"),
        },
        set(),
    ),
    (  # not inside a longer title, nor before a place named after an office
        "Vice President Al Gore walked down President Street.",
        set(),
        {(INH, "al gore", "president"), (INH, "street", "president")},
    ),
    (  # a nationality or an opening "Former" before the office; a possessive ends the name
        "Former President Jimmy Carter met Chinese Premier Zhou Enlai and Governor Arnold "
        "Schwarzenegger's staff.",
        {
            (INH, "jimmy carter", "president"),
            (INH, "zhou enlai", "premier"),
            (INH, "arnold schwarzenegger", "governor"),
        },
        {(INH, "arnold schwarzenegger's", "governor")},
    ),
    (  # a building or a ship named after an office holder is no person
        "They visited the President Lincoln Memorial and sailed on the liner President Harding.",
        set(),
        {(INH, "lincoln memorial", "president"), (INH, "harding", "president")},
    ),
    (  # a hyphenated office is another office
        "It was founded in 1988 by co-Presidents Nancy Gerstman and Emily Russo.",
        set(),
        {(INH, "nancy gerstman", "president"), (INH, "emily russo", "president")},
    ),
    (
        "It lies in Worcester, Massachusetts (the second-largest city in New England).",
        set(),
        {(INH, "massachusetts", "city")},
    ),
    (
        'Trot Lovers (; lit. "Trot Lovers") is a 2014 television series.',
        {(INH, "trot lovers", "television series")},
        {(INH, "trot lovers", "lit.")},
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
    (sentence,) = spacy_nlp.parse("Drummers Jack Irons and Matt Cameron played.").sentences
    keys = [m.key for m in sentence_concepts(sentence)]
    assert "drummer" in keys and "drummers" not in keys
    (sentence,) = spacy_nlp.parse("Christian Bale reprises the role.").sentences
    assert "christian bale" in [m.key for m in sentence_concepts(sentence)]
