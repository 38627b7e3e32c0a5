"""Pronoun antecedents of a parsed section (DESIGN §4).

With coreference chains from the backend (Stanza) each third-person pronoun of a chain gets the
chain's representative mention. Without them a rule-based resolver runs, in reading order:

* noun phrases become discourse entities; a proper name that repeats part of an earlier name
  ("Nolan" after "Christopher Nolan") or of the section topic joins that entity, and so does a
  definite description "the film" once a copula or apposition said the entity *is* a film;
* copulas and appositions also tell whether an entity is a person, its grammatical gender and
  whether it is a group ("X is an American actress", "X, a rock band,");
* a pronoun takes the first entity that agrees in number, person and gender from, in order:
  subjects earlier in its sentence, subjects of the previous sentence, the section topic,
  subjects of the two sentences before, then any earlier noun phrase of this or the previous
  sentence. Pleonastic "it" ("it is known that", "it rains") and first/second person are skipped.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from lgm_rdf.nlp.concepts import (
    NUMERIC_ENTITIES,
    entity_spans,
    noun_chunks,
    phrase_key,
    surface,
    trim_span,
)
from lgm_rdf.nlp.coref_lexicon import (
    COLLECTIVE_NOUNS,
    HONORIFICS,
    NON_PERSON_NOUNS,
    PLEONASTIC_VERBS,
    POSSESSIVES,
    PRONOUNS,
    RAISING_ADJECTIVES,
    REFLEXIVES,
    noun_gender,
    person_noun,
)
from lgm_rdf.nlp.model import ParsedText, Sentence, Token
from lgm_rdf.ontology import normalise_label

_SUBJECT_RELS = ("nsubj", "nsubjpass", "nsubj:pass")
_OBJECT_RELS = frozenset({"dobj", "obj", "iobj", "pobj", "obl", "attr", "dative"})
_CLAUSE_RELS = frozenset({"ccomp", "csubj", "csubjpass", "csubj:pass", "xcomp", "advcl"})
_ARTICLES = ("the ", "a ", "an ")
_OF_HEADS = frozenset({"one", "species", "genus", "type", "kind", "form", "variety", "sort"})


@dataclass(frozen=True)
class Antecedent:
    """What a pronoun refers to: surface ``text`` ("Christopher Nolan") and concept ``key``."""

    text: str
    key: str


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
        if number == "plur":
            return self.plural or self.collective
        if self.plural:
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
    possessed: bool = False  # "its status": rarely what the next pronoun refers to


def resolve(parsed: ParsedText, topic: str | None = None) -> dict[tuple[int, int], Antecedent]:
    """Map ``(sentence index, pronoun token index)`` to the pronoun's antecedent.

    ``topic`` (a paragraph title or section heading) is the default antecedent when it agrees;
    a parenthesised disambiguator is dropped ("The Prestige (film)" -> "The Prestige").
    """
    if parsed.chains:
        return _from_chains(parsed)
    return _RuleResolver(parsed, topic).run()


def pronoun_features(tok: Token) -> tuple[str, str] | None:
    """(number, gender) of a third-person personal or possessive pronoun, else ``None``."""
    if tok.upos not in {"PRON", "DET"} or "Person=1" in tok.feats or "Person=2" in tok.feats:
        return None
    return PRONOUNS.get(tok.text.lower())


def _from_chains(parsed: ParsedText) -> dict[tuple[int, int], Antecedent]:
    """Antecedents from backend coreference chains (representative mention's text)."""
    out: dict[tuple[int, int], Antecedent] = {}
    sents = parsed.sentences
    for chain in parsed.chains:
        if not 0 <= chain.representative < len(chain.mentions):
            continue
        rep = chain.mentions[chain.representative]
        if not (0 <= rep.sentence < len(sents) and 0 <= rep.start < rep.end):
            continue
        rep_sent = sents[rep.sentence]
        rep_tokens = rep_sent.tokens[rep.start : rep.end]
        if not rep_tokens or all(t.upos in {"PRON", "DET", "PUNCT"} for t in rep_tokens):
            continue
        start, end = trim_span(rep_sent.tokens, rep.start, min(rep.end, len(rep_sent.tokens)))
        key = phrase_key(rep_sent.tokens[start:end]) if start < end else ""
        ante = Antecedent(surface(rep_sent, rep.start, min(rep.end, len(rep_sent.tokens))), key)
        for m in chain.mentions:
            if m is rep or m.end - m.start != 1 or not 0 <= m.sentence < len(sents):
                continue
            toks = sents[m.sentence].tokens
            if m.start < len(toks) and pronoun_features(toks[m.start]) is not None:
                out[(m.sentence, m.start)] = ante
    return out


def topic_name(topic: str) -> str:
    """A title without its parenthesised disambiguator: "The Prestige (film)" -> "The Prestige"."""
    return " ".join(re.sub(r"\s*\([^)]*\)", " ", topic).split())


def _short_name(name: str) -> str:
    """ "Mākaha, Hawaii" -> "Mākaha": drop one trailing ", Place" qualifier."""
    head, sep, tail = name.partition(", ")
    words = tail.split()
    if sep and "," not in tail and 0 < len(words) <= 3 and all(w[:1].isupper() for w in words):
        if not any(ch.isdigit() for ch in tail):
            return head
    return name


def _strip_article(text: str) -> str:
    low = normalise_label(text)
    for art in _ARTICLES:
        if low.startswith(art):
            return low[len(art) :]
    return low


def _depth(tokens: tuple[Token, ...], i: int) -> int:
    depth = 0
    while tokens[i].head != i and depth < len(tokens):
        i = tokens[i].head
        depth += 1
    return depth


def _children(tokens: tuple[Token, ...], i: int) -> list[Token]:
    return [t for t in tokens if t.head == i and t.i != i]


def is_pleonastic(tokens: tuple[Token, ...], i: int) -> bool:
    """True for an "it" that refers to nothing ("it rains", "it is said that", "it seems")."""
    tok = tokens[i]
    if tok.deprel == "expl":
        return True
    if not tok.deprel.startswith("nsubj"):
        return False
    head = tokens[tok.head]
    if head.lemma.lower() in PLEONASTIC_VERBS:
        return True
    # the predicate: the verb/adjective itself, or a copula's adjective/noun complement
    preds = [head] + [c for c in _children(tokens, head.i) if c.deprel in {"acomp", "attr"}]
    clauses = [c for p in preds for c in _children(tokens, p.i) if c.deprel in _CLAUSE_RELS]
    for pred in preds:
        for clause in (c for c in clauses if c.i > pred.i):
            marks = {t.text.lower() for t in _children(tokens, clause.i)}
            finite_that = bool(marks & {"that", "whether", "if"})
            infinitive = "to" in marks and clause.deprel != "advcl"
            if pred.upos == "ADJ" and pred.lemma.lower() not in RAISING_ADJECTIVES:
                if finite_that or infinitive:
                    return True
            elif pred.tag == "VBN" or pred.upos == "NOUN":
                if finite_that and clause.deprel != "advcl":
                    return True
            elif pred.lemma.lower() == "take" and infinitive:
                return True
    return _not_until(tokens, i)


def _category_lemmas(tokens: tuple[Token, ...], tok: Token) -> list[str]:
    """Lemmas a copula/apposition complement names: "a singer and actress", "one of the bands"."""
    members = [tok]
    frontier = [tok]
    while frontier:
        for child in _children(tokens, frontier.pop().i):
            if child.deprel == "conj" and child.upos in {"NOUN", "PROPN"}:
                members.append(child)
                frontier.append(child)
    lemmas: list[str] = []
    for member in members:
        lemma = member.lemma.lower()
        if lemma in _OF_HEADS:  # "one of the bands", "a species of plant"
            for prep in _children(tokens, member.i):
                if prep.text.lower() == "of":
                    lemmas += [c.lemma.lower() for c in _children(tokens, prep.i) if c.upos == "NOUN"]
        if lemma != "one":
            lemmas.append(lemma)
    return lemmas


def _not_until(tokens: tuple[Token, ...], i: int) -> bool:
    """ "It was not until 1990 that ..." """
    words = [t.text.lower() for t in tokens[i + 1 : i + 5]]
    return "until" in words and "not" in words


class _RuleResolver:
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

    @staticmethod
    def _name_words(text: str) -> tuple[str, ...]:
        return tuple(w for w in re.findall(r"[^\W\d_]+", text.lower()) if w != "the")

    def _topic_hint(self, topic: str) -> None:
        """Use a disambiguator like "(singer)" or "(band)" as evidence about the topic."""
        assert self.topic is not None
        found = re.search(r"\(([^)]*)\)", topic)
        if not found:
            return
        words = found.group(1).split(",")[0].split()
        if words and words[-1].isalpha() and words[-1].islower():  # "(film)", not "(Mozart)"
            self._categorise(self.topic, [words[-1]], weight=4)

    def _categorise(self, entity: _Entity, lemmas: list[str], weight: int) -> None:
        """``entity`` is one of ``lemmas`` (e.g. "film", "actress and singer", "band")."""
        entity.categories.update(lemmas)
        if any(person_noun(lemma) for lemma in lemmas):
            entity.evidence(True, weight + 1)
        elif any(lemma in NON_PERSON_NOUNS or lemma in COLLECTIVE_NOUNS for lemma in lemmas):
            entity.evidence(False, weight)
            entity.collective = entity.collective or any(x in COLLECTIVE_NOUNS for x in lemmas)
        elif not entity.name:
            entity.evidence(False, 1)  # an unknown common noun is rarely a person
            entity.collective = entity.collective or any(x in COLLECTIVE_NOUNS for x in lemmas)
        for lemma in lemmas:
            entity.gender = noun_gender(lemma) or entity.gender

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

    # ----------------------------------------------------------------- mentions
    def _mention(
        self, s: int, sent: Sentence, start: int, end: int, head: int, entity: _Entity
    ) -> _Mention:
        tokens = sent.tokens
        top, hops = head, 0
        while tokens[top].deprel == "conj" and tokens[top].head != top and hops < len(tokens):
            top, hops = tokens[top].head, hops + 1  # a conjunct shares its first member's role
        rel = tokens[top].deprel
        role = "subj" if rel.startswith(_SUBJECT_RELS) else "obj" if rel in _OBJECT_RELS else "other"
        entity.mentioned = True
        possessed = any(
            c.deprel in {"poss", "nmod:poss"} for c in _children(tokens, head) if c.i < head
        )
        return _Mention(s, start, end, head, role, entity, _depth(tokens, head), possessed)

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
            if head in used or start >= end or tokens[head].ent_type in NUMERIC_ENTITIES:
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
                    a.entity = b.entity
                elif a.entity.name and not b.entity.name:
                    b.entity = a.entity
            # "X is an English cricketer (who ...)": the complement is X itself
            if tok.i in by_head and not by_head[tok.i].entity.name:
                subj = self._copula_subject(tokens, tok)
                if subj is not None and subj.i in by_head:
                    by_head[tok.i].entity = by_head[subj.i].entity
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
        pred = sent.tokens[tok.head]
        if pred.head != pred.i:
            return False
        kids = _children(sent.tokens, pred.i)
        return (
            pred.lemma.lower() == "be"
            or any(c.deprel in {"cop", "auxpass", "aux:pass"} for c in kids)
            or tok.deprel != "nsubj"
        )

    @staticmethod
    def _copula_subject(tokens: tuple[Token, ...], tok: Token) -> Token | None:
        """The subject X of "X is (a) ``tok``" (spaCy attr or UD cop), else ``None``."""
        if tok.deprel == "attr" and tokens[tok.head].lemma.lower() == "be":
            kids = _children(tokens, tok.head)
        elif any(c.deprel == "cop" for c in _children(tokens, tok.i)):
            kids = _children(tokens, tok.i)
        else:
            return None
        subs = [c for c in kids if c.deprel in {"nsubj", "nsubj:outer"}]
        return subs[0] if subs else None

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
            name = tuple(t.text.lower() for t in span if t.upos == "PROPN" and t.text.isalpha())
        names = frozenset(name) - {"the"}
        for ent in reversed(self.entities):
            if ent.key == key:
                return ent
        if self.topic is not None and (lead or self._is_topic(sent, start, end, names, label)):
            if names == set(self.topic.name) and not self.topic.mentioned:
                self.topic.key = key  # the concept key the text itself gives the topic
            return self._update(self.topic, sent, span, htok, label)
        if names:
            for ent in reversed(self.entities):
                if ent.name and self._same_name(names, ent.name):
                    return ent
        det = start > 0 and tokens[start - 1].text.lower() in {"the", "this", "that"}
        if not names and det:
            for ent in self._recent_entities():
                if htok.lemma.lower() in ent.categories and not ent.plural:
                    return ent
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

    def _update(
        self, entity: _Entity, sent: Sentence, span: tuple[Token, ...], head: Token, label: str
    ) -> _Entity:
        """Evidence from one mention: number, named-entity type, person nouns, honorifics."""
        if entity.mentioned:
            return entity
        plural = "Number=Plur" in head.feats or head.tag in {"NNS", "NNPS"}
        entity.plural = plural and label not in {"GPE", "LOC", "ORG", "FAC", "PERSON", "PER"}
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
                out.append(self._mention(s, sent, tok.i, tok.i + 1, tok.i, entity))
        return out

    # ----------------------------------------------------------------- choosing
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
        own_subjects = sorted(
            (m for m in before if m.role == "subj" and not m.possessed), key=lambda m: -m.start
        )
        if word in REFLEXIVES:
            candidates = own_subjects
            primary = len(candidates)
        else:
            verb = self._governor(sent, tok)
            own_subjects = [
                m for m in own_subjects if verb is None or sent.tokens[m.head].head != verb
            ]
            candidates = list(own_subjects)
            candidates += self._subjects(s - 1)
            if self.topic is not None:
                candidates.append(self.topic)  # type: ignore[arg-type]
            candidates += self._subjects(s - 2) + self._subjects(s - 3)
            primary = len(candidates)
            candidates += [m for m in before if m.role == "subj" and m.possessed]
            candidates += self._subjects(s - 1, possessed=True)
            candidates += sorted(before, key=lambda m: -m.end)
            for back in (1, 2):
                if s >= back:
                    candidates += sorted(self.history[s - back], key=lambda m: -m.end)
        # a "he"/"she" prefers entities known to be people to undecided ones
        for strict in (True, False) if gender in {"masc", "fem"} else (False,):
            for cand in candidates[:primary] if strict else candidates:
                entity = cand if isinstance(cand, _Entity) else cand.entity
                if isinstance(cand, _Mention) and cand.sent == s and cand.start <= tok.i < cand.end:
                    continue
                if entity.agrees(number, gender, strict):
                    return entity
        topic = self.topic
        if number == "plur" and topic is not None and topic.person is not True and topic.mentioned:
            return topic  # "They" for a species, breed or band the section is about
        return None

    @staticmethod
    def _governor(sent: Sentence, tok: Token) -> int | None:
        """The verb whose object ``tok`` is (its subject cannot be ``tok``'s antecedent)."""
        if tok.deprel in {"dobj", "obj", "iobj", "dative"}:
            return tok.head
        if tok.deprel in {"pobj", "obl"}:
            prep = sent.tokens[tok.head]
            return prep.head if tok.deprel == "pobj" else tok.head
        return None

    def _subjects(self, s: int, possessed: bool = False) -> list[_Mention]:
        """Subjects of sentence ``s`` (possessed ones like "its status", or not), main first."""
        if s < 0 or s >= len(self.history):
            return []
        subs = [m for m in self.history[s] if m.role == "subj" and m.possessed == possessed]
        return sorted(subs, key=lambda m: (m.depth, m.start))

    # ----------------------------------------------------------------- evidence
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
            if tok.deprel == "attr":  # spaCy: be -> nsubj X, attr N
                subs = [c for c in _children(tokens, tok.head) if c.deprel.startswith("nsubj")]
                subject = by_head.get(subs[0].i) if subs else None
            elif any(c.deprel == "cop" for c in _children(tokens, tok.i)):  # UD: N -> cop, nsubj
                subs = [c for c in _children(tokens, tok.i) if c.deprel.startswith("nsubj")]
                subject = by_head.get(subs[0].i) if subs else None
            elif tok.deprel == "appos" and tok.upos == "NOUN":
                subject = by_head.get(tok.head)
            if subject is not None:
                self._categorise(subject.entity, _category_lemmas(tokens, tok), weight=2)
        for m in mentions:  # "X (born 1970)", "X (30 December 1907 – 7 April 1994)"
            if m.end < len(tokens) and tokens[m.end].text == "(":
                inside = list(itertools.takewhile(lambda t: t.text != ")", tokens[m.end + 1 :]))
                born = any(t.text.lower() in {"born", "b."} for t in inside)
                dates = sum(t.ent_type == "DATE" and t.ent_iob == "B" for t in inside)
                dash = any(t.text in {"–", "-", "—"} for t in inside)
                if born or (dates >= 2 and dash):
                    m.entity.evidence(True, 3)
