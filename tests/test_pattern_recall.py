"""Recall rules for encyclopaedic prose (issue 11, item 3), one dependency shape each.

The sentences are written for the shapes: lists of quoted titles or names after "include",
"including" and "such as", an inverted superlative, a quoted title as a copula's subject, a class
noun before an entity the parser cut into a preposition, naming phrases in brackets, the kind
after "a type of" with its narrowing adjective, and a naming participle after a definite noun
in a prepositional phrase. Each shape also has the sentences it must leave alone.
"""

from __future__ import annotations

import pytest
from pattern_relations import relations

from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.nlp.model import Sentence, Token

INH, ALIAS = "inheritance", "alias"


def alias(a: str, b: str) -> tuple[str, str, str]:
    return (ALIAS, *sorted((a, b)))


# (sentence, relations that must be found, relations that must not be)
FOUND = [
    (  # a renaming participle after a name and a comma, wherever the parser hung it
        "The label signed with Blue Sky Records, later renamed Harbor Music, in 1975.",
        {alias("blue sky records", "harbor music")},
        set(),
    ),
    (  # quoted titles after ", entitled" and an acronym plural as the class noun
        'The concert came out as two DVDs, entitled "Harbour Nights" and "Harbour Days".',
        {(INH, "harbour nights", "dvd"), (INH, "harbour days", "dvd")},
        set(),
    ),
    (  # one quoted title after ", titled"
        'He published a memoir, titled "Salt and Stone", in 1999.',
        {(INH, "salt and stone", "memoir")},
        set(),
    ),
    (  # quoted titles with years after "include", the class behind a quantifier subject
        'Some of the singer\'s best known songs include "Morning Rain" (1998), "Blue Harbour" '
        '(2003) and "Never Said Goodbye" (2007).',
        {(INH, "morning rain", "song"), (INH, "blue harbour", "song")}
        | {(INH, "never said goodbye", "song")},
        set(),
    ),
    (  # capitalised names after "including" without a comma, a lower-case word inside a name
        "She appeared in advertisements for popular brands including Pepsi, Nokia, Tata salt "
        "and Amul, before her first film.",
        {(INH, "pepsi", "brand"), (INH, "nokia", "brand"), (INH, "amul", "brand")},
        set(),
    ),
    (  # common nouns after "including" without a comma; a measure is no class
        "Celebrities try various winter sports including curling, luge and ski cross. At about "
        "30 million km (12 million square miles) including adjacent islets, it covers a fifth "
        "of the land. The estate covers 3,000 acres including woodland. Prices including tax "
        "are shown.",
        {(INH, "curling", "winter sport"), (INH, "luge", "winter sport")}
        | {(INH, "ski cross", "winter sport")},
        {(INH, "adjacent islet", "km"), (INH, "islet", "km"), (INH, "woodland", "acre")}
        | {(INH, "tax", "price")},
    ),
    (  # quoted titles after "such as"
        'The band released several singles such as "Paper Boats" and "Grey Morning".',
        {(INH, "paper boats", "single"), (INH, "grey morning", "single")},
        set(),
    ),
    (  # a plural subject of "include" with names
        "His novels include Harbour Lights and Winter Roads.",
        {(INH, "harbour lights", "novel"), (INH, "winter roads", "novel")},
        set(),
    ),
    (  # inverted superlative: a ranked definite class noun, a name as the predicate
        "The longest-serving mayor was Thomas Hardwick, who held office for 20 years.",
        {(INH, "thomas hardwick", "mayor")},
        set(),
    ),
    (  # a quoted title opening a copula
        '"Silver Lining Blues" is a song recorded by the Irish band The Reeds.',
        {(INH, "silver lining blues", "song")},
        set(),
    ),
    (  # a quoted title that is itself a clause, with an ordinal predicate
        '"It\'s a Long Way Down" is the third episode of the second season of the series.',
        {(INH, "it's a long way down", "episode")},
        set(),
    ),
    (  # a class noun before an entity the parser hung on it as a preposition
        "Night Fires is the first EP by the American pop punk band Beyond Silver Hills, "
        "released in 2009.",
        {(INH, "beyond silver hills", "pop punk band")},
        set(),
    ),
    (  # a naming phrase with an adverb in brackets after a name
        "The 2011 Coastal Games were the fifth edition of the Coastal Games (formerly called "
        "Seaboard Athletic Festival), held in Perth.",
        {alias("coastal games", "seaboard athletic festival")},
        set(),
    ),
    (  # "also known as" in brackets
        "Kettle Point (also known as Stony Cape) is a headland in Ontario.",
        {alias("kettle point", "stony cape")},
        set(),
    ),
    (  # a counted plural class as the subject, a list of names as the predicate
        "The three founding clubs were Harbour Rovers, Eastfield United and Millbrook Town.",
        {(INH, "harbour rovers", "club"), (INH, "eastfield united", "club")}
        | {(INH, "millbrook town", "club")},
        set(),
    ),
    (  # a name set off after a definite singular class noun
        "Cold Nights is a collection of songs by the Scottish folk band, Tidewater.",
        {(INH, "tidewater", "folk band")},
        set(),
    ),
    (  # a quoted title that is a clause, right after its class noun
        'The record samples his 1971 song "You Never Call Me Back".',
        {(INH, "you never call me back", "song")},
        set(),
    ),
    (  # a plural class noun right before a list of quoted titles
        'His novels "Paper Boats" and "The Long Shore" were both published in 1994.',
        {(INH, "paper boats", "novel"), (INH, "long shore", "novel")},
        set(),
    ),
    (  # an adverb between "known" and "as" in brackets
        "Harwick County Academy (also known simply as Harwick) is a school in Devon.",
        {alias("harwick county academy", "harwick")},
        set(),
    ),
    (  # "or" an acronym, "often shortened to" a name, in brackets
        "The Harwick Farming Station (or HFS) was named Samuel Dunn (often shortened to "
        "Sam Dunn) in 1990.",
        {alias("harwick farming station", "hfs"), alias("samuel dunn", "sam dunn")},
        set(),
    ),
    (  # after "a" a capitalised name is a class of named things
        "The Harwick House is a National Historic Landmark.",
        {(INH, "harwick house", "national historic landmark")},
        set(),
    ),
    (  # a name set off after an owned class noun, mid-sentence
        "His second novel, The Long Road, won the prize in 1990.",
        {(INH, "long road", "novel")},
        set(),
    ),
    (  # a part noun in an apposition makes a part, not a class
        "The cape lies on the Verna Coast, a portion of Antarctica near Cape Dunmore.",
        {("composition", "antarctica", "verna coast")},
        {(INH, "verna coast", "antarctica")},
    ),
    (  # a hyphenated noun the parse split into conjuncts is one word of the list
        "Wes Harwick is an Australian singer-songwriter and multi-instrumentalist.",
        {(INH, "wes harwick", "singer-songwriter")},
        set(),
    ),
    (  # after a type noun the kind keeps its narrowing adjective
        "A parish council is a type of administrative body in England.",
        {(INH, "parish council", "administrative body")},
        {(INH, "parish council", "body")},
    ),
]

