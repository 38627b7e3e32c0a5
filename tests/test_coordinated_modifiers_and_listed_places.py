"""A noun modifier written as one coordination before its head ("a track and field athlete", "a
food and beverage company") names one field: the class keeps both nouns, not the bare head; a
plural place noun "of" a list of names makes each name a member even where the parse hung the
later names elsewhere ("the territories of Tokelau, the Ross Dependency, the Cook Islands and
Niue"), and such a list is no place whose divisions the noun names; the last item of a list
set off by commas ends at its "and" even before a capitalised article ("Lake James, Chimney Rock
Park and The Biltmore Estate": two names), where a name alone keeps it ("Prince and The
Revolution"). Each with its counter-examples; the sentences are written for this test."""

from __future__ import annotations

import pytest
from pattern_relations import relations

INH, COMP = "inheritance", "composition"
TERRITORIES = (
    "Most people born in the realm's external territories of Tokelau, the Ross Dependency, "
    "the Cook Islands and Niue are entitled to New Zealand passports."
)

DEFINITE = (
    "People born in the external territories of Tokelau, the Ross Dependency, the Cook Islands "
    "and Niue are entitled to passports."
)

LOCATIONS = "Locations used include Lake James, Chimney Rock Park and The Biltmore Estate."

FOUND = [
    ("Mary Wells was a rhythm and blues singer.", (INH, "mary wells", "rhythm and blues singer")),
    ("Acme is a food and beverage company.", (INH, "acme", "food and beverage company")),
    ("Tom Hill is a film and television actor.", (INH, "tom hill", "film and television actor")),
    (
        "Acme sells food and beverage products such as tea and coffee.",
        (INH, "tea", "food and beverage product"),
    ),
    # the one-word modifier and a plain head stay as they were
    ("Bob Kerr is a retired track athlete.", (INH, "bob kerr", "track athlete")),
    ("Bob Kerr is a famous athlete.", (INH, "bob kerr", "athlete")),
    *[(TERRITORIES, (INH, name, "external territory")) for name in ("tokelau", "niue")],
    (TERRITORIES, (INH, "ross dependency", "external territory")),
    (TERRITORIES, (INH, "cook islands", "external territory")),
    (DEFINITE, (INH, "niue", "external territory")),
    ("He visited the cities of Paris, Lyon and Marseille.", (INH, "lyon", "city")),
    ("The towns of Ashby, Barton and Carlton merged in 1974.", (INH, "barton", "town")),
    # the last items of a list are two names; one such name alone stays whole
    (LOCATIONS, (INH, "chimney rock park", "location")),
    (LOCATIONS, (INH, "biltmore estate", "location")),
    ("Prince and The Revolution is a band.", (INH, "prince and the revolution", "band")),
    (
        "In 1980, Echo and The Bunnymen were a new wave band.",
        (INH, "echo and the bunnymen", "wave band"),
    ),
    ("The states of Ohio, Indiana, and Illinois border the lake.", (INH, "indiana", "state")),
    # one place "of" which the noun names divisions stays so
    ("He toured the departments of Colombia in 1990.", (COMP, "colombia", "department")),
    (
        "He toured the departments of Colombia, the country he loved.",
        (COMP, "colombia", "department"),
    ),
]

ABSENT = [
    (LOCATIONS, (INH, "chimney rock park and the biltmore estate", "location")),
    # a list of names is no place whose divisions the plural names
    (DEFINITE, (COMP, "tokelau", "external territory")),
    # two nouns joined as subjects, or a pair of roles, are no one modifier
    ("Cats and dogs are pets.", (INH, "cat", "cat and dog")),
    ("Ann Lee is a singer and songwriter.", (INH, "ann lee", "singer and songwriter")),
    # two roles are no one field; before a role only a field English joins so
    (
        "John Doe was a deputy and campaign manager.",
        (INH, "john doe", "deputy and campaign manager"),
    ),
    ("The states of Ohio, Indiana, and Illinois border the lake.", (COMP, "ohio", "state")),
    (
        "Tom Hale was a sportswriter and sports editor.",
        (INH, "tom hale", "sportswriter and sports editor"),
    ),
    # an adjective pair is not a noun modifier
    ("Ann Lee is a French and Italian actress.", (INH, "ann lee", "french and italian actress")),
    # one name with a place that locates it is no list
    ("The counties of Hardin County, Ohio are small.", (INH, "ohio", "county")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_coordinated_modifiers_and_listed_places_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_field_or_member_from_other_coordinations(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)
