"""Coordination in a dependency tree: the members of a list ("a singer, a drummer and a
poet"), where the parse hung an item as an apposition, a second name set off by ", or ... ,",
and pieces of a hyphened word the parse took for conjuncts. The base of ``depview.DepView``."""

from __future__ import annotations

from lgm_rdf.learn.patterns.tree import TreeView


class CoordinationView(TreeView):
    """The members of coordinations."""

    def conjuncts(self, i: int) -> list[int]:
        """``i`` and every token coordinated below it (spaCy chains and UD stars alike).

        Only a real coordination counts: the group needs a conjunction ("and", "or") and
        members inside brackets of their own ("X (born 1965, Kingston)") are left out.
        """
        out, todo, pieces = [i], [i], set()
        while todo:
            j = todo.pop()
            for k in self.children(j, "conj", "appos"):
                if self.rels[k] == "appos" and not self._list_item(j, k):
                    continue  # an apposition, unless a list goes on from it: "a, b and c"
                if self.or_apposition(k):
                    continue  # another name of the same thing, not a second member
                if self.hyphen_piece(k):
                    if k not in pieces:  # "multi - instrumentalist" parsed as three conjuncts:
                        pieces.add(k)  # one word; what hangs on a piece is still walked
                        todo.append(k)
                    continue
                if k not in out and self.bracket_depth(k) == self.bracket_depth(i):
                    out.append(k)
                    todo.append(k)
        if len(out) > 1 and not any(self.children(k, "cc") for k in out):
            return [i]
        return sorted(out)

    def _list_item(self, j: int, k: int) -> bool:
        """True if "appos" ``k`` is the next item of a list after ``j`` ("a singer, a drummer and"),
        also where the parse hung the rest on ``j``: common nouns, then "and" and a conjunct of
        ``j`` ("an outdoorsman, [cyclist]appos, and [explorer]conj of outdoorsman")."""
        if not self.children(k, "conj", "cc"):
            after = [c for c in self.children(j, "conj") if c > k]
            nouns = all(
                self.tokens[m].upos == "NOUN" and self.tokens[m].text.islower() for m in (j, k)
            )
            if not (nouns and after and any(k < c < after[0] for c in self.children(j, "cc"))):
                return False
        first = min(self.subtree(k, frozenset({"conj", "cc", "punct"})))
        before = self.subtree(j) - self.subtree(k)
        end = max(self.subtree(k)) + 1
        names = {self.tokens[j].upos, self.tokens[k].upos} == {"PROPN"}
        if names and end < len(self) and self.tokens[end].text == ",":
            return False  # "Togoland, officially A and later B, was": names set off
        return first >= 2 and self.tokens[first - 1].text == "," and first - 2 in before

    def or_apposition(self, k: int) -> bool:
        """ "The groundhog, or woodchuck, is ...": conjunct ``k`` is a second name set off by
        ", or ... ," (no determiner, no conjunction of its own)."""
        if self.rels[k] != "conj" or self.children(k, "det", "cc", "conj"):
            return False
        span = self.subtree(k)
        lo, hi = min(span), max(span)
        toks = self.tokens
        return (
            lo >= 2
            and hi + 1 < len(toks)
            and toks[lo - 1].text.lower() == "or"
            and toks[lo - 2].text == ","
            and toks[hi + 1].text == ","
        )

    def first_conjunct(self, i: int) -> int:
        """The first member of the coordination that ``i`` belongs to (through an item the
        parse made an apposition: "a singer, [drummer]appos and [poet]conj")."""
        seen = {i}
        while (h := self.head(i)) is not None and h not in seen:
            if self.rels[i] != "conj" and not (self.rels[i] == "appos" and self._list_item(h, i)):
                break
            seen.add(h)
            i = h
        return i

    def broken_list(self, items: list[int]) -> bool:
        """A coordination whose conjunction is not before its last member ("a preparatory, day
        and boarding, school"): the parser joined modifiers and the noun as one list."""
        ccs = [c for k in items for c in self.children(k, "cc")]
        if len(items) < 2 or not ccs:
            return False
        return sum(1 for k in items if k > max(ccs)) > 1
