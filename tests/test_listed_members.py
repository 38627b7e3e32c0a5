"""Members a sentence lists or singles out beyond "X is a B": a run of roles before a name
("English guitarist, composer and improvisor X"), a role one has turned from
("playwright-turned-director X"), two roles read as one's modifiers ("a singer and record
producer"), a principal member ("the main river", "the current champion"), names set off after
a counted plural with an "of" ("two former engineers of Acme, A and B"), an owned ranked
plural with its list of names ("Peru's main rivers are A and B"), a quoted title set off after
the whole a noun is "of" ("an episode of the crime drama, "The Wire""), and a title opening
with an adverb ("Live in Japan is an album"). Each shape has its counter-examples: people of
their own in a list, two clauses, a relational noun, an office of something, a member picked
out, a deictic opening, modifiers of a head that names no role. Two bracketed names too: the
members' plural after a long official name ("the Society of Jesus (Jesuits)") and a registry's
codes ("(IATA: LHR, ICAO: EGLL)"); not a place in brackets. And counted parts: "The diocese
has 20 parishes", "There are five summits in the group"; not people, amounts or tallies ("has
two sons", "has 20 titles", "300 deaths in the war"). The sentences are written for this
test."""

from __future__ import annotations

import pytest
from pattern_relations import judged_sample, relations

INH, ALIAS, COMP = "inheritance", "alias", "composition"

FOUND = [
    # every role of a run before a name, the parse joining the last one or none
    (
        "Salt Roads is a 1982 album by Danish guitarist, composer and improvisor Fred Harlow.",
        [(INH, "fred harlow", "guitarist"), (INH, "fred harlow", "composer")],
    ),
    (
        "The song was written by singer and actress Edda Fors.",
        [(INH, "edda fors", "singer"), (INH, "edda fors", "actress")],
    ),
    (
        "It featured bass player / vocalist Tom Hale.",
        [(INH, "tom hale", "bass player"), (INH, "tom hale", "vocalist")],
    ),
    (
        "It was directed by lawyer-turned-director Mira Cole.",
        [(INH, "mira cole", "lawyer"), (INH, "mira cole", "director")],
    ),
    # two roles the parse read as modifiers of the last one
    (
        "Kim Lee is a singer-songwriter and record producer.",
        [(INH, "kim lee", "singer-songwriter"), (INH, "kim lee", "record producer")],
    ),
    # a principal adjective singles a member out as a superlative does
    ("The Tarrow is the main river of Lunia.", [(INH, "tarrow", "river")]),
    (
        "The Boston Hawks and the Dallas Stars are the current league teams.",
        [(INH, "boston hawks", "team"), (INH, "dallas stars", "team")],
    ),
    # names set off after a counted plural whose "of" object the parse coordinated them with
    (
        "The firm was founded by two former engineers of Acme Corp, Jon Aske and Ola Berg.",
        [(INH, "jon aske", "engineer"), (INH, "ola berg", "engineer")],
    ),
    # an owned ranked plural with its names
    (
        "Lunia's main rivers are the Douro and the Tagus.",
        [(INH, "douro", "river"), (INH, "tagus", "river")],
    ),
    ("Lunia's largest city is Port Vela.", [(INH, "port vela", "city")]),
    # a quoted title set off after the whole a noun is "of"
    ('He appeared in an episode of the crime drama, "The Wire".', [(INH, "wire", "crime drama")]),
    # the members' plural after an official name; a registry's codes
    (
        "New orders arose, such as the Society of Jesus (Jesuits) and the Theatines.",
        [(ALIAS, "jesuits", "society of jesus")],
    ),
    (
        "Tarrow Regional Airport (IATA: TRW, ICAO: KTRW) is a public airport.",
        [(ALIAS, "tarrow regional airport", "trw"), (ALIAS, "ktrw", "tarrow regional airport")],
    ),
    # a counted plural of parts
    (
        "The deanery has 12 parishes and two chapels.",
        [(COMP, "deanery", "parish"), (COMP, "deanery", "chapel")],
    ),
    ("There are five summits in the range.", [(COMP, "range", "summit")]),
    # a title that opens with an adverb and a lower-case preposition
    ("Live in Berlin is a 1982 album by Fred Harlow.", [(INH, "live in berlin", "album")]),
]

