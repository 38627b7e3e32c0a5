"""A common noun with an article given a name by a passive naming verb ("The river is called the
Thames", "A small village nearby is named Ashby", "The first parties were called Federalist and
Republican") is the class of what the name names: one name for a singular noun, a list for a
plural. Not a noun related to another ("Its capital is called Paris", "Her son was named John"),
not a term in lower case (a definition, read by the term rule), not a name given "after" someone,
and a second name ("also called") stays an alias. The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH, ALIAS = "inheritance", "alias"

FOUND = [
    ("The river is called the Thames.", (INH, "thames", "river")),
    ("The town is called Springfield.", (INH, "springfield", "town")),
    ("A small village nearby is named Ashby.", (INH, "ashby", "village")),
    ("The band was called The Beatles.", (INH, "beatles", "band")),
    ("The area is known as Greater Boston.", (INH, "greater boston", "area")),
    ("The ship was named HMS Victory in 1760.", (INH, "hms victory", "ship")),
    ("The first parties were called Federalist and Republican.", (INH, "federalist", "party")),
    ("The first parties were called Federalist and Republican.", (INH, "republican", "party")),
]

ABSENT = [
    # a noun that relates its thing to another, or is owned
    ("Its capital is called Paris.", (INH, "paris", "capital")),
    ("Her son was named John.", (INH, "john", "son")),
    ("The son of the king was named John.", (INH, "john", "son")),
    # an office or a prize given to someone or something is no name
    ("The senator was named Secretary of State.", (INH, "secretary of state", "senator")),
    ("The film was named Best Picture.", (INH, "best picture", "film")),
    ("The hotel was named Hotel of the Year.", (INH, "hotel of the year", "hotel")),
    # a name given after someone, or a list for one thing
    ("The boy was named after Winston Churchill.", (INH, "winston churchill", "boy")),
    ("The band was called Smith and Jones.", (INH, "smith", "band")),
    # a description, not a name; a negated or hedged naming
    ("The river is called a stream by some.", (INH, "stream", "river")),
    ("The river is not called the Thames.", (INH, "thames", "river")),
    ("The river may be called the Isis.", (INH, "isis", "river")),
    # a second name of the noun is no member of it
    ("The river is also called the Isis.", (INH, "isis", "river")),
    # and the name of one town is no second name of the class (a trap of the first rules)
    ("The town is called Springfield.", (ALIAS, "springfield", "town")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_a_name_given_to_one_thing_makes_it_a_member(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_member_from_relations_descriptions_or_second_names(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_a_name_is_no_term_defined(spacy_nlp) -> None:
    """A name given to one city narrowed by a clause makes it a member of the class ("called-name"),
    not a term defined by the clause (``term-definition``, for lower-case terms only)."""
    found = relations(spacy_nlp, "The city that hosted the games is called Harlow.")
    assert found.get((INH, "harlow", "city")) == "called-name"


def test_judged_additions_hold(spacy_nlp) -> None:
    """The relations the twenty-eighth session's code learns on QA-context sentences that the
    twenty-seventh's did not (sentences of every gold and judged file left out), judged blind by
    two helpers unaware of each other (docs/benchmarks.md §50): 11 rows, 10 correct for both, 1
    correct for one and disputed for the other ("Dalton, Massachusetts, a fictional Boston
    suburb"). All are still learned but one: after the code review a field before a person's
    role must be a pair English fixes ("film and television"), so "a retired female butterfly
    and freestyle swimmer" gives `swimmer` again, as before the session."""
    from pattern_relations import judged_rows, relations, unlearned

    rows = judged_rows("judged_added_s28.jsonl")
    assert len(rows) == 11
    assert sum(r["verdict"] == r["verdict_2"] == "correct" for r in rows) == 10
    assert all("wrong" not in (r["verdict"], r["verdict_2"]) for r in rows)
    swimmer = ("maría del pilar pereyra", "female butterfly and freestyle swimmer")
    assert unlearned(spacy_nlp, rows) == [swimmer]
    row = next(r for r in rows if r["a"] == swimmer[0])
    assert ("inheritance", swimmer[0], "swimmer") in relations(spacy_nlp, row["sentence"])


def test_called_name_census_is_judged_and_measured(spacy_nlp) -> None:
    """Every `called-name` relation the final code learns on the QA-context sentences, 15 rows
    judged blind by two helpers (all correct for both; docs/benchmarks.md §50), is a judged
    sample of ``rule_precision.json``: the rule fires rarely in the gold sets, where two of its
    four false ones are readings the gold leaves out, so its precision rests on real text too."""
    import json
    from pathlib import Path

    from pattern_relations import judged_rows, unlearned

    from lgm_rdf.learn.confidence import PRECISION_PATH

    rows = judged_rows("judged_wiki_called_s28.jsonl")
    assert len(rows) == 15 and {r["rule"] for r in rows} == {"called-name"}
    assert all(r["verdict"] == r["verdict_1"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
    measured = json.loads(Path(PRECISION_PATH).read_text(encoding="utf-8"))
    assert "tests/data/judged_wiki_called_s28.jsonl" in measured["measured"]["command"]
    assert measured["rules"]["pattern/called-name"]["tp"] >= 7 + 15
