"""Discourse entities and mentions of the rule-based resolver, and what it learns about them."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from lgm_rdf.nlp.concepts import clean_label
from lgm_rdf.nlp.coref.lexicon import (
    AGENT_SUFFIXES,
    COLLECTIVE_NOUNS,
    HONORIFICS,
    KIND_NOUNS,
    NON_PERSON_NOUNS,
    noun_gender,
    person_noun,
)
from lgm_rdf.nlp.coref.syntax import _category_lemmas, _plural, copula_subject
from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.ontology import normalise_label, without_article


@dataclass(frozen=True)
class Antecedent:
    """What a pronoun refers to: surface ``text`` ("Christopher Nolan") and concept ``key``."""

    text: str
    key: str

    @classmethod
    def of(cls, text: str, key: str) -> Antecedent:
        """An antecedent without edge punctuation or unmatched brackets in its text and key:
        "Jan Matejko (;" (a pronunciation cut out of the source) names "Jan Matejko"."""
        return cls(clean_label(text) or text, clean_label(key) or key)


@dataclass(eq=False)
class _Entity:
    """A discourse entity: the things one or more mentions refer to."""

    text: str
    key: str
    name: tuple[str, ...] = ()  # lower-case words of its proper name, if it has one
    plural: bool = False
    collective: bool = False
    person_score: int = 0  # evidence for (> 0) or against (< 0) being a person
    gender: str | None = None
    categories: set[str] = field(default_factory=set)
    mentioned: bool = False

    @property
    def person(self) -> bool | None:
        """Whether the entity is a person, as far as the evidence tells."""
        return None if self.person_score == 0 else self.person_score > 0

    def evidence(self, is_person: bool, weight: int) -> None:
        """Add evidence about person-hood (weights: NER 1, nouns 2-3, titles 4)."""
        self.person_score += weight if is_person else -weight

    def agrees(self, number: str, gender: str, strict: bool = False) -> bool:
        """Number/person/gender agreement with a third-person pronoun.

        ``strict`` asks for positive evidence of person-hood (or its absence), not just none
        against it."""
        # a person with a proper name is one person, whatever the tagger thought of "Pliers"
        plural = self.plural and not (self.person and self.name)
        if number == "plur":
            return plural or self.collective
        if plural:
            return False
        if strict and self.person is None:
            return False
        if gender == "neut":
            return self.person is not True
        if self.person is False or (self.person is None and not self.name):
            return False
        return self.gender in (None, gender)


@dataclass
class _Mention:
    """Tokens ``start``..``end`` of sentence ``sent`` referring to ``entity``."""

    sent: int
    start: int
    end: int
    head: int
    role: str  # "subj" | "obj" | "other"
    entity: _Entity
    depth: int = 0  # dependency distance of the head from the root
    owner: int | None = None  # token of a possessor: "its status" is rarely the next "it"

    @property
    def possessed(self) -> bool:
        """Has a possessor ("its", "the album's")."""
        return self.owner is not None


def topic_name(topic: str) -> str:
    """A title without its parenthesised disambiguator: "The Prestige (film)" -> "The Prestige"."""
    return " ".join(re.sub(r"\s*\([^)]*\)", " ", topic).split())


def _name_word(word: str) -> str:
    """A word of a name, compared without case and punctuation: "O'Brien" -> "obrien"."""
    return "".join(ch for ch in word.lower() if ch.isalpha())


def _short_name(name: str) -> str:
    """ "Mākaha, Hawaii" -> "Mākaha": drop one trailing ", Place" qualifier."""
    head, sep, tail = name.partition(", ")
    words = tail.split()
    place = 0 < len(words) <= 3 and all(w[:1].isupper() for w in words)
    if sep and place and "," not in tail and not any(ch.isdigit() for ch in tail):
        return head
    return name


def _strip_article(text: str) -> str:
    return without_article(normalise_label(text))


def _owners(subjects: list[_Mention], mentions: list[_Mention]) -> list[_Mention]:
    """Subjects, each possessed one ("its status") replaced by its possessor ("its")."""
    out: list[_Mention] = []
    for m in subjects:
        if m.owner is None:
            out.append(m)
            continue
        owner = next((o for o in mentions if o.sent == m.sent and o.head == m.owner), None)
        if owner is not None and owner not in out:
            out.append(owner)
    return out


class _Evidence:
    """What copulas, appositions, titles and names say about entities (a mixin)."""

    topic: _Entity | None
    entities: list[_Entity]

    @staticmethod
    def _name_words(text: str) -> tuple[str, ...]:
        return tuple(w for w in map(_name_word, text.split()) if w and w != "the")

    def _topic_hint(self, topic: str) -> None:
        """Use a disambiguator like "(singer)" or "(band)" as evidence about the topic."""
        assert self.topic is not None
        found = re.search(r"\(([^)]*)\)", topic)
        if not found:
            return
        words = found.group(1).split(",")[0].split()
        if words and words[-1].isalpha() and words[-1].islower():  # "(film)", not "(Mozart)"
            self._categorise(self.topic, [words[-1]], weight=4)

    def _categorise(
        self, entity: _Entity, lemmas: list[str], weight: int, told: bool = False
    ) -> None:
        """``entity`` is one of ``lemmas`` (e.g. "film", "actress and singer", "band").

        ``told``: a copula said so. Of a name, "X is a variety of apple" outweighs a person tag
        from the named-entity recogniser, "Bark is part of the trunk" cancels it, and an agent
        noun the lexicon misses ("X became a crusader") says nothing."""
        entity.categories.update(lemmas)
        if any(person_noun(lemma) for lemma in lemmas):
            entity.evidence(True, weight + 1)
        elif any(lemma in NON_PERSON_NOUNS or lemma in COLLECTIVE_NOUNS for lemma in lemmas):
            entity.evidence(False, weight)
            entity.collective = entity.collective or any(x in COLLECTIVE_NOUNS for x in lemmas)
        elif not entity.name:
            entity.evidence(False, 1)  # an unknown common noun is rarely a person
            entity.collective = entity.collective or any(x in COLLECTIVE_NOUNS for x in lemmas)
        elif told:
            kind = any(lemma in KIND_NOUNS for lemma in lemmas)
            if kind or not any(lemma.endswith(AGENT_SUFFIXES) for lemma in lemmas):
                entity.evidence(False, 2 if kind else 1)
        for lemma in lemmas:
            entity.gender = noun_gender(lemma) or entity.gender

    def _update(
        self, entity: _Entity, sent: Sentence, span: tuple[Token, ...], head: Token, label: str
    ) -> _Entity:
        """Evidence from one mention: number, named-entity type, person nouns, honorifics."""
        if entity.mentioned:
            return entity
        entity.plural = _plural(sent, span, head, label)
        if label in {"ORG", "NORP"}:
            entity.collective = True
        if label:
            entity.evidence(label in {"PERSON", "PER"}, 1)
        if head.upos == "NOUN":
            self._categorise(entity, [head.lemma.lower()], weight=2)
        for tok in span:
            title = HONORIFICS.get(tok.text.lower().rstrip("."))
            if title:
                entity.evidence(True, 4)
                entity.gender = title
        return entity

    def _merge(self, mention: _Mention, entity: _Entity) -> None:
        """``mention`` turns out to name ``entity``; drop the entity it had made up."""
        old = mention.entity
        if old is entity:
            return
        mention.entity = entity
        if old in self.entities and not old.name:
            self.entities.remove(old)

    def _learn_categories(self, sent: Sentence, mentions: list[_Mention]) -> None:
        """ "X is a N" and "X, a N," tell what X is (person? gender? group?)."""
        tokens = sent.tokens
        by_head: dict[int, _Mention] = {}
        for m in sorted(mentions, key=lambda m: m.start - m.end):
            by_head[m.head] = m  # the shortest mention of a head wins
        for tok in tokens:
            lemma = tok.lemma.lower()
            if tok.upos == "PROPN":  # "a Pakistani Investment Banker"
                if not (person_noun(lemma) or lemma in NON_PERSON_NOUNS):
                    continue
            elif tok.upos != "NOUN" and lemma != "one":
                continue
            subject: _Mention | None = None
            subj_tok = copula_subject(tokens, tok)
            if subj_tok is not None:
                subject = by_head.get(subj_tok.i)
            elif tok.deprel == "appos" and tok.upos == "NOUN":
                subject = by_head.get(tok.head)
            if subject is not None:
                lemmas = _category_lemmas(tokens, tok)
                self._categorise(subject.entity, lemmas, weight=2, told=subj_tok is not None)
        for m in mentions:  # "X (born 1970)", "X (30 December 1907 – 7 April 1994)"
            if m.end < len(tokens) and tokens[m.end].text == "(":
                inside = list(itertools.takewhile(lambda t: t.text != ")", tokens[m.end + 1 :]))
                born = any(t.text.lower() in {"born", "b."} for t in inside)
                dates = sum(t.ent_type == "DATE" and t.ent_iob == "B" for t in inside)
                dash = any(t.text in {"–", "-", "—"} for t in inside)
                if born or (dates >= 2 and dash):
                    m.entity.evidence(True, 3)
