"""Forms of the thirty-fourth session. The sentences are written for these tests; "the album
Hybrid Theory", "Proteins called kinases", "Catherine the Great" and "television network
Seven" already held before the
session and guard that they still do.

- A noun for a standing a person holds ("champion", "queen", "veteran") is relational only
  when something relates it, an owner or an "of": "the American League champion Houston
  Astros" gives `houston astros ⊑ champion`, "the queen of Scotland, Mary," and "Her champion,
  Sir Lancelot," give nothing; nor does a person's standing said of a thing ("10-year veteran
  Soil Art Gallery"). "head" compounded to a role ranks it ("head coach John Smith").
- A lower-case work noun the tagger took for a name ("the [album]PROPN Meteora") still says
  what the name after it is.
- A spelled-out number after a noun for a numbered part counts, it names nothing ("in episode
  Twenty-Nine"); after other nouns it may be a name ("television network Seven").
- A noun whose members are kinds (a process, a disease, a dish) takes a lower-case term from a
  naming participle: "a process called photosynthesis" gives `photosynthesis ⊑ process`; a
  noun of single things does not ("a file called series", "a variable called count"). After
  "a style / form of" a bare noun, the term is a kind of that noun ("a form of jazz known as
  bebop" gives `bebop ⊑ jazz`, not an alias of jazz).
- Examples after a noun of descent "of" something are examples of the noun: "precursors of
  opera such as monody" gives `monody ⊑ precursor`, not `⊑ opera`.
- "e.g." / "for example" / "for instance" after a plural class noun (or its bracket or
  comma) lists members of it: "Many languages (e.g. Python, Ruby)", "several databases, for
  example PostgreSQL and MySQL"; not for a slot of code ("keyword arguments (e.g. Name, Value)")
  nor a situation ("in some cases (e.g. Windows)"), nor code ("searches (e.g. World.search(...),
  World.find(...))").
- A title listed after "including" or read off the words keeps no article ('"The Lutheran
  Hymnal"' is `lutheran hymnal`, as any quoted title is).
- Passive verbs of building ("was built / rebuilt / constructed as") put a named subject into
  the class their "as" names, as "was founded as" does; a purpose is no class ("as a
  precaution").
- A byname is part of the name ("Henry the Navigator", "Catherine the Great").
- A closed list of names after "such as" is read off the words where the parse broke it
  ("Composers such as Bach, Handel, and Mozart wrote fugues": the parse made Mozart the
  subject).
- A name right after a role noun that the parse made a second subject ("Songs by the poet
  [Anna Akhmatova]subj were set to music") or the subject of a clause on a verbless root noun
  with an object ("The poet [Anna Akhmatova wrote it]") is still the noun's; not a clause's
  only subject ("told the king Henry was dead") nor one with a gap ("The poet John admired").
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

INH, ALIAS = "inheritance", "alias"

FOUND = [
    (
        "The series was a playoff between the American League champion Houston Astros and "
        "the Dodgers.",
        (INH, "houston astros", "champion"),
    ),
    ("It was won by the defending champion Roger Federer.", (INH, "roger federer", "champion")),
    ("The current champion is Roger Federer.", (INH, "roger federer", "champion")),
    ("The team is led by head coach John Smith.", (INH, "john smith", "head coach")),
    ("In 2003 the band released the album Meteora.", (INH, "meteora", "album")),
    ("The song appeared on the album Hybrid Theory in 2000.", (INH, "hybrid theory", "album")),
    ("Plants use a process called photosynthesis.", (INH, "photosynthesis", "process")),
    ("This is done by a technique called memoization.", (INH, "memoization", "technique")),
    ("He suffered from a condition known as hypoxia.", (INH, "hypoxia", "condition")),
    ("It is caused by a protein called actin.", (INH, "actin", "protein")),
    ("He played a form of jazz known as bebop.", (INH, "bebop", "jazz")),
    ("It is a kind of sugar called fructose.", (INH, "fructose", "sugar")),
    ("Proteins called kinases add phosphate.", (INH, "kinase", "protein")),
    (
        "The early dramatic precursors of opera such as monody and the madrigal comedy are seen.",
        (INH, "monody", "precursor"),
    ),
    (
        "The expeditions began under the sponsorship of prince Henry the Navigator.",
        (INH, "henry the navigator", "prince"),
    ),
    ("Catherine the Great was an empress of Russia.", (INH, "catherine the great", "empress")),
    (
        "The show premiered on Australian television network Seven in 2006.",
        (INH, "seven", "television network"),
    ),
    (
        "Composers such as Bach, Handel, and Mozart wrote fugues.",
        (INH, "mozart", "composer"),
    ),
    ("Rivers such as the Rhine, the Main, and the Neckar flow north.", (INH, "neckar", "river")),
    ("Songs by the poet Anna Akhmatova were set to music.", (INH, "anna akhmatova", "poet")),
    ("The poet Anna Akhmatova wrote it.", (INH, "anna akhmatova", "poet")),
    ("Notre-Dame was built as a cathedral.", (INH, "notre-dame", "cathedral")),
    ("Many languages (e.g. Python, Ruby) use garbage collection.", (INH, "ruby", "language")),
    (
        "It supports several databases, for example PostgreSQL and MySQL.",
        (INH, "postgresql", "database"),
    ),
    ("Several file formats, e.g. JSON and YAML, are read.", (INH, "yaml", "file format")),
    ("The Colosseum was constructed as an amphitheatre.", (INH, "colosseum", "amphitheatre")),
]

ABSENT = [
    ("The queen of Scotland, Mary, died.", (INH, "mary", "queen")),
    ("Her champion, Sir Lancelot, won the fight.", (INH, "sir lancelot", "champion")),
    ("The current king of Spain is Felipe VI.", (INH, "felipe vi", "king")),
    ("His brother, John, died in 1990.", (INH, "john", "brother")),
    ("Its founder, John Smith, died in 1990.", (INH, "john smith", "founder")),
    ("Create a file called series in the folder.", (INH, "series", "file")),
    ("Define a variable called count.", (INH, "count", "variable")),
    ("Install a package called numpy.", (INH, "numpy", "package")),
    ("He played a form of jazz known as bebop.", (ALIAS, "bebop", "jazz")),
    ("He played a style of music known as bebop.", (ALIAS, "bebop", "music")),
    (
        "The early dramatic precursors of opera such as monody and the madrigal comedy are seen.",
        (INH, "monody", "opera"),
    ),
    ("Princess first appears in episode Twenty-Nine.", (INH, "twenty-nine", "episode")),
    ("He told the king Henry was dead.", (INH, "henry", "king")),
    ("The poet John admired.", (INH, "john", "poet")),
    ("Fort Boyd was built as a precaution.", (INH, "fort boyd", "precaution")),
    ("Use the keyword arguments (e.g. Name, Value) to set it.", (INH, "name", "keyword argument")),
    ("In some cases (e.g. Windows) the build fails.", (INH, "windows", "case")),
    (
        "It supports searches (e.g. World.search(...), World.find(...)).",
        (INH, "world.search", "search"),
    ),
    (
        "Seattle has galleries, including 10-year veteran Soil Art Gallery, and the newer Crawl "
        "Space Gallery.",
        (INH, "soil art gallery", "10-year veteran"),
    ),
    (
        'The Synod publishes hymnals, including "The Lutheran Hymnal" (1941), "Lutheran '
        'Worship" (1982), and "Lutheran Service Book" (2006).',
        (INH, "the lutheran hymnal", "hymnal"),
    ),
    (
        "The expeditions began under the sponsorship of prince Henry the Navigator.",
        (INH, "henry", "prince"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_standings_kind_terms_and_bynames_are_read(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "absent"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_related_standings_identifiers_and_numbers_give_nothing(spacy_nlp, text, absent) -> None:
    assert absent not in relations(spacy_nlp, text)


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations this session's changes added to the QA contexts, the two dev KBs and the
    other genres outside the gold, and two of the gold sentences' (docs/benchmarks.md §56),
    judged by the author and blind by two helpers (helper-140, helper-139). None finds any
    wrong. The author finds 21 correct, the helpers 12 and 13, calling a class label shorter
    than the text's misleading ("champion" for "NL champion", "precursor" for "precursor of
    opera", "o.c." for "The O.C.", "isolate" for "language isolate"); the helpers agree on 22
    of 23 rows, all three on 14. All call `incompatible class` misleading. Every row is still
    learned."""
    rows = judged_rows("judged_added_s34.jsonl")
    assert len(rows) == 23
    verdicts = [(r["verdict"], r["verdict_2"], r["verdict_3"]) for r in rows]
    assert not [v for v in verdicts if "incorrect" in v]
    assert sum(v[1] == v[2] for v in verdicts) == 22
    assert sum(v[0] == v[1] == v[2] for v in verdicts) == 14
    all_misleading = [
        r["a"] for r, v in zip(rows, verdicts, strict=True) if set(v) == {"misleading"}
    ]
    assert all_misleading == ["objectproperty", "annotation property"]
    assert unlearned(spacy_nlp, rows) == []
