"""Nouns the tagger took for adjectives before another noun.

The small English tagger reads many a noun that modifies another as an adjective: "pine nuts",
"the lute family", "a puppet state", "a parish church". The parse keeps the words together but
calls the first an ``amod`` adjective, and the rules then drop it as they drop "large" or "famous"
(the relation names a "nut" instead of a "pine nut"). A word the lexicon knows as a noun and never
as an adjective cannot be one, so ``NounModifierLexicon.retag`` gives such a word back its noun
reading: ``NOUN``/``NN``, a ``compound`` of the common noun after it, with the word itself as its
lemma (the lemmatizer took "rancher" for a comparative of "ranch").

Left as tagged: a word that may be either ("olive", "resident", "native"); a few nouns English
uses as adjectives of rating or relation ("a fun game", "a fellow actor", "record rainfall");
participles ("breaking news") and pieces of a hyphened word ("sub-module"); and a word before a
name other than a person's ("the repository Security Policy": a noun there would make the name a
member of it, which the possessive reading, "the repository's policy", denies; "the de facto
queen Lady Jane Grey" is retagged).

The lexicon is the word lists by part of speech that spaCy's English rule lemmatizer ships in its
``lemma_index`` table (WordNet's lemmas); a pipeline without it gets no repair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from lgm_rdf.nlp.model import Token
from lgm_rdf.nlp.wordlists import HYPHENS

_MODIFIER_RELS = frozenset({"amod", "compound"})
# nouns English uses before another noun as adjectives of rating or relation, which the lexicon
# lists as nouns only ("a fun game", "a fellow actor", "a landmark ruling", "record rainfall",
# "rival parties", "mainstream media", "core modules", "the flagship store")
_ADJECTIVAL_NOUNS = frozenset(
    {"fun", "fellow", "landmark", "record", "rival", "mainstream", "core", "flagship", "vintage"}
)


@dataclass(frozen=True)
class NounModifierLexicon:
    """The lemmas the lexicon lists as nouns, as adjectives and as verbs."""

    nouns: frozenset[str]
    adjectives: frozenset[str]
    verbs: frozenset[str] = frozenset()

    def noun_only(self, word: str) -> bool:
        """Whether ``word`` is a noun that is no adjective."""
        return word in self.nouns and word not in self.adjectives

    def participle(self, word: str) -> bool:
        """Whether ``word`` is the "-ing" form of a verb of the lexicon ("breaking", "freezing",
        "running"; not "king", "spring")."""
        if not word.endswith("ing") or len(word) < 5:
            return False
        stem = word[:-3]
        doubled = len(stem) > 2 and stem[-1] == stem[-2]
        return any(s in self.verbs for s in (stem, stem + "e", stem[:-1] if doubled else ""))

    def retag(self, tokens: Sequence[Token]) -> tuple[Token, ...]:
        """``tokens`` with every lower-case word tagged an adjective that modifies a later common
        noun or person's name, and that the lexicon knows only as a noun (as written and as
        lemmatised), made a noun compound of it."""
        out = list(tokens)
        for k, tok in enumerate(tokens):
            if tok.upos != "ADJ" or tok.deprel not in _MODIFIER_RELS or tok.head <= k:
                continue
            head = tokens[tok.head]
            if head.upos != "NOUN" and (head.upos, head.ent_type) != ("PROPN", "PERSON"):
                continue  # a common noun or a person's name, no other name
            word = tok.text
            if not (word.isalpha() and word.islower()) or len(word) < 3:
                continue  # "bi", "sub" cut off by a hyphen
            if word in _ADJECTIVAL_NOUNS or self.participle(word) or _hyphened(tokens, k):
                continue  # "a fun game", "breaking news", "sub-module"
            if self.noun_only(word) and self.noun_only(tok.lemma.lower()):
                out[k] = replace(
                    tok, lemma=word, upos="NOUN", tag="NN", deprel="compound", feats="Number=Sing"
                )
        return tuple(out)


def _hyphened(tokens: Sequence[Token], k: int) -> bool:
    """Whether token ``k`` is glued by a hyphen to the word before or after it ("sub-module")."""
    before = k > 0 and tokens[k - 1].text in HYPHENS and not tokens[k - 1].ws
    after = k + 1 < len(tokens) and tokens[k + 1].text in HYPHENS and not tokens[k].ws
    return before or after


def lexicon_of(pipeline: Any) -> NounModifierLexicon | None:
    """The noun, adjective and verb lemmas of a spaCy pipeline's rule lemmatizer
    (``lemma_index``), or ``None`` when it has no such table."""
    try:
        from spacy.strings import get_string_id

        table = pipeline.get_pipe("lemmatizer").lookups.get_table("lemma_index")
        nouns = frozenset(table[get_string_id("noun")])
        adjectives = frozenset(table[get_string_id("adj")])
        verbs = frozenset(table[get_string_id("verb")])
    except (KeyError, AttributeError, ValueError):
        return None
    if not nouns or not adjectives:
        return None
    return NounModifierLexicon(nouns, adjectives, verbs)
