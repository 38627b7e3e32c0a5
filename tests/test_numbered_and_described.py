"""Names the older rules cut short or left out: a side word before a player's position ("a
right winger", "a defensive end"), digits that number one thing of a class ("Area code 575 is
an area code"), and a definite subject a name modifies, in the past tense, when the predicate
repeats its noun ("The 1932 Deep South tornado outbreak was a deadly tornado outbreak", "The
Birmingham tornado was one of only two F5 tornadoes"), two names that are "two of the Bs", a
noun hyphened to a participle that sorts the class ("a census-designated place"), names
listed as the
subject of a singular verb as one title ("Toccata, Adagio, and Fugue in C major is ..."), a name
with nouns set off after it that describe it ("Clara Nordström, maiden name and pseudonym for
..., was"), roles of a person after one article set off after the name ("Tom Hale, an actor and
comedian,"), and the "and other Bs" list that begins after "as well as". Each with its counter-examples: a side
word that judges or places ("an outside consultant", "a defensive specialist"), a participle that judges ("war-torn"), a
name before a noun of no event ("The Tarrow man"), roles a phrase relates ("a painter and
member of X"), places listed as a subject, a plural with a range ("grades 7
through 12"), an episode told of a definite subject ("The Harlow film was a success", "The
Tarrow trip was one of the highlights"). The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, learns, relations, relations_with_heads

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
        "He met Tom Hale, an English actor, comedian and writer, in 1990.",
        [(INH, "tom hale", "actor"), (INH, "tom hale", "comedian"), (INH, "tom hale", "writer")],
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
    # what something is called is no kind of it (a name, a metaphor, "called" as "invoked")
    ("A function is called a second time when the cache is empty.", (INH, "time", "function")),
    ("A file called series lists the patches.", (INH, "series", "file")),
    # a participle hyphened to a noun that judges or describes
    ("Lunia is a war-torn country in the east.", (INH, "lunia", "war-torn country")),
    ("Harlow Street is a tree-lined street.", (INH, "harlow street", "tree-lined street")),
    # a name before a noun that is no event describes a person or a thing
    ("The Tarrow man was one of the men who built the dam.", (INH, "tarrow man", "man")),
    # a phrase after the roles relates them all; kin are relations
    ("Ann Moss, a painter and member of the Lunia Society, died.", (INH, "ann moss", "member")),
    ("Ann Moss, a wife and mother of three, died in 1990.", (INH, "ann moss", "mother")),
    # places listed as a subject are a list, not a title
    (
        "Ohio, Michigan and Indiana is a region of the Midwest.",
        (INH, "ohio, michigan and indiana", "region"),
    ),
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


# judged right, no longer learned: a named description's definite predicate, and compounds of
# a participle that only describes ("war-related"), no longer formed (docs §42)
LOST_SINCE = [
    ("2009–10 national league a season", "season"),
    ("fsspec-related package", "package"),
    ("time-related change", "change"),
    ("war-related story", "story"),
]


def test_judged_additions_hold(spacy_nlp) -> None:
    """The 53 relations the twentieth session's first code commit added (16 on the QA contexts,
    gold and judged sentences left out, and 37 on sentences of the earlier judged samples, 14
    of them compound heads), judged blind by two helpers (docs/benchmarks.md §42): 51 and 49
    correct. Both call wrong two older readings given a new label ("made from quadruple-distilled
    winter wheat", "made with mode 0750"); one calls "panda-based data" wrong (the lemma of
    "pandas"), which is mended. The pattern relations both judges accept are still learned but
    those in ``LOST_SINCE``; seven keep their subject under the shorter class (docs §42)."""
    rows = judged_rows("judged_added_s20.jsonl")
    assert len(rows) == 53
    assert sum(r["verdict"] == "correct" for r in rows) == 51
    assert sum(r["verdict_2"] == "correct" for r in rows) == 49
    learned = [row for row in rows if learns(relations_with_heads(spacy_nlp, row["sentence"]), row)]
    agreed = [r for r in rows if r["verdict"] == r["verdict_2"] == "correct"]
    assert len(agreed) == 49
    assert not [r for r in learned if "panda" in r["a"] + r["b"]]
    lost = [r for r in agreed if r not in learned]
    # the others are learned with the class the describing participle is dropped from
    shorter = [
        r
        for r in lost
        if learns(relations_with_heads(spacy_nlp, r["sentence"]), {**r, "b": r["b"].split()[-1]})
    ]
    assert sorted((r["a"], r["b"]) for r in lost if r not in shorter) == sorted(LOST_SINCE)
    assert len(shorter) == 7


def test_hyphened_compound_is_first_a_kind_of_the_rest() -> None:
    """ "jet-powered medium bomber" ⊑ "medium bomber" ⊑ "bomber": a compound that opens with a
    hyphened modifier keeps the concept the rest names (a question's "medium bomber")."""
    from lgm_rdf.learn.compound import compound_head, compound_heads
    from lgm_rdf.learn.relations import Relation

    assert (
        compound_head("jet-powered medium bomber", "jet-powered medium bomber") == "medium bomber"
    )
    assert compound_head("census-designated place", "census-designated place") == "place"
    rel = Relation("inheritance", "canberra", "jet-powered medium bomber", 0, "pattern", 0.85)
    found = {(r.a, r.b) for r in compound_heads([rel])}
    assert found == {("jet-powered medium bomber", "medium bomber"), ("medium bomber", "bomber")}
