"""The rule-based pronoun resolver: one pass over a section keeping its discourse entities.

Noun phrases become entities; a proper name that repeats part of an earlier name ("Nolan" after
"Christopher Nolan") or names the section topic joins that entity, and so does a definite
description ("the film") of something a copula said is a film. A pronoun takes the first entity
that agrees in number, person and gender from: subjects earlier in its sentence, subjects of the
previous sentence, the section topic, subjects two and three sentences back, then any earlier
noun phrase of this or the two previous sentences. A possessed subject ("its status") stands
aside for its possessor. "he"/"she" first look for entities known to be people. Subjects of a
relative clause of the previous sentence, and a generic heading the text has not named yet
("Visiting an orchard", see :mod:`lgm_rdf.nlp.coref.topic`), come after the noun phrases of the
pronoun's own sentence. A noun repeated in the other number ("the apple" after "apples") is a
new entity.
"""

from __future__ import annotations

from lgm_rdf.nlp.concepts import (
    NUMERIC_ENTITIES,
    entity_spans,
    noun_chunks,
    phrase_key,
    surface,
    trim_span,
)
from lgm_rdf.nlp.coref.entities import (
    Antecedent,
    _Entity,
    _Evidence,
    _Mention,
    _name_word,
    _owners,
    _strip_article,
)
from lgm_rdf.nlp.coref.lexicon import GENERIC_NOUNS, REFLEXIVES, STATISTIC_NOUNS
from lgm_rdf.nlp.coref.syntax import (
    _OBJECT_RELS,
    _POSS,
    _SUBJECT_RELS,
    _children,
    _depth,
    _in_title,
    _of_owner,
    _plural,
    _subject_plural,
    clause_mate,
    copula_subject,
    is_pleonastic,
    may_bind,
    places_subject,
    pronoun_features,
)
from lgm_rdf.nlp.coref.topic import SectionTopic, section_topic
from lgm_rdf.nlp.model import ParsedText, Sentence, Token
from lgm_rdf.ontology import normalise_label


class _RuleResolver(_Evidence):
    """One pass over a section's sentences keeping the discourse entities seen so far."""

    def __init__(self, parsed: ParsedText, topic: str | None) -> None:
        self.sents = parsed.sentences
        self.entities: list[_Entity] = []
        self.history: list[list[_Mention]] = []
        self.topic: _Entity | None = None
        self.topic_info: SectionTopic | None = None
        found = section_topic(topic, self.sents) if topic else None
        if found is not None:
            self.topic = found.entity
            self.topic_texts = found.texts
            self.topic_core = found.core
            self.topic_is_name = found.is_name
            self.topic_info = found
            self._topic_hint(topic or "")
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
                out[(s, tok.i)] = Antecedent.of(entity.text, entity.key)
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
        info = self.topic_info
        if not shared and not (
            self.topic_is_name and tok.upos == "PROPN" and info and info.written
        ):
            return False  # "The first portion of the Bible ..." is not "Bible translations"
        if info is not None and (
            info.coordinated or info.common and _subject_plural(sent, tok) != self.topic.plural
        ):
            return False  # "Apples" is not "Apples and vitamins", "Gala" not "Varieties"
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
        plural = _plural(sent, span, htok, label)
        topic = self.topic
        for ent in reversed(self.entities):  # "the apple" after "apples": one apple, not all
            if ent.key == key and (ent.plural == plural or self._numberless(ent, lead)):
                return ent
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

    def _numberless(self, entity: _Entity, lead: bool) -> bool:
        """May a mention differ in number from ``entity``? A name yes ("Beatles", "the Beatles"),
        a generic heading ("Fruit") only in the defining first sentence."""
        if entity is not self.topic:
            return bool(entity.name)
        return lead or self.topic_info is None or not self.topic_info.common

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
            # a subject of a relative clause ("a farm where fruit trees are grown") yields to
            # this sentence's own noun phrases ("rows of trees with grass between them")
            prev = self._subjects(s - 1)
            relative = [m for m in prev if self._in_relative(m)]
            candidates += [m for m in prev if m not in relative]
            # a heading the text never named ("Visiting an orchard") yields to this sentence's
            # own noun phrases ("visitors pick the fruit and pay for it")
            late = self.topic_info is not None and self.topic_info.common
            late = late and self.topic is not None and not self.topic.mentioned
            if self.topic is not None and not late:
                candidates.append(self.topic)  # type: ignore[arg-type]
            candidates += self._subjects(s - 2) + self._subjects(s - 3)
            candidates += [m for m in before if m.role == "subj" and m.possessed]
            candidates += self._subjects(s - 1, possessed=True)
            candidates += sorted(before, key=lambda m: -m.end) + relative
            if self.topic is not None and late:
                candidates.append(self.topic)  # type: ignore[arg-type]
            for back in (1, 2):
                if s >= back:
                    candidates += sorted(self.history[s - back], key=lambda m: -m.end)
        # "It is the county seat" after "The population was 14,782.": the topic, not the figure
        placed = self.topic is not None and word == "it" and places_subject(sent, tok)
        # a "he"/"she" prefers entities known to be people to undecided ones
        for strict in (True, False) if gender in {"masc", "fem"} else (False,):
            for cand in candidates:
                entity = cand if isinstance(cand, _Entity) else cand.entity
                if isinstance(cand, _Mention) and cand.sent == s and cand.start <= tok.i < cand.end:
                    continue
                if id(entity) in barred or (placed and self._figure(cand, s)):
                    continue
                if entity.agrees(number, gender, strict):
                    return entity
        topic = self.topic
        if number == "plur" and topic is not None and topic.person is not True and topic.mentioned:
            return topic  # "They" for a species, breed or band the section is about
        return None

    def _figure(self, cand: _Mention | _Entity, s: int) -> bool:
        """A figure an earlier sentence than ``s`` gave a value ("The population was 14,782 at
        the 2010 census."): not what a later "it" that a copula classifies or places stands for
        ("It is the county seat of Warren County", "It is located on the river"); in a section
        with a topic that pronoun is the topic. "It doubled", "It rose to 15,000" and an "it" of
        the figure's own sentence may still be the figure."""
        if not isinstance(cand, _Mention) or cand.sent >= s:
            return False
        figure = self.sents[cand.sent]
        head = figure.tokens[cand.head]
        if not head.text.islower() or head.lemma.lower() not in STATISTIC_NOUNS:
            return False
        verb = figure.tokens[head.head]
        return verb.lemma == "be" and any(
            t.head == verb.i and t.deprel in ("attr", "acomp") and t.upos == "NUM"
            for t in figure.tokens
        )

    def _in_relative(self, m: _Mention) -> bool:
        """Is mention ``m`` the subject of a relative clause?"""
        tokens = self.sents[m.sent].tokens
        return tokens[tokens[m.head].head].deprel in {"relcl", "acl:relcl"}

    def _subjects(self, s: int, possessed: bool = False) -> list[_Mention]:
        """Subjects of sentence ``s`` (possessed ones like "its status", or not), main first."""
        if s < 0 or s >= len(self.history):
            return []
        mentions = self.history[s]
        subs = sorted((m for m in mentions if m.role == "subj"), key=lambda m: (m.depth, m.start))
        if possessed:
            return [m for m in subs if m.possessed]
        return _owners(subs, mentions)
