"""Members listed after a counted plural and a colon (a mixin over ``titles.TitleRules``).

inheritance  'The trilogy consists of three films: "Alpha", "Beta" and "Gamma"', "Two venues
             were used: the Sydney Baseball Stadium and Blacktown Olympic Park", "four rivers:
             the Odra, Opava, Ostravice and Lučina": as many names or titles as the noun
             counts, after a colon, are its members; so are three or more common nouns
             ("Nepal has five seasons: summer, monsoon, autumn, winter and spring")
composition  each of them is a part of the named whole a verb of composition gives the counted
             plural as parts ("The BRD Trilogy consists of three films: A, B and C")
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.titles import TitleRules
from lgm_rdf.learn.patterns.words import (
    EVALUATIVE_NOUNS,
    KIN_MODIFIERS,
    MEASURE_NOUNS,
    NAMED_BY_OF_NOUNS,
    QUANTITY_NOUNS,
    count_word,
    relational_noun,
)
from lgm_rdf.nlp.wordlists import words

# counted plurals whose list is no set of members: times, amounts, vague things ("two weeks:",
# "three reasons:", "two things:")
_NO_MEMBERS = words(
    "time times day days week weeks month months year years hour hours minute minutes "
    "thing things reason reasons way ways step steps point points goal goals"
)

_MAX_GAP = 12  # tokens from the counted plural to the colon
# words that count a plural without a number: its list of names after a colon is as long as it is
_VAGUE_COUNTS = frozenset({"several", "various", "numerous", "following"})
# fewest common nouns a counted list needs: two are often a pair of words, not kinds ("two
# arguments: key and value")
_MIN_COMMON = 3
_MAX_COMMON_WORDS = 3  # words of one listed common noun ("live action feature")
_COMMON_TAGS = frozenset({"NOUN", "PROPN", "ADJ"})
# rules whose composition makes the listed items parts of their whole
_WHOLE_RULES = frozenset({"consist-of", "contain"})
# place nouns beyond the named places': "four rivers: the Odra, Opava, ..."
_PLACES = NAMED_BY_OF_NOUNS | words(
    "river lake mountain peak region area district venue country nation"
)
# plurals of people who stand to another in a relation: "two competitors: Adidas and Puma"
_RELATED = words("competitor opponent sponsor guest challenger")


class ColonListRules(TitleRules):
    """The rule ``colon-list``."""

    def _colon_lists(self) -> None:
        """A lower-case plural with one count (or a vague one, "several", then names of any
        number), then a colon and a closed list of exactly as many quoted titles or names that
        ends the clause (or of three or more lower-case common
        nouns that ends the sentence): each is a member of the class ('three films: "A", "B"
        and "C"', "five seasons: summer, ..."); the colon may end the plural's clause ("Two
        venues were used for the Games: A and B"). Not a relational noun ("his two sons: A and
        B", "two competitors: A and B"), a time, an amount or a vague noun; among names no
        dates, and places only for a place noun ("Two teams qualified: Brazil and Germany")."""
        v, b, toks = self.v, self.b, self.v.tokens
        for h in range(len(toks) - 3):
            if toks[h].upos != "NOUN" or not toks[h].text.islower() or not v.is_plural(h):
                continue
            counts = [toks[k].text.lower() for k in v.children(h, "nummod")]
            vague = not counts and any(  # "several agencies: A, B and C" (names only)
                toks[k].text.lower() in _VAGUE_COUNTS for k in v.children(h, "amod", "det")
            )
            colon = self._colon_after(h)
            if (len(counts) != 1 and not vague) or colon is None or self._blocked(h):
                continue
            lemma = v.lemma(h)
            if lemma in _NO_MEMBERS | EVALUATIVE_NOUNS | MEASURE_NOUNS | QUANTITY_NOUNS:
                continue
            if relational_noun(lemma) or lemma in KIN_MODIFIERS | _RELATED:
                continue  # "his two sons: A and B", "two members: A and B": a relation
            items = self._listed_after_colon(colon + 1)
            common = [] if items or vague else self._common_after_colon(colon + 1)
            items = items or common
            counted = counts in ([count_word(len(items))], [str(len(items))])
            if not items or not (counted or vague):
                continue
            if not common and not self._fits(h, items):
                continue
            self.rule = "colon-list"
            read = b.from_tokens if common else self._title_arg
            listed = [a for a in map(read, items) if a is not None]
            for item in listed:
                parent = b.parent(h, item, restricted=True)
                self._emit("inheritance", item, parent, 0.8)
                # "The trilogy consists of three films: A, B and C": each is a part as well
                for whole in self._wholes_of(parent):
                    self._emit("composition", whole, item, 0.8)

    def _colon_after(self, h: int) -> int | None:
        """The colon that closes the clause of the counted plural ``h``: right after it, or
        after the rest of its clause ("Two venues were used for the Games: A and B") when no
        other counted plural, stop or semicolon comes between."""
        v, toks = self.v, self.v.tokens
        for k in range(h + 1, min(len(toks), h + _MAX_GAP)):
            if toks[k].text == ":":
                return k
            if toks[k].text in (";", ".", "(") or (v.is_plural(k) and v.children(k, "nummod")):
                return None
        return None

    def _listed_after_colon(self, start: int) -> list[list[int]]:
        """Token spans of the closed list of quoted titles or names (``_named_items``) that
        opens at ``start`` and ends the clause."""
        toks = self.v.tokens
        if start < len(toks) and toks[start].text.lower() == "the":
            start += 1  # "two venues: the Sydney Baseball Stadium and ..."
        items = self._named_items(start) if start < len(toks) else []
        if len(items) < 2:
            return []  # common nouns are ``_common_after_colon``'s: three or more of them
        end = max(max(span) for span in items) + 1
        while end < len(toks) and toks[end].text in ('"', "”", "'", "("):
            if toks[end].text == "(":  # '"C" (1981).': a year in brackets after the last item
                end = next((k for k in range(end, len(toks)) if toks[k].text == ")"), len(toks))
            end += 1
        if end < len(toks) and toks[end].text not in (".", ";", "!"):
            return []  # the list runs on into the clause: its end is unsure
        return items

    def _common_after_colon(self, start: int) -> list[list[int]]:
        """Token spans of a closed list of at least three lower-case common nouns (each of at
        most three words) that opens at ``start`` and ends the sentence or clause ("summer,
        monsoon, autumn, winter and spring.")."""
        toks = self.v.tokens
        items: list[list[int]] = [[]]
        closed = False  # "and" has opened the last item
        j = start
        while j < len(toks) and toks[j].text not in (".", ";"):
            word = toks[j].text.lower()
            if word in (",", "and"):
                if closed or (word == "," and not items[-1]):
                    return []  # "A, B and C, D": the list runs on
                closed = word == "and"
                if items[-1]:
                    items.append([])
            elif toks[j].upos in _COMMON_TAGS and word.isalpha() and toks[j].text.islower():
                items[-1].append(j)
            else:
                return []
            j += 1
        if j >= len(toks) or not closed or not items[-1] or len(items) < _MIN_COMMON:
            return []
        return items if all(len(span) <= _MAX_COMMON_WORDS for span in items) else []

    def _fits(self, h: int, items: list[list[int]]) -> bool:
        """Whether the listed items can be members of the plural ``h``: no date ("two rounds:
        May and June"), and a place only for a place noun ("Two teams qualified: Brazil and
        Germany" names the countries' teams)."""
        toks = self.v.tokens
        kinds = {toks[k].ent_type for span in items for k in span}
        if "DATE" in kinds or "TIME" in kinds:
            return False
        # a place is named by its words all ("Brazil"; not "Commission for Relief in Belgium")
        places = [all(toks[k].ent_type in ("GPE", "LOC") for k in span) for span in items]
        return not any(places) or self.v.lemma(h) in _PLACES

    def _wholes_of(self, parts: Arg | None) -> list[Arg]:
        """The named wholes a verb of composition of this sentence gave the class ``parts`` as
        parts ("consists of", "comprises"; not "has": "Nike has two competitors: A and B"; a
        common noun has no named parts in general: "The set consists of two discs: A and B")."""
        if parts is None:
            return []
        return [whole for whole in self._composed_wholes(parts.key) if whole.is_name]

    def _composed_wholes(self, part: str) -> list[Arg]:
        """The wholes a verb of composition of this sentence gave the part ``part`` (a key),
        each a name when its label is capitalised."""
        return [
            Arg(r.a, r.a_label, r.a_label[:1].isupper())
            for r in list(self.out)
            if r.type == "composition" and r.b == part and r.rule in _WHOLE_RULES
        ]
