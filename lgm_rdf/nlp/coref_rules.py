"""The rule-based pronoun resolver: one pass over a section keeping its discourse entities.

Noun phrases become entities; a proper name that repeats part of an earlier name ("Nolan" after
"Christopher Nolan") or names the section topic joins that entity, and so does a definite
description ("the film") of something a copula said is a film. A pronoun takes the first entity
that agrees in number, person and gender from: subjects earlier in its sentence, subjects of the
previous sentence, the section topic, subjects two and three sentences back, then any earlier
noun phrase of this or the two previous sentences. A possessed subject ("its status") stands
aside for its possessor. "he"/"she" first look for entities known to be people.
"""

from __future__ import annotations

import re

from lgm_rdf.nlp.concepts import (
    NUMERIC_ENTITIES,
    entity_spans,
    noun_chunks,
    phrase_key,
    surface,
    trim_span,
)
from lgm_rdf.nlp.coref_entities import (
    Antecedent,
    _Entity,
    _Evidence,
    _Mention,
    _name_word,
    _owners,
    _short_name,
    _strip_article,
    topic_name,
)
from lgm_rdf.nlp.coref_lexicon import GENERIC_NOUNS, REFLEXIVES
from lgm_rdf.nlp.coref_syntax import (
    _OBJECT_RELS,
    _POSS,
    _SUBJECT_RELS,
    _children,
    _depth,
    _in_title,
    clause_mate,
    copula_subject,
    is_pleonastic,
    may_bind,
    pronoun_features,
)
from lgm_rdf.nlp.model import ParsedText, Sentence, Token
from lgm_rdf.ontology import normalise_label


def _of_owner(tokens: tuple[Token, ...], head: int) -> int | None:
    """The name X in "the population of X" (spaCy prep/pobj or UD nmod/case), if any."""
    if tokens[head].upos != "NOUN":
        return None
    for child in _children(tokens, head):
        if child.i < head:
            continue
        if child.deprel == "prep" and child.text.lower() == "of":  # spaCy
            names = [c for c in _children(tokens, child.i) if c.deprel == "pobj"]
        elif child.deprel == "nmod" and any(  # UD
            c.deprel == "case" and c.text.lower() == "of" for c in _children(tokens, child.i)
        ):
            names = [child]
        else:
            continue
        if names and names[0].upos == "PROPN":
            return names[0].i
    return None


