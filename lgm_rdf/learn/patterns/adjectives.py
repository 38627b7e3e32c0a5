"""Which adjectives before a class noun belong to the class's name.

"a French theoretical physicist" is a "theoretical physicist", "a former mayor" a "mayor": an
adjective stays in the class when it sorts the class into a kind (a relational adjective, a
genre, a side before a player's position, a noun hyphenated to a participle: "a
census-designated place") and goes when it grades, judges, counts or dates. Adjectives before a
compound whose first noun names an action belong to that action ("a public use airport").
``ranked`` tells the adjectives that pick one member out of its class ("the largest city").
"""

from __future__ import annotations

import re

from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import (
    CLASSIFYING_ENDINGS,
    GENRE_ADJECTIVES,
    GENRE_NOUNS,
    GRADING_ADJECTIVES,
    KIN_MODIFIERS,
    KIND_ADJECTIVES,
    KIND_PROPER_ADJECTIVES,
    LIGHT_NOUNS,
    ORDINAL_WORDS,
    POSITION_WORDS,
    PRINCIPAL_ADJECTIVES,
    SCOPE_ADJECTIVES,
    SELECTING_WORDS,
    SORTING_PARTICIPLES,
)
from lgm_rdf.nlp.coref.lexicon import PERSON_NOUNS
from lgm_rdf.nlp.wordlists import HYPHENS, PART_NOUNS, words

# relational nouns for a place or an artefact, which a sorting word makes a class ("a county
# seat", "a primary source"); not people, kin or causes ("a childhood friend", "a root cause")
_SORTABLE_RELATIONAL = frozenset(
    {"centre", "center", "seat", "capital", "model", "source", "version", "headquarters"}
    | {"symbol", "feature", "sign"}
)
# adjectives that make such a noun a figure of speech: "its spiritual home", "the geographical
# centre of Europe" (a point, not a kind of centre)
_FIGURATIVE_ADJECTIVES = frozenset(
    {"spiritual", "geographical", "geographic", "geometric", "symbolic"}
)
# collective nouns of a count that a noun before them sorts into a kind ("a box set"); a range
# only of landforms ("a mountain range": a "price range", an "age range" are amounts)
# superlatives by their spelling alone: "sunniest", "busiest", "biggest", "hottest"
_SUPERLATIVE_FORM = re.compile(r"^[a-z]{3,}iest$|^[a-z]*([bdgmnpt])\1est$")
_SORTABLE_COLLECTIONS = words("series set collection selection array")
_RANGED = words("mountain hill")


def inner_adjectives(v: DepView, keep: set[int], i: int) -> set[int]:
    """Adjectives before a noun compound whose modifier names an action belong to that
    action: dropping "public" from "a public use airport" or "deep" from "a deep learning
    library" leaves no class ("use airport"). Before any other compound the adjective narrows
    the whole and goes as usual ("a bowed string instrument" -> "string instrument")."""
    lo = min(keep)
    if lo >= i or not _action_noun(v, lo):
        return set()  # no compound: "the best players" stays "player"
    out: set[int] = set()
    while lo - 1 >= 0 and v.rels[lo - 1] == "amod" and v.head(lo - 1) in keep | out:
        tok = v.tokens[lo - 1]
        if not tok.text.islower() or v.kids[lo - 1] or v.lemma(lo - 1) in SCOPE_ADJECTIVES:
            break
        if lo >= 2 and v.tokens[lo - 2].text == ",":
            break  # "a fast, extensible templating engine": a list of the whole's qualities
        lo -= 1
        out.add(lo)
    return out


