"""Forms of the fortieth session. The sentences are written for these tests (one is a read set's).

- "X was among the Bs" says what "X was one of the Bs" says (a superlative picks its class the
  same way: "among the largest towns"); not negated, not "among the first", not "among them",
  and only for a noun a word or clause of its own narrows ("among the trees" may say where).
- Names listed between a pair of dashes after a definite or counted plural class noun are its
  members ("Three painters – A, B and C – founded", "Some of the poets of the Norland Revival -
  A, B and C - wrote"), read off the words; not after a relation ("His two sons — John and Paul
  —"), and only when both dashes are there.
- A relation to a venture written bare before a name is a title ("series co-creators A and B",
  "named after founder Erik Dahl"); owned or "of" something it still relates ("Its founder,
  Erik Dahl,", "the co-founder of Acme").
- "A succeeded / replaced B as head coach": B held the post too; not a cause ("as a result"),
  and not where two posts pair with two names ("B as head coach and C as captain").
- "(or Y)" after a name is another name of it when the two share two words; one shared word
  is an alternative ("Oxford University (or Cambridge University)"), and so is a number
  ("Windows 10 (or Windows 11)").
- Class extents: "ex-" puts a class in the past as "former" does ("an ex-football player" is a
  `football player`); a rank the tagger reads as an adjective stays ("an assistant coach", "an
  associate professor"); "the least populous of" ranks as "the most populous of" does.
- A named place's possessive lists its divisions ("Canada's provinces"); not islands ("New
  Zealand's smaller islands"), nor an owner that is no place.
- "known by the name of Pampa" names as "known by the name Pampa" does; "blues" is no plural
  of "blue"; "Gordius, a Cappadocian by birth," is one, as "Gordius was a Cappadocian" is.
- Lists the parse broke are read off the words: a subject list of names, each with a bracket,
  up to its verb ("A (137–119 BC), B (67–111) and C (604–614) were among the rulers": the
  sentence is blind_qa7's, a read set, where the parse hangs B elsewhere); a predicate list
  after "Other Bs are" or a ranked plural; "(also known as A or B)" is two names; a bracket
  labelled "former names:" lists names; a vague count ("several agencies:") before a colon
  and names; a name the parse split in two ("a party named [Norland]oprd [Together]oprd").
- "the sunniest town" ranks as "the largest town" does (a superlative the tagger missed).
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

ALIAS, COMP, INH = "alias", "composition", "inheritance"
THREE = "Three painters – Anna Holm, Erik Dahl and Nils Berg – founded the school."
POETS = (
    "Some of the poets of the Norland Revival - Anna Holm, Erik Dahl and Nils Berg - wrote in"
    " dialect."
)
STYLES = "Her radio show plays styles such as reggae, blues and jazz."
RULERS = (
    "Saddha Tissa (137–119 BC), Mahaculi Mahatissa (77–63 BC), Vasabha (67–111) and"
    " Aggabodhi II (604–614) were among the rulers who held sway over the entire country."
)
KELL = "Kell (also known as Kellby or Kelltown) is a village in Norland."
MARROW = "Marrow (former names: Marrowby, Marrowtown, or Marrowdale) is a town in Norland."
AGENCIES = (
    "The relief effort involved several agencies: the Norland Relief Office, the Coastal Aid"
    " Board and the Harbour Trust."
)

FOUND = [
    ("Olav Lund was among the rulers who held the northern valleys.", (INH, "olav lund", "ruler")),
    ("Kell and Marrow were among the largest towns in the valley.", (INH, "marrow", "town")),
    (THREE, (INH, "anna holm", "painter")),
    (THREE, (INH, "nils berg", "painter")),
    (POETS, (INH, "erik dahl", "poet")),
    (POETS, (INH, "nils berg", "poet")),
    (
        "The show was written by series co-creators Anna Holm and Erik Dahl.",
        (INH, "erik dahl", "co-creator"),
    ),
    ("The town is named after founder Erik Dahl.", (INH, "erik dahl", "founder")),
    ("Anna Holm succeeded Erik Dahl as head coach in 1990.", (INH, "erik dahl", "head coach")),
    ("Anna Holm replaced Erik Dahl as captain.", (INH, "erik dahl", "captain")),
    (
        "He worked at the Ministry of Coastal Affairs (or Coastal Affairs Office) for ten years.",
        (ALIAS, "coastal affairs office", "ministry of coastal affairs"),
    ),
    ("Erik Dahl is an ex-football player.", (INH, "erik dahl", "football player")),
    ("Anna Holm was an assistant coach.", (INH, "anna holm", "assistant coach")),
    (
        "Erik Dahl is an associate professor at Lund University.",
        (INH, "erik dahl", "associate professor"),
    ),
    ("Kell is the least populous of the three towns.", (INH, "kell", "town")),
    ("Most of Canada's provinces border the United States.", (COMP, "canada", "province")),
    ("The Tana River was known by the name of Pampa.", (ALIAS, "pampa", "tana river")),
    (STYLES, (INH, "blues", "style")),
    ("Gordius, a Cappadocian by birth, served the king.", (INH, "gordius", "cappadocian")),
    (RULERS, (INH, "vasabha", "ruler")),
    (RULERS, (INH, "aggabodhi ii", "ruler")),
    (KELL, (ALIAS, "kell", "kellby")),
    (KELL, (ALIAS, "kell", "kelltown")),
    (MARROW, (ALIAS, "marrow", "marrowby")),
    (MARROW, (ALIAS, "marrow", "marrowdale")),
    ("The sunniest town is Kell.", (INH, "kell", "town")),
    (AGENCIES, (INH, "coastal aid board", "agency")),
    (AGENCIES, (INH, "harbour trust", "agency")),
    (
        "Other minority languages of the region are Hindi, Telugu and Urdu.",
        (INH, "telugu", "minority language"),
    ),
    ("He joined a new party named Norland Together.", (INH, "norland together", "party")),
    (
        "3 painters – Anna Holm, Erik Dahl and Nils Berg – founded it.",
        (INH, "erik dahl", "painter"),
    ),
]

ABSENT = [
    ("Smith was not among the rulers.", (INH, "smith", "ruler")),
    ("Smith was among the first settlers' sons to arrive.", (INH, "smith", "son")),
    ("His two sons — John and Paul — moved to London.", (INH, "john", "son")),
    ("Two painters — Anna Holm and Erik Dahl moved to London.", (INH, "erik dahl", "painter")),
    ("Install Windows 10 (or Windows 11) first.", (ALIAS, "windows 10", "windows 11")),
    ("Its founder, Erik Dahl, left in 1990.", (INH, "erik dahl", "founder")),
    ("Erik Dahl is the co-founder of Acme.", (INH, "erik dahl", "co-founder")),
    ("Smith replaced Jones as a result of the scandal.", (INH, "jones", "result")),
    ("New Zealand's smaller islands are sparsely populated.", (COMP, "new zealand", "island")),
    ("Erik Dahl is an ex-football player.", (INH, "erik dahl", "ex-football player")),
    (STYLES, (INH, "blue", "style")),
    (KELL, (ALIAS, "kell", "kellby or kelltown")),
    ("He joined a new party named Norland Together.", (INH, "norland", "party")),
    ("Two teams qualified: Brazil and Germany.", (INH, "brazil", "team")),
    (
        "He studied at Oxford University (or Cambridge University) for a year.",
        (ALIAS, "cambridge university", "oxford university"),
    ),
    (
        "Anna Holm succeeded Erik Dahl as head coach and Nils Berg as captain.",
        (INH, "erik dahl", "captain"),
    ),
    ("Olav Lund was among the trees when the storm came.", (INH, "olav lund", "tree")),
    ("Kell (former name: Kellby, Norland) is a town.", (ALIAS, "kell", "norland")),
    ("The poets of - Anna Holm and Erik Dahl - wrote.", (INH, "anna holm", "poet")),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_broken_lists_posts_and_ranks_give_their_relations(spacy_nlp, text, expected) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "unexpected"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_relations_owners_causes_and_versions_give_no_such_relation(
    spacy_nlp, text, unexpected
) -> None:
    assert unexpected not in relations(spacy_nlp, text)


def test_a_vague_count_before_common_nouns_says_nothing(spacy_nlp) -> None:
    """ "several rooms: halls, kitchens and bars": a vague count takes names only (common nouns
    need a count that matches them), and no rule fails on it (the tests run strict)."""
    found = relations(spacy_nlp, "The venue has several rooms: halls, kitchens and bars.")
    assert not [k for k in found if k[0] == INH and k[2] == "room"]


def test_a_name_label_needs_a_name(spacy_nlp) -> None:
    """ "(names: see below)": no name follows the label, so no alias."""
    found = relations(spacy_nlp, "The town (names: see below) is small.")
    assert not [k for k in found if k[0] == ALIAS]


def test_a_count_that_does_not_match_the_dashed_list_says_nothing(spacy_nlp) -> None:
    """ "Two painters – A, B and C – ...": the list is not the whole the count says."""
    found = relations(spacy_nlp, "Two painters – Anna Holm, Erik Dahl and Nils Berg – met.")
    assert not [k for k in found if k[0] == INH and k[2] == "painter"]


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations the fortieth session's code added outside the gold sets (QA contexts,
    other genres and the two QA KBs; compound heads left out), judged blind by a helper
    (helper-154, docs/benchmarks.md §62): all 53 correct. The one learned through coreference
    ("It is ... its oldest continually worshipping congregation": Christ Church) is left out
    here, as the sentence alone does not give it; the other 52 are kept and every one is
    learned."""
    rows = judged_rows("judged_added_s40.jsonl")
    assert len(rows) == 52 and all(r["verdict"] == "correct" for r in rows)
    assert unlearned(spacy_nlp, rows) == []
