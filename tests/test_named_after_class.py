"""Members named after a class noun the parse hangs elsewhere: a place an appositive "of" names
after a nationality or a country's abbreviation ("the Danish colony of Greenland", "the U.S.
state of Ohio"), a set-off indefinite description of the name "of" a common noun ("the home
church of the Lunites, a religious order"), names set off after a counted plural that the parse
hung on the verb ("split into two provinces, North Tarrow and South Tarrow, in 1920"), a
one-word title the parse read as an adjective ("Invisible is a television series"), genre adjectives
before a noun of works ("a romantic comedy"), and parts that keep their relational adjectives
("divided into four congressional districts"), the divisions "of" one place as its parts ("the
nine townships of Tarrow County"), and a title whose verb the parse made the root ("Fortune Told
in Salt is a novel"), a subject noun that runs into a name ("His son Tom Hale is a player"),
and "According" inside a title; not the name of one thing of a class as another name of the
class ("The museum (now called Tarrow House)"), nor a report after the clause ("X was a spy, the
police alleged"). Each with its counter-examples: a name before
the place noun, a town that is the county's ("Bath is the county town of X"), a subject the
names form, an inversion ("Nearby is a church"), a grading adjective elsewhere. The sentences
are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import judged_sample, relations

INH, COMP, ALIAS = "inheritance", "composition", "alias"

FOUND = [
    # an appositive "of" after a nationality or a country's abbreviation
    ("He was born in the U.S. state of Ohio.", [(INH, "ohio", "state")]),
    ("It was once the Danish colony of Greenland.", [(INH, "greenland", "colony")]),
    ("The mill stands in the department of Gironde.", [(INH, "gironde", "department")]),
    # an indefinite description set off after the name "of" a common noun
    (
        "It is the home church of the Lunites, a religious society of lay brothers.",
        [(INH, "lunites", "religious society")],
    ),
    # names set off after a counted plural that the parse hung on the verb
    (
        "The old duchy of Tarrow was split by a treaty of the two crowns into two provinces, "
        "North Tarrow and South Tarrow, during the long war.",
        [(INH, "north tarrow", "province"), (INH, "south tarrow", "province")],
    ),
    # a one-word title the parse reads as an adjective
    (
        "Invisible is a South Korean television series starring Ann Moss.",
        [(INH, "invisible", "television series")],
    ),
    # a genre adjective before a noun of works
    (
        "Salt Roads is a 1961 romantic comedy directed by Tom Hale.",
        [(INH, "salt roads", "romantic comedy")],
    ),
    ("Harrow Gate is a historical novel by Ann Moss.", [(INH, "harrow gate", "historical novel")]),
    # the divisions "of" one place are its parts
    (
        "Harlow is one of the nine townships of Tarrow County.",
        [(COMP, "tarrow county", "township")],
    ),
    ("The river drains the northern regions of Lunia.", [(COMP, "lunia", "region")]),
    (
        "It is one of the 23 dioceses of the Anglican Church of Canada.",
        [(COMP, "anglican church of canada", "diocese")],
    ),
    # a title whose verb the parse made the root, the copula its complement
    (
        "Fortune Told in Salt (Fal-E Noor) is a novel about a soldier.",
        [(INH, "fortune told in salt", "novel")],
    ),
    # a subject noun that runs straight into a name: the name is the subject
    (
        "His son Tom Hale is a professional ice hockey player.",
        [(INH, "tom hale", "professional ice hockey player")],
    ),
    # "According" inside a title reports nothing
    (
        "The Salt World According to Ann Moss is a 1987 compilation album.",
        [(INH, "salt world according to ann moss", "compilation album")],
    ),
    # parts keep the relational adjectives that sort their kind
    (
        "Lunia is divided into four congressional districts.",
        [(COMP, "lunia", "congressional district")],
    ),
    ("The league consists of twelve rural schools.", [(COMP, "league", "rural school")]),
]

ABSENT = [
    # a name before the place noun: "of" locates
    ("He lives in the Tarrow region of Lunia.", (INH, "lunia", "tarrow region")),
    # a relational district of a place, and a town that is the county's
    ("It lies in the business district of Tarrow.", (INH, "tarrow", "business district")),
    ("Harlow is the county town of Tarrowshire.", (INH, "tarrowshire", "county town")),
    # the names are the subject of the clause, not set off after the count
    ("After winning two titles, Ann Moss and Tom Hale retired.", (INH, "ann moss", "title")),
    # several names after a plural division noun are its members, a list broken by brackets too
    (
        "It took in the townships of Harlow (the oldest) and Tarrow.",
        (COMP, "harlow", "township"),
    ),
    # a quantified conjunct opens the next clause: no part
    (
        "Tarrow is part of a realm and most people born in its islands are citizens of Lunia.",
        (COMP, "people", "tarrow"),
    ),
    # a pronoun right before the copula is its subject, not a title's last word
    ("Note: This is a native http behaviour.", (INH, "note: this", "native http behaviour")),
    # a list, with or without a comma before "and"; a person's provinces, a sea's islands are
    # no divisions of a place; a department "of" a subject is no place
    ("It requires Rust, a C compiler and a linker.", (INH, "rust", "linker")),
    ("Pirates raided the islands of the Aegean Sea.", (COMP, "aegean sea", "island")),
    (
        "She taught in the department of Physics at Tarrow University.",
        (INH, "physics", "department"),
    ),
    # a report after the clause, a clause on the subject noun, a genre word that judges
    ("John Smith was a murderer, the police alleged.", (INH, "john smith", "murderer")),
    ("Tom Hale was a spy, it was alleged by the police.", (INH, "tom hale", "spy")),
    ("The firm Ann Moss founded is a law firm.", (INH, "ann moss", "law firm")),
    ("The Tarrow Derby is an epic drama every season.", (INH, "tarrow derby", "epic drama")),
    ('"According to legend, Tarrow was a giant."', (INH, "tarrow", "giant")),
    ("It requires Rust, a C compiler, and a linker.", (INH, "rust", "linker")),
    ("He lost the provinces of King Harald in 1066.", (COMP, "king harald", "province")),
    # the name of one thing of a class is no other name of the class
    ("The museum (now called Tarrow House) opened in 1900.", (ALIAS, "museum", "tarrow house")),
    (
        "The country was renamed the Republic of Lunia in 1972.",
        (ALIAS, "country", "republic of lunia"),
    ),
    # "According to" at the start reports
    ("According to legend, Tarrow was a giant.", (INH, "tarrow", "giant")),
    # kin after an owner stays kin
    ("He left his two sons, Jon Aske and Ola Berg, the farm.", (INH, "jon aske", "son")),
    # an inverted place adverb opens no title; a grading adjective elsewhere grades
    ("Nearby is a small church.", (INH, "nearby", "church")),
    ("It was a romantic evening.", (INH, "it", "romantic evening")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_member_named_after_class_is_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_member_where_the_of_relates(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_named_place_drops_the_nation() -> None:
    """The class of "the U.S. state of Ohio" is a state: whose it is stays out of the label."""
    from lgm_rdf.learn.patterns.extents import nation_word
    from lgm_rdf.nlp.model import Token

    def token(text: str, ent: str = "") -> Token:
        return Token(0, text, text, "PROPN", "compound", 1, 0, tag="NNP", ent_type=ent)

    assert nation_word(token("U.S.")) and nation_word(token("UK"))
    assert nation_word(token("Danish", "NORP"))
    assert not nation_word(token("Cognac", "GPE")) and not nation_word(token("NASCAR"))


def test_judged_additions_hold(spacy_nlp) -> None:
    """The 32 relations the nineteenth session's code added on the QA contexts (gold and judged
    sentences left out), judged blind by two helpers (docs/benchmarks.md §41): 31 correct for
    both, both marking the same one wrong ("the provinces of the Satluj": a river's lands, no
    divisions). The wrong one stays mended; the correct ones are still learned (or a parent that
    keeps more modifiers, as the gold benchmark counts it) but two, below."""
    rows, learned = judged_sample(spacy_nlp, "judged_added_s19.jsonl")
    assert len(rows) == 32 and sum(r["verdict"] == "correct" for r in rows) == 31
    assert all(r["verdict"] == r["verdict_2"] for r in rows)
    assert all(r.get("mended") for r in rows if r["verdict"] == "wrong")
    assert not [r for r in learned if r["verdict"] == "wrong"]
    # 29: the review's guards (names of places, or a church's for its dioceses; no bare report
    # after the clause) gave up two correct ones: "Bechuanaland" (tagged ORG) and a copula whose
    # parse hung it on a later verb with a passive subject (docs §41)
    assert sum(r["verdict"] == "correct" for r in learned) == 29