# (sentence, relations the new rules must not produce)
ABSENT = [
    (  # a list that is not closed ("and"/"or") is no list of names
        "His albums include Thriller, Bad, he said in the interview.",
        {(INH, "bad", "album")},
    ),
    (  # relational and part nouns: members are no kind of "member" class listed here
        "The members of the band include John Carter and Paul Dean.",
        {(INH, "john carter", "member"), (INH, "paul dean", "member")},
    ),
    (  # a negated or modal clause states nothing
        "His novels might include Harbour Lights and Winter Roads.",
        {(INH, "harbour lights", "novel")},
    ),
    (  # an indefinite subject with a name predicate is no ranked class
        "A good example was Thomas Hardwick.",
        {(INH, "thomas hardwick", "example")},
    ),
    (  # the subject of the superlative is relational
        "The first member was Thomas Hardwick.",
        {(INH, "thomas hardwick", "member")},
    ),
    (  # a quoted title followed by a negated copula
        '"Silver Lining Blues" is not a song by The Reeds.',
        {(INH, "silver lining blues", "song")},
    ),
    (  # a counted plural with a single name is no list of members
        "The two finalists were Harbour Rovers.",
        {(INH, "harbour rovers", "finalist")},
    ),
    (  # a relational or possessed noun before the apposition
        "He met the founder of the club, John Carter, in 1990.",
        {(INH, "john carter", "founder")},
    ),
    (  # "or" a name that is no acronym in brackets is an alternative, not another name
        "Trains leave Harwick (or Dunmore) every hour.",
        {alias("harwick", "dunmore")},
    ),
    (  # such a class takes named members only, and "the" before a name names one thing
        "The car is a Ford Mustang, and Harwick is the Eiffel Tower of Dunmore.",
        {(INH, "car", "ford mustang"), (INH, "harwick", "eiffel tower")},
    ),
    (  # a name that modifies a later word, or a place, is no class after "a"
        "Sprintf is an AWK built-in, and Dunn and Company is a Washington, D.C. based firm.",
        {(INH, "sprintf", "awk"), (INH, "dunn and company", "d.c.")},
    ),
    (  # "(or X)" is another name only when X spells the name before it
        "Build it with GCC (or LLVM), or with the Harwick Build System (or HBS).",
        {alias("gcc", "llvm")},
    ),
    (  # half of a hyphenated adjective is no relational adjective; a hometown is relational
        "The ANC was a multi-racial political party, and his hometown, Springfield, grew.",
        {(INH, "anc", "racial political party"), (INH, "springfield", "hometown")},
    ),
    (  # an owned relational noun before the apposition
        "His wife, Mary Carter, and its capital, Dunmore, were named.",
        {(INH, "mary carter", "wife"), (INH, "dunmore", "capital")},
    ),
    (  # "the word "X"": a name noun mentions a word, it classifies nothing
        'The term comes from the word "Tabula" in Latin.',
        {(INH, "tabula", "word")},
    ),
    (  # a chain of places after a definite noun is an address, not a naming
        "Kovel is a village in the former Dunmore district, Brenton County, northern Wales.",
        {(INH, "brenton county", "district")},
    ),
    (  # a bracket without a naming word is no alias
        "The Coastal Games (Seaboard Athletic Festival in 1990) were held in Perth.",
        {alias("coastal games", "seaboard athletic festival")},
    ),
]


