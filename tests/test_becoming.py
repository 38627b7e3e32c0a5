"""The "become" rule: verbs that put a named subject into the class of their predicate noun
("became a city", "remains a swing state", "was declared a national park", "was created as a
dominion", "served as a senator"), and what it must leave alone. The sentences are written for
this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.nlp.concepts import ConceptMention

INH = "inheritance"


FOUND = [
    ("Harwick became a city in 1850.", (INH, "harwick", "city")),
    ("Nevada remains a swing state.", (INH, "nevada", "swing state")),
    (
        "The Union of Dunmore was created as a dominion of the British Empire.",
        (INH, "union of dunmore", "dominion"),
    ),
    ("John Carter served as a senator from 1990 to 1996.", (INH, "john carter", "senator")),
    ("Lake Verna was declared a nature reserve in 1983.", (INH, "lake verna", "nature reserve")),
    (
        "Dunmore Abbey was declared a National Monument in 1921.",
        (INH, "dunmore abbey", "national monument"),
    ),
    ("John Carter became a senator and a lawyer.", (INH, "john carter", "lawyer")),
]

# a common-noun subject, a definite predicate, a modal or negated verb: no class
ABSENT = [
    ("The town became a city in 1850.", (INH, "town", "city")),
    ("John Carter became the president of the club.", (INH, "john carter", "president")),
    ("John Carter could become a senator.", (INH, "john carter", "senator")),
    ("John Carter never became a senator.", (INH, "john carter", "senator")),
    ("The song was released as a single in 1990.", (INH, "song", "single")),
    ("The film became a success.", (INH, "film", "success")),
    ("John Carter became either a priest or a soldier.", (INH, "john carter", "soldier")),
    ("John Carter no longer serves as a senator.", (INH, "john carter", "senator")),
    ("John Carter became a senator and Ann Lee a judge.", (INH, "john carter", "judge")),
    ("Lake Verna remains a mystery to historians.", (INH, "lake verna", "mystery")),
    (
        "Harwick Labs was recognized as a leader in robotics.",
        (INH, "harwick labs", "leader"),
    ),
]


@pytest.mark.parametrize(("text", "triple"), FOUND)
def test_becoming_verbs_state_a_class(spacy_nlp, text: str, triple: tuple) -> None:
    got = relations(spacy_nlp, text)
    assert got.get(triple) == "become", (text, got)


@pytest.mark.parametrize(("text", "triple"), ABSENT)
def test_becoming_verbs_state_nothing_here(spacy_nlp, text: str, triple: tuple) -> None:
    assert triple not in relations(spacy_nlp, text)


@pytest.mark.parametrize(
    ("label", "kind", "stated"), [("Harwick", "propn", True), ("the town", "chunk", False)]
)
def test_a_pronoun_subject_counts_as_its_antecedent(
    spacy_nlp, label: str, kind: str, stated: bool
) -> None:
    """ "It became a city": a class of the name the pronoun stands for, nothing of a common noun
    ("the town ... It became a city" says nothing of towns)."""
    sentences = spacy_nlp.parse(f"{label} grew quickly. It became a city in 1850.").sentences
    key = "harwick" if kind == "propn" else "town"
    ante = ConceptMention(key, label, 0, 1, kind)
    rels = PatternExtractor().extract(sentences, {(1, 0): ante})
    assert ((INH, key, "city") in {r.key() for r in rels}) is stated
