"""The rule ``among`` (a mixin over ``base.RuleBase``): "X is among the Bs" says what "X is
one of the Bs" says ("Paris is among the largest cities in Europe", "Vasabha and Dhatusena
were among the rulers of the island"). "among" also places things ("The letter is among his
papers", "The cabin was among the trees"), so the Bs need "the" and the subject must be a name
unless the Bs are ranked ("Whales are among the largest animals")."""

from __future__ import annotations

from lgm_rdf.learn.patterns.adjectives import ranked
from lgm_rdf.learn.patterns.base import RuleBase


class AmongRules(RuleBase):
    """The rule ``among``."""

    def _among(self) -> None:
        """Subjects of "be among the Bs" are Bs."""
        v, b = self.v, self.b
        for k in range(len(v)):
            cop = v.head(k)
            if v.lemma(k) != "among" or v.rels[k] != "prep" or cop is None:
                continue
            subjects = v.children(cop, "subj")
            if v.lemma(cop) != "be" or len(subjects) != 1 or subjects[0] > k:
                continue
            if self._blocked(cop):
                continue  # "may be among", "is not among"
            for n in v.children(k, "pobj"):
                if v.tokens[n].upos != "NOUN" or not v.is_plural(n) or v.determiner(n) != "the":
                    continue
                graded = ranked(v, n)
                for child in b.subject_args(b.subjects(subjects[0], cop)):
                    if child.is_name or graded:
                        self._emit("inheritance", child, b.parent(n, child, restricted=True), 0.8)
