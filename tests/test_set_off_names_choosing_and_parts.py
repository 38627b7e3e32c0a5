"""Forms of the thirty-third session. The sentences are written for these tests; the
examples of bare "of" objects ("types of cheese", "fans of music", "cases of cancer") and the
counted parts without names already held before the session and guard that they still do.

- A one-word name the tagger took for a plural common noun ("Leeds", "Scots") set off after a
  class noun is still a name: "A 74th language, Scots, was announced" gives `scots ⊑ language`.
- Passive verbs of choosing ("was selected / chosen / nominated as") and an object-less
  "opened / reopened as" put a named subject into the class their "as" names; a purpose ("as a
  compromise", "as a result of") names no class, and "opened its doors as" has an object.
- The name after a class noun may not be a people ("The largest minority, Hungarians,").
- "forerunners of the piano such as the clavichord": "such as" after a definite singular "of"
  object lists the plural it hangs on (a bare singular may have examples: "fans of music such
  as jazz" lists music).
- A capitalised name spelled again in brackets with accents ("Krakow (Kraków)") is an alias;
  common words are other words ("rose (rosé)").
- "X has two parts, A and B": as many names as the count says, set off after a counted word for
  parts, are parts of X ("two modes", "two official languages" are no parts); "part" itself is
  no part ("is divided into two parts, A and B").
- An empty bracket left in the text ("Funchal () is", "Lake Bled (, ) is") is not shown to the
  parser, so the name before it stays a name; the sentence keeps its text as written.
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

from lgm_rdf.nlp.debris import strip_debris

INH, ALIAS, COMP = "inheritance", "alias", "composition"

FOUND = [
    ("A 74th language, Scots, was announced in June.", (INH, "scots", "language")),
    ("Its largest city, Leeds, lies on the river.", (INH, "leeds", "city")),
    ("Tokyo was selected as the host city in 2013.", (INH, "tokyo", "host city")),
    ("Jane Moss was nominated as a candidate in 1990.", (INH, "jane moss", "candidate")),
    ("The Palace reopened in 2001 as a museum.", (INH, "palace", "museum")),
    (
        "The Science Museum opened in 1987 as a museum of science.",
        (INH, "science museum", "museum"),
    ),
    (
        "Forerunners of the piano such as the clavichord were common.",
        (INH, "clavichord", "forerunner"),
    ),
    ("Types of cheese such as brie are soft.", (INH, "brie", "cheese")),
    ("Fans of music such as jazz filled the hall.", (INH, "jazz", "music")),
    ("Cases of cancer such as melanoma are rising.", (INH, "melanoma", "cancer")),
    ("The package has two modules, Core and Extras.", (COMP, "package", "extras")),
    ("Krakow (Kraków) is a city in Poland.", (ALIAS, "krakow", "kraków")),
    ("He moved to Malmo (Malmö, Sweden) in 1990.", (ALIAS, "malmo", "malmö")),
    ("The framework has two parts, Core and Extensions.", (COMP, "framework", "core")),
    ("The framework has two parts, Core and Extensions.", (COMP, "framework", "extensions")),
    ("The city has two airports, Heathrow and Gatwick.", (COMP, "city", "airport")),
    (
        "The island is divided into two parts, North Island and South Island.",
        (COMP, "island", "north island"),
    ),
    ("Funchal () is the largest city in Madeira.", (INH, "funchal", "city")),
    (
        "Funchal (] ) is the largest city, the municipal seat and the capital of Madeira.",
        (INH, "funchal", "municipal seat"),
    ),
]

ABSENT = [
    ("Forerunners of the piano such as the clavichord were common.", (INH, "clavichord", "piano")),
    ("Smith was chosen as a result of the vote.", (INH, "smith", "result")),
    ("The Grand Hotel opened its doors as a hotel in 1900.", (INH, "grand hotel", "hotel")),
    (
        "The island is divided into two parts, North Island and South Island.",
        (COMP, "island", "part"),
    ),
    ("The city has three airports, Heathrow and Gatwick.", (COMP, "city", "heathrow")),
    ("He has two sons, John and Paul.", (COMP, "he", "john")),
    ("The tool has two modes, Interactive and Batch.", (COMP, "tool", "interactive")),
    ("The country has two official languages, English and French.", (COMP, "country", "english")),
    ("The island has two parts, North and South, and a ridge.", (COMP, "island", "north")),
    ("Berlin was chosen as a compromise in 1990.", (INH, "berlin", "compromise")),
    ("Lopez was selected as a precaution.", (INH, "lopez", "precaution")),
    ("The largest minority, Hungarians, live in the north.", (INH, "hungarian", "minority")),
    ("The wine is a rose (rosé) from Provence.", (ALIAS, "rose", "rosé")),
    ("Send your resume (résumé) to Ann Moss.", (ALIAS, "resume", "résumé")),
    ("The club has two members, Smith and Jones.", (COMP, "club", "smith")),
    ("Use width() to measure the string.", (INH, "width", "string")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_set_off_names_choices_and_named_parts_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_wrong_hosts_idioms_and_uncounted_names_give_nothing(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_a_plain_spelling_in_brackets_is_no_alias(spacy_nlp) -> None:
    """The same letters without marks, or other words, are no respelling."""
    for text in ("Paris (Paris) is a city.", "Ulm (Danube) is a city."):
        assert not [k for k in relations(spacy_nlp, text) if k[0] == ALIAS]


def test_strip_debris_maps_every_character_back() -> None:
    text = "Funchal () is a city of Madeira (; ). Call width() now (, ). Bled (] ) is."
    compact, where = strip_debris(text)
    assert compact == "Funchal is a city of Madeira. Call width() now (, ). Bled is."
    assert where is not None and len(where) == len(compact) + 1
    assert all(text[where[k]] == ch for k, ch in enumerate(compact))
    assert strip_debris("No bracket here.") == ("No bracket here.", None)


@pytest.mark.parametrize(
    "text", ["Call foo ( ) now.", "Arrays print as ( ) here.", "The (*) mark.", "See width() now."]
)
def test_brackets_of_code_and_symbols_are_no_debris(text: str) -> None:
    assert strip_debris(text) == (text, None)


def test_sentences_keep_their_text_and_offsets_past_an_empty_bracket(spacy_nlp) -> None:
    text = "Funchal () is the largest city of Madeira (; ). It faces Porto Santo ()."
    sentences = spacy_nlp.parse(text).sentences
    assert [s.text for s in sentences] == [
        "Funchal () is the largest city of Madeira (; ).",
        "It faces Porto Santo ().",
    ]
    for s in sentences:
        assert text[s.start : s.end] == s.text
        assert all(s.text[t.start : t.end] == t.text for t in s.tokens)
    assert "(" not in [t.text for s in sentences for t in s.tokens]
    presplit = spacy_nlp.parse_presplit(["Lake Bled (, ) is a lake.", "Ulm is a city."])
    assert [s.text for s in presplit.sentences] == ["Lake Bled (, ) is a lake.", "Ulm is a city."]
    assert presplit.sentences[1].start == len("Lake Bled (, ) is a lake.") + 1
    assert "(" not in [t.text for t in presplit.sentences[0].tokens]


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added to the two dev KBs, the QA contexts and the
    other genres outside the gold (docs/benchmarks.md §55), judged blind by two helpers
    (helper-137, helper-138) who agree with each other and with the author on every row: seven
    correct, all still learned; one misleading — "Exaggerators", an other name of the
    Hébertists, became the singular `exaggerator` once the empty bracket after it was no longer
    parsed (the tagger then read a plural common noun)."""
    rows = judged_rows("judged_added_s33.jsonl")
    assert len(rows) == 8
    assert all(r["verdict"] == r["verdict_2"] == r["verdict_3"] for r in rows)
    right = [r for r in rows if r["verdict"] == "correct"]
    assert len(right) == 7
    assert [(r["a"], r["b"]) for r in rows if r not in right] == [
        ("exaggerator", "political group")
    ]
    assert unlearned(spacy_nlp, right) == []