ABSENT = [
    # people of their own in a list; two clauses joined by a comma and "and"
    ("Among them were a teacher, a farmer and singer Jon Aske.", (INH, "jon aske", "farmer")),
    ("He worked as a carpenter, and lawyer Jon Aske said so.", (INH, "jon aske", "carpenter")),
    # a relational noun before a name
    ("It stars his brother and manager Jon Aske.", (INH, "jon aske", "brother")),
    # a count that does not match: a list of owners
    (
        "It hired three engineers of Acme Corp, Jon Aske and Ola Berg.",
        (INH, "jon aske", "engineer"),
    ),
    ("It hired two sons of Per Vinge, Jon Aske and Ola Berg.", (INH, "jon aske", "son")),
    # an office of something, even with a principal adjective or an owner
    (
        "Ben Hale is a cricketer who is the current vice captain of the Lunia team.",
        (INH, "ben hale", "vice captain"),
    ),
    # a member picked out of the whole: the title is the member's
    (
        'It was the first of the Lune film series, "Salt Roads", to be made.',
        (INH, "salt roads", "film series"),
    ),
    # a place in brackets, a code with no registry's acronym
    (
        "The Battle of Hastings (Sussex) was fought in 1066.",
        (ALIAS, "battle of hastings", "sussex"),
    ),
    ("Tarrow Airport (see also: TRW) is small.", (ALIAS, "tarrow airport", "trw")),
    # modifiers coordinated before a head that names no role are modifiers
    ("Lake Tarrow is a bus and train station.", (INH, "lake tarrow", "bus")),
    # people, amounts and tallies are no parts
    ("The old farmer has two sons.", (COMP, "farmer", "son")),
    ("The club has 20 titles.", (COMP, "club", "title")),
    ("The estate has 300 acres.", (COMP, "estate", "acre")),
    ("There were 300 deaths in the war.", (COMP, "war", "death")),
    ("Lunia has three official languages.", (COMP, "lunia", "language")),
    # a deictic adverb opens no title
    ("Here in Tarrow is a museum.", (INH, "here in tarrow", "museum")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_listed_member_is_read(spacy_nlp, text: str, expected: list) -> None:
    found = relations(spacy_nlp, text)
    assert [t for t in expected if t not in found] == []


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_no_member_where_none_is_listed(spacy_nlp, text: str, absent: tuple) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_registry_code_is_no_foreign_name(spacy_nlp) -> None:
    """A registry's code is an alias of its own rule, not a name in another language."""
    found = relations(spacy_nlp, "Harlow Field (IATA: HRF, ICAO: KHRF) is an airport.")
    assert found[(ALIAS, "harlow field", "hrf")] == "registry-code"


def test_judged_additions_hold(spacy_nlp) -> None:
    """The 73 relations the eighteenth session's code added on the QA contexts, judged blind by
    three helpers (docs/benchmarks.md §40): 72 correct for two of them, all three marking the
    same one wrong ("Zimbabwe has 16 official languages": no parts). The wrong one stays
    mended; every correct one is still learned (or a parent that keeps more modifiers, as the
    gold benchmark counts it)."""
    rows, learned = judged_sample(spacy_nlp, "judged_added_s18.jsonl")
    assert len(rows) == 73 and sum(r["verdict"] == "correct" for r in rows) == 72
    assert all(r.get("mended") for r in rows if r["verdict"] == "wrong")
    assert not [r for r in learned if r["verdict"] == "wrong"]
    assert sum(r["verdict"] == "correct" for r in learned) == 72