class _RuleResolver(_Evidence):
    """One pass over a section's sentences keeping the discourse entities seen so far."""

    def __init__(self, parsed: ParsedText, topic: str | None) -> None:
        self.sents = parsed.sentences
        self.entities: list[_Entity] = []
        self.history: list[list[_Mention]] = []
        self.topic: _Entity | None = None
        if topic and topic_name(topic):
            name = topic_name(topic)
            short = _short_name(name)
            self.topic = _Entity(name, _strip_article(short), self._name_words(short))
            self.topic_texts = {_strip_article(name), _strip_article(short)}
            core = re.split(r"\s+of\s+", short)[0]
            self.topic_core = set(self._name_words(core)) if core != short else set()
            words = short.split()
            self.topic_is_name = all(w[:1].isupper() and w.isalpha() for w in words)
            if not self.topic_is_name:
                self.topic.evidence(False, 1)  # "Bible translations into Tibetan" is no person
            self._topic_hint(topic)
            self.entities.append(self.topic)

    def run(self) -> dict[tuple[int, int], Antecedent]:
        """Resolve every pronoun of the section."""
        out: dict[tuple[int, int], Antecedent] = {}
        for s, sent in enumerate(self.sents):
            mentions = self._mentions(s, sent)
            self._learn_categories(sent, mentions)
            resolved: list[_Mention] = []
            for tok in sent.tokens:
                feats = pronoun_features(tok)
                if feats is None:
                    continue
                if tok.text.lower() == "it" and is_pleonastic(sent.tokens, tok.i):
                    continue
                if _in_title(sent.tokens, tok.i):
                    continue
                entity = self._choose(s, sent, tok, feats, mentions)
                if entity is None:
                    continue
                out[(s, tok.i)] = Antecedent(entity.text, entity.key)
                if feats[1] == "neut":
                    entity.evidence(False, 1)
                elif feats[1] in {"masc", "fem"}:
                    entity.evidence(True, 3)
                    entity.gender = entity.gender or feats[1]
                resolved.append(self._mention(s, sent, tok.i, tok.i + 1, tok.i, entity))
                mentions.append(resolved[-1])
            mentions.sort(key=lambda m: (m.start, -m.end))
            self._learn_categories(sent, resolved)  # "He is an actor."
            self.history.append(mentions)
        return out

    def _mention(
        self, s: int, sent: Sentence, start: int, end: int, head: int, entity: _Entity
    ) -> _Mention:
        tokens = sent.tokens
        top, hops = head, 0
        while tokens[top].deprel == "conj" and tokens[top].head != top and hops < len(tokens):
            top, hops = tokens[top].head, hops + 1  # a conjunct shares its first member's role
        rel = tokens[top].deprel
        role = (
            "subj" if rel.startswith(_SUBJECT_RELS) else "obj" if rel in _OBJECT_RELS else "other"
        )
        entity.mentioned = True
        owners = [c.i for c in _children(tokens, top) if c.deprel in _POSS and c.i < top]
        owner = owners[0] if owners else _of_owner(tokens, top)
        return _Mention(s, start, end, head, role, entity, _depth(tokens, head), owner)

    def _mentions(self, s: int, sent: Sentence) -> list[_Mention]:
        """Noun-phrase mentions of a sentence, linked to (new or known) entities."""
        tokens = sent.tokens
        ents = [(a, b, lab) for a, b, lab in entity_spans(sent) if lab not in NUMERIC_ENTITIES]
        out: list[_Mention] = []
        used: set[int] = set()
        for start, end, head in noun_chunks(sent):
            label = ""
            for a, b, lab in ents:
                if a <= head < b:  # a name is the entity, not "American singer Nichole Nordeman"
                    start, end = trim_span(tokens, a, b)
                    label = lab
            if not label and tokens[head].upos == "PROPN":
                while start < head and tokens[start].upos != "PROPN":
                    start += 1
            htok = tokens[head]
            prefix = htok.ws == "" and head + 1 < len(tokens) and tokens[head + 1].text == "-"
            if head in used or start >= end or htok.ent_type in NUMERIC_ENTITIES or prefix:
                continue
            if not any(ch.isalpha() for ch in htok.text):
                continue
            heads = [i for i in range(start, end) if not start <= tokens[i].head < end]
            head = heads[0] if heads else head
            used.update(range(start, end))
            entity = self._link(sent, start, end, head, label, self._is_lead(s, sent, head))
            out.append(self._mention(s, sent, start, end, head, entity))
        by_head = {m.head: m for m in out}
        for tok in tokens:  # "Its owner and founder, Andrzej Roczniok": one entity, named
            if tok.deprel == "appos" and tok.i in by_head and tok.head in by_head:
                a, b = by_head[tok.head], by_head[tok.i]
                if b.entity.name and not a.entity.name:
                    self._merge(a, b.entity)
                elif a.entity.name and not b.entity.name:
                    self._merge(b, a.entity)
            # "X is an English cricketer (who ...)": the complement is X itself
            if tok.i in by_head and not by_head[tok.i].entity.name:
                subj = copula_subject(tokens, tok)
                if subj is not None and subj.i in by_head:
                    self._merge(by_head[tok.i], by_head[subj.i].entity)
        out.extend(self._groups(s, sent, out))
        out.extend(self._relatives(s, sent, out))
        return out

    def _is_topic(
        self, sent: Sentence, start: int, end: int, names: frozenset[str], label: str
    ) -> bool:
        """Does a noun phrase name the section topic?"""
        assert self.topic is not None
        if _strip_article(surface(sent, start, end)) in self.topic_texts:
            return True
        if not names:
            return False
        if self._same_name(names, self.topic.name) or names == self.topic_core:
            return True
        # a first name alone ("Sigmund" for "Sigmund Ruud") when the topic is a person's name
        return self.topic_is_name and label in {"PERSON", "PER"} and names <= set(self.topic.name)

    def _is_lead(self, s: int, sent: Sentence, head: int) -> bool:
        """The subject of a section's defining first sentence ("X is a ...", "X was built")."""
        if s != 0 or self.topic is None or self.topic.mentioned:
            return False
        tok = sent.tokens[head]
        if not tok.deprel.startswith(_SUBJECT_RELS):
            return False
        words = {_name_word(t.text) for t in sent.tokens if t.head == head or t.i == head}
        shared = words & set(self._name_words(self.topic.text))
        if not shared and not (self.topic_is_name and tok.upos == "PROPN"):
            return False  # "The first portion of the Bible ..." is not "Bible translations"
        pred = sent.tokens[tok.head]
        if pred.head != pred.i:
            return False
        kids = _children(sent.tokens, pred.i)
        return (
            pred.lemma.lower() == "be"
            or any(c.deprel in {"cop", "auxpass", "aux:pass"} for c in kids)
            or tok.deprel != "nsubj"
        )

    def _link(
        self, sent: Sentence, start: int, end: int, head: int, label: str, lead: bool = False
    ) -> _Entity:
        """The entity a noun phrase refers to, created when it is new."""
        tokens = sent.tokens
        span = tokens[start:end]
        key = phrase_key(span)
        htok = tokens[head]
        name: tuple[str, ...] = ()
        if htok.upos == "PROPN" or label:  # a proper name, not "Canada tornado outbreak"
            name = tuple(_name_word(t.text) for t in span if t.upos == "PROPN")
            name = tuple(w for w in name if w)
        names = frozenset(name) - {"the"}
        for ent in reversed(self.entities):
            if ent.key == key:
                return ent
        topic = self.topic
        if topic is not None and (lead or self._is_topic(sent, start, end, names, label)):
            if names == set(topic.name) and not topic.mentioned:
                topic.key = key  # the concept key the text itself gives the topic
            return self._update(topic, sent, span, htok, label)
        if names:
            for ent in reversed(self.entities):
                if ent.name and self._same_name(names, ent.name):
                    return ent
        det = (
            start > 0
            and tokens[start - 1].upos == "DET"
            and tokens[start - 1].text.lower() in {"the", "this", "that"}
        )
        lemma = htok.lemma.lower()
        if not names and det and htok.upos == "NOUN" and "Number=Plur" not in htok.feats:
            for ent in self._recent_entities():
                if lemma in ent.categories and not ent.plural:
                    return ent
            generic = lemma in GENERIC_NOUNS or (topic is not None and topic.name[-1:] == (lemma,))
            if generic and topic is not None and topic.person is not True and not topic.plural:
                return topic  # "the piece", "the institution", "the board"
        text = surface(sent, start - 1 if det and not names else start, end)
        entity = _Entity(text, key, tuple(w for w in name if w != "the"))
        self.entities.append(entity)
        return self._update(entity, sent, span, htok, label)

    @staticmethod
    def _same_name(names: frozenset[str], full: tuple[str, ...]) -> bool:
        """ "Nolan" or "Christopher Edward Nolan" name "Christopher Nolan"; "Christopher" does not."""
        return bool(full) and (names >= set(full) or (names <= set(full) and full[-1] in names))

    def _recent_entities(self) -> list[_Entity]:
        seen: list[_Entity] = []
        for mentions in reversed(self.history[-3:]):
            for m in mentions:
                if m.entity not in seen:
                    seen.append(m.entity)
        if self.topic is not None and self.topic not in seen:
            seen.append(self.topic)
        return seen

    def _groups(self, s: int, sent: Sentence, mentions: list[_Mention]) -> list[_Mention]:
        """A plural mention for each coordination of noun phrases ("Lili and John")."""
        by_head = {m.head: m for m in mentions}
        out: list[_Mention] = []
        for m in mentions:
            members = [m]
            frontier = [m.head]
            while frontier:
                h = frontier.pop()
                for t in sent.tokens:
                    if t.head == h and t.deprel == "conj" and t.i in by_head and t.i != h:
                        members.append(by_head[t.i])
                        frontier.append(t.i)
            if len(members) < 2 or sent.tokens[m.head].deprel == "conj":
                continue
            end = max(x.end for x in members)
            text = surface(sent, m.start, end)
            group = _Entity(text, normalise_label(text), plural=True)
            group.evidence(all(x.entity.person for x in members), 1)
            out.append(_Mention(s, m.start, end, m.head, m.role, group, m.depth))
        return out

    def _relatives(self, s: int, sent: Sentence, mentions: list[_Mention]) -> list[_Mention]:
        """ "who"/"which" subjects of a relative clause stand for the noun they modify."""
        by_head = {m.head: m for m in mentions}
        out: list[_Mention] = []
        for tok in sent.tokens:
            if tok.text.lower() not in {"who", "which", "that"} or not tok.deprel.startswith(
                _SUBJECT_RELS
            ):
                continue
            verb = sent.tokens[tok.head]
            if verb.deprel in {"relcl", "acl:relcl"} and verb.head in by_head:
                entity = by_head[verb.head].entity
                if tok.text.lower() == "who" and entity.person is False:
                    # "X is an actress born in New York City, who ...": "who" is no city
                    people = [m for m in mentions if m.role == "subj" and m.end <= tok.i]
                    entity = people[0].entity if people else entity
                out.append(self._mention(s, sent, tok.i, tok.i + 1, tok.i, entity))
        return out

    def _choose(
        self,
        s: int,
        sent: Sentence,
        tok: Token,
        feats: tuple[str, str],
        mentions: list[_Mention],
    ) -> _Entity | None:
        number, gender = feats
        word = tok.text.lower()
        before = [m for m in mentions if m.end <= tok.i]
        own_subjects = _owners(
            sorted((m for m in before if m.role == "subj"), key=lambda m: -m.start), mentions
        )
        barred: set[int] = set()
        if word in REFLEXIVES:
            # "Wilson himself", "Massawa itself": an intensive follows its noun
            candidates = [m for m in before if m.end == tok.i or m.head == tok.head]
            candidates += own_subjects + sorted(before, key=lambda m: -m.end)
        else:
            # "John praised him": John, however named, is not "him"
            barred = {id(m.entity) for m in own_subjects if clause_mate(sent, tok, m.head)}
            candidates = [m for m in own_subjects if may_bind(sent, tok, m.head)]
            candidates += self._subjects(s - 1)
            if self.topic is not None:
                candidates.append(self.topic)  # type: ignore[arg-type]
            candidates += self._subjects(s - 2) + self._subjects(s - 3)
            candidates += [m for m in before if m.role == "subj" and m.possessed]
            candidates += self._subjects(s - 1, possessed=True)
            candidates += sorted(before, key=lambda m: -m.end)
            for back in (1, 2):
                if s >= back:
                    candidates += sorted(self.history[s - back], key=lambda m: -m.end)
        # a "he"/"she" prefers entities known to be people to undecided ones
        for strict in (True, False) if gender in {"masc", "fem"} else (False,):
            for cand in candidates:
                entity = cand if isinstance(cand, _Entity) else cand.entity
                if isinstance(cand, _Mention) and cand.sent == s and cand.start <= tok.i < cand.end:
                    continue
                if id(entity) in barred:
                    continue
                if entity.agrees(number, gender, strict):
                    return entity
        topic = self.topic
        if number == "plur" and topic is not None and topic.person is not True and topic.mentioned:
            return topic  # "They" for a species, breed or band the section is about
        return None

    def _subjects(self, s: int, possessed: bool = False) -> list[_Mention]:
        """Subjects of sentence ``s`` (possessed ones like "its status", or not), main first."""
        if s < 0 or s >= len(self.history):
            return []
        mentions = self.history[s]
        subs = sorted((m for m in mentions if m.role == "subj"), key=lambda m: (m.depth, m.start))
        if possessed:
            return [m for m in subs if m.possessed]
        return _owners(subs, mentions)
