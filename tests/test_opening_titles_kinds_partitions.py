"""Forms of the thirty-eighth session. The sentences are written for these tests.

- One capitalised word that opens a sentence and that the tagger took for a common noun is a
  title when the predicate singles out one work ("Rumours is the eleventh studio album by
  Fleetwood Mac"): no kind of thing is someone's eleventh album. A common noun with a ranked
  predicate that is no work stays as it was ("Iron is the most common element"), and so does a
  word with words of its own.
- "historical", "professional", "international" and "experimental" sort a class into a kind ("a
  historical site", "a professional footballer", "an international airport", "an experimental
  film") and stay in it; "historic" still judges ("a historic victory"). "resident" is a status
  ("a resident priest").
- A named whole divided in the past is a partition ("Togoland was divided into two
  territories, French Togoland and British Togoland"); a passing grouping ("The pupils were
  divided into teams") and a person ("John Smith was divided into two minds") are none.
- A naming participle the tagger read as a past tense with the noun as its subject still names
  a kind of the noun ("(a tactic sometimes referred to as contextomy)"); with an object ("A
  critic referred to the film as a failure") it is a statement, no naming.
- A name after "or" that fills a bracket after the subject's name is another name of it
  ("Jingdezhen (or the Town of Jingde) is a city") when the two share a word or four letters;
  other names may be alternatives ("Paris (or London) is a good place to stay"), and "(or
  rather its suburbs)" and "(or his lawyer)" are none.
- "and other Bs of Y": the "of" only narrows the Bs ("Queens and other areas of the city");
  a relational noun still gives nothing ("his wife and other members of the family").
- "genre", "style", "species", "breed" are classes on their own with an article or as a plural
  ("styles including reggae and jazz"), not as a modifier ("a Spanish style Duplex"); "types",
  "kinds" or "forms" alone say nothing of the kind.
- A hyphened word keeps its particle ("a spin-off title"); a hyphened word may open a compound
  class of more than two words ("a utility-scale wind power facility"; it gave "facility").
- A fraction of something is no part of what contains it ("comprised a quarter of its
  population"); a quantifier still is ("contains most of the lakes").
- Of two subjects the parse gave one copula, one a comma, colon or dash parts from the first
  is the copula's ("Thomson in 1904 ..., the model ...: electrons are particles" made Thomson a
  particle); not a piece of one name ("Jansson_ is", "SSDC, Inc. is"), a second name
  ("Treia Cathedral, otherwise the Church of the Annunciation, is") or an apposition set off
  before the verb ("Violin Sonata No. 3, Stiles 1.2.1.6 So3, is").
- An initialism at the end of a sentence keeps its dot ("the band F.I.R.." gave "f.i.r").
- Names joined by "+" are one name as by "&" ("Dan + Shay"), also as the subject a participle
  shares ("a duo composed of ...").
- Plural roles listed with the names they describe are the people's roles, and the people are
  the parts ("composed of vocalists and songwriters Dan Smyers and Shay Mooney", "consisted of
  guitarists Stone Gossard and Mike McCready"); plural roles with no names stay parts.
- An ordinal on a bare plural sorts a kind ("Third parties such as the Libertarian Party").
"""

from __future__ import annotations

import pytest
from pattern_relations import judged_rows, relations, unlearned

COMP, INH = "composition", "inheritance"
DUO = (
    "Dan + Shay is a country music duo composed of vocalists and songwriters Dan Smyers and "
    "Shay Mooney."
)
GUITARISTS = "The band consisted of guitarists Stone Gossard and Mike McCready."

