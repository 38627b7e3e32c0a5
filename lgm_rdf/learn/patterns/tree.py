"""The dependency tree of one sentence: heads, children, labels mapped to one internal name
(``labels.LABELS``), subtrees, and the hyphens and brackets that pieces of words and asides
leave in it. The base of ``coordination.CoordinationView`` and ``depview.DepView``."""

from __future__ import annotations

from collections.abc import Sequence

from lgm_rdf.learn.patterns.labels import canonical
from lgm_rdf.nlp.concepts import lemma_of
from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.nlp.wordlists import HYPHENS

# dashes that set a phrase off as commas do ("Two painters — Monet and Pissarro — moved")
_DASHES = frozenset({"—", "–", "--"})


class TreeView:
    """Heads, children and labels of the tokens of one sentence."""

    def __init__(self, sentence: Sentence) -> None:
        self.sentence = sentence
        self.tokens: Sequence[Token] = sentence.tokens
        self.rels = [canonical(t) for t in self.tokens]
        self.kids: list[list[int]] = [[] for _ in self.tokens]
        for tok in self.tokens:
            if tok.head != tok.i and 0 <= tok.head < len(self.tokens):
                self.kids[tok.head].append(tok.i)

    def __len__(self) -> int:
        return len(self.tokens)

    def head(self, i: int) -> int | None:
        """Index of the head of token ``i`` (None for a root)."""
        h = self.tokens[i].head
        return None if h == i or not 0 <= h < len(self.tokens) else h

    def children(self, i: int, *rels: str) -> list[int]:
        """Children of ``i`` (with one of the internal labels ``rels`` if given)."""
        return [k for k in self.kids[i] if not rels or self.rels[k] in rels]

    def lemma(self, i: int) -> str:
        """Lower-case lemma of token ``i``."""
        return lemma_of(self.tokens[i])

    def subtree(self, i: int, skip: frozenset[str] = frozenset()) -> set[int]:
        """``i`` and its descendants, not entering children whose label is in ``skip``."""
        out, todo = {i}, [i]
        while todo:
            for k in self.kids[todo.pop()]:
                if k not in out and self.rels[k] not in skip:
                    out.add(k)
                    todo.append(k)
        return out

    def joining_hyphen(self, k: int) -> bool:
        """Token ``k`` is a hyphen inside a word ("Nineteen Eighty-Four")."""
        toks = self.tokens
        return toks[k].text in HYPHENS and k > 0 and not toks[k - 1].ws and not toks[k].ws

    def set_off_dash(self, k: int) -> bool:
        """Token ``k`` is a dash that sets a phrase off as a comma would: "—", "–" or "--" spaced
        before it, or a hyphen spaced on both sides (a tokenised text's "philosophers - Hobbes")."""
        toks = self.tokens
        if k < 1 or not toks[k - 1].ws:
            return False
        return toks[k].text in _DASHES or (toks[k].text == "-" and bool(toks[k].ws))

    def word_start(self, k: int) -> int:
        """The first token of the word that token ``k`` ends, across hyphens glued inside it
        ("Governor" of "Governor-General")."""
        while k > 1 and self.joining_hyphen(k - 1):
            k -= 2
        return k

    def after_hyphen(self, k: int) -> bool:
        """Token ``k`` follows a hyphen glued to it: the second half of a word ("racial" of
        "multi-racial", "Presidents" of "co-Presidents")."""
        prev = self.tokens[k - 1] if k > 0 else None
        return prev is not None and prev.text in HYPHENS and not prev.ws

    def hyphen_piece(self, k: int) -> bool:
        """Whether token ``k`` is a hyphen inside a word or a lower-case piece before one
        ("multi" and "-" of "multi-instrumentalist"): no word of its own (a name's piece, "Bo"
        of "Yoon Bo-mi", may head the name)."""
        toks = self.tokens
        glued = k + 1 < len(toks) and toks[k + 1].text in HYPHENS and not toks[k].ws
        return (glued and toks[k].text.islower()) or self.joining_hyphen(k)

    def bracket_depth(self, i: int) -> int:
        """How many brackets are open before token ``i``."""
        # a bracket may share its token with what the tokenizer left beside it: "Ii (; ) is"
        opened = sum(t.text.count("(") + t.text.count("[") for t in self.tokens[:i])
        closed = sum(t.text.count(")") + t.text.count("]") for t in self.tokens[:i])
        return max(opened - closed, 0)
