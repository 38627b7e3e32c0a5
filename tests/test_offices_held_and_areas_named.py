"""An office held with no article ("served as president", "was elected mayor", "was appointed
head coach") is the class of its holder, not an office "of" something ("served as president of
the club": one post, as "is the mayor of Paris" reads); joining, debuting, competing, playing
or going on "as" a person's role puts a named subject in its class as serving does (not a part
in one event, a stage of life, a relation); an office of a named whole ("Texas governor") is
one post; an office opened by "Incumbent", "Interim" or "Sitting" is still the office before the
name; a region or a district "of" a place is that place only when the phrase could stand for
the name: bare or with an adjective of status, nothing after the name.
Each with its counter-examples; the sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH = "inheritance"

FOUND = [
    # an office held, written without an article
    ("John Carter served as president from 1990 to 1996.", (INH, "john carter", "president")),
    ("John Carter served as new president in 1990.", (INH, "john carter", "president")),
    ("Maria Lopez served as Vice President under Carter.", (INH, "maria lopez", "vice president")),
    ("John Carter was elected mayor in 1990.", (INH, "john carter", "mayor")),
    ("Ann Lee was appointed head coach in 2001.", (INH, "ann lee", "head coach")),
    ("John Carter reigned as king for ten years.", (INH, "john carter", "king")),
    # verbs of joining and going on "as" a post
    ("Ann Lee joined the band as a guitarist in 1990.", (INH, "ann lee", "guitarist")),
    ("Ann Lee debuted as a singer in 1990.", (INH, "ann lee", "singer")),
    ("Marco Rossi played as a midfielder for Parma.", (INH, "marco rossi", "midfielder")),
    # an opening word of the office's phrase
    ("Incumbent President John Carter was re-elected in 1996.", (INH, "john carter", "president")),
    # an area named by its "of"
    (
        "The castle lies in the historical region of Inner Carniola.",
        (INH, "inner carniola", "historical region"),
    ),
    (
        "The village lies in the administrative region of Lapland, in Finland.",
        (INH, "lapland", "administrative region"),
    ),
]

ABSENT = [
    # an office "of" something names one post
    ("John Carter served as president of the club.", (INH, "john carter", "president")),
    # a stage of life or a relation is no post
    ("Ann Lee joined the army as a teenager.", (INH, "ann lee", "teenager")),
    ("Britain joined the war as an ally.", (INH, "britain", "ally")),
    ("Muhammad Ali competed as a young man in Rome.", (INH, "muhammad ali", "man")),
    # a part taken in one event, or a thing that goes on "as" something, is no post
    ("Diane Abbott joined the protest as a spectator.", (INH, "diane abbott", "spectator")),
    ("Route 66 continues as a two-lane highway west of Kingman.", (INH, "route 66", "west")),
    # an office of a named whole names one post, as its "of" does
    ("John Smith served as Texas governor from 1990.", (INH, "john smith", "texas governor")),
    ("Sergio Ramos served as Real Madrid captain.", (INH, "sergio ramos", "madrid captain")),
    # the second half of a hyphened title is not the office; an "of" or an article is shared
    ("John Carter served as vice-president.", (INH, "john carter", "president")),
    ("John Carter served as president and chairman of the club.", (INH, "john carter", "chairman")),
    ("John Carter served as the first president and treasurer.", (INH, "john carter", "treasurer")),
    # an acting holder is not left as the office
    ("Acting President John Carter resigned in 1996.", (INH, "john carter", "president")),
    ("John Carter was appointed acting president in 1996.", (INH, "john carter", "president")),
    # an area inside the place its "of" names
    (
        "The town lies west of the central business district of Watertown.",
        (INH, "watertown", "business district"),
    ),
    (
        "Latvia is a country in the Baltic region of Northern Europe.",
        (INH, "northern europe", "baltic region"),
    ),
    ("Fighting broke out in the northern region of Italy.", (INH, "italy", "region")),
    ("The region of Asia most affected was the south.", (INH, "asia", "region")),
    ("The castle lies in the region of southern Italy.", (INH, "italy", "region")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_offices_held_and_areas_named_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_post_from_a_relation_stage_or_inner_area(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_an_area_noun_with_no_of_is_read_without_error(spacy_nlp) -> None:
    """ "the region" with no "of" after it: no name, no relation, no failure."""
    assert relations(spacy_nlp, "The region is cold, and the district is wet.") == {}


def test_a_subject_that_ends_the_text_is_read_without_error(spacy_nlp) -> None:
    """ "Here comes the coach" with no stop: the subject is the last token (it was read past)."""
    assert relations(spacy_nlp, "Here comes the coach") == {}


def test_judged_additions_hold(spacy_nlp) -> None:
    """The relations the twenty-seventh session's code learns on QA-context sentences that the
    twenty-sixth's did not (sentences of every gold and judged file left out), judged blind by
    two helpers unaware of each other (docs/benchmarks.md §49): 3 rows, all correct for both.
    All are still learned."""
    from pattern_relations import judged_rows, unlearned

    rows = judged_rows("judged_added_s27.jsonl")
    assert len(rows) == 3
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []


def test_become_census_is_judged_and_measured() -> None:
    """Every `become` relation the two QA dev files' KBs assert under this session's code, 21
    rows judged blind by two helpers (17 correct for both, 3 wrong for both, 1 disputed and
    counted wrong; docs/benchmarks.md §49), is a judged sample of ``rule_precision.json``: the
    rule's precision there rests on it, not only on the two traps of the gold sets."""
    import json
    from pathlib import Path

    from pattern_relations import judged_rows

    from lgm_rdf.learn.confidence import PRECISION_PATH

    rows = judged_rows("judged_wiki_become_s27.jsonl")
    assert len(rows) == 21 and {r["rule"] for r in rows} == {"become"}
    assert sum(r["verdict"] == "correct" for r in rows) == 17
    assert all(r["note"] for r in rows if r["verdict"] == "wrong"), "a wrong one says why"
    assert all(r["verdict"] == "wrong" for r in rows if r["verdict_1"] != r["verdict_2"])
    measured = json.loads(Path(PRECISION_PATH).read_text(encoding="utf-8"))
    assert "tests/data/judged_wiki_become_s27.jsonl" in measured["measured"]["command"]
    assert measured["rules"]["pattern/become"]["tp"] >= 12
