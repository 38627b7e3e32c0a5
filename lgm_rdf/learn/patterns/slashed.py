"""Class nouns joined by slashes: "a TV producer/writer/composer", "a bookstore/bar/cafe" (a
mixin over ``predicates.PredicateRules``).

The parse hangs the words before the last slash on the last noun as modifiers; each is a class
of its own, as if the words were joined by "and": what is a "producer/writer" is a producer and
a writer. Only lower-case words count, glued to the slash or spaced on both sides as a
tokenised corpus writes them ("bass player / vocalist"); "and/or" is no class.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.predicates import PredicateRules
from lgm_rdf.learn.relations import Relation

# words that a slash joins to another without naming a class (where a tokeniser splits
# "and/or"; spaCy keeps it one word)
_NO_CLASS = frozenset({"and", "or", "either", "not"})


def slashed_words(v: DepView, n: int) -> list[int]:
    """The lower-case words joined to the noun ``n`` by slashes glued to both sides or spaced on
    both, nearest first ("writer", "producer" of "producer/writer/composer")."""
    toks, out, k = v.tokens, [], n - 1
    while k > 0 and toks[k].text == "/" and toks[k].ws == toks[k - 1].ws:
        word = toks[k - 1].text
        if not word.isalpha() or not word.islower() or word in _NO_CLASS:
            break
        out.append(k - 1)
        k -= 2
    return out


def slashed_classes(v: DepView, n: int, found: list[Relation]) -> list[tuple[Arg, Arg]]:
    """``(member, class)`` for each word joined by slashes to the predicate noun ``n``, for the
    members ``found`` (the relations the predicate gave) put into the class of ``n``."""
    pieces = slashed_words(v, n)
    if not pieces:
        return []
    head = v.lemma(n).lower()
    members = {
        (r.a, r.a_label) for r in found if r.type == "inheritance" and r.b.split()[-1] == head
    }
    return [
        (Arg(key, label, not label.islower()), Arg(v.lemma(p).lower(), v.tokens[p].text, False))
        for key, label in sorted(members)
        for p in reversed(pieces)
    ]


class SlashedPredicateRules(PredicateRules):
    """What a predicate noun says (``PredicateRules``), and the same for each class noun joined
    to it by slashes."""

    def _predicate(
        self, children: list[Arg], n: int, confidence: float, cop: int | None = None
    ) -> None:
        """``PredicateRules._predicate``, then the slashed classes of its members."""
        start = len(self.out)
        super()._predicate(children, n, confidence, cop)
        for member, kind in slashed_classes(self.v, n, self.out[start:]):
            self._emit("inheritance", member, kind, confidence)
