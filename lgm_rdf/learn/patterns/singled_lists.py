"""The kinds a copula lists after a class a principal adjective singles out ("The principal
liturgical forms were masses and motets"): such a list says which members the class has, not
what the class is, so the copula rule must not read it (it gave ``ingredient ⊑ flour`` for "The
main ingredients are flour and water"), and where the class noun names kinds the listed nouns
are kinds of it (rule ``inverted-superlative``, ``prose.ProseRules``)."""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg, ArgTokens
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import (
    DISCOURSE_NOUNS,
    HOLDING_ADJECTIVES,
    ORDINAL_WORDS,
    PRINCIPAL_ADJECTIVES,
)
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import TYPE_NOUNS

# adjectives that single out the foremost of a class a copula then lists ("the main
# ingredients are flour and water"); not those that hold an office ("current")
_SINGLING = PRINCIPAL_ADJECTIVES - HOLDING_ADJECTIVES
# class nouns whose members a singled-out list names as kinds ("the main forms", "the two
# principal types of X"); not "example" or "instance" (what a thing is to the writer's point)
_KIND_NOUNS = TYPE_NOUNS - DISCOURSE_NOUNS


def singled_out_list(v: DepView, s: int, n: int) -> bool:
    """A copula that lists which members a definite plural class noun ``s`` has, a
    principal adjective singling them out ("The main ingredients are flour, water and a
    pinch of salt", "Its chief rivals were Leeds and York"): the predicate ``n`` has two or
    more conjuncts and says which they are, not what the class is, so the copula rule
    leaves it alone (it read ``ingredient ⊑ flour``)."""
    if not v.is_plural(s) or v.determiner(s) not in ("the", "poss"):
        return False
    if v.tokens[s].upos != "NOUN" or not v.tokens[s].text.islower():
        return False
    if not any(v.lemma(k) in _SINGLING for k in v.children(s, "amod")):
        return False
    return len(v.conjuncts(n)) > 1 and not v.quoted(n)


def listed_kinds(v: DepView, b: ArgTokens, s: int, n: int) -> tuple[Arg | None, list[int]]:
    """The class and the kinds of a ``singled_out_list`` whose class noun names kinds ("The
    principal liturgical forms were masses and motets": ``mass``, ``motet`` ⊑ ``liturgical
    form``; "The two main types of pasta are A and B": of ``pasta``): the bare lower-case
    nouns of the list, none a person's. Nothing where a superlative or an ordinal ranks the
    class ("the two commonest forms"), for a noun that plays a part rather than names a kind
    ("obstacles", "themes", "ingredients": no class), nor without a word that says which
    kind ("The main forms are ...")."""
    if not singled_out_list(v, s, n) or v.lemma(s) not in _KIND_NOUNS:
        return None, []
    mods = v.children(s, "amod", "nummod", "compound")
    if any(v.tokens[k].tag in ("JJS", "RBS") or v.lemma(k) in ORDINAL_WORDS for k in mods):
        return None, []
    if of := v.pp_objects(s, "of"):
        kind = b.arg(of[0])  # "the main types of pasta": kinds of pasta
    else:
        start = max(k for k in v.children(s, "amod") if v.lemma(k) in _SINGLING) + 1
        kind = b.from_tokens(list(range(start, s + 1))) if start < s else None
    kinds = [
        k
        for k in v.conjuncts(n)
        if v.tokens[k].upos == "NOUN"
        and v.tokens[k].text.islower()
        and not v.determiner(k)
        and not person_noun(v.lemma(k))
    ]
    return kind, kinds
