"""Guards of the thirty-sixth session on forms added in the thirty-fifth, from two reviews
that wrote sentences the rules read wrongly, and lists after a clause. The sentences are
written for these tests.

- A named place "features" its parts only when they are built or lie in a place (a zoo, a lake,
  platforms, a nave, burial mounds): a city's climate, a country's system of government, a
  film's effects, a series' costumes and a hall's concerts are none, whatever the tagger takes
  the name for ("Jurassic Park", "Madison Square Garden" are facilities to it, "Hyde Park" a
  person); no word with a common second sense ("a mild spring", "a talent pool").
- "featuring" set off after a copula speaks of the subject only when the copula calls it a
  place ("X is a public park ..., featuring Y", "X is one of the largest urban parks,
  featuring Y", "Epcot is a theme park ..., featuring"); not after "is home to a festival,
  featuring live bands" (the festival's), nor after a denied or a modal copula.
- A name that "includes the cities of A and B" has them as parts unless it names an event, a
  journey or an agreement ("The Treaty of Paris included the islands of ...", "The Grand Tour
  included the cities of ...") or a person, a work, a product, a law; an organisation's name
  may ("The Greater Toronto Area", "the Holy Roman Empire"; ``featuring.holds_places``).
- A possessive that opens a title is a word of it ("My Chemical Romance"), not when a word after
  it is a name of its own the possessive is no part of ("My Uncle Bob", "My Ford Mustang"), nor
  "your" (the reader's: "Your Google Account").
- "in" and a language end a bracketed name ("(often spelled Dvorak in English)").
- A list that a comma and "including" set off after a clause gives examples of the clause's
  counted plural when the parse hung it on the verb: its subject when the verb has no object
  ("Several instruments are used, including the violin and the cello"), or its object ("four
  albums in the 1990s, including Nevermind"); not when another plural stands between ("Many
  farmers grow crops in the valley, including wheat"), nor counted or person items ("Four people
  were injured, including two children").
- "other Bs ..., such as A" lists the Bs even inside a preposition's phrase ("similarities with
  other toccatas ..., such as BWV 538"), where a list after a comma otherwise belongs to the
  noun the phrase is on ("Compounds in many plants, such as caffeine").
- A bracket may name its language without a colon: "(in Greek Γoρδιoς)", "(in German Köln)"
  (a name in another script, or quoted), '(German for "Eastphalia University of Applied
  Sciences")' (a quoted, capitalised name of a body or an institution); not "(in French
  Guiana)" (a place), not a lower-case gloss ('(Latin for "voice of the people")'), not a
  translated band's name ('Kraftwerk (German for "Power Station")').
- A postpositive adjective the parse made the predicate noun is still the adjective when its
  "to" was read as an infinitive's ("a large crocodilian native [to]aux [freshwater]VERB
  habitats"): the class is the word before it.
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

COMP, INH, ALIAS = "composition", "inheritance", "alias"

FOUND = [
    (
        "Gordius (in Greek Γoρδιoς), a Cappadocian by birth, was the instrument of Mithridates.",
        (ALIAS, "gordius", "γoρδιoς"),
    ),
    ("Cologne (in German Köln) is a city on the Rhine.", (ALIAS, "cologne", "köln")),
    (
        'Ostfalia Hochschule (German for "Eastphalia University of Applied Sciences", known as '
        "Fachhochschule Braunschweig until 2009) is a university.",
        (ALIAS, "eastphalia university of applied sciences", "ostfalia hochschule"),
    ),
    ("Central Park features a zoo and a lake.", (COMP, "central park", "lake")),
    (
        "Union Station features two platforms and a ticket hall.",
        (COMP, "union station", "ticket hall"),
    ),
    (
        "Indian Mounds Regional Park is a public park in Saint Paul, featuring six burial mounds.",
        (COMP, "indian mounds regional park", "burial mound"),
    ),
    (
        "Greater Toronto includes the cities of Mississauga and Brampton.",
        (COMP, "greater toronto", "brampton"),
    ),
    ("The Austrian People's Party (ÖVP) is a party.", (ALIAS, "austrian people's party", "övp")),
    (
        "The Party of Democratic Action (SDA) is a party.",
        (ALIAS, "party of democratic action", "sda"),
    ),
    ("My Chemical Romance is an American rock band.", (INH, "my chemical romance", "rock band")),
    (
        "Antonín Dvořák (often spelled Dvorak in English) was a Czech composer.",
        (ALIAS, "antonín dvořák", "dvorak"),
    ),
    (
        "Several instruments are used, including the violin, the cello and the flute.",
        (INH, "cello", "instrument"),
    ),
    (
        "The band released four albums in the 1990s, including Nevermind.",
        (INH, "nevermind", "album"),
    ),
    (
        "The Nile crocodile is a large crocodilian native to freshwater habitats in Africa.",
        (INH, "nile crocodile", "crocodilian"),
    ),
]

ABSENT = [
    ("Cayenne (in French Guiana) is a town.", (ALIAS, "cayenne", "guiana")),
    ("Cayenne (in French Guiana) is a town.", (ALIAS, "cayenne", "french guiana")),
    (
        'Vox populi (Latin for "voice of the people") is a phrase.',
        (ALIAS, "voice of the people", "vox populi"),
    ),
    ("Phoenix features a hot desert climate.", (COMP, "phoenix", "hot desert climate")),
    ("Germany features a federal system.", (COMP, "germany", "federal system")),
    ("Jurassic Park features impressive special effects.", (COMP, "jurassic park", "effect")),
    ("Downton Abbey features lavish costumes.", (COMP, "downton abbey", "costume")),
    ("Madison Square Garden features concerts.", (COMP, "madison square garden", "concert")),
    (
        "Hyde Park is home to an annual music festival, featuring live bands.",
        (COMP, "hyde park", "live band"),
    ),
    (
        "Hyde Park is not a public park, featuring six burial mounds.",
        (COMP, "hyde park", "burial mound"),
    ),
    (
        "The Treaty of Paris included the islands of Cuba and Puerto Rico.",
        (COMP, "treaty of paris", "cuba"),
    ),
    ("The Grand Tour included the cities of Paris and Rome.", (COMP, "grand tour", "rome")),
    ("Kyoto features a mild spring.", (COMP, "kyoto", "mild spring")),
    ("Silicon Valley features a deep talent pool.", (COMP, "silicon valley", "talent pool")),
    (
        "Many farmers grow crops in the valley, including wheat and barley.",
        (INH, "wheat", "farmer"),
    ),
    (
        "Many musicians play instruments in the orchestra, including the violin.",
        (INH, "violin", "musician"),
    ),
    (
        "Compounds in many plants, such as caffeine and nicotine, act as pesticides.",
        (INH, "caffeine", "plant"),
    ),
    ("My Uncle Bob is a doctor.", (INH, "my uncle bob", "doctor")),
    ("My Ford Mustang is a classic car.", (INH, "my ford mustang", "car")),
    ("Your Google Account is a user account.", (INH, "your google account", "user account")),
    (
        "Antonín Dvořák (often spelled Dvorak in English) was a Czech composer.",
        (ALIAS, "antonín dvořák", "dvorak in english"),
    ),
    ("Four people were injured, including two children.", (INH, "child", "person")),
    ("Several players were signed, including the goalkeeper.", (INH, "goalkeeper", "player")),
    (
        "The Nile crocodile is a large crocodilian native to freshwater habitats in Africa.",
        (INH, "nile crocodile", "native"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_places_bodies_and_titles_still_give_their_relations(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_qualities_events_owned_names_and_other_letters_give_nothing(
    spacy_nlp, text, absent
) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added outside the gold (docs/benchmarks.md §58):
    two from the other genres ("Many Unicode properties are supported, including blocks and
    scripts") and one the HotpotQA KB changed (`bwv 538 ⊑ toccata`, was `⊑ similarity`), judged
    by the author and blind by a helper (helper-145): all three correct. Every row is still
    learned."""
    rows = judged_rows("judged_added_s36.jsonl")
    assert len(rows) == 3
    assert all(r["verdict"] == r["verdict_2"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
