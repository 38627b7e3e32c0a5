"""Label extents of the pattern extractor: an argument is neither cut short nor glued to debris.

Each case is a sentence written for this test, the relations (with the compound heads) that it
must give and those it must not give: the cut form of a label must not come back.
"""

from __future__ import annotations

import pytest

from lgm_rdf.learn.compound import compound_heads
from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.nlp.model import Sentence, Token

INH, COMP, ALIAS = "inheritance", "composition", "alias"


def triples(nlp, text: str) -> set[tuple[str, str, str]]:
    """Relations of ``text`` with their compound heads, as comparable triples."""
    rels = PatternExtractor().extract(nlp.parse(text).sentences)
    return {r.key() for r in [*rels, *compound_heads(rels)]}


def alias(a: str, b: str) -> tuple[str, str, str]:
    return (ALIAS, *sorted((a, b)))


CASES = [
    # American punctuation: the comma inside the closing quote ends the item, not the title
    (
        'Her later novels include "Harbour Of Glass," "Nightfall," and "Quiet Fields."',
        {
            (INH, "harbour of glass", "novel"),
            (INH, "nightfall", "novel"),
            (INH, "quiet fields", "novel"),
        },
        {
            (INH, "harbour of glass,", "novel"),
            (INH, "nightfall,", "novel"),
            (INH, "quiet fields.", "novel"),
        },
    ),
    # a quoted nickname inside a name, and after a name the parse ended before it
    (
        'Alexander "Sasha" Petrov is a Russian chess player.',
        {(INH, 'alexander "sasha" petrov', "chess player")},
        {(INH, "petrov", "chess player")},
    ),
    (
        'Margaret Ellen "Peggy" Walsh (born 1950) was an Irish novelist.',
        {(INH, 'margaret ellen "peggy" walsh', "novelist")},
        {(INH, "margaret ellen", "novelist"), (INH, "walsh", "novelist")},
    ),
    # possessive names: a title owned by a name, a shop named after its owner
    (
        "Novels such as Charlotte's Web and Matilda are popular.",
        {(INH, "charlotte's web", "novel"), (INH, "matilda", "novel")},
        {(INH, "web", "novel")},
    ),
    (
        "Burger chains Wendy's and Hardee's expanded quickly.",
        {(INH, "wendy's", "burger chain"), (INH, "hardee's", "burger chain")},
        {(INH, "wendy", "burger chain")},
    ),
    # titles: in quotes, past a capitalised preposition, with a number
    (
        'The group released their second album "Letters to Nowhere" in 2010.',
        {(INH, "letters to nowhere", "album")},
        {(INH, "letter", "album"), (INH, "letters", "album")},
    ),
    (
        "The 1998 report (also known as the Commission on Water Quality Along the Hudson "
        "River) was a survey.",
        {alias("report", "commission on water quality along the hudson river")},
        {alias("report", "commission")},
    ),
    (
        "Piano Concerto No. 2 in C minor is a concerto by Sergei Rachmaninoff.",
        {(INH, "piano concerto no. 2", "concerto")},
        {(INH, "piano concerto no", "concerto")},
    ),
    (
        "Il Gattopardo (The Leopard Of Sicily) is a novel.",
        {alias("il gattopardo", "leopard of sicily")},
        {alias("il gattopardo", "sicily")},
    ),
    # code identifiers and hyphenated modifiers stay whole
    (
        "Use a buffered stream such as io.StringIO for text.",
        {(INH, "io.stringio", "stream")},
        {(INH, "io", "stream")},
    ),
    (
        "The parser skips non-ASCII bytes and other symbols.",
        {(INH, "non-ascii byte", "symbol")},
        {(INH, "byte", "symbol")},
    ),
    # a light noun is named by its complement: no relation with the light noun alone
    ("The package includes support for YAML.", set(), {(COMP, "package", "support")}),
    # the whole of a part keeps the adjective that names its kind; a collective noun needs
    # its "of" phrase
    (
        "The liver is part of the digestive system.",
        {(COMP, "digestive system", "liver"), (INH, "digestive system", "system")},
        {(COMP, "system", "liver")},
    ),
    ("The band was part of the second wave of punk rock.", set(), {(COMP, "wave", "band")}),
    # an adjective before an action-noun compound belongs to it; before another compound the
    # adjective goes as usual
    (
        "Keras is a deep learning framework.",
        {(INH, "keras", "deep learning framework")},
        {(INH, "keras", "learning framework"), (INH, "learning framework", "framework")},
    ),
    (
        "The viola is a bowed string instrument.",
        {(INH, "viola", "string instrument"), (INH, "string instrument", "instrument")},
        set(),
    ),
    # proper names keep their inner words as written
    (
        "Ferrocarriles Nacionales Mexicanos was a railway.",
        {(INH, "ferrocarriles nacionales mexicanos", "railway")},
        {(INH, "ferrocarril nacionales mexicanos", "railway")},
    ),
    # ranking words before a name are no part of it
    (
        "Kestrel is the 2nd largest ARTCC in Canada.",
        set(),
        {(INH, "kestrel", "2nd largest artcc"), (INH, "kestrel", "largest artcc")},
    ),
    # the end of a longer title that the parse split off names nothing on its own
    (
        "She joined the Graduate School for Public Health, a small school in Ohio.",
        {(INH, "graduate school for public health", "school")},
        {(INH, "public health", "school")},
    ),
    # title nouns: relational nouns and bare code words are no classes
    ("She toured with her cousin Laura Marling.", set(), {(INH, "laura marling", "cousin")}),
    (
        "The chain merged with its sister company Taco Bell.",
        set(),
        {(INH, "taco bell", "sister company")},
    ),
    ("The novelist Zadie Smith spoke.", {(INH, "zadie smith", "novelist")}, set()),
    ("dataclass FieldInfo is exported by the module.", set(), {(INH, "fieldinfo", "dataclass")}),
    ("The library NumPy is fast.", {(INH, "numpy", "library")}, set()),
]


