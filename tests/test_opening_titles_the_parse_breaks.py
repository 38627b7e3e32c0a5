"""Definitions whose subject the parse loses: a title with a capitalised verb or pronoun ("We
Move is the third studio album", "Live Like You Were Dying is", where the first "Were" is no
copula of the definition) and one name with brackets closed right before "is" ("Lisbon (
Portuguese: "Lisboa") is", "Ii (; ) is"), a name one is "better known by his stage name", and a naming participle that opens the sentence
("Originally called the Tarrow Works, Harlow Mills is"). Counter-examples: an opening adverbial ("In May Smith
was a waiter"), and the name before brackets still holds no unranked office ("Harlow (; ) is
the capital of Lunia"). The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH = "inheritance"

FOUND = [
    (
        "We Move is the third studio album by Lunian singer Tom Hale.",
        [(INH, "we move", "studio album")],
    ),
    (
        "Live Like You Were Dying is the eighth studio album by Lunian singer Tom Hale.",
        [(INH, "live like you were dying", "studio album")],
    ),
    ("It Takes Two is a 1995 Lunian comedy film.", [(INH, "it takes two", "comedy film")]),
    (
        'Harlow ( ; Lunian: "Harlo" , ] ) is the capital and the largest city of Lunia.',
        [(INH, "harlow", "city")],
    ),
    ("Tarrow (; ) is a municipality of Lunia.", [(INH, "tarrow", "municipality")]),
    # a naming participle that opens the sentence names the clause's subject
    (
        "Originally called the Tarrow Works, Harlow Mills is a factory in Lunia.",
        [("alias", "harlow mills", "tarrow works")],
    ),
    (
        "Formerly known as Arden Central Academy, Tarrow High School is a public high school.",
        [("alias", "arden central academy", "tarrow high school")],
    ),
    # a name one is better known by, after a noun of names
    (
        "Tom Hale (born 26 May 1954), better known by his stage name Ann Moss, is a Lunian singer.",
        [("alias", "ann moss", "tom hale")],
    ),
]

ABSENT = [
    ("In May Smith was a waiter.", (INH, "in may smith", "waiter")),
    ("Harlow (; ) is the capital of Lunia.", (INH, "harlow", "capital")),
    # an opening naming participle before a common noun or with an indefinite noun
    ("Formerly known as Santafe, the city is large.", ("alias", "city", "santafe")),
    ("Known as a pioneer, Tom Hale was an engineer.", ("alias", "pioneer", "tom hale")),
    # a part of town before a place's name is no class of it
    ("The school is in downtown Harlow, Lunia.", (INH, "harlow", "downtown")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_opening_title_is_the_subject(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_title_where_the_opening_is_no_name(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)
