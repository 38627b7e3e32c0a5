"""Hyphened words in a class noun phrase, mended where the parse cut them: a modifier joined to
a bound prefix ("non-JSON characters") and a word whose first part the parse dropped ("a Chilean
ex-football player")."""

from __future__ import annotations

from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import BOUND_PREFIXES
from lgm_rdf.nlp.wordlists import HYPHENS

# prefixes that put a class in the past: the rest of the word is the class
_ONCE = frozenset({"ex"})


def bound_prefix(v: DepView, idx: list[int]) -> list[int]:
    """ "non-JSON characters", "multi-core processors": a modifier hyphenated to a bound
    prefix stays with the noun (without "non-" the phrase says the opposite)."""
    toks, lo = v.tokens, idx[0]
    joined = lo >= 3 and toks[lo - 2].text in HYPHENS and not toks[lo - 2].ws
    if joined and not toks[lo - 3].ws and toks[lo - 3].text.lower() in BOUND_PREFIXES:
        return list(range(lo - 3, idx[-1] + 1))
    return idx


def whole_words(v: DepView, idx: list[int]) -> list[int]:
    """A span that opens on the hyphen of a hyphened word, its first part dropped by the parse
    as an adjective, takes that part back in; after "ex" it leaves the hyphen out instead ("a
    Chilean ex-football player" is a `football player`, as "a former football player" is; it
    gave no class at all; when the parse kept "ex" as an adjective of the class, "ex-" goes
    all the same). A hyphen standing loose at the span's start is left out."""
    toks = v.tokens
    once = len(idx) > 2 and toks[idx[0]].text.lower() in _ONCE and idx[1] == idx[0] + 1
    if once and toks[idx[1]].text in HYPHENS and not toks[idx[0]].ws:
        return idx[2:]  # "an [ex - football player]": a `football player`
    if len(idx) < 2 or v.tokens[idx[0]].text not in HYPHENS:
        return idx
    lo, first = idx[0], v.tokens[idx[0] - 1].text
    if v.joining_hyphen(lo) and first.isalnum() and first.lower() not in _ONCE:
        return [lo - 1, *idx]
    return idx[1:]  # "an ex-football player": once, not a kind (as "a former football player")