FOUND = [
    ("Rumours is the eleventh studio album by Fleetwood Mac.", (INH, "rumours", "studio album")),
    ("Parachutes is the debut album by the band.", (INH, "parachutes", "debut album")),
    (
        "Star City is a historical site in the western part of the county.",
        (INH, "star city", "historical site"),
    ),
    (
        "Nuno Diogo is a Portuguese professional footballer who plays for Famalicão.",
        (INH, "nuno diogo", "professional footballer"),
    ),
    (
        "Heathrow Airport is the busiest international airport in Europe.",
        (INH, "heathrow airport", "international airport"),
    ),
    (
        "Lost Highway is a 1997 American experimental film directed by David Lynch.",
        (INH, "lost highway", "experimental film"),
    ),
    (
        "Peter Mbeki was installed as the parish's first resident priest in 2013.",
        (INH, "peter mbeki", "resident priest"),
    ),
    (
        "Togoland was divided into two territories, French Togoland and British Togoland.",
        (COMP, "togoland", "french togoland"),
    ),
    (
        "Germany was divided into four occupation zones after the war.",
        (COMP, "germany", "occupation zone"),
    ),
    (
        "The quotes were taken out of context (a tactic sometimes referred to as contextomy) "
        "to change their meaning.",
        (INH, "contextomy", "tactic"),
    ),
    (
        "Jingdezhen (or the Town of Jingde) is a prefecture-level city in Jiangxi province.",
        ("alias", "jingdezhen", "town of jingde"),
    ),
    ("The storm flooded Queens and other areas of the city.", (INH, "queens", "area")),
    ("The station plays styles including reggae, jazz and soul.", (INH, "jazz", "style")),
    ("Breeds such as beagles and bassets were bred for hunting.", (INH, "beagle", "breed")),
    (
        "The company published a spin-off title, Guitar Legends, in 1998.",
        (INH, "guitar legends", "spin-off title"),
    ),
    (
        "Work began on the state's first utility-scale wind power facility, Goodland, in 2008.",
        (INH, "goodland", "utility-scale wind power facility"),
    ),
    ("The album marks the tenth anniversary of the band F.I.R..", (INH, "f.i.r.", "band")),
    ("Jansson_ is a C library for encoding JSON data.", (INH, "jansson", "c library")),
    ("SSDC, Inc. is a small publisher of games.", (INH, "ssdc", "publisher")),
    (
        "Violin Sonata No. 3 in A minor, Stiles 1.2.1.6 So3, is a sonata for violin and piano.",
        (INH, "violin sonata no. 3", "sonata"),
    ),
    (
        "Treia Cathedral, otherwise the Church of the Annunciation, is a Roman Catholic cathedral.",
        (INH, "treia cathedral", "cathedral"),
    ),
    (
        DUO,
        (COMP, "dan + shay", "shay mooney"),
    ),
    (
        DUO,
        (INH, "dan smyers", "songwriter"),
    ),
    (
        GUITARISTS,
        (COMP, "band", "mike mccready"),
    ),
    ("The festival consisted of bands from Norway and Sweden.", (COMP, "festival", "band")),
    (
        "Third parties (such as the Libertarian Party) often receive little support.",
        (INH, "libertarian party", "third party"),
    ),
]

ABSENT = [
    ("Iron is the most common element on Earth.", (INH, "iron", "element")),
    ("Early work is the first album by the band.", (INH, "early work", "album")),
    ("The pupils were divided into teams.", (COMP, "pupil", "team")),
    ("John Smith was divided into two minds.", (COMP, "john smith", "mind")),
    ("The battle was a historic victory for the rebels.", (INH, "battle", "historic victory")),
    ("A critic referred to the film as a failure.", (INH, "failure", "critic")),
    ("The tour visited Paris (or rather its suburbs) in May.", ("alias", "paris", "suburb")),
    ("Smith (or his lawyer) signed the contract.", ("alias", "lawyer", "smith")),
    ("He met his wife and other members of the family.", (INH, "wife", "member")),
    ("The museum shows types including vases and bowls.", (INH, "vase", "type")),
    ("It stood in a Classic Spanish style Duplex in the city.", (INH, "duplex", "style")),
    (
        DUO,
        (COMP, "shay", "vocalist"),
    ),
    (
        DUO,
        (COMP, "dan + shay", "vocalist"),
    ),
    (
        GUITARISTS,
        (COMP, "band", "guitarist"),
    ),
    (
        "The British Empire comprised a quarter of the world's population.",
        (COMP, "british empire", "population"),
    ),
    (
        "The British Empire comprised a quarter of the world's population.",
        (COMP, "british empire", "quarter"),
    ),
    (
        "Thomson in 1904, soon after the discovery of the electron, the model represented an "
        "attempt to sum up what was known at the time: 1) electrons are negatively charged "
        "particles and 2) atoms are neutral.",
        (INH, "thomson", "particle"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), FOUND, ids=[t[:40] for t, _ in FOUND])
def test_opening_titles_kinds_and_partitions_give_their_relations(
    spacy_nlp, text, expected
) -> None:
    assert expected in relations(spacy_nlp, text)


@pytest.mark.parametrize(("text", "unexpected"), ABSENT, ids=[t[:40] for t, _ in ABSENT])
def test_kinds_groupings_people_and_judgements_give_no_such_relation(
    spacy_nlp, text, unexpected
) -> None:
    assert unexpected not in relations(spacy_nlp, text)


def test_a_ranked_common_noun_keeps_its_lemma(spacy_nlp) -> None:
    """A common noun with a ranked predicate that is no work is not made a title."""
    found = relations(spacy_nlp, "Iron is the most common element on Earth.")
    assert not [k for k in found if k[1] == "iron" and k[0] == INH]


def test_relations_the_session_added_are_judged(spacy_nlp) -> None:
    """The relations the thirty-eighth session's code added or relabelled outside the gold
    sets (QA contexts, other genres and the two QA KBs; compound heads left out), judged blind
    by a helper (helper-151, docs/benchmarks.md §60): 32 of 34 correct, every one still learned.
    The two wrong ones are names cut short by the name extent, not by the session's rules ("Love
    to Love You Bradys: The Bizarre Story of ...", "New York State Route 12F")."""
    rows = judged_rows("judged_added_s38.jsonl")
    right = [r for r in rows if r["verdict"] == "correct"]
    wrong = {(r["a"], r["b"]) for r in rows if r["verdict"] == "wrong"}
    assert len(rows) == 34 and len(right) == 32
    assert wrong == {
        ("bizarre story of the brady bunch variety hour", "coffee table book"),
        ("new york state route", "east–west state highway"),
    }
    assert unlearned(spacy_nlp, right) == []
