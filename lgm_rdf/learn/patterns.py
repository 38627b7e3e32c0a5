"""Rule-based meta-relation extraction over the dependency parse (DESIGN §4, no LLM).

Hearst-style rules, written once against ``DepView`` so spaCy and UD (Stanza) parses both work:

inheritance  "A is a type/kind/form/... of B", copula "A is a B" / "As are Bs", "A, a B, ...",
             "B such as A1, A2", "such B as A", "A1, A2 and other B", "A belongs to the family B",
             "A is a member of the genus B", "A is one of the Bs", "A is classified as a B",
             "Bs include A1, A2" (bare plural subject: a list of kinds)
composition  "X consists of / is composed of / is made (up) of|from / contains / includes /
             comprises Y (and Z)", "Y is (a) part/component/ingredient of X", "Y forms part of X",
             "Y and Z make up X", "Y is contained in X"
alias        "A, also/better/formerly known as B", "A is (also|commonly) called B", "A is referred
             to as B", "A stands for B" (A an abbreviation), "A (short for B)", "Name (ACRONYM)"

Precision first: a clause is skipped when negated ("not", "never", "no"), hedged ("may", "can",
"perhaps"), conditional ("if"), a question, or reported ("He said that ..."). A copula needs an
indefinite or bare plural predicate noun ("Paris is the capital" names an individual, not a
class), no relational "of" ("a member of the band", "the capital of France"), and a subject that is
not demonstrative, possessive or existentially quantified; a past-tense copula with a common-noun
subject ("The film was a success") describes an episode, not a kind.

Arguments are normalised lemma phrases: noun compounds are kept, determiners, numbers, quantifiers
and adjectives dropped ("many vitamins" -> "vitamin", "the best players" -> "player"); names keep
their words ("Big Apple", "City of Light"). A parent of a named child is its head noun only
("Christopher Nolan is a film director" -> "director"), a parent of a common noun keeps its
compounds ("The violin is a string instrument" -> "string instrument"). Pronoun arguments are
skipped, unless ``antecedents`` maps ``(sentence index, token index)`` of the pronoun to an object
whose ``.key`` is the antecedent's concept key: then that key is the argument. Relative pronouns
("Whales, which are mammals, ...") resolve to the noun their clause modifies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lgm_rdf.learn.depview import NOUNS, DepView
from lgm_rdf.learn.pattern_args import (
    TYPE_NOUNS,
    Arg,
    ArgBuilder,
    acronym_matches,
    is_year,
    looks_like_acronym,
    words,
)
from lgm_rdf.learn.relations import Relation
from lgm_rdf.nlp.model import Sentence

PART_NOUNS = words("part component constituent ingredient")
NAME_NOUNS = words("name term word synonym acronym abbreviation initialism nickname")
MODALS = words("can could may might would should must")
CONDITIONS = words("if unless whether")
HEDGES = words(
    "maybe perhaps possibly probably allegedly supposedly reportedly arguably presumably"
)
# passive verbs "X is V-ed of/from Y" stating what X is made of
PASSIVE_PARTS = {"compose": ("of",), "comprise": ("of",), "make": ("of", "from")}
PASSIVE_PARTS |= {"construct": ("of", "from"), "build": ("of", "from")}
ALIAS_AS = frozenset({"know", "refer", "abbreviate"})  # "known as B"
ALIAS_NAMED = frozenset({"call", "nickname", "dub", "term", "rename", "abbreviate"})  # "called B"


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


class _Rules:
    """All rules applied to one sentence."""

    def __init__(self, si: int, sentence: Sentence, antecedents: Mapping) -> None:
        self.si = si
        self.sentence = sentence
        self.v = DepView(sentence)
        self.b = ArgBuilder(self.v, si, antecedents)
        self.out: list[Relation] = []

    def run(self) -> list[Relation]:
        """Apply every rule; a question states nothing."""
        if not self.v.tokens or self.sentence.text.rstrip().endswith("?"):
            return []
        self._copulas()
        self._appositions()
        self._verbs()
        self._such_as()
        self._and_other()
        self._short_for()
        self._acronyms()
        return self.out

    def _emit(self, kind: str, a: Arg | None, b: Arg | None, confidence: float) -> None:
        if a is not None and b is not None and a.key != b.key:
            self.out.append(
                Relation(kind, a.key, b.key, self.si, "pattern", confidence, a.label, b.label)
            )

    def _emit_all(self, kind: str, firsts: list[Arg], seconds: list[Arg], conf: float) -> None:
        for a in firsts:
            for b in seconds:
                self._emit(kind, a, b, conf)

    def _blocked(self, *idx: int) -> bool:
        """Negated, modal, hedged ("perhaps"), conditional or reported clause."""
        v = self.v
        if v.negated(*idx):
            return True
        for i in idx:
            if v.rels[i] == "ccomp":
                return True
            for k in v.kids[i]:
                rel, lemma = v.rels[k], v.lemma(k)
                if (
                    (rel == "aux" and lemma in MODALS)
                    or (rel == "mark" and lemma in CONDITIONS)
                    or (rel == "advmod" and lemma in HEDGES)
                ):
                    return True
        return False

    def _clause_subject(self, i: int) -> tuple[int | None, int]:
        """(subject token, clause token) of a verb; a conjoined verb shares its head's subject.

        Two subjects for one clause mean a broken parse: no subject then.
        """
        v, clause, seen = self.v, i, {i}
        while True:
            subj = v.children(clause, "subj", "subjpass")
            if subj:
                return (subj[0] if len(subj) == 1 else None), clause
            h = v.head(clause)
            if v.rels[clause] != "conj" or h is None or h in seen:
                return None, i
            seen.add(h)
            clause = h

    # ---------------------------------------------------------------- inheritance
    def _copulas(self) -> None:
        """ "A is a B", "A is a type of B", "A is one of the Bs", "Y is part of X"."""
        v = self.v
        for s, n, cop in v.copulas():
            clause = v.head(s)
            if clause is None or self._blocked(clause, n, cop):
                continue
            if v.is_past(cop) and v.tokens[s].upos == "NOUN" and v.determiner(s):
                continue  # "The film was a success": an episode, not a kind
            subjects = self.b.args(self.b.subjects(s, clause))
            number = v.is_plural(n)
            for m in v.conjuncts(n):
                if m == n or not (v.children(m, "subj", "cop") or v.is_plural(m) != number):
                    self._predicate(subjects, m, 0.85, cop)

    def _appositions(self) -> None:
        """ "Christopher Nolan, a British film director, ..."."""
        v = self.v
        for i in range(len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or v.children(i, "conj", "cc"):
                continue  # "a singer, a drummer and two guitarists" is a list
            if v.determiner(i) in ("a", "an") and v.determiner(h) not in ("a", "an"):
                plural = v.tokens[h].upos == "NOUN" and v.is_plural(h)
                if v.tokens[h].upos in NOUNS and not plural and (arg := self.b.arg(h)):
                    self._predicate([arg], i, 0.8)

    def _predicate(
        self, children: list[Arg], n: int, confidence: float, cop: int | None = None
    ) -> None:
        """Relations stated by the predicate noun ``n`` of ``children`` (``cop``: "is", "are")."""
        v, b = self.v, self.b
        lemma, of = v.lemma(n), v.pp_objects(n, "of")
        if lemma in NAME_NOUNS:  # "X is an acronym for Y", "X is another name for Y"
            for t in v.pp_objects(n, "for", "of"):
                if v.determiner(t) not in ("a", "an"):
                    self._emit_all("alias", children, b.args([t], "whole"), 0.9)
            return
        if of:
            targets = [c for o in of for c in v.conjuncts(o)]
            for child in children:
                for t in targets:
                    if lemma in TYPE_NOUNS or (lemma == "one" and v.is_plural(t)):
                        self._emit("inheritance", child, b.parent(t, child), 0.95)
                    elif lemma in PART_NOUNS:
                        self._emit("composition", b.arg(t), child, 0.9)
                    elif lemma == "member":
                        self._emit("inheritance", child, b.group(t), 0.85)
            return
        if not b.nounish(n) or v.tokens[n].upos == "PROPN" or lemma in PART_NOUNS:
            return
        if any(not is_year(v.tokens[k].text) for k in v.children(n, "nummod")):
            return  # "The time to beat is 11 hours": a quantity ("a 2006 film" is fine)
        det = v.determiner(n)
        plural = v.is_plural(n) or (
            cop is not None and v.tokens[cop].text.lower() in ("are", "were")
        )
        if det in ("a", "an", "another") or (not det and plural):
            for child in children:
                self._emit("inheritance", child, b.parent(n, child), confidence)

    def _such_as(self) -> None:
        """ "Bs such as A1, A2 and A3" and "such Bs as A"."""
        v = self.v
        for p in range(len(v)):
            if v.tokens[p].upos != "NOUN":
                continue
            objs = v.pp_objects(p, "such as")
            if not objs and any(v.lemma(k) == "such" for k in v.children(p, "amod", "det")):
                objs = v.pp_objects(p, "as")
            for child in self.b.args([c for o in objs for c in v.conjuncts(o)]):
                self._emit("inheritance", child, self.b.parent(p, child), 0.9)

    def _and_other(self) -> None:
        """ "A1, A2 and other Bs"."""
        v = self.v
        for p in range(len(v)):
            if v.rels[p] != "conj" or v.tokens[p].upos != "NOUN":
                continue
            if not any(v.lemma(k) == "other" for k in v.children(p, "amod", "det")):
                continue
            members = [m for m in v.conjuncts(v.first_conjunct(p)) if m < p]
            ccs = [k for m in [*members, p] for k in v.children(m, "cc")]
            if any(v.lemma(k) in ("and", "or") for k in ccs):
                for child in self.b.args(members):
                    self._emit("inheritance", child, self.b.parent(p, child), 0.9)

    # ---------------------------------------------------------------- verbs
    def _verbs(self) -> None:
        """Verb-headed rules, in main clauses and reduced relatives ("a statue made of bronze")."""
        v = self.v
        for i, tok in enumerate(v.tokens):
            if tok.upos not in ("VERB", "AUX") or v.lemma(i) == "be":
                continue
            h = v.head(i)
            reduced = v.rels[i] == "acl" and not v.children(i, "subj", "subjpass")
            if reduced and h is not None and v.tokens[h].upos in NOUNS:
                s, clause = h, i
            else:
                s, clause = self._clause_subject(i)
            if s is None or self._blocked(i, clause):
                continue
            subjects = self.b.subjects(s, clause)
            common = v.tokens[s].upos == "NOUN"
            generic = common and v.is_plural(s) and not v.determiner(s) and not reduced
            if v.lemma(i) in ALIAS_AS | ALIAS_NAMED | {"stand"} and self._described(subjects, i):
                continue
            if subjects:
                self._verb(i, v.is_passive(i), subjects, generic)

    def _described(self, subjects: list[int], verb: int) -> bool:
        """A description, not a name: "a school which was called X", "the school became known"."""
        v = self.v
        past = any(v.is_past(k) for k in [verb, *v.children(verb, "aux", "auxpass")])
        for t in subjects:
            det = v.determiner(t)
            if det in ("a", "an") or (past and det and v.tokens[t].upos == "NOUN"):
                return True
        return False

    def _verb(self, i: int, passive: bool, subject_tokens: list[int], generic: bool) -> None:
        """Composition, inheritance and alias verbs; ``generic``: bare plural subject."""
        v, b, lemma = self.v, self.b, self.v.lemma(i)
        subjects = b.args(subject_tokens)
        objects = [c for o in v.children(i, "obj") for c in v.conjuncts(o)]

        def pp_args(*preps: str, mode: str = "class", expand: bool = True) -> list[Arg]:
            found = v.pp_objects(i, *preps)
            return b.args([c for o in found for c in v.conjuncts(o)] if expand else found, mode)

        particle = any(v.lemma(k) == "up" for k in v.children(i, "prt"))
        if lemma == "belong" and not passive:
            groups = [g for g in (b.group(o) for o in v.pp_objects(i, "to")) if g is not None]
            self._emit_all("inheritance", subjects, groups, 0.85)
        elif lemma == "classify" and passive:
            for o in v.pp_objects(i, "as"):
                for child in subjects if v.determiner(o) != "the" else []:
                    self._emit("inheritance", child, b.parent(o, child), 0.9)
        elif lemma == "consist" and not passive:
            self._emit_all("composition", subjects, pp_args("of"), 0.9)
        elif lemma in ("contain", "include", "comprise") and not passive:
            if lemma == "include" and generic:  # "Mammals include whales": a list of kinds
                self._emit_all("inheritance", b.args(objects), subjects, 0.7)
            else:
                self._emit_all("composition", subjects, b.args(objects), 0.85)
        elif lemma == "contain" and passive:  # "Vitamins are contained in fruit"
            self._emit_all("composition", pp_args("in"), subjects, 0.8)
        elif lemma in PASSIVE_PARTS and passive:
            preps = ("of",) if particle else PASSIVE_PARTS[lemma]
            self._emit_all("composition", subjects, pp_args(*preps), 0.85)
        elif lemma == "make" and particle and not passive:  # "Y and Z make up X"
            self._emit_all("composition", b.args(objects), subjects, 0.8)
        elif lemma == "form" and not passive:  # "Y forms part of X"
            parts = [o for o in objects if v.lemma(o) in PART_NOUNS]
            wholes = b.args([w for o in parts for w in v.pp_objects(o, "of")])
            self._emit_all("composition", wholes, subjects, 0.85)
        elif lemma == "stand" and not passive:  # "NASA stands for ..."
            names = [a for a in b.args(subject_tokens, "name") if looks_like_acronym(a.label)]
            self._emit_all("alias", names, pp_args("for", mode="whole", expand=False), 0.9)
        elif passive:
            self._alias_verb(i, lemma, b.args(subject_tokens, "name"))

    def _alias_verb(self, i: int, lemma: str, subjects: list[Arg]) -> None:
        """ "A is (also) known as / called / referred to as B"."""
        v = self.v
        found = v.pp_objects(i, "as") if lemma in ALIAS_AS else []
        if not found and lemma in ALIAS_NAMED:
            found = v.children(i, "xcomp")
        for o in found:
            if v.determiner(o) in ("a", "an"):
                continue  # "known as a pioneer" describes, it does not name
            names = self.b.args(v.conjuncts(o), "alias")
            self._emit_all("alias", subjects, names, 0.9)

    # ---------------------------------------------------------------- aliases
    def _short_for(self) -> None:
        """ "A (short for B)", "A, short for B," and "A is short for B"."""
        v = self.v
        for s in range(len(v)):
            if v.lemma(s) != "short" or self._blocked(s):
                continue
            h = v.head(s)
            if h is not None and v.tokens[h].upos in NOUNS:
                names = [h]
            else:
                names = v.children(s, "subj") + (v.children(h, "subj") if h is not None else [])
            targets = self.b.args(v.pp_objects(s, "for"), "whole")
            self._emit_all("alias", self.b.args(names, "name"), targets, 0.95)

    def _acronyms(self) -> None:
        """ "The United Nations (UN)" and "The BBC (British Broadcasting Corporation)"."""
        v, toks = self.v, self.v.tokens
        for p in range(1, len(v)):
            q = next((j for j in range(p + 1, len(v)) if toks[j].text == ")"), None)
            if toks[p].text != "(" or q is None or q == p + 1:
                continue
            inside = range(p + 1, q)
            heads = [j for j in inside if v.head(j) not in inside]
            inner = self.b.arg(heads[0], "whole") if len(heads) == 1 else None
            outer = self.b.name_before(p - 1)
            if inner is None or outer is None:
                continue
            short, long = (inner, outer) if looks_like_acronym(inner.label) else (outer, inner)
            matches = acronym_matches(short.label, long.label)
            if matches and looks_like_acronym(short.label) and not looks_like_acronym(long.label):
                self._emit("alias", outer, inner, 0.9)
