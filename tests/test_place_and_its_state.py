"""A place written with the state or country that locates it, then an indefinite apposition
("Marblehead, Massachusetts, a suburb of Boston"): the apposition describes the first place
whichever of the two the parse hung it on, unless it names what a state or country is ("Austin,
Texas, a state in the South" is about Texas); one that names no kind of place describes something
else ("a shop in Columbus, Ohio, a bookstore"). The sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH = "inheritance"

BOOKSTORE = "They opened a shop on the south side of Columbus, Ohio, a bookstore, in 2017."

CAFE = "The press opened its headquarters on the south side of Columbus, Ohio, a bookstore/cafe, carrying books."

FOUND = [
    ("He lives in Marblehead, Massachusetts, a suburb of Boston.", (INH, "marblehead", "suburb")),
    ("Springfield, Illinois, a city of 100,000, is the capital.", (INH, "springfield", "city")),
    ("He taught in Dalton, Massachusetts, a fictional Boston suburb.", (INH, "dalton", "suburb")),
    ("The film was shot in Austin, Texas, a city known for music.", (INH, "austin", "city")),
    ("He moved to Austin, Texas, a state in the South.", (INH, "texas", "state")),
    ("He lived in Galveston, Texas, an island in the Gulf.", (INH, "galveston", "island")),
    ("They lived in Geneva, Switzerland, a confederation.", (INH, "switzerland", "confederation")),
    # a place with no state after it is as before
    ("Dallas, a city in Texas, is large.", (INH, "dallas", "city")),
]

ABSENT = [
    (
        "He lives in Marblehead, Massachusetts, a suburb of Boston.",
        (INH, "massachusetts", "suburb"),
    ),
    ("Springfield, Illinois, a city of 100,000, is the capital.", (INH, "illinois", "city")),
    ("He moved to Austin, Texas, a state in the South.", (INH, "austin", "state")),
    # what is no kind of place describes something else the sentence named
    (BOOKSTORE, (INH, "columbus", "bookstore")),
    (BOOKSTORE, (INH, "ohio", "bookstore")),
    (CAFE, (INH, "ohio", "cafe")),
    ("He lived in Galveston, Texas, an island in the Gulf.", (INH, "texas", "island")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_the_apposition_describes_the_place_it_follows(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_not_the_state_that_locates_it(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)
