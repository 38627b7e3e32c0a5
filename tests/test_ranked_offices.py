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
from pattern_relations import judged_rows, relations, unlearned

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
        "He was a nephew of Tom Hale, the most important Lunian military leader of the Revolution.",
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
    (
        "Tom Hale, who served in the Senate and was an Arden County judge, died.",
        [(INH, "tom hale", "judge")],
    ),
    # "who" may follow a name the tagger took for a place
    ("Georgia Moss, who is an actress, lives in Harlow.", [(INH, "georgia moss", "actress")]),
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
    # found by the second review (docs §43): a crown of no realm, "of" something unnamed, a
    # department's title, a title the modifiers would cut, an epithet before the office
    ("Tom Hale was the first King of Rock and Roll.", (INH, "tom hale", "king")),
    ("Ann Moss, the best judge of character in our family, came.", (INH, "ann moss", "judge")),
    ("Ann Moss was the 67th Secretary of State.", (INH, "ann moss", "secretary")),
    (
        "Tom Hale was the second Assistant Secretary of State for Lunia.",
        (INH, "tom hale", "secretary"),
    ),
    ("Cyrus the Great, the first King of Lunia, ruled.", (INH, "great", "king")),
    # a joined copula: hedged, after a restrictive clause, after a verb with a clause of its own
    ("Tom Hale lost the election and was no longer a senator.", (INH, "tom hale", "senator")),
    ("Ann Moss owns a horse that won the Derby and is a vet.", (INH, "horse", "vet")),
    ("The report found the drug works and is a safe treatment.", (INH, "report", "treatment")),
    # "I" is no title word, a day no name before brackets
    ("So I was a teacher for ten years.", (INH, "so i", "teacher")),
    ("Monday (tomorrow) is a bank holiday.", (INH, "monday", "bank holiday")),
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


def test_judged_additions_hold(spacy_nlp) -> None:
    """The 32 relations the twenty-first session's code added before its second review (QA
    contexts with gold sentences and relabels left out, and sentences of the earlier judged
    samples that gained one), judged blind by two helpers (docs/benchmarks.md §43): 32 and 32
    correct. All are still learned (or a parent that keeps more modifiers, as the gold
    benchmark counts it) but one: the review's guard for the head of a department gives "the
    fourth United States Secretary of Veterans Affairs" its whole title again, not
    ``secretary``."""
    rows = judged_rows("judged_added_s21.jsonl")
    assert len(rows) == 32
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == [("anthony joseph principi", "secretary")]