def classifying_adjective(v: DepView, k: int, span: range) -> bool:
    """Whether token ``k`` is a relational adjective that sorts the class ``span`` into a kind
    ("theoretical" physicist, "congressional" district, "secular" form): a plain lower-case
    adjective of the phrase, formed from a noun (its ending), that neither grades nor judges
    ("typical", "classic", "popular") and carries no modifier of its own ("very")."""
    tok = v.tokens[k]
    if v.rels[k] != "amod" or v.head(k) not in span:
        return False
    if (tok.text, v.lemma(v.head(k))) in POSITION_WORDS:
        return all(v.rels[c] == "compound" for c in v.kids[k])  # "a right winger"
    if noun_participle(v, k) is not None:
        return True  # "a census-designated place", "a student-run newspaper"
    if v.kids[k]:
        return False
    if v.lemma(k) in ORDINAL_WORDS and v.is_plural(v.head(k)) and not v.determiner(v.head(k)):
        return True  # "third parties", "second languages": a bare plural ranks nothing
    if tok.text[:1].isupper() and tok.text.lower() in KIND_PROPER_ADJECTIVES:
        return True  # "a Christian church", "a Germanic language"
    if tok.tag != "JJ" or v.after_hyphen(k):
        return False  # "racial" of "multi-racial": half a word
    text = tok.text
    if not (text.isalpha() and text.islower()) or tok.ent_type in ("NORP", "ORDINAL"):
        return False
    lemma = v.lemma(k)
    if lemma in GENRE_ADJECTIVES and v.lemma(v.head(k)) in GENRE_NOUNS:
        return True  # "a romantic comedy", "an epic poem": a genre
    if lemma in SCOPE_ADJECTIVES | ORDINAL_WORDS | GRADING_ADJECTIVES | SELECTING_WORDS:
        return False  # "a former mayor": once, not a kind of mayor
    if text in KIND_ADJECTIVES or (text.startswith("un") and text.endswith("ed") and len(text) > 7):
        return True  # "a live album", "an unincorporated community"
    return len(text) > 4 and text.endswith(CLASSIFYING_ENDINGS)


def sorted_relational(v: DepView, n: int) -> bool:
    """ "the administrative centre of the region", "the county seat of X", "a data source": a
    relational noun ``n`` for a place or an artefact (``_SORTABLE_RELATIONAL``) that a
    lower-case common noun or a relational adjective right before it sorts into a kind names a
    class of its own. Not a kin word ("the sister city of X"), a figure ("the spiritual home",
    "the geographical centre"), or a unit made with a bare "of" ("the provisional seat of
    government": the adjective sorts "seat of government")."""
    k = n - 1
    if v.lemma(n) not in _SORTABLE_RELATIONAL or k < 0 or v.head(k) != n:
        return False
    if v.lemma(k) in KIN_MODIFIERS | _FIGURATIVE_ADJECTIVES:
        return False
    if any(v.tokens[o].upos == "NOUN" and not v.determiner(o) for o in v.pp_objects(n, "of")):
        return False
    tok = v.tokens[k]
    if v.rels[k] == "compound":
        return tok.upos == "NOUN" and tok.text.isalpha() and tok.text.islower()
    return classifying_adjective(v, k, range(n, n + 1))


def sorted_collection(v: DepView, n: int) -> bool:
    """ "the championship series of the 2017 season", "a box set", "a mountain range": a
    collective noun that counts things (``_SORTABLE_COLLECTIONS``, kept out of plain classes as an
    amount: "a series of crises") with a lower-case common noun compounded before it names a
    kind of thing; pure amounts ("a record number of") never do."""
    k = n - 1
    if k < 0 or v.head(k) != n:
        return False
    if v.lemma(n) not in _SORTABLE_COLLECTIONS and not (
        v.lemma(n) == "range" and v.lemma(k) in _RANGED
    ):
        return False
    tok = v.tokens[k]
    return (
        v.rels[k] == "compound" and tok.upos == "NOUN" and tok.text.isalpha() and tok.text.islower()
    )


def classified(v: DepView, lo: int, i: int) -> int:
    """The first token of the class ``lo..i`` widened by the relational adjectives right before
    it ("a French theoretical physicist" -> "theoretical physicist"; "a large municipal
    district" -> "municipal district")."""
    start = lo
    while lo > 0 and classifying_adjective(v, lo - 1, range(lo, i + 1)):
        if (first := noun_participle(v, lo - 1)) is not None:
            return first if lo == start else lo  # "census-designated place", not "peer-reviewed
        lo -= 1  # academic journal" (two sortings stacked make a label no text repeats)
    return lo