@pytest.mark.parametrize(("text", "wanted", "unwanted"), CASES)
def test_label_extent(spacy_nlp, text: str, wanted: set, unwanted: set) -> None:
    found = triples(spacy_nlp, text)
    assert wanted <= found, (text, found)
    assert not unwanted & found, (text, found)


def test_a_name_does_not_run_over_a_blank_line(spacy_nlp) -> None:
    """A row of badge labels before a blank line is no part of the name after it."""
    found = triples(spacy_nlp, "Badges CI\n\nRequests is a library for HTTP.")
    assert not any("\n" in a or "badges" in a or "badges" in b for _, a, b in found), found


def test_a_noun_given_an_object_is_one_compound() -> None:
    """ "entity resolution" parsed as the noun "entity" with the object "resolution" (a slip of
    the small parser in lists): the class is the whole compound, not "entity"."""
    words = [
        ("The", "the", "DET", "det", 1),
        ("pipeline", "pipeline", "NOUN", "nsubj", 2),
        ("includes", "include", "VERB", "ROOT", 2),
        ("parsing", "parsing", "NOUN", "dobj", 2),
        ("and", "and", "CCONJ", "cc", 3),
        ("entity", "entity", "NOUN", "conj", 3),
        ("resolution", "resolution", "NOUN", "dobj", 5),
        (".", ".", "PUNCT", "punct", 2),
    ]
    text, tokens = "", []
    for i, (word, lemma, upos, rel, head) in enumerate(words):
        ws = "" if i + 1 < len(words) and words[i + 1][0] == "." else " "
        tag = {"DET": "DT", "VERB": "VBZ", "CCONJ": "CC", "PUNCT": "."}.get(upos, "NN")
        tokens.append(Token(i, word, lemma, upos, rel, head, len(text), ws, tag=tag))
        text += word + ws
    found = {
        r.key() for r in PatternExtractor().extract([Sentence(text.strip(), 0, tuple(tokens))])
    }
    assert (COMP, "pipeline", "entity resolution") in found, found
    assert (COMP, "pipeline", "entity") not in found, found
