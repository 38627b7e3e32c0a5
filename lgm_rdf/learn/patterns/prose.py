"""Recall rules for encyclopaedic prose (a mixin over ``lists.ListRules``).

Written from the shapes Wikipedia-style sentences use where the parse of the small models
breaks (quoted titles, names cut into prepositions) or where the class comes before the name:

inheritance  a list of quoted titles or capitalised names after "include" / "including" /
             "such as" ('Her best known hits include "A" (2001), "B" and "C"', "popular brands
             including Sprite, Vodafone and Dish TV"), an inverted superlative ("The
             shortest-reigning monarch was Lady Jane Grey"), a quoted title as the subject of a
             copula ('"Will to Love" is a song'), a class noun right before a named entity the
             parser cut into a preposition ("the hard rock band Behind Crimson Eyes")
alias        a naming phrase in brackets after a name ("the FIFA U-20 World Cup (formerly called
             FIFA World Youth Championship)", "Bombay (also known as Mumbai)")
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.alias import NAMING_ADVERBS
from lgm_rdf.learn.patterns.args import HYPHENS, Arg, looks_like_acronym
from lgm_rdf.learn.patterns.lists import ListRules
from lgm_rdf.learn.patterns.words import (
    QUANTITY_NOUNS,
    RANK_NOUNS,
    RELATIONAL_NOUNS,
    VAGUE_QUANTITIES,
)
from lgm_rdf.nlp.concepts import acronym_singular
from lgm_rdf.nlp.wordlists import NAME_NOUNS, PART_NOUNS

DOUBLE_QUOTES = frozenset({'"', "“", "”", "``", "''"})
# "some of his hits include ...": a quantifier subject stands for the noun after its "of"
_PARTITIVE_PRONOUNS = frozenset({"some", "many", "most", "several", "few", "all", "one"})
# entity types a class noun can introduce ("the band Behind Crimson Eyes")
_NAMED_ENTITIES = frozenset({"ORG", "PERSON", "WORK_OF_ART", "PRODUCT", "EVENT", "FAC"})
_ITEM_WORDS = frozenset({"PROPN", "NOUN", "NUM"})
_BRACKET_ADVERBS = frozenset({"also", "otherwise", "simply", "commonly", "popularly", "better"})
_BRACKET_NAMING = {"called": 1, "named": 1, "aka": 1, "a.k.a.": 1, "known": 2}
# nouns that mention words rather than classify them: 'the word "Tabula"', 'the phrase "X"'
MENTION_NOUNS = NAME_NOUNS | RANK_NOUNS | frozenset({"title", "phrase", "expression", "label"})
TITLING_VERBS = frozenset({"entitled", "titled", "called", "named"})  # 'an album, entitled "X"'
_MAX_QUOTED, _MAX_NAME = 15, 6  # tokens in one quoted title / one unquoted name of a list


class ProseRules(ListRules):
    """Rules for named lists, inverted superlatives, quoted subjects and bracketed names."""

    # the copula rules of ``extractor`` (the final class) provide these two
    def _predicate(self, children: list[Arg], n: int, confidence: float, cop: int | None) -> None:
        raise NotImplementedError

    def _ranked(self, n: int) -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------------ named lists
    def _named_lists(self) -> None:
        """Titles or names listed after "include", "including" or "such as" are members of
        the plural class noun the list is about."""
        v, toks = self.v, self.v.tokens
        for i, tok in enumerate(toks):
            word = tok.text.lower()
            if word in ("include", "includes", "included") and tok.upos == "VERB":
                noun, start = self._include_subject(i), i + 1
            elif word == "including" or (word == "as" and toks[i - 1].text.lower() == "such"):
                noun, start = v.head(i), i + 1
            else:
                continue
            if noun is None or not self._class_of_list(noun):
                continue
            items = self._named_items(start)
            if (
                not items
                or self._blocked(i)
                or (word == "including" and self._governed_blocked(noun))
            ):
                continue
            self.rule = "named-list"
            for span in items:
                name = self.b.from_tokens(span, "whole")
                if name is not None:
                    name = replace(name, is_name=True)
                    self._emit("inheritance", name, self.b.parent(noun, name), 0.85)

    def _include_subject(self, verb: int) -> int | None:
        """The class noun a clause with "include" lists: its plural subject, or the noun after
        "of" of a quantifier subject ("Some of Warrior King's best known hits include ...")."""
        v = self.v
        s, clause = self._clause_subject(verb)
        if s is None or self._blocked(clause):
            return None
        if v.lemma(s) in _PARTITIVE_PRONOUNS and v.tokens[s].upos in ("PRON", "NUM", "DET", "ADJ"):
            of = v.pp_objects(s, "of")
            return of[0] if len(of) == 1 else None
        return s

    def _class_of_list(self, noun: int) -> bool:
        """A plural common noun that can be the class of its examples."""
        v = self.v
        tok = v.tokens[noun]
        if tok.upos != "NOUN" or not tok.text.islower() or not v.is_plural(noun):
            return False
        if v.lemma(noun) in RELATIONAL_NOUNS | PART_NOUNS | QUANTITY_NOUNS | NAME_NOUNS:
            return False  # "members include X", "parts include X", "a number of ..."
        # "roles and productions such as X": which of them X is, is open
        others = [c for c in v.children(noun, "conj") if v.tokens[c].upos == "NOUN"]
        if v.rels[noun] == "conj" or others:
            return False
        return not any(v.lemma(k) in VAGUE_QUANTITIES - {"many", "several"} for k in v.kids[noun])

    def _named_items(self, start: int) -> list[list[int]]:
        """Token spans of a closed list of quoted titles or capitalised names from ``start``
        ("A", "B" and "C"; A, B, C and D), each optionally followed by a bracket such as a
        year; [] when anything else is in the list or it is not closed by "and" / "or"."""
        toks, j, items, last = self.v.tokens, start, [], False
        while j < len(toks):
            span, j = self._list_item(j)
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
        if len(items) > 1 and not last:
            return []  # "including A, B, he said": no closed list
        return items

    def _list_item(self, j: int) -> tuple[list[int], int]:
        """One list item at ``j`` (its tokens, the index after it); ([], j) if none."""
        toks = self.v.tokens
        if toks[j].text in DOUBLE_QUOTES:
            end = min(len(toks), j + _MAX_QUOTED)
            close = next((k for k in range(j + 1, end) if toks[k].text in DOUBLE_QUOTES), None)
            if close is None or close == j + 1:
                return [], j
            span, nxt = list(range(j + 1, close)), close + 1
            if not toks[j + 1].text[:1].isupper():
                return [], j
        else:
            k = j
            while k < min(len(toks), j + _MAX_NAME) and (
                toks[k].upos in _ITEM_WORDS or self._joining_hyphen(k)
            ):
                k += 1
            span, nxt = list(range(j, k)), k
            if not span or not toks[j].text[:1].isupper() or toks[j].upos != "PROPN":
                return [], j
            if k < len(toks) and (toks[k].upos in _ITEM_WORDS or toks[k].tag == "POS"):
                return [], j  # a longer phrase than a name ("Apple's products")
        if nxt < len(toks) and toks[nxt].text == "(":  # "(2001)", "(with Sean Paul)"
            close = next(
                (k for k in range(nxt + 1, min(len(toks), nxt + 8)) if toks[k].text == ")"), None
            )
            if close is None:
                return [], j
            nxt = close + 1
        return span, nxt

    def _joining_hyphen(self, k: int) -> bool:
        """Token ``k`` is a hyphen inside a word ("Nineteen Eighty-Four")."""
        toks = self.v.tokens
        return toks[k].text in HYPHENS and k > 0 and not toks[k - 1].ws and not toks[k].ws

    # ------------------------------------------------------------ inverted superlative
    def _inverted_superlatives(self) -> None:
        """ "The shortest-reigning monarch was Lady Jane Grey", "The largest city is Lagos", "The
        five founding schools were A, B and C": a definite ranked or counted class noun as the
        subject, a name (or a list of names for a counted plural) as the predicate."""
        v, b = self.v, self.b
        for s, n, cop in v.copulas():
            tok = v.tokens[s]
            if tok.upos != "NOUN" or not tok.text.islower() or v.determiner(s) != "the":
                continue
            if not b.proper(n) or v.determiner(n) in ("a", "an"):
                continue
            clause = v.head(s)
            if clause is None or self._blocked(clause, n, cop):
                continue
            if v.lemma(s) in RELATIONAL_NOUNS | NAME_NOUNS:
                continue  # "the first member was X", "the oldest name is X"
            names = v.conjuncts(n)
            if v.is_plural(s):  # "the five schools were A, B and C": as many names as counted
                counted = [k for k in v.children(s, "nummod") if v.tokens[k].text.isalpha()]
                if len(names) < 2 or not (counted or self._ranked(s)):
                    continue
                if not all(b.proper(k) for k in names):
                    continue
            elif len(names) > 1 or not self._ranked(s):
                continue  # "the first winner was A and B": a shared title
            self.rule = "inverted-superlative"
            for name in b.args(names, "name"):
                if name.is_name:
                    self._emit("inheritance", name, b.parent(s, name, restricted=True), 0.8)

    # ------------------------------------------------------ definite class, then name
    def _definite_appositions(self) -> None:
        """ "a compilation by the Australian progressive metal band, Alchemist": a name set off
        after a definite singular class noun names a member of the class."""
        v, b, toks = self.v, self.b, self.v.tokens
        for i in range(1, len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or h >= i or not b.proper(i):
                continue
            first, end = min(v.subtree(i)), max(v.subtree(i)) + 1
            if toks[first - 1].text != ",":
                continue
            if (end < len(v) and toks[end].upos != "PUNCT") or v.children(i, "conj", "cc"):
                continue  # not set off, or a list
            head = toks[h]
            if head.upos != "NOUN" or not head.text.islower() or v.is_plural(h):
                continue
            if v.determiner(h) != "the" or v.pp_objects(h, "of") or v.children(h, "poss"):
                continue  # "the capital of France, Paris", "its founder, X"
            if v.lemma(h) in RELATIONAL_NOUNS | NAME_NOUNS:
                continue
            if v.children(i, "appos") or any(b.proper(k) for k in v.kids[h] if k < h):
                continue  # "the former Temal municipality, Shkodër County, northern Albania"
            name = b.arg(i, "name")
            if name is not None and name.is_name and first - 1 == max(v.subtree(h) - v.subtree(i)):
                self.rule = "definite-apposition"
                self._emit("inheritance", name, b.parent(h, name), 0.8)

    def _quoted_title_nouns(self) -> None:
        """'Cobbs' 1960 song "You Don't Love Me"': a quoted title right after a singular class
        noun is a member of it (read off the quotation marks: a title that is a clause breaks
        the parse)."""
        v, b, toks = self.v, self.b, self.v.tokens
        for k in range(len(toks) - 3):
            tok = toks[k]
            # a class noun in lower case, or the plural of an acronym ("two LPs")
            lower = tok.text.islower() or acronym_singular(tok.text) is not None
            if tok.upos != "NOUN" or not lower or v.lemma(k) in MENTION_NOUNS:
                continue
            start = k + 1
            if toks[start].text == "," and toks[start + 1].text.lower() in TITLING_VERBS:
                start += 2  # 'two singles, entitled "A" and "B"'
            if (
                start >= len(toks)
                or toks[start].text not in DOUBLE_QUOTES
                or self._blocked(k)
                or self._governed_blocked(k)
            ):
                continue
            items = self._named_items(start)
            # 'his singles "A" and "B"': a plural class noun before a list of titles
            if not items or (len(items) > 1) != v.is_plural(k):
                continue
            if any(toks[span[0] - 1].text not in DOUBLE_QUOTES for span in items):
                continue
            self.rule = "quoted-title-noun"
            for span in items:
                title = b.from_tokens(span, "whole")
                if title is not None:
                    title = replace(title, is_name=True)
                    self._emit("inheritance", title, b.parent(k, title), 0.8)

    # -------------------------------------------------------------- quoted subject
    def _quoted_subjects(self) -> None:
        """'"Will to Love" is a song written by Neil Young': a sentence that opens with a
        quoted title and a copula says what the title is (the parse of the title is often
        broken, so the title is read off the quotation marks)."""
        v, toks = self.v, self.v.tokens
        if len(toks) < 4 or toks[0].text not in DOUBLE_QUOTES:
            return
        end = min(len(toks) - 1, _MAX_QUOTED)
        close = next((k for k in range(1, end) if toks[k].text in DOUBLE_QUOTES), None)
        if close is None or close == 1 or not toks[1].text[:1].isupper():
            return
        cop = close + 1
        if v.lemma(cop) != "be":
            return
        h = v.head(cop)
        preds = v.children(cop, "attr")[:1] if v.rels[cop] != "cop" else []
        if v.rels[cop] == "cop" and h is not None:
            preds = [h]
        title = self.b.from_tokens(list(range(1, close)), "whole")
        if title is None or not preds or self._blocked(cop, preds[0]) or v.negated(cop):
            return
        self.rule = "quoted-subject"
        self._predicate([replace(title, is_name=True)], preds[0], 0.85, cop)

    # -------------------------------------------------------- class noun before entity
    def _entity_after_noun(self) -> None:
        """ "the Australian hard rock band Behind Crimson Eyes": a singular common noun right
        before a named entity that the parser hung on it as a preposition or modifier."""
        v, b, toks = self.v, self.b, self.v.tokens
        for k, tok in enumerate(toks[:-1]):
            if tok.upos != "NOUN" or not tok.text.islower() or tok.ent_type or v.is_plural(k):
                continue
            ent = toks[k + 1].ent_type
            if ent not in _NAMED_ENTITIES or not toks[k + 1].text[:1].isupper():
                continue
            run = [k + 1]
            while run[-1] + 1 < len(toks) and toks[run[-1] + 1].ent_type == ent:
                run.append(run[-1] + 1)
            roots = [j for j in run if v.head(j) not in run]
            if (
                len(roots) != 1
                or v.head(roots[0]) != k
                or v.rels[roots[0]] in ("compound", "appos")
            ):
                continue  # compounds and appositions are the title-noun rule's
            if any(not t.text[:1].isupper() for t in (toks[j] for j in run)):
                continue
            if v.lemma(k) in NAME_NOUNS | RELATIONAL_NOUNS or v.determiner(k) not in ("the", ""):
                continue
            name = b.from_tokens(run, "whole")
            if name is not None and not looks_like_acronym(name.label):
                self.rule = "entity-after-noun"
                name = replace(name, is_name=True)
                self._emit("inheritance", name, b.parent(k, name), 0.8)

    # ------------------------------------------------------------------ type of
    def _described_kind(self, t: int, found: Arg | None) -> Arg | None:
        """ "a type of administrative division": after a type noun the kind keeps the
        lower-case adjectives that narrow it (not "many", "popular", "large")."""
        b = self.b
        if found is None or found.is_name or self.v.tokens[t].upos != "NOUN":
            return found
        idx = b.class_tokens(t)
        wider = b.described_kind(t, idx)
        if len(wider) == len(idx) or len(wider) > 3:
            return found
        return b.from_tokens(wider) or found

    # ---------------------------------------------------------------- bracketed alias
    def _bracketed_aliases(self) -> None:
        """ "X (formerly called Y)", "X (also known as Y)", "X (aka Y)": another name of the
        name before the bracket."""
        v, toks = self.v, self.v.tokens
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(":
                continue
            j = p + 1
            while j < len(toks) and v.lemma(j) in NAMING_ADVERBS | _BRACKET_ADVERBS:
                j += 1
            words = _BRACKET_NAMING.get(toks[j].text.lower(), 0) if j < len(toks) else 0
            start = j + 1
            while words == 2 and start < len(toks) and v.lemma(start) in _BRACKET_ADVERBS:
                start += 1  # "known simply as"
            if words == 2 and (start >= len(toks) or toks[start].text.lower() != "as"):
                continue
            start += words - 1
            close = next((k for k in range(j, min(len(toks), j + 12)) if toks[k].text == ")"), None)
            if not words or close is None or close <= start or not toks[start].text[:1].isupper():
                continue
            if any(toks[k].text in (",", ";", ":") for k in range(start, close)):
                continue
            name = self.b.from_tokens(list(range(start, close)), "alias")
            outer = self.b.name_before(p - 1)
            if name is not None and outer is not None and outer.is_name:
                self.rule = "bracketed-alias"
                self._emit("alias", outer, name, 0.85)
