"""Forms of the thirty-first session. The sentences are written for these tests.

- A relational noun for a place or an artefact ("centre", "seat", "model", "source") that a
  lower-case noun or a relational adjective right before it sorts into a kind names a class of
  its own: "the administrative centre of the Lakeland District", "the county seat of
  Darlington County", "one of several atomic models". The bare relational noun still relates
  ("the capital of Ecuador"), and so do people, kin and causes however sorted ("a childhood
  friend of Bob", "the eldest son of Bob", "the sister city of Birmingham", "a root cause of"),
  figures of speech ("the spiritual home of rugby"), parts ("one of the structural parts of the
  aircraft"), a unit made with a bare "of" ("the provisional seat of government"), and a label
  that would lose the sorting word ("a natural water source of the valley").
- An agent noun "of" a bare plural is a class its subject belongs to: what a business makes or
  handles sorts it ("a manufacturer of cars", "a small publisher of role-playing games and
  poetry collections"). "Of" a mass noun, a name or a definite phrase it still relates ("a
  promoter of direct action", "a longtime supporter of the Labour Party"), and so does a
  relational noun ("a descendant of kings").
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_key, judged_rows, relations, unlearned

from lgm_rdf.learn.compound import compound_heads
from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.nlp.coref import resolve

INH = "inheritance"

FOUND = [
    (
        "Dunmore is the administrative centre of the Lakeland District.",
        (INH, "dunmore", "administrative centre"),
    ),
    (
        "Hartsville is the county seat of Darlington County.",
        (INH, "hartsville", "county seat"),
    ),
    (
        "Kandy is the main population centre of the central hills.",
        (INH, "kandy", "population centre"),
    ),
    (
        "The Bohr model is one of several atomic models of the twentieth century.",
        (INH, "bohr model", "atomic model"),
    ),
    ("Acme Motors is a manufacturer of cars.", (INH, "acme motors", "manufacturer")),
    (
        "Gryphon Press is a small publisher of role-playing games and poetry collections.",
        (INH, "gryphon press", "publisher"),
    ),
    ("Nordic Parts is a major supplier of auto parts.", (INH, "nordic parts", "supplier")),
]

ABSENT = [
    ("Lyon is the sister city of Birmingham.", (INH, "lyon", "sister city")),
    ("Lyon is the sister city of Birmingham.", (INH, "lyon", "city")),
    ("Quito is the capital of Ecuador.", (INH, "quito", "capital")),
    ("Tom is the eldest son of Bob.", (INH, "tom", "son")),
    # found by the code review (helper-128): parts, people, causes, figures, bare "of" units,
    # a label that lost its sorting word
    ("The wing is one of the structural parts of the aircraft.", (INH, "wing", "aircraft")),
    ("Bob Hale is a childhood friend of the singer.", (INH, "bob hale", "childhood friend")),
    ("France was a military ally of Scotland.", (INH, "france", "military ally")),
    ("Poverty is a root cause of crime.", (INH, "poverty", "root cause")),
    ("Twickenham is the spiritual home of rugby.", (INH, "twickenham", "spiritual home")),
    ("Rome is the geographical centre of Italy.", (INH, "rome", "geographical centre")),
    ("Bonn was the provisional seat of government.", (INH, "bonn", "provisional seat")),
    ("The spring is a natural water source of the valley.", (INH, "spring", "source")),
    # a year alone names no one event: whose season, which flood
    ("The 1990 season was a season of change.", (INH, "1990 season", "season")),
    ("The 1927 flood was one of the worst floods.", (INH, "1927 flood", "flood")),
    ("Tom Reed was a promoter of direct action.", (INH, "tom reed", "promoter")),
    ("Tom Reed is a longtime supporter of the Labour Party.", (INH, "tom reed", "supporter")),
    ("Tom Reed is a descendant of kings.", (INH, "tom reed", "descendant")),
    ("Tom Reed is a fan of jazz records.", (INH, "tom reed", "fan")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_a_sorted_relational_or_trade_noun_is_a_class(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_people_causes_figures_and_stances_still_relate(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_sorted_relational_keeps_the_definite_class_rule_name(spacy_nlp) -> None:
    """A definite predicate counts under ``definite-class``, whose precision is measured."""
    rules = relations(spacy_nlp, "Hartsville is the county seat of Darlington County.")
    assert rules == {(INH, "hartsville", "county seat"): "definite-class"}


def test_the_seat_a_pronoun_names_goes_to_the_topic(spacy_nlp) -> None:
    """End to end as learning runs it (coreference, then the rules with the antecedents): the
    "It" after a figure of the topic is the topic, so the county seat is the town's, not the
    population's (the MuSiQue KB had `population ⊑ county seat`)."""
    text = (
        "Millbrook is a town in Ash County, Ohio. The population was 4,210 at the 2010 census. "
        "It is the county seat of Ash County."
    )
    parsed = spacy_nlp.parse(text)
    found = {
        r.key()
        for r in PatternExtractor().extract(parsed.sentences, resolve(parsed, "Millbrook, Ohio"))
    }
    assert (INH, "millbrook", "county seat") in found
    assert not any(key[1] == "population" for key in found)


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added to the two dev KBs beyond what they learned
    before and beyond the gold's (docs/benchmarks.md §53), judged blind by two helpers: all
    correct for both, and all still learned — a row with a paragraph through coreference with
    its topic, as learning reads it. Three compound heads the judges called misleading ("county
    seat ⊑ seat", "... centre ⊑ centre") are no longer made and so are not kept here."""
    rows = judged_rows("judged_added_s31.jsonl")
    assert len(rows) == 9
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, [r for r in rows if "paragraph" not in r]) == []
    for row in (r for r in rows if "paragraph" in r):
        parsed = spacy_nlp.parse(row["paragraph"])
        rels = PatternExtractor().extract(parsed.sentences, resolve(parsed, row["topic"]))
        assert judged_key(row) in {r.key() for r in [*rels, *compound_heads(rels)]}, row["a"]
