"""The word forms of a text that lexical matching compares (ranking, the BM25 index)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lgm_rdf.nlp.model import Token

_WORD = re.compile(r"[^\W_]+")


def word_list(text: str) -> list[str]:
    """Lower-case word forms of a (lemma) text, in order (one-letter words other than digits
    left out)."""
    return [w for w in _WORD.findall(text.lower()) if len(w) > 1 or w.isdigit()]


def words_of(text: str) -> set[str]:
    """The distinct lower-case word forms of a (lemma) text."""
    return set(word_list(text))


_DEGREE_TAGS = frozenset({"JJR", "JJS", "RBR", "RBS"})


def degree_form(text: str, lemma: str, tag: str = "") -> bool:
    """A comparative or superlative ("oldest", "bigger", "earliest"): in a question it states
    the comparison asked for, not a topic, so it links no concept. Read off the tag or, where
    the tagger slipped, off the spelling against the lemma."""
    text, lemma = text.lower(), lemma.lower()
    if tag in _DEGREE_TAGS:
        return True
    if text == lemma or len(lemma) < 2:
        return False
    stems = {lemma, lemma + lemma[-1]}  # "big" -> "bigg-est"
    if lemma.endswith("y"):
        stems.add(lemma[:-1] + "i")  # "early" -> "earli-est"
    if lemma.endswith("e"):
        stems.add(lemma[:-1])  # "late" -> "lat-est"
    return any(text in (stem + "est", stem + "er") for stem in stems)


def placeholder_nouns(tokens: Sequence[Token]) -> set[int]:
    """The common nouns of a question that stand for what it asks rather than name a topic:
    "which region", "what position", "the state where ...", "the individual who ...", "the
    country that released ...". Any region or state in the KB is no evidence, so their mentions
    are not retrieved (the words still count in lexical overlap)."""
    found: set[int] = set()
    for noun in tokens:
        if noun.upos != "NOUN":
            continue
        kids = [t for t in tokens if t.head == noun.i and t.i != noun.i]
        if any(t.deprel in ("relcl", "acl:relcl") for t in kids) or any(
            t.deprel == "det" and t.text.lower() in ("which", "what") for t in kids
        ):
            found.add(noun.i)
    return found
