"""A ranked office "of" a place or an organisation names its class alone ("Ezer Weizman was the
seventh President of Israel" → ``president``, not ``president of israel``), also set off after
a name ("Abdul Kalam, the eleventh President of India,"); a copula joined to an earlier verb
has that verb's subject ("Henry Ward served in the Senate and was a county judge"). Each with
its counter-examples: an office or a seat of something with no rank names its one holder ("Anne
Hidalgo is the mayor of Paris", "Paris, the capital of France," — the traps of the project's
dev set), kin stays a relation ("the first wife of Bob"), an aside the parse made the clause
gives no subject ("X, referred to as Y, was a Z"), nor a verb of a subordinate clause ("although
he had made appearances, and was one of the first film appearances of Y"), and "who" does not
stand for a place. The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH = "inheritance"

FOUND = [
    ("Tom Hale was the seventh President of Lunia.", [(INH, "tom hale", "president")]),
    ("Ann Moss was the 14th Prime Minister of Lunia.", [(INH, "ann moss", "prime minister")]),
    (
        "The book was released by Tom Hale, the eleventh President of Lunia.",
        [(INH, "tom hale", "president")],
    ),
    (
        "The Presidency of Tom Hale, the ninth President of Lunia, began in 2007.",
        [(INH, "tom hale", "president")],
    ),
    (
        "He was a nephew of Tom Hale, the most important Lunian military leader of the war.",
        [(INH, "tom hale", "military leader")],
    ),
    ("Ann Moss was the first chairman of the Tarrow Council.", [(INH, "ann moss", "chairman")]),
    # a copula joined to the verb before it
    ("Tom Hale served in the Senate and was an Arden County judge.", [(INH, "tom hale", "judge")]),
    (
        "Tarrow Reservoir lies nearby and is one of three reservoirs of the city.",
        [(INH, "tarrow reservoir", "reservoir")],
    ),
    (
        "Harlow lies on the Arden and is the third largest city in Lunia.",
        [(INH, "harlow", "city")],
    ),
]

ABSENT = [
    ("Tom Hale was the seventh President of Lunia.", (INH, "tom hale", "president of lunia")),
    ("Ann Moss is the mayor of Harlow.", (INH, "ann moss", "mayor")),
    ("Harlow, the capital of Lunia, is large.", (INH, "harlow", "capital")),
    ("Harlow is the capital of Lunia.", (INH, "harlow", "capital")),
    ("Ann Moss, the first wife of Tom Hale, came.", (INH, "ann moss", "wife")),
    ("Tom Hale is the lead singer of the Tarrow Band.", (INH, "tom hale", "singer")),
    (
        "Ann Moss is an actress born in Harlow, who is also the founder of the Tarrow Fund.",
        (INH, "harlow", "founder"),
    ),
    (
        "The 1985 Lunia – Tarrow flood, referred to as the Harlow flood in Tarrow, was a major "
        "flood.",
        (INH, "lunia", "flood"),
    ),
    # the verb before the joined copula is in a subordinate clause: whose subject is unsure
    (
        "The film was the debut of Tarrow, although Tom Hale had made earlier appearances on "
        "television, and was one of the first film appearances of Ann Moss.",
        (INH, "tom hale", "film appearance"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_ranked_offices_and_joined_copulas_are_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_class_from_an_unranked_office_or_an_aside(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_office_nouns_leave_kin_and_places_out() -> None:
    """The offices are jobs and posts; kin and what a place is of another are not."""
    from lgm_rdf.learn.patterns.words import OFFICE_NOUNS

    assert {"president", "provost", "vocalist", "chairman"} <= OFFICE_NOUNS
    assert not {"wife", "son", "capital", "home", "friend"} & OFFICE_NOUNS