def noun_participle(v: DepView, k: int) -> int | None:
    """The noun hyphened to the participle ``k`` ("census" of "census-designated", "state" of
    "state-owned"): one word of the two, written without spaces, the participle one that sorts
    (``words.SORTING_PARTICIPLES``); ``None`` otherwise."""
    toks = v.tokens
    if k < 2 or toks[k].tag != "VBN" or toks[k - 1].text not in HYPHENS:
        return None
    if toks[k].text.lower() not in SORTING_PARTICIPLES:
        return None  # "war-torn", "battle-tested": a judgement, no kind
    noun = toks[k - 2]
    if noun.ws or toks[k - 1].ws or noun.upos != "NOUN" or not noun.text.isalpha():
        return None
    if v.is_plural(k - 2):
        return None  # "pandas-based": a plural's lemma would spoil the name ("panda")
    joined = noun.text.islower() and v.head(k - 2) == k and set(v.kids[k]) == {k - 2, k - 1}
    return k - 2 if joined else None


def modifier_word(v: DepView, k: int) -> bool:
    """Whether token ``k`` is a lower-case adverb or adjective that modifies the compound noun
    right after it, not the phrase's head: "open" in "open source project", "heavy" in "heavy
    metal band", "long" in "long running application" (without it the compound changes its
    meaning). Quantities, judgements and ordinals are no such word ("many", "other", "a
    twentieth century composer")."""
    tok = v.tokens[k]
    if v.rels[k] not in ("amod", "advmod") or not (tok.text.isalpha() and tok.text.islower()):
        return False
    h = v.head(k)
    if h != k + 1 or v.rels[h] not in ("compound", "nmod") or v.kids[k]:
        return False
    return v.lemma(k) not in SCOPE_ADJECTIVES | ORDINAL_WORDS and tok.ent_type != "ORDINAL"


def _action_noun(v: DepView, k: int) -> bool:
    """A noun that names an action: a gerund ("learning") or a light noun ("use", "access")."""
    text = v.tokens[k].text.lower()
    return v.lemma(k) in LIGHT_NOUNS or (text.endswith("ing") and len(text) >= 7)


def ranked(v: DepView, n: int) -> bool:
    """ "the largest city", "the first album", "the 204th episode", "the most famous
    painting", "the oldest (of the halls)", "the main river": a superlative, an ordinal or
    a principal adjective picks one member."""
    mods = [n] if v.tokens[n].upos == "ADJ" else v.children(n, "amod", "nummod", "advmod")
    # "the current league teams": the parse may hang the adjective on the compound
    mods = mods + [a for c in v.children(n, "compound") for a in v.children(c, "amod")]
    # "the current vice captain of the team", "the company's main author" hold an office
    # of it, as "the captain of" does; "the main part of X" is a part
    owner = v.pp_objects(n, "of") or v.children(n, "poss")
    office = v.lemma(n) in PERSON_NOUNS and bool(owner)
    office = office or v.lemma(n) in PART_NOUNS
    if any(
        v.lemma(k) in ORDINAL_WORDS and v.tokens[k].text.islower()
        for k in v.children(n, "compound")
    ):
        return True  # "the debut EP by Iron Maiden": a noun that ranks
    for k in mods:
        tok = v.tokens[k]
        text = tok.text.lower().split("-")[0]
        if tok.tag in ("JJS", "RBS") or text in ORDINAL_WORDS or tok.ent_type == "ORDINAL":
            return True
        if text in PRINCIPAL_ADJECTIVES and not office:
            return True  # "the main river", "the current champion": one member singled out
        if re.fullmatch(r"\d+(?:st|nd|rd|th)", text) or "Degree=Sup" in tok.feats:
            return True
        if tok.upos == "ADJ" and _SUPERLATIVE_FORM.search(text):
            return True  # "the [sunniest]JJ city": a superlative the tagger missed
        if any(v.tokens[a].tag in ("RBS", "JJS") for a in v.children(k, "advmod")):
            return True  # "the most famous", "the [least]JJS populous of"
    return False
