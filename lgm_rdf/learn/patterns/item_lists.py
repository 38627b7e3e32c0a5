"""Closed lists of names or quoted titles read off the words (a mixin over
``lists.ListRules``): 'the singles "A", "B" and "C"', "A (vocals), B (bass) and C (drums)";
the parse of such a list often breaks, so the rules that need its items read them here."""

from __future__ import annotations

import re
from dataclasses import replace

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.depview import QUOTES
from lgm_rdf.learn.patterns.lists import ListRules
from lgm_rdf.learn.patterns.words import (
    ARTICLES,
    EVALUATIVE_NOUNS,
    LIGHT_NOUNS,
    SITUATION_NOUNS,
    VALUE_HOLDERS,
)
from lgm_rdf.nlp.titles import DOUBLE_QUOTES
from lgm_rdf.nlp.wordlists import words

_SINGLE_QUOTES = frozenset({"'", "‘", "’"})
MAX_QUOTED, _MAX_NAME = 15, 6  # tokens in one quoted title / one unquoted name of a list
# tokens to the bracket that closes after an item: "(vocals, guitar, keyboards, and more)"
_MAX_BRACKET = 13
_ITEM_WORDS = frozenset({"PROPN", "NOUN", "NUM"})
# slots of code and forms whose listed examples are values or identifiers ("fields (e.g. Name,
# Email)"), no kinds of the slot
_SLOT_NOUNS = VALUE_HOLDERS | words("argument parameter option key flag variable setting")
_ATTRIBUTE = re.compile(r"\w\.[a-z_]")  # "World.search": an attribute path of code
_CONNECTORS = frozenset({"of", "for", "the", "de", "del", "la", "le", "von", "van", "in", "on"})


