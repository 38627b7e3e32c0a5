"""Class nouns whose members are kinds, so a lower-case term can name one of them.

"a process called photosynthesis", "a condition known as hypoxia", "a disease known as
malaria", "a dish called pesto": the noun's members are themselves kinds (of process, of
disease, of food), named by common nouns written in lower case. A noun whose members are single
things takes a name in capitals ("a town called Unionville"); a lower-case word after it is an
identifier ("a file called series", "a variable called count"), which says nothing of the
common noun it is spelled as.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.depview import NOUNS, DepView
from lgm_rdf.learn.patterns.words import relational_noun
from lgm_rdf.nlp.wordlists import NAME_NOUNS, TYPE_NOUNS, VACUOUS, words

KIND_CLASS_NOUNS = words(
    # ways of doing: "a technique called memoization"
    "process technique method procedure practice tactic strategy approach phenomenon effect "
    "mechanism reaction behaviour behavior ritual custom tradition ceremony treatment therapy "
    "style craft genre dance sport game exercise "
    # states of health: "a condition known as hypoxia"
    "disease disorder condition syndrome illness infection deficiency "
    # doctrines: "a theory called panpsychism"
    "theory doctrine philosophy ideology principle concept belief religion "
    # stuffs and natural kinds: "a mineral called olivine", "a plant called cilantro"
    "substance material compound mineral element alloy protein enzyme hormone chemical drug "
    "fabric fibre fiber dish food drink beverage sauce spice herb plant tree shrub flower "
    "fruit vegetable grain animal bird fish insect mammal reptile fungus bacterium"
)


def called_term(v: DepView, noun: int, o: int) -> bool:
    """Whether the lower-case term ``o`` a naming participle gives the common noun ``noun`` is
    a kind of it: a plural term of a plural noun, bare or with "the" ("a lack of proteins called
    gamma globulins"), or a bare singular term of a noun whose members are kinds ("a process
    called photosynthesis"); not a name of one thing ("a file called series"), a mention, a
    vague or relational noun, or a term "of" something."""
    tok = v.tokens[o]
    if tok.upos not in NOUNS or not tok.text.islower() or v.quoted(o):
        return False
    if v.is_plural(noun) != v.is_plural(o) or v.determiner(o) not in ("", "the"):
        return False  # a plural names plural kinds; "The novel known as war story": one novel
    kinds = v.lemma(noun) in KIND_CLASS_NOUNS or type_of_object(v, noun)
    if not v.is_plural(noun) and (not kinds or v.determiner(o)):
        return False  # "a file called series": one file's name
    lemmas = (v.lemma(noun), v.lemma(o))
    if any(w in NAME_NOUNS | VACUOUS or relational_noun(w) for w in lemmas):
        return False
    return not v.pp_objects(o, "of") and lemmas[0] != lemmas[1]


def type_of_object(v: DepView, n: int) -> bool:
    """Whether ``n`` is the bare "of" object of "a" type noun ("a style of [music] known as
    bebop", "a form of [jazz] called bebop"): a participle after it names a kind of ``n`` (as
    "bebop is a form of jazz" does), not another name of it."""
    prep = v.head(n)
    if v.rels[n] != "pobj" or v.determiner(n) or prep is None or v.lemma(prep) != "of":
        return False
    t = v.head(prep)
    return t is not None and v.lemma(t) in TYPE_NOUNS and v.determiner(t) in ("a", "an")
