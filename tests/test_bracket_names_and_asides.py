"""Forms of the thirty-fifth session. The sentences are written for these tests; "(also known
as Jon Smyth, born 1950)", "Hill House (formerly called Smith College)", "Two other Rose Law Firm
partners, Vince Foster and Webb Hubbell,", "his two sons, A, B and C" and Babe Ruth's class
held before the session and guard that they still do.

- A naming phrase in brackets after a name gives an alias whatever adverb opens it
  ("sometimes", "occasionally", "recently"), with "referred to as", "spelled" (alone or with
  "as"), "romanized" / "transliterated" and "a.k.a." as well as "known as", "called" and
  "aka"; the name ends at a comma before a date as before a lower-case word ("(sometimes
  spelled Lo Wai, 12 December 1918 – 1996)"). "from" and a place end the name only when the
  place is a country or a town ("(aka Monster from Mars)" keeps its title whole).
- A counted plural set off before a list of names the parse broke is read off the words when
  the count matches ("three Canadian provinces, British Columbia, Alberta, and Saskatchewan,");
  not when it does not, nor after a relation owned or "of" something ("his two sons, ...").
- A capitalised possessive pronoun that opens a name is a word of it ("My Chemical Romance is
  a band", "Our Lady of the Snows is a church"): the name is a subject like any other; not "My
  father", "My Paris apartment" (a common noun), nor "My John" (a person someone calls theirs);
  narrowed in session 36 (``test_places_titles_and_clause_lists``).
- An acronym in brackets after the English name of a body (a party, a union, an agency) that
  its letters do not spell is the acronym of the body's name in its own language ("the Austrian
  People's Party (ÖVP)", "the Social Democratic Party of Germany (SPD)"): another name of it
  (rule ``foreign-acronym``); not a place ("the Labour Party (UK)"), not letters that share no
  initial with the name, not after a name of no body ("Scuderia Ferrari (ITA)").
- "part of" set off after a name, with "a" or no article, makes the name a part of the whole,
  as the copula does ("Lomma, part of Skåne County, is a town"); not "the part of X nearest
  the sea" (one part picked out). A name the parse hung on a definite whole as a modifier is
  part of the whole's name ("the [Malmö]nmod metropolitan area").
- A name of a place that "includes", "contains" or "comprises" "the cities / towns / islands
  of" names has those places as parts ("Greater Manchester includes the towns of Bolton and
  Wigan"); not a common noun ("The district comprises the villages of ..." says nothing of
  districts) nor a person, an event or a work (since session 36 also no treaty or tour).
- A named place or structure that "features" common things has them as parts ("Central Park
  features a zoo and a lake"; rule `feature`, `featuring.py`); not people or roles ("features
  Tom Hanks", "a rapper"), not a common noun's or a pronoun's, and not a work's ("The Soundhouse
  Tapes ... features the first recordings": works and shows feature guests and voices more
  often than parts, and the KBs showed it). Its participle set off after a copula's clause
  speaks of the copula's subject ("X is a public park in Saint Paul, featuring six burial
  mounds"); after another verb it speaks of that verb's object, not its subject. Since session
  36 only built or natural things are parts, and the copula must call the subject a place.
- A quoted title that is a clause breaks the parse: a verb inside it may become the root and the
  clause before it a report hung on it ('played guitar on the track "[Help]ROOT Me" and
  sang'); that is no report, and the class noun before the title still names its class. A
  participle before a work noun is a modifier like an adjective ("his [hit]VERB single").
- A participle set off after a name that the parse made the subject of the copula
  ("George Herman Ruth (born 1895), [nicknamed]csubj the Bambino, was") leaves the name the
  copula's subject: the class and the nickname are both the name's.
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

INH, ALIAS = "inheritance", "alias"


def _alias(a: str, b: str) -> tuple[str, str, str]:
    return (ALIAS, min(a, b), max(a, b))


FOUND = [
    (
        "Wonderful World (often referred to as Wonderful Life) is a song by Sam Cooke.",
        _alias("wonderful world", "wonderful life"),
    ),
    (
        "Robot Monster (a.k.a. Monster from Mars) is a 1953 science fiction film.",
        _alias("robot monster", "monster from mars"),
    ),
    (
        "Robot Monster (aka Monster from Mars) is a 1953 science fiction film.",
        _alias("robot monster", "monster from mars"),
    ),
    (
        "Lo Wei (sometimes spelled Lo Wai, 12 December 1918 – 20 January 1996) was a Hong Kong "
        "film director.",
        _alias("lo wei", "lo wai"),
    ),
    ("John Smith (also spelled Jon Smyth) was a Scottish poet.", _alias("john smith", "jon smyth")),
    (
        "The city is bisected by the North Canadian River (recently renamed the Oklahoma River "
        "inside city limits).",
        _alias("north canadian river", "oklahoma river"),
    ),
    (
        "Chongqing (also romanized as Chungking) is a city in China.",
        _alias("chongqing", "chungking"),
    ),
    (
        "John Smith (also known as Jon Smyth, born 1950) is a Scottish poet.",
        _alias("john smith", "jon smyth"),
    ),
    (
        "Hill House (formerly called Smith College) was founded in 1900.",
        _alias("hill house", "smith college"),
    ),
    (
        "Wyoming is to the south, and three Canadian provinces, British Columbia, Alberta, and "
        "Saskatchewan, are to the north.",
        (INH, "saskatchewan", "province"),
    ),
    (
        "Three provinces, British Columbia, Alberta, and Saskatchewan, border the state.",
        (INH, "alberta", "province"),
    ),
    (
        "Two other Rose Law Firm partners, Vince Foster and Webb Hubbell, joined the firm.",
        (INH, "webb hubbell", "rose law firm partner"),
    ),
    (
        "George Herman Ruth (born February 6, 1895), nicknamed the Bambino, was an American "
        "baseball player.",
        (INH, "george herman ruth", "baseball player"),
    ),
    (
        "George Herman Ruth (born February 6, 1895), nicknamed the Bambino, was an American "
        "baseball player.",
        _alias("george herman ruth", "bambino"),
    ),
    ("My Chemical Romance is an American rock band.", (INH, "my chemical romance", "rock band")),
    ("Our Lady of the Snows is a church in Rome.", (INH, "our lady of the snows", "church")),
    ('He played guitar on the track "Help Me" and sang.', (INH, "help me", "track")),
    (
        "The Austrian People's Party (ÖVP) won the election.",
        _alias("austrian people's party", "övp"),
    ),
    (
        "The Social Democratic Party of Germany (SPD) won the election.",
        _alias("social democratic party of germany", "spd"),
    ),
    ("The United Nations (UN) met in New York.", _alias("united nations", "un")),
    ("Lomma, part of Skåne County, is a town.", ("composition", "skåne county", "lomma")),
    ("Lomma, a part of Skåne County, is a town.", ("composition", "skåne county", "lomma")),
    (
        "Lomma is part of the Malmö metropolitan area.",
        ("composition", "malmö metropolitan area", "lomma"),
    ),
    ("The cornea is part of the eye.", ("composition", "eye", "cornea")),
    (
        "Greater Manchester includes the towns of Bolton and Wigan.",
        ("composition", "greater manchester", "wigan"),
    ),
    ("Ohio includes the cities of Columbus and Cleveland.", ("composition", "ohio", "columbus")),
    ("Central Park features a zoo and a lake.", ("composition", "central park", "lake")),
    (
        "Indian Mounds Regional Park is a public park in Saint Paul, Minnesota, featuring six "
        "burial mounds.",
        ("composition", "indian mounds regional park", "burial mound"),
    ),
    ('His hit single "Come Back To Me" topped the chart.', (INH, "come back to me", "single")),
]

ABSENT = [
    ("The film features Tom Hanks as a lawyer.", ("composition", "film", "tom hanks")),
    (  # a work "features" people and guests more often than parts: only places are read
        "The Soundhouse Tapes is the debut EP by Iron Maiden, and features the first recordings "
        "by the band.",
        ("composition", "soundhouse tapes", "recording"),
    ),
    ("I Wanna Rock features rapper Snoop Dogg.", ("composition", "i wanna rock", "rapper")),
    ("Hyde Park features a lake and a rapper.", ("composition", "hyde park", "rapper")),
    (
        "Phoenix has a desert climate. It features long hot summers and mild winters.",
        ("composition", "phoenix", "summer"),
    ),
    ("The park features six burial mounds.", ("composition", "park", "burial mound")),
    (
        "Smith released an album, featuring guest vocals by Jay-Z.",
        ("composition", "smith", "guest vocal"),
    ),
    (  # a table row of area codes (MuSiQue); "Southwestern part of Ohio" is no apposition
        "440 1997 Part of Northeast Ohio including parts of Cleveland (August 16, 1997) 513 1947 "
        "Southwest Ohio including Cincinnati (October, 1947) 567 1947 Northwest and north "
        "central Ohio including Toledo, Sandusky, and Ashland, overlay with 419 (January 1, "
        "2002) 614 1947 Columbus (October, 1947) 740 1997 Central and southeastern Ohio except "
        "Columbus (December 6, 1997) 220 1997 Central and southeastern Ohio except Columbus "
        "(December 6, 1997) 937 Southwestern part of Ohio including Springfield, Dayton, public "
        "parts of Wright - Patterson Air Force Base, and areas north of Cincinnati (September "
        "28, 1996)",
        ("composition", "ohio", "440 1997 part of northeast ohio"),
    ),
    (
        "The district comprises the villages of Ashby, Barton and Carver.",
        ("composition", "district", "ashby"),
    ),
    (
        "Napoleon's empire included the cities of Paris and Rome.",
        ("composition", "napoleon", "paris"),
    ),
    (
        "Kevin Durant plays for the Golden State Warriors of the National Basketball Association "
        "(NBA).",
        _alias("golden state warriors of the national basketball association", "nba"),
    ),
    (
        "Lomma, the part of Skåne County nearest the sea, is a town.",
        ("composition", "skåne county", "lomma"),
    ),
    ("The Labour Party (UK) won the election.", _alias("labour party", "uk")),
    ("The team finished behind Scuderia Ferrari (ITA) in 1990.", _alias("ita", "scuderia ferrari")),
    ("The Fiat Motor Group (XYZ) was sold.", _alias("fiat motor group", "xyz")),
    ('He did not sing on the track "Help Me".', (INH, "help me", "track")),
    ('Critics said he played on the track "Help Me".', (INH, "help me", "track")),
    ("My father is a doctor.", (INH, "father", "doctor")),
    ("My John is a doctor.", (INH, "my john", "doctor")),
    ("My Paris apartment is a small flat.", (INH, "my paris apartment", "flat")),
    ("Gdansk (now Gdańsk in Poland) was a city.", _alias("gdansk", "gdańsk in poland")),
    ("Paris (or London) is a good place to start.", _alias("paris", "london")),
    (
        "The hall (often called the finest in Europe) is in Vienna.",
        _alias("hall", "finest in europe"),
    ),
    ("His two sons, John, Paul and Mark, live here.", (INH, "paul", "son")),
    (
        "Three provinces, Alberta and Saskatchewan, border the state.",
        (INH, "alberta", "province"),
    ),
    (
        "Smith (born 1950), who was nicknamed the Bambino, is a player.",
        _alias("bambino", "who"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_bracketed_names_broken_lists_and_asides_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_places_alternatives_and_uncounted_lists_give_nothing(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added to the QA contexts, the two dev KBs and the
    other genres outside the gold (docs/benchmarks.md §57), judged by the author and blind by
    two helpers (helper-141, helper-142): all three find 15 correct and 2 misleading, none
    wrong. The misleading two: "the North Canadian River (recently renamed the Oklahoma River
    inside city limits)" names only a stretch of the river, and "The town is part of the
    Charleston metropolitan area" gives the generic `town` as the part. Every row is still
    learned."""
    rows = judged_rows("judged_added_s35.jsonl")
    assert len(rows) == 17
    verdicts = [(r["verdict"], r["verdict_2"], r["verdict_3"]) for r in rows]
    assert all(v[0] == v[1] == v[2] for v in verdicts)
    misleading = [r["a"] for r, v in zip(rows, verdicts, strict=True) if v[0] == "misleading"]
    assert misleading == ["north canadian river", "charleston metropolitan area"]
    assert not [v for v in verdicts if "incorrect" in v]
    assert unlearned(spacy_nlp, rows) == []