class ItemListReader(ListRules):
    """Reads closed lists of names and quoted titles."""

    def _named_items(self, start: int, bracketed: bool = False) -> list[list[int]]:
        """Token spans of a closed list of quoted titles or capitalised names from ``start``
        ("A", "B" and "C"; A, B, C and D), each optionally followed by a bracket such as a
        year; [] when anything else is in the list or it is not closed by "and" / "or" (or,
        ``bracketed``, by the closing bracket: "(e.g. A, B)")."""
        toks, j, items, last = self.v.tokens, start, [], False
        while j < len(toks):
            if (
                toks[j].text.lower() == "the"
                and j + 1 < len(toks)
                and toks[j + 1].text[:1].isupper()
            ):
                j += 1  # "the North Unit, the South Unit, and the Elkhorn Ranch Unit"
            if (after := self._lost_title(j)) is not None:
                j = after  # 'include "", "A" and "B"': a title whose text was lost
                continue
            span, j = self._list_item(j)
            if not span and last and len(items) > 1 and self._phrase_ends_list(j, items):
                return items  # "'A', 'B', 'C' and the art rock outfit 'D'": a phrase ends it;
                # '"A" (1989), "B" (1991), and for voicing X': quoted titles, another phrase
            if not span:  # 'the album "A" and the single "B"': one item, then something else
                return items[:1] if len(items) == 1 else []
            items.append(span)
            if last or j >= len(toks):
                break
            word = toks[j].text.lower()
            if toks[span[-1]].text == "," and word in DOUBLE_QUOTES:
                continue  # '"A," "B," and "C"': the comma went inside the closing quote
            if word == "," and j + 1 < len(toks) and toks[j + 1].text.lower() in ("and", "or"):
                j, last = j + 2, True
            elif word in ("and", "or"):
                j, last = j + 1, True
            elif word == ",":
                j += 1
            else:
                break
        closed = bracketed and j < len(toks) and toks[j].text == ")"
        if len(items) > 1 and not last and not closed:
            return []  # "including A, B, he said": no closed list
        return items

    def _example_lists(self) -> None:
        """ "Many languages (e.g. Python, Ruby) use ...", "several databases, for example
        PostgreSQL and MySQL": a closed list of names after "e.g." / "for example" / "for
        instance" right after a plural class noun (or its bracket or comma) are its members."""
        v, toks = self.v, self.v.tokens
        for p in range(len(toks) - 2):
            if toks[p].upos != "NOUN" or not toks[p].text.islower() or not v.is_plural(p):
                continue
            if v.lemma(p) in EVALUATIVE_NOUNS | LIGHT_NOUNS | SITUATION_NOUNS | _SLOT_NOUNS:
                continue  # "in some cases (e.g. X)": an example of a situation; "keyword
                # arguments (e.g. Name, Value)": values a slot takes, no kinds of it
            opened = toks[p + 1].text in ("(", ",")
            start = self._after_example_mark(p + 1 + opened)
            if start is None or self._blocked(p):
                continue
            items = self._named_items(start, bracketed=toks[p + 1].text == "(")
            if any(self._code_item(span) for span in items):
                continue  # "searches (e.g. World.search(...) & ...)": code, no names
            self.rule = "example-list"
            for span in items:
                if (name := self.b.from_tokens(span, "name")) is not None:
                    name = replace(name, is_name=True)  # capitalised, whatever its tag
                    self._emit("inheritance", name, self.b.parent(p, name), 0.85)

    def _code_item(self, span: list[int]) -> bool:
        """A list item written as code: a call ("World.search(...)") or an attribute path."""
        toks = self.v.tokens
        after = span[-1] + 1
        call = after < len(toks) and toks[after].text == "(" and not toks[span[-1]].ws
        return call or any(_ATTRIBUTE.search(toks[k].text) for k in span)

    def _after_example_mark(self, j: int) -> int | None:
        """The token after "e.g." / "for example" / "for instance" (and a comma) at ``j``."""
        toks = self.v.tokens
        words = [t.text.lower() for t in toks[j : j + 2]]
        if words[:1] and words[0].rstrip(".") in ("e.g", "eg"):
            j += 1
        elif words in (["for", "example"], ["for", "instance"]):
            j += 2
        else:
            return None
        j += j < len(toks) and toks[j].text == ","
        return j if j < len(toks) else None

    def listed_spans(self, start: int) -> list[list[int]]:
        """Token spans of a closed list of two names or quoted titles or more from ``start``, the
        articles that open them left out ([] when no such list starts there)."""
        items = self._named_items(start)
        return [self.without_article(span) for span in items] if len(items) > 1 else []

    def listed_subject(self, s: int, verb: int) -> list[Arg]:
        """ "Saddha Tissa (137–119 BC), Vasabha (67–111) and Aggabodhi II (604–614) were
        rulers": the names of a closed list that opens with the subject name ``s`` and runs up
        to its verb (a bracket may close the last), read off the words where the parse broke
        it; [] otherwise."""
        toks, b = self.v.tokens, self.b
        if self.v.singular_verb(verb):
            return []  # "Prelude, Aria, and Finale in D minor is an organ work": one title
        spans = self.listed_spans(b.name_tokens(s)[0]) if b.proper(s) else []
        if len(spans) < 2 or s not in spans[0] or spans[-1][-1] >= verb:
            return []
        rest = range(spans[-1][-1] + 1, verb)  # what stands between the last name and the verb
        if rest and (toks[rest[0]].text, toks[rest[-1]].text) != ("(", ")"):
            return []
        found = [b.from_tokens(span, "name") for span in spans]
        return [a for a in found if a is not None and a.is_name]

    def listed_names(self, o: int) -> list[Arg | None]:
        """The names of a closed list that opens with the name ``o`` ("of Tokelau, the Ross
        Dependency, the Cook Islands and Niue", "such as Bach, Handel, and Mozart wrote"), read
        off the words: the parse often hangs the later names elsewhere. [] when no such list
        starts there."""
        spans = self.listed_spans(min(self.v.subtree(o)))
        if not spans or o not in spans[0]:
            return []
        return [self.b.from_tokens(span, "name") for span in spans]

    def without_article(self, span: list[int]) -> list[int]:
        """A list item without the article that opens it: '"The Lutheran Hymnal"' is the
        concept "lutheran hymnal", as any quoted title is."""
        first = self.v.tokens[span[0]].text.lower()
        return span[1:] if len(span) > 1 and first in ARTICLES else span

    def _lost_title(self, j: int) -> int | None:
        """The token after an empty pair of double quotes at ``j``, a bracket after them ("(1999)")
        and a comma: an item of the list whose title the text lost (a title in another script
        stripped from it), not the list's end; ``None`` if there is none at ``j``."""
        toks = self.v.tokens
        if j + 2 >= len(toks) or toks[j].text not in DOUBLE_QUOTES:
            return None
        if toks[j + 1].text not in DOUBLE_QUOTES:
            return None
        k = j + 2
        if toks[k].text == "(":
            close = self._closing_bracket(k)
            k = close + 1 if close is not None else k
        return k + 1 if k < len(toks) and toks[k].text == "," else None

    def _closing_bracket(self, k: int) -> int | None:
        """The ")" closing the short bracket opened at ``k`` ("(2001)", "(with Sean Paul)")."""
        toks = self.v.tokens
        end = min(len(toks), k + _MAX_BRACKET)
        return next((m for m in range(k + 1, end) if toks[m].text == ")"), None)

    def _phrase_ends_list(self, j: int, items: list[list[int]]) -> bool:
        """After ", and", the word ``j`` that opens no item ends the list as a phrase of its
        own: an article, or anything after quoted titles."""
        toks = self.v.tokens
        quoted = all(toks[item[0] - 1].text in QUOTES for item in items)
        return self.v.lemma(j) in ARTICLES or quoted

    def _list_item(self, j: int) -> tuple[list[int], int]:
        """One list item at ``j`` (its tokens, the index after it); ([], j) if none."""
        toks = self.v.tokens
        if toks[j].text in DOUBLE_QUOTES or self._single_quote(j):
            end = min(len(toks), j + MAX_QUOTED)
            closing = DOUBLE_QUOTES if toks[j].text in DOUBLE_QUOTES else _SINGLE_QUOTES
            close = next((k for k in range(j + 1, end) if toks[k].text in closing), None)
            if close is None or close == j + 1:
                return [], j
            span, nxt = list(range(j + 1, close)), close + 1
            if not toks[j + 1].text[:1].isupper():
                return [], j
        else:
            k = j
            while k < min(len(toks), j + _MAX_NAME) and (
                toks[k].upos in _ITEM_WORDS
                or self.v.joining_hyphen(k)
                or self._capital_word(k)
                or (k > j and self._name_connector(k))
            ):
                k += 1
            span, nxt = list(range(j, k)), k
            name = toks[j].upos == "PROPN" or self._capital_word(j)
            if not span or not toks[j].text[:1].isupper() or not name:
                return [], j
            if k < len(toks) and (toks[k].upos in _ITEM_WORDS or toks[k].tag == "POS"):
                return [], j  # a longer phrase than a name ("Apple's products")
        if nxt < len(toks) and toks[nxt].text == "(":  # "(2001)", "(with Sean Paul)"
            close = self._closing_bracket(nxt)
            if close is None:
                return [], j
            nxt = close + 1
        return span, nxt

    def _name_connector(self, k: int) -> bool:
        """A lower-case word inside a name, between two capitalised words ("Tears for Fears",
        "Bank of America"); "and" joins two items, not two words."""
        toks = self.v.tokens
        inner = k + 1 < len(toks) and toks[k + 1].text[:1].isupper()
        return toks[k].text in _CONNECTORS and inner and toks[k - 1].text[:1].isupper()

    def _capital_word(self, k: int) -> bool:
        """A capitalised word inside the sentence that the tagger gave no name tag
        ("[Ravenmere]ADV, Stillwater and Fenwater"): a name whatever its tag."""
        tok = self.v.tokens[k]
        closed = tok.upos in ("PRON", "DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART", "PUNCT")
        return k > 0 and tok.text.isalpha() and tok.text[:1].isupper() and not closed

    def _single_quote(self, j: int) -> bool:
        """Token ``j`` opens a title in single quotes: "'" with a space before it and a capital
        right after it (an apostrophe follows a word: "the players' union")."""
        toks = self.v.tokens
        return (
            toks[j].text in _SINGLE_QUOTES
            and j + 1 < len(toks)
            and (j == 0 or bool(toks[j - 1].ws))
            and not toks[j].ws
            and toks[j + 1].text[:1].isupper()
        )
