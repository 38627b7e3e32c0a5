"""Rule-based meta-relation extraction over the dependency parse (DESIGN §4, no LLM).

Hearst-style rules, written once against ``DepView`` so spaCy and UD (Stanza) parses both work.
This module holds the copula and apposition rules; ``lists`` the list rules, ``verbs`` the verb rules,
``alias`` the naming rules, ``prose`` the recall rules for encyclopaedic prose (named lists,
inverted superlatives, bracketed aliases), ``titles`` the rules that read titles and names off
the text (quoted, bracketed, opening a definition), ``foreign`` names given in another language
in brackets, ``args`` the arguments, ``words`` the word classes:

inheritance  "A is a type/kind/form/... of B", copula "A is a B" / "As are Bs" (also "A is a B
             and C"), "A is the (state's) largest / first / only B", "A, a B, ...", "B such as
             A1, A2", "such B as A", "Bs including A1, A2", "Bs like A1", "A1, A2 and other B", "A belongs to the family B", "A is a member of
             the genus B", "A is one of the Bs (of Y)", "A is a B of <Name>" (a place or body:
             "an island of Indonesia"), "A is classified as a B", "Bs include A1, A2"
composition  "X consists of / is composed of / is made (up) of|from / contains / includes /
             comprises Y (and Z)", "X is made with Y", "X is divided into Y", "Y is (a)
             part/component of X", "Y is an ingredient in X", "Y forms part of X", "Y and Z make
             up X", "Y is contained in X"
alias        "A, also/better/formerly known as B", "A is (also|commonly) called B", "A is referred
             to as B", "A, nicknamed B", "A stands for B", "A (short for B)", "Name (ACRONYM)",
             "A, or B, is ...", "A, officially B,", "A (formerly B)", "A, born B,", "A is
             another name for B", "A, the stage name of B,", "A (Armenian: B "C")"

Precision first: a clause is skipped when negated ("not", "never", "no"), hedged ("may", "can",
"perhaps"), conditional ("if"), a question, reported ("He said that ...", "according to"). A
copula needs an indefinite or bare plural predicate noun ("Paris is the capital" names an
individual, not a class), no relational "of" ("a member of the band", "the capital of France",
"a friend of Bob"), and a subject that is not demonstrative, possessive or quantified ("many
trees"); it states nothing when a past copula has a common-noun subject ("The film was a
success"), when the predicate judges or measures ("a total disaster", "a short walk"), when an
abstract subject makes it a metaphor ("Life is a journey"), or with adverbs like "once", "no
longer", "sometimes".

Arguments are normalised lemma phrases: noun compounds are kept, determiners, numbers, quantifiers
and adjectives dropped ("many vitamins" -> "vitamin", "the best players" -> "player"); names keep
their words ("Big Apple", "City of Light"). A parent of a named child is its head noun only
("Christopher Nolan is a film director" -> "director"), a parent of a common noun keeps its
compounds ("The violin is a string instrument" -> "string instrument") unless they stack up to a
genre ("a science fiction film" -> "film"). Pronoun arguments are skipped, unless
``antecedents`` maps ``(sentence index, token index)`` of the pronoun to an object whose ``.key``
is the antecedent's concept key: then that key is the argument. Relative pronouns ("Whales, which
are mammals, ...") resolve to the noun their clause modifies.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from lgm_rdf.learn.patterns.args import Arg, is_year
from lgm_rdf.learn.patterns.depview import NOUNS
from lgm_rdf.learn.patterns.foreign import ForeignNameRules
from lgm_rdf.learn.patterns.offices import OfficeTitleRules
from lgm_rdf.learn.patterns.prose import ProseRules
from lgm_rdf.learn.patterns.words import (
    ABSTRACT_SUBJECTS,
    AGENT_SUFFIXES,
    DEGREE_WORDS,
    ELABORATING,
    EVALUATIVE_NOUNS,
    MEASURE_NOUNS,
    ORDINAL_WORDS,
    PARTITIVES,
    PORTION_NOUNS,
    POSTPOSITIVE_ADJECTIVES,
    PROPERTY_OF_NOUNS,
    QUANTITY_NOUNS,
    RATINGS,
    RELATIONAL_NOUNS,
    ROLE_SUFFIXES,
)
from lgm_rdf.learn.relations import Relation
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.nlp.wordlists import NAME_NOUNS, PART_NOUNS, TYPE_NOUNS


def shouted(text: str) -> bool:
    """Whether a sentence is written in capitals (20 letters or more, four in five upper case)."""
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 20 and sum(ch.isupper() for ch in letters) >= 0.8 * len(letters)


# "the only NFL team", "the sole survivor": like a superlative, one member of the class
SOLE = frozenset({"only", "sole"})


class PatternExtractor:
    """Extract inheritance, composition and alias relations with dependency-parse rules."""

    name = "pattern"

    def extract(
        self,
        sentences: Sequence[Sentence],
        antecedents: Mapping[tuple[int, int], object] | None = None,
    ) -> list[Relation]:
        """Relations of every sentence, deduplicated per sentence (highest confidence kept)."""
        out: dict[tuple[int, tuple[str, str, str]], Relation] = {}
        for si, sentence in enumerate(sentences):
            for rel in _Rules(si, sentence, antecedents or {}).run():
                key = (si, rel.key())
                if key not in out or out[key].confidence < rel.confidence:
                    out[key] = rel
        return list(out.values())


class _Rules(ProseRules, ForeignNameRules, OfficeTitleRules):
    """All rules applied to one sentence."""

    def run(self) -> list[Relation]:
        """Apply every rule; a question states nothing."""
        if not self.v.tokens or self.sentence.text.rstrip().endswith("?"):
            return []
        if shouted(self.sentence.text):
            return []  # "IN NO EVENT SHALL THE AUTHORS ...": licence boilerplate, no statement
        for rule, apply in (
            ("copula", self._copulas),
            ("apposition", self._appositions),
            ("title-noun", self._title_nouns),
            ("office-title", self._office_titles),
            ("verb", self._verbs),
            ("become", self._becoming),
            ("such-as", self._such_as),
            ("and-other", self._and_other),
            ("short-for", self._short_for),
            ("acronym", self._acronyms),
            ("born", self._born),
            ("or-name", self._or_names),
            ("renamed", self._renamed),
            ("renamed-participle", self._renamed_participles),
            ("bracketed-name", self._bracketed_names),
            ("named-list", self._named_lists),
            ("inverted-superlative", self._inverted_superlatives),
            ("quoted-subject", self._quoted_subjects),
            ("entity-after-noun", self._entity_after_noun),
            ("bracketed-alias", self._bracketed_aliases),
            ("definite-apposition", self._definite_appositions),
            ("name-definite-apposition", self._name_definite_appositions),
            ("quoted-title-noun", self._quoted_title_nouns),
            ("place-of-name", self._place_of_names),
            ("bracketed-members", self._bracketed_members),
            ("foreign-name", self._foreign_names),
        ):
            self.rule = rule
            apply()
        return self.out

    # ---------------------------------------------------------------- inheritance
    def _copulas(self) -> None:
        """ "A is a B", "A is a type of B", "A is one of the Bs", "Y is part of X"."""
        v = self.v
        stated = list(v.copulas())
        for s, n, cop in [*stated, *self._clausal_subjects({c for _, _, c in stated})]:
            clause = v.head(s) if s is not None else cop
            if clause is None or self._blocked(clause, n, cop):
                continue
            if self._hedged(clause):
                continue  # "Pluto was once a planet", "is no longer", "is sometimes"
            if s is not None and v.is_past(cop) and v.tokens[s].upos == "NOUN" and v.determiner(s):
                continue  # "The film was a success": an episode, not a kind
            if s is not None and v.is_plural(s) and self._listed_modifiers(s):
                continue  # "The A and B classes are ...": named instances, not the class
            if self._not_a_class(n) or v.enumerated(cop, n) or self._refused_predicate(n):
                continue  # "Options are 'rdfs', 'owlrl'", "Services are: azure, gs"
            if v.lemma(n) == "idea" and any(v.lemma(k) in RATINGS for k in v.children(n, "amod")):
                continue  # "it is a bad idea to set these variables": a judgement
            if s is not None and v.lemma(s) == "it" and v.content_clause(n, clause):
                continue  # "It is a pity that ...": "it" stands for the clause
            if s is not None and self.b.ordinal_subject(s):
                continue  # "The second argument is a function": one argument, not the class
            n = self._continued(n)
            if n < 0:
                continue
            subjects = self.b.subject_args(self.b.subjects(s, clause)) if s is not None else []
            rule = "copula"
            title = self._opening_title(cop, s)
            if title is not None and [a.key for a in subjects] != [title.key]:
                subjects, rule = [title], "title-subject"
            number = v.is_plural(n)
            # "Bings are sources of vitamins, particularly vitamin C": the conjuncts of a
            # relational predicate ("sources of") or after "particularly" are no classes
            closed = bool(v.pp_objects(n, "of")) and v.lemma(n) not in TYPE_NOUNS | PART_NOUNS
            for m in v.offered(v.conjuncts(n)):  # not "not a linter or a checker"
                own = bool(v.determiner(m)) or v.lemma(m) == "one"  # "... and one of the Bs"
                if m != n and ((closed and not own) or self._elaboration(m)):
                    continue
                if m == n or not (v.children(m, "subj", "cop") or v.is_plural(m) != number):
                    self.rule = rule
                    self._predicate(subjects, m, 0.85, cop)

    def _listed_modifiers(self, s: int) -> bool:
        """Whether noun ``s`` is modified by coordinated words ("the iOS and Android apps")."""
        v = self.v
        return any(v.children(k, "conj") for k in v.children(s, "nmod", "compound", "amod"))

    def _elaboration(self, m: int) -> bool:
        """Conjunct ``m`` elaborates rather than adds: "particularly X", "as well as X"."""
        v = self.v
        before = {v.lemma(k) for k in v.kids[m] if k < m} | {v.lemma(max(0, m - 1))}
        return bool(before & ELABORATING) or any(
            v.tokens[k].text.lower() == "well" for k in range(max(0, m - 3), m)
        )

    def _not_a_class(self, n: int) -> bool:
        """Predicates that only look like class nouns.

        "is a little sour" (a degree phrase before an adjective) and "is currently CEO'd by
        X" (a bare predicate with its own agent: a misparsed passive verb).
        """
        v = self.v
        degree = any(
            v.lemma(k) in DEGREE_WORDS for k in v.children(n, "amod", "advmod", "npadvmod")
        )
        if degree and v.tokens[n].upos != "NOUN":
            return True
        return not v.determiner(n) and bool(v.pp_objects(n, "by"))

    def _continued(self, n: int) -> int:
        """ "a download only double-live album": a noun whose phrase runs on into an
        "apposition" with no comma between is a modifier; the later noun is the head."""
        v = self.v
        for a in v.children(n, "appos"):
            first = min(v.subtree(a))
            premodifiers = a > n + 1 and set(range(n + 1, a)) <= v.subtree(a)
            unpunctuated = not any(v.tokens[k].upos == "PUNCT" for k in range(n + 1, first))
            if premodifiers and unpunctuated and not v.determiner(a):
                return a  # only its premodifiers between: "a download only double-live album"
        nxt = n + 1  # the next word modifies a later noun: the phrase has not ended (-1: skip)
        later = v.head(nxt) if nxt < len(v) else None
        if later is not None and later > nxt and v.tokens[nxt].upos in ("ADV", "ADJ", "NOUN"):
            return -1 if v.tokens[later].upos == "NOUN" and v.rels[nxt] != "prep" else n
        return n

    def _postpositive(self, n: int) -> int:
        """ "a [marsupial]amod [native]noun to Australia": the noun is the modifier."""
        v = self.v
        if v.lemma(n) not in POSTPOSITIVE_ADJECTIVES or not v.children(n, "prep", "obl", "nmod"):
            return n
        mods = [k for k in v.children(n, "amod", "compound") if k == n - 1]
        if mods and v.tokens[mods[0]].text.islower() and not v.kids[mods[0]]:
            return mods[0]
        return n

    def _appositions(self) -> None:
        """ "Christopher Nolan, a British film director, ..."."""
        v = self.v
        for i in range(len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or v.children(i, "conj", "cc"):
                continue  # "a singer, a drummer and two guitarists" is a list
            end = max(v.subtree(i)) + 1
            if end < len(v) and v.tokens[end].upos != "PUNCT":
                continue  # not set off: "When using X, a limit ... is the default" (a subject)
            if end + 1 < len(v) and v.tokens[end].text == "," and v.lemma(end + 1) in ("and", "or"):
                continue  # "requires Rust 1.95, a C compiler, and maturin": a list, no apposition
            if v.lemma(i) == "one" and (of := v.pp_objects(i, "of")):
                # "Sorin Hall, one of the oldest halls": a name is a member of the plural
                name = self.b.arg(h, "name") if self.b.nounish(h) else None
                mention = any(v.lemma(o) in NAME_NOUNS for o in of)  # "one of the names for"
                if name is not None and name.is_name and not mention:
                    self._predicate([name], i, 0.8)
                continue
            if v.lemma(i) in NAME_NOUNS and v.determiner(i) == "the" and self.b.proper(h):
                # "Iván, the stage name of Juan Carlos Ramos Vaquero, is a singer"
                self.rule = "apposition"
                self._predicate(self.b.args([h], "name"), i, 0.8)
                continue
            common = v.tokens[i].text.islower()  # "the track "A Smart Kid"": a title, no article
            if self.b.selected(h):
                continue  # "gives you the following: a lightweight framework": no name
            if common and v.determiner(i) in ("a", "an") and v.determiner(h) not in ("a", "an"):
                plural = v.tokens[h].upos == "NOUN" and v.is_plural(h)
                mode = "whole" if self.b.ampersand_name(h) else "class"  # "Procter & Gamble"
                if v.tokens[h].upos in NOUNS and not plural and (arg := self.b.arg(h, mode)):
                    self.rule = "apposition"
                    self._predicate([arg], i, 0.8)

    def _predicate(
        self, children: list[Arg], n: int, confidence: float, cop: int | None = None
    ) -> None:
        """Relations stated by the predicate noun ``n`` of ``children`` (``cop``: "is", "are")."""
        v, b = self.v, self.b
        host, n = n, self._postpositive(n)
        lemma, of = v.lemma(n), v.pp_objects(n, "of")
        if lemma in PART_NOUNS and lemma != "part":  # "Flour is an ingredient in bread"
            of += v.pp_objects(n, "in")
        if lemma in NAME_NOUNS:  # "X is an acronym for Y", "X is another name for Y"
            language = any(
                v.tokens[m].text[:1].isupper() for m in v.children(n, "amod", "compound")
            )
            for t in v.pp_objects(n, "for", "of"):
                if language and v.tokens[t].text.islower():
                    continue  # "Tybee is the Euchee word for salt": a translation, no alias
                if v.determiner(t) not in ("a", "an"):
                    self.rule = "name-for"
                    self._emit_all("alias", children, b.args([t], "whole"), 0.9)
            return
        owned = bool(v.children(host, "poss"))  # "the state's largest city", "her third album"
        sole = any(v.lemma(k) in SOLE for k in v.children(n, "amod", "advmod"))
        if (owned or sole) and lemma in RELATIONAL_NOUNS:
            return  # "his second wife", "the club's biggest rival": a relation, no class
        if sole and v.pp_objects(n, "to", "for"):
            return  # "the only alternative to C++", "the sole heir to the throne"
        if (v.determiner(host) == "the" or owned) and (sole or self._ranked(n)):
            # "Paraguay is the smallest landlocked country", "X is the first album by Y",
            # "Sorin Hall is the oldest of the residence halls": a named member of a class
            kind = [o for o in of if v.is_plural(o)] if v.tokens[n].upos == "ADJ" else [n]
            self.rule = "superlative"
            for child in (c for c in children if c.is_name):
                for t in kind:
                    self._emit("inheritance", child, b.parent(t, child, restricted=True), 0.85)
            return
        part = lemma in PART_NOUNS | PORTION_NOUNS  # "a portion of Antarctica": a part
        special = lemma in TYPE_NOUNS or part or lemma in ("one", "member")
        if of and not special and (self._locative_of(n, of) or self._restrictive_of(n, of)):
            of = []  # "an island of Indonesia" locates, "a sprinter of Jamaican descent" narrows
        if of:
            targets = [c for o in of for c in v.conjuncts(o)]
            for child in children:
                for t in targets:
                    if lemma in TYPE_NOUNS or (lemma == "one" and v.is_plural(t)):
                        # "Tennis is a kind of racket sport": the kind is named in full
                        as_kind = replace(child, is_name=child.is_name and lemma == "one")
                        found = b.parent(t, as_kind, restricted=lemma == "one")
                        if lemma in TYPE_NOUNS:
                            found = self._described_kind(t, found)
                        self.rule = "one-of" if lemma == "one" else "type-of"
                        self._emit("inheritance", child, found, 0.95)
                    elif part:
                        self.rule = "part-of"
                        self._emit("composition", b.whole(t), child, 0.9)
                    elif lemma == "member":
                        self.rule = "member-of"
                        self._emit("inheritance", child, b.group(t), 0.85)
            return
        titled_class = b.titled_class(n, host)  # "a National Historic Landmark"
        if not b.nounish(n) or (b.proper(n) and not titled_class) or part:
            return
        children = [c for c in children if c.is_name] if titled_class else children
        if lemma in EVALUATIVE_NOUNS | MEASURE_NOUNS:
            return  # "The phone is a total disaster", "The museum is a short walk away"
        if lemma in RELATIONAL_NOUNS and v.pp_objects(n, "for", "to", "around"):
            return  # "a replacement for spaCy Projects", "a successor to X": what it is to X
        # "Life is a journey": an abstract subject makes a plain copula a metaphor
        children = [c for c in children if c.key not in ABSTRACT_SUBJECTS]
        if v.tokens[n].text.lower().endswith(ROLE_SUFFIXES) and v.pp_objects(n, "in", "among"):
            # "The company is a leader in solar energy": a role a common noun plays somewhere
            children = [c for c in children if c.is_name]
        numbers = [v.tokens[k].text for k in v.children(host, "nummod")]
        if any(not is_year(t) and t == t.lower() for t in numbers):
            return  # "The time to beat is 11 hours": a quantity ("a 2006 film", "a K-12 school")
        det = v.determiner(host)
        if not det and any(is_year(t) for t in numbers) and all(c.is_name for c in children):
            det = "a"  # "X is 2006 American comedy film": headline style drops the article
        if not det and v.rels[host] == "appos" and (h := v.head(host)) is not None:
            det = v.determiner(h)  # the article of a phrase that ran on ("a download ... album")
        if not det and v.rels[n] == "conj":  # "a physicist and chemist": the article is shared
            det = v.determiner(v.first_conjunct(n))
        plural = v.is_plural(n) or (
            cop is not None and v.tokens[cop].text.lower() in ("are", "were")
        )
        if any(k == n + 1 and not v.kids[k] for k in v.children(n, "amod")):
            return  # "a nervous [system] [stimulant]amod": a broken noun phrase
        if det in ("a", "an", "another") or (not det and plural):
            for child in children:
                found = b.parent(n, child, restricted=True)
                self._emit("inheritance", child, found, confidence)

    def _ranked(self, n: int) -> bool:
        """ "the largest city", "the first album", "the 204th episode", "the most famous
        painting", "the oldest (of the halls)": a superlative or an ordinal picks one member."""
        v = self.v
        mods = [n] if v.tokens[n].upos == "ADJ" else v.children(n, "amod", "nummod", "advmod")
        for k in mods:
            tok = v.tokens[k]
            text = tok.text.lower().split("-")[0]
            if tok.tag in ("JJS", "RBS") or text in ORDINAL_WORDS or tok.ent_type == "ORDINAL":
                return True
            if re.fullmatch(r"\d+(?:st|nd|rd|th)", text) or "Degree=Sup" in tok.feats:
                return True
            if any(v.tokens[a].tag == "RBS" for a in v.children(k, "advmod")):
                return True
        return False

    def _restrictive_of(self, n: int, of: list[int]) -> bool:
        """ "a system of architecture", "a sprinter of Jamaican descent", "a professor of
        history": "of" a bare common noun narrows the class instead of relating its subject to
        something (a relational noun still relates: "a source of vitamins", "a fan of jazz")."""
        v = self.v
        if v.lemma(n) in RELATIONAL_NOUNS | QUANTITY_NOUNS | PARTITIVES:
            return False
        agent = v.tokens[n].text.lower().endswith(AGENT_SUFFIXES)
        for o in of:
            tok = v.tokens[o]
            if tok.upos != "NOUN" or not tok.text.islower() or v.determiner(o):
                return False
            if v.children(o, "nummod", "poss") or v.conjuncts(o) != [o]:
                return False
            if any(self.b.proper(m) or v.quoted(m) for m in v.children(o, "compound", "nmod")):
                return False  # 'an editor of "Skeptical Inquirer" magazine': a named thing
            if agent and v.lemma(o) not in PROPERTY_OF_NOUNS:
                return False  # "a promoter of direct action", "an editor of magazines": relate
        return True

    def _locative_of(self, n: int, of: list[int]) -> bool:
        """ "a mountain of the Alps", "a satellite of the Earth": "of" a name, no relational noun.

        A relational ("a friend of Bob", "a member of the EU") or agentive noun ("a founder of
        Apple", "a resident of Paris") says how its subject relates to the name instead.
        """
        v, text = self.v, self.v.tokens[n].text.lower()
        if v.lemma(n) in RELATIONAL_NOUNS or text.endswith(AGENT_SUFFIXES):
            return False
        return all(self.b.proper(o) and v.determiner(o) in ("", "the") for o in of)
