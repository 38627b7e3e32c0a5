"""Names the older rules cut short or left out: a side word before a player's position ("a
right winger", "a defensive end"), digits that number one thing of a class ("Area code 575 is
an area code"), and a definite subject a name modifies, in the past tense, when the predicate
repeats its noun ("The 1932 Deep South tornado outbreak was a deadly tornado outbreak", "The
Birmingham tornado was one of only two F5 tornadoes"), two names that are "two of the Bs", a
noun hyphened to a participle before the class ("a census-designated place"), what an
indefinite noun is called in general ("A young cat is known as a kitten"), names listed as the
subject of a singular verb as one title ("Toccata, Adagio, and Fugue in C major is ..."), a name
with nouns set off after it that describe it ("Clara Nordström, maiden name and pseudonym for
..., was"), roles of a person after one article set off after the name ("Tom Hale, an actor and
comedian,"), and the "and other Bs" list that begins after "as well as". Each with its counter-examples: a side
word that judges or places ("an outside consultant", "a defensive specialist"), a plural with a range ("grades 7
through 12"), an episode told of a definite subject ("The Harlow film was a success", "The
Tarrow trip was one of the highlights"). The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH, COMP = "inheritance", "composition"

FOUND = [
    # a side word names a player's position
    (
        "Tom Hale is a former professional ice hockey right winger.",
        [(INH, "tom hale", "right winger")],
    ),
    ("Ann Moss was a left fielder in the Tarrow League.", [(INH, "ann moss", "left fielder")]),
    (
        "Tom Hale is a retired American football defensive end.",
        [(INH, "tom hale", "defensive end")],
    ),
    # digits right after a singular common noun number one of its class
    ("Area code 575 is an area code in Lunia.", [(INH, "area code 575", "area code")]),
    ("Bus route 12 is a bus route in Harlow.", [(INH, "bus route 12", "bus route")]),
    # a definite subject a name modifies, the predicate repeating its noun
    (
        "The 1932 Tarrow tornado outbreak was a deadly tornado outbreak that struck Lunia.",
        [(INH, "1932 tarrow tornado outbreak", "tornado outbreak")],
    ),
    (
        "The Harlow tornado was one of only two F5 tornadoes that year.",
        [(INH, "harlow tornado", "tornado")],
    ),
    ("The Tarrow fire was a nightclub fire.", [(INH, "tarrow fire", "nightclub fire")]),
    # "two of the Bs" said of two names: each is one of them
    (
        "Lunia and Tarrow were two of the original thirteen colonies.",
        [(INH, "lunia", "colony"), (INH, "tarrow", "colony")],
    ),
    # a noun hyphened to a participle sorts the class
    (
        "Harlow is a census-designated place in Tarrow County.",
        [(INH, "harlow", "census-designated place")],
    ),
    ("Lunia Steel is a state-owned company.", [(INH, "lunia steel", "state-owned company")]),
    # what an indefinite noun is called, in the present, is a kind of it
    (
        "An animal that eats only lunia grass is called a grazer.",
        [(INH, "grazer", "animal")],
    ),
    ("A young tarrow is known as a kitling.", [(INH, "kitling", "tarrow")]),
    # names listed as the subject of a singular verb are one title
    (
        "Prelude, Aria, and Finale in D minor (Op. 12) is an organ work by Tom Hale.",
        [(INH, "prelude, aria, and finale in d minor", "organ work")],
    ),
    # nouns set off after the name describe it, they are no second subject
    (
        "Ann Moss, pen name and pseudonym of Ann Lee Hale, was a Lunian writer.",
        [(INH, "ann moss", "writer")],
    ),
    # roles of persons after one article, set off after a name
    (
        "He met Tom Hale, an English actor and comedian, in 1990.",
        [(INH, "tom hale", "actor"), (INH, "tom hale", "comedian")],
    ),
    # the "and other Bs" list begins after "as well as"
    (
        "The hall shows a collection of Lunian art as well as lectures, seminars and other events.",
        [(INH, "lecture", "event"), (INH, "seminar", "event")],
    ),
]

ABSENT = [
    # a side word that judges or places
    ("Tom Hale was an outside consultant for the firm.", (INH, "tom hale", "outside consultant")),
    ("Ann Moss is a defensive specialist in chess.", (INH, "ann moss", "defensive specialist")),
    # a plural with a range is no numbered name
    (
        "Harlow High School consisted of grades 7 through 12.",
        (COMP, "harlow high school", "grade 7"),
    ),
    # an episode told of a definite subject
    ("The Harlow film was a success.", (INH, "harlow film", "success")),
    ("The Tarrow trip was one of the highlights of the year.", (INH, "tarrow trip", "highlight")),
    ("The Harlow match was one of the upsets of the year.", (INH, "harlow match", "upset")),
    # what one was called once; a name of one thing
    ("A man was called a hero by the town.", (INH, "hero", "man")),
    ("A file called series lists the patches.", (INH, "series", "file")),
    # a name cut out of the title it starts
    (
        "Prelude, Aria, and Finale in D minor (Op. 12) is an organ work by Tom Hale.",
        (INH, "prelude", "organ work"),
    ),
    # a list of things after a name, each with or without an article
    ("Building needs Lunix 1.9, a C compiler and linker.", (INH, "lunix 1.9", "linker")),
    ("Building needs Lunix, a C compiler and a linker.", (INH, "lunix", "linker")),
    # a plural hyphened to a participle would lose its name to the lemma
    ("It reads arrays and other pandas-based data.", (INH, "array", "panda-based data")),
    # a definite predicate of a named description is left out (a generic noun would get every
    # named season as a child: docs/benchmarks.md §42)
    (
        "The 1952 Harlow League season was the sixth regular season of the league.",
        (INH, "1952 harlow league season", "season"),
    ),
    # a count that is not the number of names
    ("Lunia and Tarrow were three of the colonies.", (INH, "lunia", "colony")),
    # an adverb hyphened to a participle grades
    ("Harlow is a well-known town in Lunia.", (INH, "harlow", "well-known town")),
    # what comes before "as well as" is no B
    (
        "The hall shows a collection of Lunian art as well as lectures, seminars and other events.",
        (INH, "art", "event"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_numbered_and_described_names_are_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_name_where_the_words_judge_or_tell(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_positions_are_side_and_noun_pairs() -> None:
    """A side word counts only before a position noun."""
    from lgm_rdf.learn.patterns.words import POSITION_WORDS

    assert ("right", "winger") in POSITION_WORDS and ("defensive", "end") in POSITION_WORDS
    assert ("right", "man") not in POSITION_WORDS and ("left", "bank") not in POSITION_WORDS
