"""An argument and the arguments coordinated with it: ``ArgExpansion.expand`` gives one per
conjunct, mends a coordination the small model hung on its last noun ("the [puma]nmod or
mountain [lion]"), reads an amount as the list "of" it ("a number of towns and villages"), and
finds no part in a share of something ("comprised a quarter of its population") and the
people, not their roles, in "composed of vocalists Dan Smyers and Shay Mooney"."""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg, ArgTokens
from lgm_rdf.learn.patterns.role_runs import people_in_apposition, roles_before_names
from lgm_rdf.learn.patterns.words import QUANTITY_NOUNS
from lgm_rdf.nlp.wordlists import words

# fractions of a whole, which a part argument does not name: "a quarter of its population",
# "30 percent of the land" (a quantifier still does: "contains most of the lakes")
_SHARES = words("third quarter fifth tenth fraction percent proportion share")


class ArgExpansion(ArgTokens):
    """The arguments of an object and its conjuncts."""

    def expand(self, o: int, mode: str = "class") -> list[Arg]:
        """Arguments of ``o`` and its conjuncts; mends "the [puma]nmod or mountain [lion]" and
        "[cabbage]nmod and chili [pepper]" (a coordination the small model hangs on the last
        noun) into two arguments; an amount that stands for the list "of" it gives the whole
        list ("a number of towns and villages")."""
        out: list[Arg | None] = []
        for c in self.v.conjuncts(o):
            if mode == "part" and (people := self._people_or_no_part(c)) is not None:
                out.extend(people)
                continue
            split = self._hidden_coordination(c, mode)
            found = self.arg(c, mode)
            listed = self._listed_amount(c, found, mode) if not split else None
            if listed is not None:
                out.extend(self.expand(listed, mode))
                continue
            out.extend(split if split else [found])
        return [a for a in out if a is not None]

    def _people_or_no_part(self, c: int) -> list[Arg | None] | None:
        """What the part argument ``c`` stands for when it is no part itself: nothing for a
        share ("comprised a quarter of its population") or for roles the parse listed with the
        people they describe ("composed of vocalists Dan Smyers and Shay Mooney": the names are
        conjuncts of their own), the people for roles with the names in apposition ("of
        guitarists Stone Gossard and Mike McCready"); ``None`` for a plain part."""
        v = self.v
        if (v.lemma(c) in _SHARES and v.pp_objects(c, "of")) or roles_before_names(
            v, c
        ) is not None:
            return []
        people = people_in_apposition(v, c)
        return [self.arg(n, "name") for n in people] if people else None

    def _listed_amount(self, c: int, found: Arg | None, mode: str) -> int | None:
        """The first item of the list "of" the amount ``c`` ("a number of [towns] and
        villages") when ``c`` stands for it (its argument ``found`` is the item's) and the list
        has more than one item; not a part or a kind ("a portion of the forest and the valley")."""
        v = self.v
        of = v.pp_objects(c, "of") if v.lemma(c) in QUANTITY_NOUNS and found is not None else []
        if of and len(v.conjuncts(of[0])) > 1 and self.arg(of[0], mode) == found:
            return of[0]
        return None

    def _hidden_coordination(self, o: int, mode: str = "class") -> list[Arg | None]:
        """ "the [puma]nmod or mountain [lion]": the two nouns of a coordination hung on the last
        one, or nothing."""
        v = self.v
        for k in v.children(o, "nmod", "compound"):
            conj = [c for c in v.children(k, "conj") if k < c < o]
            if k < o and conj and any(v.lemma(c) in ("or", "and") for c in v.children(k, "cc")):
                first = self.arg(k, mode, frozenset(v.subtree(conj[0])))
                second = self.from_tokens(list(range(min(v.subtree(conj[0])), o + 1)), mode)
                return [first, second]
        return []
