"""Named descriptions of events: a definite event noun that a name modifies stands for one event
("The 1906 San Francisco earthquake", "The Birmingham tornado"), which a copula may then classify
as a name is classified (used by the copula rule of ``extractor.py``). A year alone names no one
event ("The 1990 season": whose season?)."""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.joined import phrase_start
from lgm_rdf.learn.patterns.roles import ArgBuilder
from lgm_rdf.learn.patterns.words import EVENT_NOUNS


def named_description(v: DepView, b: ArgBuilder, s: int, n: int) -> bool:
    """ "The Birmingham tornado was one of only two F5 tornadoes", "The Natchez fire was a
    nightclub fire": the definite event noun ``s`` (``words.EVENT_NOUNS``) a name modifies
    stands for one event (not "the Texas man", "the Google engineer": a description), and a
    predicate ``n`` that repeats its noun (or counts it among the plural of it) classifies it
    ("The Birmingham film was a success", "The Paris trip was one of the highlights" still
    tell an episode). A definite predicate is left out: "The 1946 NFL season was the 27th
    regular season" is right, but a generic noun such as "season" then has every named season
    as a child, and expanding a question's "first season" to them cost a HotpotQA question its
    supporting sentence (docs/benchmarks.md §42)."""
    if v.lemma(s) not in EVENT_NOUNS:
        return False  # "The Texas man was a man of means": a description, no name
    if not any(b.proper(c) and v.rels[c] == "compound" for c in v.subtree(s) if c < s):
        return False
    if v.determiner(n) in ("the", "poss"):
        return False  # "The 1946 NFL season was the 27th regular season": see the docstring
    said = v.pp_objects(n, "of") if v.lemma(n) == "one" else [n]
    return any(v.lemma(k) == v.lemma(s) for k in said)


def description(v: DepView, b: ArgBuilder, s: int) -> Arg | None:
    """The named description headed by ``s`` as one name, its article and the lower-case
    adjectives that open it left out ("The devastating 1906 San Francisco earthquake")."""
    lo = phrase_start(v, s)
    while lo < s and v.tokens[lo].upos == "ADJ" and v.tokens[lo].text.islower():
        lo += 1
    found = b.from_tokens(list(range(lo, s + 1)), "name")
    return replace(found, is_name=True) if found is not None else None
