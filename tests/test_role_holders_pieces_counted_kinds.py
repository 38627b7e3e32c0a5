"""Forms of the thirty-ninth session. The sentences are written for these tests.

- A definite noun for a post a person holds, as the subject of a copula whose predicate is a
  name, says the name holds the post ("The current mayor of Lindhaven is Maria Olsen", "The
  company's founder and current CEO is Anna Weiss"): a post is a class of its holders whoever
  it is of ("The journal's current editor is Mira Cole" was held to say nothing before this
  session; the gold sets disagree on it, one for and one against). A standing with an owner or
  an "of" still relates ("The current king of Norland is Olav Berg", "The winner of the third
  season was ...", as ``standing`` says); kin and other ties to a person ("His wife was Mary
  Lund") and membership ("The first member was Tomas Berg") are no posts; a hedged, negated or
  indefinite predicate says nothing, and a counted plural is the inverted-superlative rule's
  ("The two finalists were Harbour Rovers"). First names before a shared surname are no names
  alone ("Peter and Mary Lund").
- A post with no article set off after a person's name is held by the name ("Tomas Berg,
  president of the club, ..."; "then" may come first; a hyphened office keeps its words:
  "Governor-General"); not a place's ("Lindhaven, capital of the region"), not a tie ("Tomas
  Berg, son of the mayor", "Texas, leader of the oil industry").
- A quoted title right before a singular noun that names what it is is one of those ('the
  "Moon River" series', 'the band's own "Harbour" label'); a thing of the title is not ('the
  "Moon River" video', 'the "Moon River" cast'), nor a plural ('the "Big Three" labels').
- A piece of a named whole is a part of it and no class: "an arm of the Norland Sea", "the
  northern tip of Kell Island", "a branch of the Royal Navy", "a unit of the National Park
  System". Of a common noun the piece stays what it was ("a branch of mathematics").
- A counted plural before a colon and as many lower-case common nouns (three or more) that end
  the sentence: each is a kind of the plural ("four seasons: spring, summer, autumn and
  winter"). Two are not enough ("two arguments: key and value"), verbs are no kinds ("three
  modes: read, write and append"), and the count must match.
- Class nouns joined by slashes are each a class ("a TV producer/writer/composer", "a
  bookshop/cafe"): the parse made the first ones modifiers of the last.
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

COMP, INH = "composition", "inheritance"
OWNERS = "The owners of the hotel were Peter and Mary Lund."
GULF = "The Gulf of Lune, an arm of the Norland Sea, freezes in winter."

FOUND = [
    ("The current mayor of Lindhaven is Maria Olsen.", (INH, "maria olsen", "mayor")),
    ("The company's founder and current CEO is Anna Weiss.", (INH, "anna weiss", "founder")),
    ("The company's founder and current CEO is Anna Weiss.", (INH, "anna weiss", "ceo")),
    (
        "The current Representative from the district is Paul Young.",
        (INH, "paul young", "representative"),
    ),
    ("The founding editor-in-chief is Ruth Lane.", (INH, "ruth lane", "editor-in-chief")),
    ("The journal's current editor is Mira Cole.", (INH, "mira cole", "editor")),
    (OWNERS, (INH, "mary lund", "owner")),
    ("The current champions are the Harbour Hawks.", (INH, "harbour hawks", "champion")),
    (
        "The plan was approved by Tomas Berg, president of the club, in 1990.",
        (INH, "tomas berg", "president"),
    ),
    (
        "The order was signed by Paul Young, then Governor-General of Norland.",
        (INH, "paul young", "governor-general"),
    ),
    ('The "Moon River" series of novels sold well.', (INH, "moon river", "series")),
    ('The album came out on the band\'s own "Harbour" label.', (INH, "harbour", "label")),
    (GULF, (COMP, "norland sea", "gulf of lune")),
    ("Point Avery is the northern tip of Kell Island.", (COMP, "kell island", "point avery")),
    ("The Seventh Fleet is a branch of the Royal Navy.", (COMP, "royal navy", "seventh fleet")),
    (
        "Pine Lake Park is a unit of the National Park System.",
        (COMP, "national park system", "pine lake park"),
    ),
    (
        "The island knows four seasons: spring, summer, autumn and winter.",
        (INH, "autumn", "season"),
    ),
    (
        "The reserve protects three habitats: salt marsh, heath and woodland.",
        (INH, "salt marsh", "habitat"),
    ),
    ("Lena Holm is a Swedish radio producer/writer/composer.", (INH, "lena holm", "writer")),
    ("Lena Holm is a Swedish radio producer/writer/composer.", (INH, "lena holm", "composer")),
    (
        "The Corner House, a bookshop/cafe on the square, opened in 2015.",
        (INH, "corner house", "bookshop"),
    ),
]

ABSENT = [
    ("His wife was Mary Lund.", (INH, "mary lund", "wife")),
    ("The winner of the third season was Tomas Berg.", (INH, "tomas berg", "winner")),
    ("The current king of Norland is Olav Berg.", (INH, "olav berg", "king")),
    ("The two finalists were Harbour Rovers.", (INH, "harbour rovers", "finalist")),
    ("The first member was Tomas Berg.", (INH, "tomas berg", "member")),
    ("The mayor may be Maria Olsen.", (INH, "maria olsen", "mayor")),
    ("The mayor is not Maria Olsen.", (INH, "maria olsen", "mayor")),
    ("The mayor was once Maria Olsen.", (INH, "maria olsen", "mayor")),
    ("Texas, leader of the oil industry, grew fast.", (INH, "texas", "leader")),
    ("Point Avery is the northern tip of Kell Island.", (INH, "point avery", "tip")),
    (OWNERS, (INH, "peter", "owner")),
    ("Lindhaven, capital of the region, is large.", (INH, "lindhaven", "capital")),
    ("He met Tomas Berg, son of the mayor, in 1990.", (INH, "tomas berg", "son")),
    ("The quota for Tomas Berg, 40 editors, was met.", (INH, "tomas berg", "editor")),
    (
        "Lena Holm is a Swedish Actor, Fashion Model, TV presenter.",
        (INH, "fashion model", "tv presenter"),
    ),
    (GULF, (INH, "gulf of lune", "arm")),
    ('She starred in the "Moon River" video.', (INH, "moon river", "video")),
    ('She toured with the "Moon River" cast.', (INH, "moon river", "cast")),
    ('The "Big Three" labels grew.', (INH, "big three", "label")),
    ("Topology is a branch of mathematics.", (COMP, "mathematics", "topology")),
    ("The function takes two arguments: key and value.", (INH, "key", "argument")),
    ("The tool has three modes: read, write and append.", (INH, "append", "mode")),
    (
        "The island knows five seasons: spring, summer, autumn and winter.",
        (INH, "spring", "season"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_posts_pieces_and_counted_kinds_give_their_relations(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "unexpected"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_ties_hedges_pieces_of_kinds_and_short_lists_give_no_such_relation(
    spacy_nlp, text, unexpected
) -> None:
    assert unexpected not in relations(spacy_nlp, text)


def test_an_indefinite_holder_is_no_name(spacy_nlp) -> None:
    """ "The current champion is a local man": no name holds the post."""
    found = relations(spacy_nlp, "The current champion is a local man.")
    assert not [k for k in found if k[0] == INH and k[2] == "champion"]


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations the thirty-ninth session's code added outside the gold sets (QA contexts,
    other genres and the two QA KBs; compound heads left out), judged blind by a helper
    (helper-152, docs/benchmarks.md §61): all 53 correct; the 49 the final code still learns are
    kept, and every one of them is learned (four standings "of" something were dropped after the
    judging: "Tigranes, king of Armenia", "The winner of the fifth season was ...")."""
    rows = judged_rows("judged_added_s39.jsonl")
    assert len(rows) == 49 and all(r["verdict"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
