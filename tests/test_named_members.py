"""Recall rules of the thirteenth session (issue 11, item 3): names given in another language,
role nouns before each name of a list, a compound class before a rank word, the class words a
name repeats, ranked members owned by a name or made single by "only", counted titles after a
comma.

Each shape is written here for itself (not taken from a gold set), with sentences the rule must
leave alone.
"""

from __future__ import annotations

import pytest

from lgm_rdf.learn.patterns.foreign import _pieces
from lgm_rdf.nlp.languages import names_a_language
from tests.test_pattern_recall import INH, alias, relations

# (sentence, relations that must be found, relations that must not be)
FOUND = [
    (  # a name in another script, and its transliteration in quotation marks
        'Kelvar (Armenian: Կելվար "Kelvar-ats", literally "the old ford") is a village.',
        {alias("kelvar", "կելվար"), alias("kelvar", "kelvar-ats")},
        {alias("kelvar", "the old ford"), alias("kelvar", "old ford")},
    ),
    (  # several languages, a romanisation, and a date after the semicolon
        "Dorin Vale (Romanian: Valea Dorinului, Hungarian: Dorinvölgy; born 4 May 1950) "
        "is a painter.",
        {alias("dorin vale", "valea dorinului"), alias("dorin vale", "dorinvölgy")},
        {alias("dorin vale", "born 4 may 1950")},
    ),
    (  # a comma inside the foreign title keeps it whole; "or" gives two names
        "The Quiet Tower (German: Der Turm, der schweigt or Stiller Turm) is a 1931 film.",
        {
            alias("quiet tower", "der turm, der schweigt"),
            alias("quiet tower", "stiller turm"),
        },
        set(),
    ),
    (  # a script label and a romanisation written without a colon
        "Harun Bay Station (Hangul: 하룬베이역, translit. Harun-beiyeok) is a railway station.",
        {alias("harun bay station", "하룬베이역"), alias("harun bay station", "harun-beiyeok")},
        set(),
    ),
    (  # a singular role before each name of a list: each name its own role
        "The record featured guitarist Tom Reeve, keyboardist Anna Kell and drummer Piet Moss.",
        {(INH, "anna kell", "keyboardist"), (INH, "piet moss", "drummer")},
        {(INH, "anna kell", "guitarist"), (INH, "piet moss", "keyboardist")}
        | {(INH, "tom reeve", "keyboardist"), (INH, "tom reeve", "drummer")},
    ),
    (  # a rank word with a noun before it names a class of its own
        "She sang for ten years with the Danish girl group Velvetine.",
        {(INH, "velvetine", "girl group")},
        set(),
    ),
    (  # the name says which words before the head make the class
        "Dunmore High School is a public high school in Dunmore, Ohio.",
        {(INH, "dunmore high school", "high school")},
        {(INH, "dunmore high school", "school")},
    ),
    (  # a counted plural and, after a comma, the quoted titles it counts
        'The album spawned three singles, "Blue Rain," "Red Sky" and "Tarn".',
        {(INH, "blue rain", "single"), (INH, "red sky", "single"), (INH, "tarn", "single")},
        set(),
    ),
    (  # a bracketed other name ends at its first comma; the article is no part of it
        "Only one stands: the Harlow Needle (also called the Needle of Vessa, after its "
        "builder), the oldest of them.",
        {alias("harlow needle", "needle of vessa")},
        set(),
    ),
    (  # a romanisation after a comma, without a colon
        "Tarnograd (Russian: Тарноград, tr. Tarnograd-na-Lorne) is a town.",
        {alias("tarnograd", "тарноград"), alias("tarnograd", "tarnograd-na-lorne")},
        set(),
    ),
]

# (sentence, relations that must not be found)
ABSENT = [
    # a language code or a programming language is no name in another language (a registry's
    # code is a name, read by its own rule: tests/test_listed_members.py)
    ("Localization (German: de, French: fr) is supported.", {alias("localization", "de")}),
    ("Servo (Programming language: Rust) is an engine.", {alias("servo", "rust")}),
    # an etymology names no other name of the thing
    (
        "Corinth (from Ancient Greek: Κόρινθος, romanized: Kórinthos) is a city.",
        {alias("corinth", "kórinthos"), alias("corinth", "κόρινθος")},
    ),
    # "the only" or an owner before a relational noun: a relation, no class
    ("Anna Kell was his second wife.", {(INH, "anna kell", "wife")}),
    ("Rust is the only alternative to Tarn.", {(INH, "rust", "alternative")}),
    ("The only exception is Windows.", {(INH, "windows", "exception")}),
    # a counted time before a comma counts no titles
    ('After two weeks, "Foo" and "Bar" were released.', {(INH, "foo", "week")}),
    # a singular collective noun before two names: the pair is the team, neither one is it
    (
        "The song was written by songwriting team Ada Lind and Tom Reeve.",
        {(INH, "ada lind", "team"), (INH, "tom reeve", "team")},
    ),
    # a place noun before a title modifies the title, not the name
    ("He met city Supervisor Harvey Loam in 1978.", {(INH, "supervisor harvey loam", "city")}),
    # a taxonomic rank with a noun before it: the name is the family, not one of its kind
    (
        "Wingnuts are trees in the walnut family Juglandaceae.",
        {(INH, "juglandaceae", "walnut family")},
    ),
]


@pytest.mark.parametrize(("text", "found", "absent"), FOUND)
def test_member_shapes(spacy_nlp, text: str, found: set, absent: set) -> None:
    got = relations(spacy_nlp, text)
    assert found <= set(got), (text, sorted(got))
    assert not absent & set(got), (text, sorted(got))


@pytest.mark.parametrize(("text", "absent"), ABSENT)
def test_member_guards(spacy_nlp, text: str, absent: set) -> None:
    got = relations(spacy_nlp, text)
    assert not absent & set(got), (text, sorted(got))


def test_the_new_rule_is_named(spacy_nlp) -> None:
    assert "foreign-name" in set(relations(spacy_nlp, FOUND[0][0]).values())


def test_language_labels() -> None:
    assert names_a_language("Armenian") and names_a_language("Old English")
    assert names_a_language("Qihai dialect") and names_a_language("pinyin")
    assert not names_a_language("IATA") and not names_a_language("the official name")
    assert not names_a_language("Law 101 or French")


def test_bracket_pieces() -> None:
    assert _pieces("Polish: Nowa Oficyna, meaning “new”") == ["Nowa Oficyna"]
    assert _pieces("French: Parti du Nord, PDN / PN") == ["Parti du Nord"]
    assert _pieces("Thai: ทดสอบ; born 1990") == ["ทดสอบ"]


def test_a_romanisation_ends_no_sentence(spacy_nlp) -> None:
    text = "Harun Bay Station (Hangul: 하룬베이역, translit. Harun-beiyeok) is a railway station."
    assert len(spacy_nlp.parse(text).sentences) == 1


@pytest.mark.parametrize(
    ("text", "triple"),
    [
        ("Harlow is the state's largest city.", (INH, "harlow", "city")),
        ("Blue Rain is her third studio album.", (INH, "blue rain", "studio album")),
        ("The Tarn Owls are the only NFL team in the state.", (INH, "tarn owls", "nfl team")),
    ],
)
def test_an_owned_or_only_member_is_ranked(spacy_nlp, text: str, triple: tuple) -> None:
    assert triple in relations(spacy_nlp, text), (text, sorted(relations(spacy_nlp, text)))
