"""The section topic of the rule-based resolver: what a title or heading names, and its number.

A Wikipedia paragraph is titled by a name ("Christopher Nolan", "The Prestige (film)"); a
Markdown section by a heading that is often a generic phrase of common nouns ("Varieties",
"Parts of a tree", "Apples and vitamins", "Visiting an orchard"). Such a heading is no person
and no proper name, and it is plural when its head noun is ("Varieties", "Parts of a tree") or
when it coordinates nouns ("Apples and vitamins"), so a singular "it" never points at it. A
heading that starts with a preposition ("From orchard to glass") names no entity at all.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lgm_rdf.nlp.coref.entities import (
    _Entity,
    _Evidence,
    _name_word,
    _short_name,
    _strip_article,
    topic_name,
)
from lgm_rdf.nlp.coref.lexicon import (
    DETERMINERS,
    HEADING_FUNCTION_WORDS,
    IRREGULAR_PLURALS,
    PREPOSITIONS,
)
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.nlp.plural import singular_in_s

_COORDINATORS = frozenset({"and", "&", "or"})


@dataclass
class SectionTopic:
    """The default antecedent of a section and what its title tells about it."""

    entity: _Entity
    texts: set[str]  # lower-case forms a noun phrase may take to name the topic
    core: set[str]  # name words before " of " ("Geography" of "Geography of Lesotho")
    is_name: bool  # a proper name ("Christopher Nolan"), not "Bible translations into Tibetan"
    common: bool  # a heading of common nouns ("Varieties", "Parts of a tree")
    coordinated: bool  # "Apples and vitamins": no one noun phrase of the text is the topic
    written: bool  # the section writes a word of it ("Pliers" in "better known as Pliers")


def section_topic(title: str, sents: Sequence[Sentence]) -> SectionTopic | None:
    """The topic a title or heading names, or ``None`` when it names nothing."""
    name = topic_name(title)
    if not name:
        return None
    short = _short_name(name)
    words = short.split()
    common = is_common_heading(words, sents)
    if common and words[0].lower() in PREPOSITIONS:
        return None  # "From orchard to glass", "Under the hood"
    entity = _Entity(name, _strip_article(short), _Evidence._name_words(short))
    core = re.split(r"\s+of\s+", short)[0]
    core_words = set(_Evidence._name_words(core)) if core != short else set()
    is_name = not common and all(w[:1].isupper() and w.isalpha() for w in words)
    if not is_name:
        entity.evidence(False, 1)  # "Bible translations into Tibetan" is no person
    coordinated = False
    if common:
        phrase = [w.lower().strip(",;:") for w in _head_phrase(words)]
        coordinated = any(w in _COORDINATORS for w in phrase[1:])
        entity.plural = coordinated or _plural_head(phrase, sents)
    texts = {_strip_article(name), _strip_article(short)}
    seen = written(words, sents)
    return SectionTopic(entity, texts, core_words, is_name, common, coordinated, seen)


def is_common_heading(words: Sequence[str], sents: Sequence[Sentence]) -> bool:
    """Is a heading made of common nouns ("Parts of a tree") rather than a proper name?

    A lower-case content word after the first says so ("Citrus fruits"); a capitalised heading
    ("Varieties", "Apple", "Citrus Fruits") is common when the section writes all its content
    words in lower case ("another variety of apple", "an apple")."""
    if not words:
        return False
    head = [w for w in _head_phrase(words) if w.lower() not in HEADING_FUNCTION_WORDS]
    rest = [w for w in words[len(_head_phrase(words)) :] if w.lower() not in HEADING_FUNCTION_WORDS]
    if any(w[:1].islower() for w in head[1:]):
        return True
    if len(head) == 1 and any(w[:1].islower() for w in rest):
        return True  # "Parts of a tree", "Kinds of trees"
    if head and all(_written_in_lower_case(w, sents) for w in head):
        return True
    # a lone plural the section never writes ("Varieties", "Uses"); a name ("Athens") is written
    return len(words) == 1 and _plural_form(_name_word(words[0])) and not written(words, sents)


def written(words: Sequence[str], sents: Sequence[Sentence]) -> bool:
    """Does the section write any of ``words`` (or a singular of it), in any case?"""
    forms = {
        f
        for w in words
        if w.lower() not in HEADING_FUNCTION_WORDS
        for f in _singulars(_name_word(w))
    }
    forms.discard("")
    return any(_name_word(tok.text) in forms for sent in sents for tok in sent.tokens)


def _head_phrase(words: Sequence[str]) -> list[str]:
    """The words before the first preposition: "Parts" of "Parts of a tree"."""
    for i, word in enumerate(words):
        if i > 0 and word.lower() in PREPOSITIONS:
            return list(words[:i])
    return list(words)


def _singulars(word: str) -> set[str]:
    """A word and the singulars it may be the plural of: "varieties" -> {"variety", ...}."""
    out = {word}
    if word.endswith("s"):
        out.add(word[:-1])
    if word.endswith("es"):
        out.add(word[:-2])
    if word.endswith("ies"):
        out.add(word[:-3] + "y")
    return out


def _written_in_lower_case(word: str, sents: Sequence[Sentence]) -> bool:
    """Does the section use ``word`` (or its singular) as a lower-case common word?"""
    forms = _singulars(_name_word(word))
    return any(
        tok.text[:1].islower()
        and tok.upos != "PROPN"
        and (tok.text.lower() in forms or tok.lemma.lower() in forms)
        for sent in sents
        for tok in sent.tokens
    )


def _plural_head(phrase: Sequence[str], sents: Sequence[Sentence]) -> bool:
    """Is the head noun of a common heading plural ("Varieties", "Parts of a tree")?"""
    if not phrase:
        return False
    if len(phrase) > 1 and phrase[0].endswith("ing") and phrase[1] in DETERMINERS:
        return False  # a gerund: "Visiting an orchard" is one activity
    head = _name_word(phrase[-1])
    if head in IRREGULAR_PLURALS:
        return True
    if not _plural_form(head):
        return False  # not "Cryptantha pterocarya", whatever the tagger thinks
    for sent in sents:  # the tagger's word on the same noun in the section
        for tok in sent.tokens:
            if tok.text.lower() == head and tok.upos in {"NOUN", "PROPN"}:
                return "Number=Plur" in tok.feats or tok.tag in {"NNS", "NNPS"}
    return True


def _plural_form(word: str) -> bool:
    """Does a lower-case word look like a regular English plural ("varieties", "parts")?"""
    if singular_in_s(word) or len(word) < 4 or not word.endswith("s"):
        return False
    return not word.endswith(("ics", "ness", "ous"))
