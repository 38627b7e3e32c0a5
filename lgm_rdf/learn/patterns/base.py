"""Shared machinery of the pattern rules: one sentence's view, argument builder and output.

``RuleBase`` holds what every rule family needs (emitting relations, the clause guards that
block negated, modal, hedged, conditional or reported statements, and clause subjects); the rule
families (``verbs.VerbRules``, ``alias.AliasRules``, the copula and list rules
in ``patterns``) are mixins over it.
"""

from __future__ import annotations

from collections.abc import Mapping

from lgm_rdf.learn.genre import looks_like_code
from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.roles import ArgBuilder
from lgm_rdf.learn.patterns.words import (
    CONDITIONS,
    GENERIC_DETERMINERS,
    HEDGES,
    MODALS,
    REPORTING_VERBS,
)
from lgm_rdf.learn.relations import Relation
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.nlp.wordlists import VACUOUS

# parts that name no part: an empty word, or "part" itself ("is divided into two parts, A and B":
# the names are the parts)
_EMPTY_PARTS = VACUOUS | {"part"}


class RuleBase:
    """One sentence under analysis and the relations found in it so far."""

    def __init__(self, si: int, sentence: Sentence, antecedents: Mapping) -> None:
        self.si = si
        self.sentence = sentence
        self.v = DepView(sentence)
        self.b = ArgBuilder(self.v, si, antecedents)
        self.out: list[Relation] = []
        self.rule = ""  # the rule now running; recorded on what it emits

    def _emit(self, kind: str, a: Arg | None, b: Arg | None, confidence: float) -> None:
        """Record one relation unless an argument is missing, the part is an empty word
        ("thing"), or both are the same concept."""
        if a is None or b is None:
            return
        if kind == "composition" and b.key in _EMPTY_PARTS and not b.is_name:
            return  # "contains most things you need", "is divided into two parts": no part
        if any(not arg.is_name and arg.label.lower().endswith(" ones") for arg in (a, b)):
            return  # "journals, including remote ones": "ones" stands for a noun said before
            # (a singular "one" may number: "disc one", "season one")
        if a.key != b.key:
            rel = Relation(
                kind, a.key, b.key, self.si, "pattern", confidence, a.label, b.label, self.rule
            )
            self.out.append(rel)

    def listed_spans(self, start: int) -> list[list[int]]:
        """Token spans of a closed list of names or quoted titles from token ``start``; none
        here (``item_lists.ItemListReader`` reads them)."""
        return []

    def listed_names(self, o: int) -> list[Arg | None]:
        """The names of a closed list that opens with the name ``o``, read off the words where
        the parse broke it; none here (``item_lists.ItemListReader`` reads them)."""
        return []

    def named_places(self, k: int) -> list[Arg]:
        """The places the place noun ``k`` names by its "of" ("the cities of A and B"); none
        here (``place_of.PlaceOfRules`` reads them)."""
        return []

    def _emit_all(self, kind: str, firsts: list[Arg], seconds: list[Arg], conf: float) -> None:
        """Record the relation for every pair of ``firsts`` and ``seconds``."""
        for a in firsts:
            for b in seconds:
                self._emit(kind, a, b, conf)

    def _blocked(self, *idx: int, reported: bool = True) -> bool:
        """Negated, modal, hedged ("perhaps"), conditional or (``reported``) reported clause."""
        v = self.v
        if v.negated(*idx):
            return True
        for i in idx:
            if reported and v.rels[i] == "ccomp" and not self._comma_splice(i):
                return True
            for k in v.kids[i]:
                rel, lemma = v.rels[k], v.lemma(k)
                if (
                    (rel == "aux" and lemma in MODALS)
                    or (rel == "mark" and lemma in CONDITIONS)
                    or (rel == "advmod" and lemma in HEDGES)
                    # "According to legend, ...", not a title's word ("The World According to
                    # Garp is a novel": right after a capitalised word)
                    or (rel == "prep" and lemma == "accord" and not self._title_word(k))
                ):
                    return True
            if self._case_clause(i) or self._generic_when(i):
                return True
        return False

    def _title_word(self, k: int) -> bool:
        """Token ``k`` is capitalised right after a capitalised word: inside a title."""
        toks = self.v.tokens
        prev = toks[k - 1].text if k > 0 else ""
        return toks[k].text[:1].isupper() and prev[:1].isupper() and prev.isalpha()

    def _comma_splice(self, i: int) -> bool:
        """ "Toad Hall is a residential hall, it was opened in 1974": the parse made the first
        of two clauses joined by a comma a complement of the second, whose subject is a pronoun
        and whose verb reports nothing (not "X is Y, he said")."""
        v, h = self.v, self.v.head(i)
        if h is None or h < i or v.lemma(h) in REPORTING_VERBS:
            return False
        end = max(v.subtree(i))
        subjects = v.children(h, "subj", "subjpass")
        comma = end + 1 < h and v.tokens[end + 1].text == ","
        return comma and any(v.tokens[k].upos == "PRON" and end < k < h for k in subjects)

    def _generic_when(self, i: int) -> bool:
        """A clause in the present introduced by "when" or "whenever" states a condition, not
        a fact: "when both args and code are string literals", "When a patch is part of an
        ongoing discussion, ..." ("When Paris was the capital, ..." tells of a time)."""
        v = self.v
        opener = any(
            v.lemma(k) in ("when", "whenever") and v.tokens[k].upos == "SCONJ" and k < i
            for k in v.children(i, "mark", "advmod")
        )
        verbs = [i, *v.children(i, "cop", "aux", "auxpass")]
        return opener and not any(v.is_past(k) for k in verbs)

    def _case_clause(self, i: int) -> bool:
        """A clause in the present introduced by "where" on a noun that picks no particular
        thing, about that case's own thing or a piece of code ("expressions where foo.bar is a
        normal attribute", "machines where the cache contains old files"): it describes any
        case that meets it, and states nothing. On a definite noun ("the town where ..."), on a
        noun that describes a particular subject ("Ghana is a country where ...") or in the past
        it tells of one."""
        v = self.v
        h = v.head(i)
        if v.rels[i] != "acl" or h is None or v.tokens[h].upos != "NOUN":
            return False
        if not any(v.rels[k] == "advmod" and v.lemma(k) == "where" for k in v.kids[i]):
            return False
        finite = [i, *v.children(i, "cop", "aux", "auxpass")]
        if not any(v.tokens[k].tag in ("VBZ", "VBP") for k in finite):
            return False
        if self.b.described(h) != h:
            return False  # "Ghana is a country where English is an official language"
        det = v.determiner(h)
        if not (det in GENERIC_DETERMINERS | {"some"} or (not det and v.is_plural(h))):
            return False
        # what the clause says is of that case only when its subject is the case's own ("the
        # cache", "its value") or a piece of code ("foo.bar"); "cantons where French is an
        # official language", "a village where pottery is a craft" still state a class
        subject = next(iter(v.children(i, "subj", "subjpass")), None)
        if subject is None:
            return False
        return v.determiner(subject) in ("the", "poss", "its", "their") or looks_like_code(
            v.tokens[subject].text
        )

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
