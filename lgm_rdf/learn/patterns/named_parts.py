"""Names set off after a counted plural of parts: "The school has two parts, the Pre-Prep and
the Preparatory School", "The framework has two parts, Core and Extensions". As many names as
the count says, set off by a comma right after a word for parts, are the parts themselves; the
parse hangs them on the plural as an apposition or as conjuncts of it."""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import ArgTokens
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import PORTION_NOUNS, count_word
from lgm_rdf.nlp.wordlists import PART_NOUNS, words

# words for the parts of a whole (not "modes", "levels", "colours", "seasons": options and
# qualities, named as often as parts are)
PARTS_WORDS = PART_NOUNS | PORTION_NOUNS | words("division module subsystem wing")
# sides and ranks that name a part only with a noun ("North Island", not "North")
_SIDE_WORDS = words(
    "north south east west northern southern eastern western upper lower inner outer left right "
    "front back first second main"
)


def counted_names(v: DepView, b: ArgTokens, o: int) -> list[int]:
    """The names set off after the counted plural ``o`` of a word for parts ("two parts, A and
    B", "three sections", "two modules"), exactly as many as its count; [] when there are none,
    more or fewer, or the plural is any other noun: "two modes", "two colours", "two official
    languages", "two seasons", "two twin towns", "two maintainers" name options, qualities,
    relations or people, not parts. A lone side or rank word is no name of a part ("two
    parts, North and South")."""
    toks = v.tokens
    if toks[o].upos != "NOUN" or not toks[o].text.islower() or not v.is_plural(o):
        return []
    if v.lemma(o) not in PARTS_WORDS:
        return []
    counts = [toks[k].text.lower() for k in v.children(o, "nummod")]
    if len(counts) != 1 or o + 2 >= len(v) or toks[o + 1].text != ",":
        return []
    heads = v.children(o, "appos") or [c for c in v.children(o, "conj") if c > o + 1]
    names = sorted({c for h in heads for c in v.conjuncts(h) if c > o})
    if not names or counts != [count_word(len(names))]:
        return []
    if not all(b.proper(k) for k in names):
        return []
    lone = [k for k in names if not v.children(k, "compound", "amod", "flat")]
    return [] if any(v.lemma(k) in _SIDE_WORDS for k in lone) else names
