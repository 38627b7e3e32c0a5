"""Forms of the thirty-second session. The sentences are written for these tests.

- A list of quoted titles may hold an empty pair of quotes where the text lost a title (one in
  another script, stripped): 'His films include "", "Red Harbour" and "Blue Hills"'. The empty
  item neither ends nor breaks the list.
- A designation of one letter and a number of two digits or more names a thing ("the B-52",
  "the T-34", "the R27", "the A380"): a concept key, not junk. A letter with one digit stays junk
  ("A1", "Q2" are as often placeholders or labels), and so do exponents, indices, variables,
  versions and pages ("e-10", "n-1", "w12", "x10", "v10", "p15").
- A postpositive adjective ("native", "endemic") after a noun the tagger made its compound
  leaves that noun the class, also when the article hangs on the noun ("a bird endemic to New
  Zealand") and after "a species of" ("a species of butterfly endemic to Peru").
- A name in another language keeps no pronunciation ("Den Haag [dɛn ˈɦaːx]"), may follow the
  dates in the bracket ("(1866 – 1925; Chinese: 孫中山)") and may be labelled with two languages
  ("French and traditional English: Aix-la-Chapelle"); it names the whole title that opens the
  sentence ("Left Grouping of the Valencian Country (in Catalan: ...) was", where the tagger
  took "Left" for a verb). Two words inside one quoted title are no class noun and its name
  ('"Unione dei Lavoratori Liberi"' gave `lavoratori liberi ⊑ unione dei`).
- A collective noun that counts things ("series", "set", "range") with a lower-case noun before
  it names a kind of thing ("the championship series of the 2008 season", "a mountain range of
  the Andes"); its "of" is then no longer read as the class ("a television series of ABC" is a
  television series, not ABC). Bare, it still counts ("a series of crises").
- A noun made with "-ment" ("tournament", "monument") or a machine named like an agent
  ("destroyer", "bomber") is no agent noun: "the annual tournament held in Oslo" is a definite
  class, "a destroyer of the Royal Navy" a destroyer ("the organizer" is still a role, "a
  supporter of the Labour Party" still relates).
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

from lgm_rdf.nlp.concepts import junk_key

INH, ALIAS = "inheritance", "alias"

FOUND = [
    (
        'His films include "", "Red Harbour", "Blue Hills" and "Grey Morning".',
        (INH, "red harbour", "film"),
    ),
    (
        'His films include "", "Red Harbour", "Blue Hills" and "Grey Morning".',
        (INH, "grey morning", "film"),
    ),
    (
        'Her singles include "Paper Moon", "", "Glass River" and "Cold Light".',
        (INH, "glass river", "single"),
    ),
    (
        'Her films include "" (1999), "Blue Hills" (2001) and "Red Harbour" (2003).',
        (INH, "red harbour", "film"),
    ),
    ("The B-52 is a jet bomber.", (INH, "b-52", "jet bomber")),
    ("The R27 is a provincial route in South Africa.", (INH, "r27", "provincial route")),
    ("The kiwi is a bird endemic to New Zealand.", (INH, "kiwi", "bird")),
    (
        "Papilio rex is a species of butterfly endemic to Kenya.",
        (INH, "papilio rex", "butterfly"),
    ),
    (
        "The 2008 Cup Final was the championship series of the 2008 season.",
        (INH, "2008 cup final", "championship series"),
    ),
    (
        "The Cordillera Blanca is a mountain range of the Andes.",
        (INH, "cordillera blanca", "mountain range"),
    ),
    ("Lost Harbor is a television series of ABC.", (INH, "lost harbor", "television series")),
    ("The Nordic Cup is the annual tournament held in Oslo.", (INH, "nordic cup", "tournament")),
    ("HMS Corvid was a destroyer of the Royal Navy.", (INH, "hms corvid", "destroyer")),
    ("The Stone Arch is a monument of Verona.", (INH, "stone arch", "monument")),
    # a name in another language: with its pronunciation, after dates, under two languages
    ("Valdmark (Danish: Valdmarken [ˈvalmɑːkən]) is a town.", (ALIAS, "valdmark", "valdmarken")),
    (
        "Li Wei (3 May 1801 – 9 June 1870; Chinese: 李偉) was a poet.",
        (ALIAS, "li wei", "李偉"),
    ),
    (
        "Aldenburg (French and traditional English: Aude-la-Ville) is a city.",
        (ALIAS, "aldenburg", "aude-la-ville"),
    ),
    # a name after the dates and a comma, names parted by "/", a label of languages parted by
    # "/", a pronunciation with a bracket in it (found by the code review, helper-132)
    (
        "Ivan Petrov (9 May 1828 – 20 June 1910, Russian: Иван Петров) was a writer.",
        (ALIAS, "ivan petrov", "иван петров"),
    ),
    (
        "Veldra (German: Veldra; Italian: Veldo / Veldrona) is a town.",
        (ALIAS, "veldra", "veldrona"),
    ),
    ("Pressborg (Hungarian/German: Poszonyi) is a town.", (ALIAS, "poszonyi", "pressborg")),
    (
        "Nueva Ciudad (Spanish: Ciudad Nueva [sjuˈða(ð) ˈnweβa]) is a city.",
        (ALIAS, "ciudad nueva", "nueva ciudad"),
    ),
    # the whole title that opens the definition, though the tagger took "Left" for a verb
    (
        'Left Bank Union (in Catalan: "Unió de la Riba Esquerra") was a party founded in 1979.',
        (ALIAS, "left bank union", "unió de la riba esquerra"),
    ),
]

ABSENT = [
    # the "of" of a sorted collection is no class of its subject
    (
        "The Cordillera Blanca is a mountain range of the Andes.",
        (INH, "cordillera blanca", "andes"),
    ),
    ("Lost Harbor is a television series of ABC.", (INH, "lost harbor", "abc")),
    ("The kiwi is a bird endemic to New Zealand.", (INH, "kiwi", "bird endemic")),
    # a role in some event, and agents "of" a name, as before
    ("Smith was the organizer.", (INH, "smith", "organizer")),
    ("Tom Reed is a supporter of the Labour Party.", (INH, "tom reed", "supporter")),
    ("Ann Moss is a resident of Verona.", (INH, "ann moss", "resident")),
    # found by the code review (helper-132): amounts, indices and variables, abstract bodies,
    # a bare "-ment" noun in its context, a generic whole, slashes between names
    ("Normal is a temperature range of 36 to 37 degrees.", (INH, "normal", "temperature range")),
    ("w12 is a weight between units 1 and 2.", (INH, "w12", "weight")),
    ("The a-1 is an inverse element.", (INH, "a-1", "inverse element")),
    ("Brexit was the moment that changed Britain.", (INH, "brexit", "moment")),
    ("The Beatles were the entertainment at the party.", (INH, "beatles", "entertainment")),
    (
        "Wuthering Heights is a union of romance and gothic horror.",
        ("composition", "wuthering heights", "romance"),
    ),
    ("The Act of Union was a union of the crowns.", ("composition", "act of union", "crown")),
    (
        "Mount Kora is part of a mountain range of the Andes.",
        ("composition", "mountain range", "mount kora"),
    ),
    (
        "Veldra (Serbo-Croatian: Veldra / Велдра / Veldrosna) is a town.",
        (ALIAS, "veldra", "veldra / велдра / veldrosna"),
    ),
    # two words of one quoted title are no class and its member
    (
        'Free Workers Union (in Italian: "Unione dei Lavoratori Liberi") was a trade union.',
        (INH, "lavoratori liberi", "unione dei"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_codes_collections_and_lists_with_lost_titles_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_what_an_of_or_a_role_says_is_still_no_class(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_a_bare_series_of_things_still_counts(spacy_nlp) -> None:
    """ "a series of crises": an amount of crises, no class of the subject at all."""
    found = relations(spacy_nlp, "The Suez affair was a series of crises.")
    assert not [key for key in found if key[0] == INH]


@pytest.mark.parametrize(
    "text",
    [
        "Ulm (population: 120,000) is a city.",
        "John Smith (born 1950, Leeds: England) is a writer.",
        "Ulm (the official name: Ulmstadt) is a city.",
        "Ulm (German and French: official) is a city.",
    ],
)
def test_a_bracket_label_that_is_no_language_gives_no_alias(spacy_nlp, text) -> None:
    assert not [key for key in relations(spacy_nlp, text) if key[0] == ALIAS]


@pytest.mark.parametrize("key", ["b-52", "t-34", "p-51", "r27", "a380", "f-16", "c99", "g20"])
def test_letter_number_designations_are_concepts(key: str) -> None:
    assert not junk_key(key)


@pytest.mark.parametrize(
    "key",
    [
        "a1",
        "q2",
        "s3",
        "v10",
        "v2",
        "p15",
        "x",
        "42",
        "p15-1034",
        "w12",
        "x10",
        "e-10",
        "n-1",
        "t-1",
    ],
)
def test_placeholders_versions_pages_and_indices_stay_junk(key: str) -> None:
    assert junk_key(key)


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added to the two dev KBs and to the other genres
    beyond what they learned before and beyond the gold's (docs/benchmarks.md §54), judged blind
    by three helpers (helper-133, -134, -135, who agree on every row): twelve correct, all still
    learned; three misleading — the ministry's damaged label (a stop without a space in the
    source) and two vague classes ("disjoint segment ⊑ segment", "c99 ⊑ revision")."""
    rows = judged_rows("judged_added_s32.jsonl")
    assert len(rows) == 15
    both = [r for r in rows if r["verdict"] == r["verdict_2"] == r["verdict_3"] == "correct"]
    assert len(both) == 12
    doubted = sorted((r["a"], r["b"]) for r in rows if r not in both)
    assert doubted == [
        ("c99", "revision"),
        ("disjoint segment", "segment"),
        (
            "ministry of national heritage & integration.renowned",
            "national language promotion department",
        ),
    ]
    assert unlearned(spacy_nlp, both) == []
