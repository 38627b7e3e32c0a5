"""Class predicates the copula and its kin state beyond "X is a B": an office or a plain class
noun with an "of" ("a governor of the island", "a watercourse of the Lune catchment"), a verb of
judging ("is regarded as one of the Bs"), a definite plain class ("is the regional charity that
..."), a collective noun ("a chain of islands": parts), an apposition to each of two coordinated
names, a name set off after "a second novel", the office one is installed in, and a spelling
set off by commas ("X, also spelled Y, was"), and a definition joined to the next clause by a
comma. Each shape has
its counter-examples: a relation ("a friend of", "the mayor of"), a verb's object ("a promoter
of"), a judgement, a role in some event. The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import judged_key, judged_rows, judged_sample, relations

INH, ALIAS, COMP = "inheritance", "alias", "composition"


FOUND = [
    # an office or an occupation stays the class whatever its "of" says
    (
        "Arvid Holm, a former governor of the island, died in 1890.",
        [(INH, "arvid holm", "governor")],
    ),
    ("Mira Cole is a professor of linguistics.", [(INH, "mira cole", "professor")]),
    ('Ann Bell is a longtime editor of "Quarry Review" magazine.', [(INH, "ann bell", "editor")]),
    # a plain class noun "of" a definite phrase
    (
        "Tarrow Creek, a watercourse of the Lune catchment, rises in the hills.",
        [(INH, "tarrow creek", "watercourse")],
    ),
    # verbs of judging: the class holds in the judges' eyes
    (
        "Edda Fors is regarded by critics as one of the most original novelists of her time.",
        [(INH, "edda fors", "novelist")],
    ),
    ("Ceres is considered a dwarf planet.", [(INH, "ceres", "dwarf planet")]),
    # two names, each with its own apposition
    (
        "He was the father of Jon Aske, a painter, and Ola Aske, a sculptor.",
        [(INH, "jon aske", "painter"), (INH, "ola aske", "sculptor")],
    ),
    # a name set off after an indefinite class noun
    ("A second novel, Salt Roads, appeared in 1999.", [(INH, "salt roads", "novel")]),
    # a collective noun gathers parts of the named whole
    (
        "The Varden Islands are a chain of small islands off the coast.",
        [(COMP, "varden islands", "island")],
    ),
    # a definite predicate that is a plain class noun
    (
        "The Lune Valley Trust is the regional charity that maintains the footpaths.",
        [(INH, "lune valley trust", "regional charity")],
    ),
    # installed or ruling in a ranked office
    (
        "Arvid Holm was installed as the parish's first resident vicar in 1901.",
        [(INH, "arvid holm", "resident vicar")],
    ),
    (
        "Tomas Ekberg ruled as the republic's first president until 1960.",
        [(INH, "tomas ekberg", "president")],
    ),
    # a spelling set off by commas, which the parse took for the main verb
    (
        "Varnholm, also spelled Warnholm, was a Danish port.",
        [(ALIAS, "varnholm", "warnholm"), (INH, "varnholm", "port")],
    ),
    ("Kessan, also romanized as Kesan, is a town.", [(ALIAS, "kesan", "kessan")]),
    # labels (found by the blind judging of what the session's rules add): an opening adverb
    # is no word of the entity after it; a slash glued inside one entity joins it
    (
        "Overall Norway was the nation that sent the most athletes.",
        [(INH, "norway", "nation")],
    ),
    (
        "Hauser/Brandt AG, headquartered in Basel, is a Swiss engineering company.",
        [(INH, "hauser/brandt ag", "engineering company")],
    ),
    # two clauses joined by a comma, the first parsed as a complement of the second
    (
        "Wren Lodge is a student residence in Tarrow, it was opened in 1974.",
        [(INH, "wren lodge", "student residence")],
    ),
]

ABSENT = [
    # a relational noun relates, an agent noun's "of" is its verb's object
    ("Bob Lane is a friend of the governor.", (INH, "bob lane", "friend")),
    ("Hugh Dale was a promoter of direct action.", (INH, "hugh dale", "promoter")),
    # a collective noun after a class sorts it, no parts of a class
    ("Mammals are a group of vertebrates.", (COMP, "mammal", "vertebrate")),
    # a definite office or a relational noun "of" a place names one holder or one thing
    ("Anne Roy is the mayor of Tarrow.", (INH, "anne roy", "mayor")),
    ("Vela Press is the publishing arm of the Tarrow Synod.", (INH, "vela press", "arm")),
    # a definite noun with "for" or "between", a role in an event, an ordinal
    ("Ellis Quay was the gateway for thousands of migrants.", (INH, "ellis quay", "gateway")),
    ("Tom Hale was the organizer.", (INH, "tom hale", "organizer")),
    ("Salt Roads is the debut EP by Edda Fors.", (INH, "salt roads", "debut")),
    # a judging noun under a verb of judging
    ("Casablanca is considered a masterpiece.", (INH, "casablanca", "masterpiece")),
    (
        "Overall Norway was the nation that sent the most athletes.",
        (INH, "overall norway", "nation"),
    ),
    # two one-word names on either side of a slash stay two names
    (
        "It supports popular sites, such as Google/Gmail and Facebook.",
        (INH, "google/gmail", "site"),
    ),
    # what someone said or was claimed
    (
        "Wren Lodge is a student residence, it was claimed.",
        (INH, "wren lodge", "student residence"),
    ),
    ("Tom Hale is a spy, I think.", (INH, "tom hale", "spy")),
    # a spelling verb with its own subject names nothing
    ("Tom Hale spelled Tolstoi, wrongly.", (ALIAS, "tolstoi", "tom hale")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_class_predicate_is_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_relation_or_judgement_states_no_class(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def _judged_rows() -> list[dict]:
    return judged_rows("judged_added_s17.jsonl")


def test_judged_additions_hold(spacy_nlp) -> None:
    """All 45 relations the seventeenth session's rules added on the QA contexts, judged blind
    by two helpers (docs/benchmarks.md §39): 42 correct, the same three wrong for both. The
    two wrong labels that were mended stay gone, and every correct relation is still learned."""
    rows, learned = judged_sample(spacy_nlp, "judged_added_s17.jsonl")
    assert len(rows) == 45 and sum(r["verdict"] == "correct" for r in rows) == 42
    assert not [r for r in learned if r["verdict"] == "wrong" and r["mended"]]
    assert sum(r["verdict"] == "correct" for r in learned) == 42


@pytest.mark.xfail(
    strict=True,
    reason="left alone: a compound that loses its capitalised "
    "adjective ('German Classical period musician' -> 'period musician'); "
    "dropping such a compound also cut 'Western film serial' (docs §39)",
)
def test_judged_wrong_label_left_alone(spacy_nlp) -> None:
    rows = [r for r in _judged_rows() if r["verdict"] == "wrong" and not r["mended"]]
    assert len(rows) == 1
    assert judged_key(rows[0]) not in relations(spacy_nlp, rows[0]["sentence"])