@pytest.mark.parametrize(("text", "found", "absent"), FOUND)
def test_recall_shapes(spacy_nlp, text: str, found: set, absent: set) -> None:
    """Each shape gives its relations (and nothing it must not)."""
    got = relations(spacy_nlp, text)
    assert found <= set(got), got
    assert not (absent & set(got)), got


@pytest.mark.parametrize(("text", "absent"), ABSENT)
def test_recall_guards(spacy_nlp, text: str, absent: set) -> None:
    """The new rules keep the precision guards of the old ones."""
    got = relations(spacy_nlp, text)
    assert not (absent & set(got)), got


def test_named_member_climbs_to_the_introduced_noun(spacy_nlp) -> None:
    """ "a village in the valley on the northern bank called X": a name introduces the
    indefinite noun, not the definite one inside the prepositional phrase."""
    text = "The river passes a small village on the northern bank called Millbrook."
    got = relations(spacy_nlp, text)
    assert (INH, "millbrook", "village") in got, got
    assert (INH, "millbrook", "bank") not in got, got


def test_named_member_through_the_verb_of_the_noun(spacy_nlp) -> None:
    """The prepositional phrases may hang on the verb whose object the indefinite noun is; a
    name that repeats the near noun ("the street called Main Street") stays with it."""
    text = "The lake has a small village at its edge on the northern shore called Ashford."
    got = relations(spacy_nlp, text)
    assert (INH, "ashford", "village") in got, got
    assert (INH, "ashford", "shore") not in got, got
    got = relations(spacy_nlp, "He lived in a house on the street called Elm Street.")
    assert (INH, "elm street", "house") not in got, got


def test_new_rules_are_named(spacy_nlp) -> None:
    """What the new rules produce carries their names, so their precision can be weighed."""
    got = relations(spacy_nlp, 'Her hits include "Paper Boats" and "Grey Morning".')
    assert got[(INH, "paper boats", "hit")] == "named-list", got


def test_a_non_projective_apposition_does_not_break_extraction() -> None:
    """A tree whose apposition's subtree starts before its head (a non-projective arc, as a
    parser may give) leaves nothing of the noun before the name: no relation, no error."""
    text = "Mary , the novel , Smith ."
    shape = [("PROPN", "compound", 5), ("PUNCT", "punct", 3), ("DET", "det", 3)]
    shape += [("NOUN", "ROOT", 3), ("PUNCT", "punct", 5), ("PROPN", "appos", 3)]
    shape += [("PUNCT", "punct", 3)]
    tokens, pos = [], 0
    for i, (word, (upos, rel, head)) in enumerate(zip(text.split(), shape, strict=True)):
        start = text.index(word, pos)
        pos = start + len(word)
        tag = {"NOUN": "NN", "PROPN": "NNP"}.get(upos, "")
        tokens.append(Token(i, word, word.lower(), upos, rel, head, start, tag=tag))
    sentence = Sentence(text=text, start=0, tokens=tuple(tokens))
    assert PatternExtractor().extract([sentence]) == []
