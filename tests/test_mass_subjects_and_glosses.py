"""A bare mass-noun subject keeps the adjectives that sort it into a kind ("Electric charge is
a property" is about electric charge; "Salmo trutta"), not one that selects or grades ("Only
water", "Typical use"). A quoted title set off after a work noun with "another", or run into
the verb it is the subject of ('Her first novel, "X" was published'), is a member of the
noun's class. A noun in a bracket of examples is no predicate of a copula outside it ("where
footprint is critical (e.g. cloud guests)"); a bracketed gloss still is. Plural place nouns
coordinated under one article and one "of" ("the cities and towns of A, B and C") do not say
which each name is; one name after them is both ("the city and county of Denver"). A
nationality adjective the tagger made a compound ("a retired [English]compound footballer") is
no word of the class. Each with its counter-examples; the sentences are written for this
test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH = "inheritance"

FOUND = [
    # a bare mass noun opening the sentence keeps a relational adjective, capitalised or not
    ("Electric charge is a property of particles.", (INH, "electric charge", "property")),
    ("In physics, static electricity is a kind of charge.", (INH, "static electricity", "charge")),
    ("Salmo trutta is a species of fish.", (INH, "salmo trutta", "fish")),
    # a quoted title set off after "another" work noun, or run into its verb
    (
        'Another Canadian TV series, "Slings and Arrows", followed in 2003.',
        (INH, "slings and arrows", "tv series"),
    ),
    (
        'Her first novel, "The Orange Eats Creeps" was published by a small press.',
        (INH, "orange eats creeps", "novel"),
    ),
    # a nationality the tagger made a compound is no word of the class
    ("John Smith is a retired English footballer.", (INH, "john smith", "footballer")),
]

ABSENT = [
    # an adjective that selects or grades is no kind of the mass noun
    ("Only water is a safe drink here.", (INH, "only water", "drink")),
    ("Typical use is a loop over the rows.", (INH, "typical use", "loop")),
    # a noun in a bracket of examples is no predicate of a copula outside it
    (
        "It may suit environments where minimal footprint is critical (e.g. cloud guests).",
        (INH, "minimal footprint", "guest"),
    ),
    # coordinated plural place nouns share the names: which each is, is open
    (
        "Boston is bordered by the cities and towns of Winthrop, Revere and Chelsea.",
        (INH, "revere", "city"),
    ),
    (
        "John Smith is a retired English footballer.",
        (INH, "john smith", "retired english footballer"),
    ),
    # a noun set off itself: the title after it is the subject of the next clause
    (
        'With "The Itchy Show", the show\'s 167th episode, "The Simpsons" surpassed "The Flintstones".',
        (INH, "simpsons", "episode"),
    ),
    # what was said after an indefinite noun is no title
    ('She sent another message, "Help me" to the station.', (INH, "help me", "message")),
]

KEPT = [
    # a bracketed gloss of the predicate is still the predicate
    (
        "Gmina Elbląg is a rural gmina (administrative district) in Elbląg County.",
        (INH, "gmina elbląg", "administrative district"),
    ),
    ("Redis is fast (an in-memory store).", (INH, "redis", "store")),
    # one name after coordinated place nouns is both; nouns with their own article stay apart
    ("The museum serves the city and county of Denver.", (INH, "denver", "city")),
    ("It lies in the city of Bath and the county of Somerset.", (INH, "somerset", "county")),
    # a bare plural subject keeps its adjective as before
    ("Wild birds are animals.", (INH, "wild bird", "animal")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND + KEPT, ids=[t[:40] for t, _ in FOUND + KEPT])
def test_mass_subjects_set_off_titles_and_glosses_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_judging_adjective_example_or_shared_place_noun(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_judged_additions_hold(spacy_nlp) -> None:
    """The relations the twenty-fifth session's code learns on QA-context sentences that the
    twenty-fourth's did not (sentences of every gold and judged file left out), judged blind by
    two helpers unaware of each other (docs/benchmarks.md §47): 2 rows, both correct for both.
    Both are still learned."""
    from pattern_relations import judged_rows, unlearned

    rows = judged_rows("judged_added_s25.jsonl")
    assert len(rows) == 2
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
