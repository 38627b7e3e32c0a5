"""Offices written before people's names: "President Bill Clinton", "Mayor George Moscone",
"Premiers Dean Brown, John Olsen and Rob Kerin" (a mixin over ``base.RuleBase``, rule
``office-title``).

The office is capitalised as part of the title, so the parse makes it a word of the name; the
named-entity tags tell where the person's name begins. The offices are the closed list
``role_nouns.TITLES``.
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.role_nouns import TITLES
from lgm_rdf.nlp.wordlists import words

# the last word of a name that makes it a place or a building named after an office
# ("President Street", "Governor Bridge"), whatever the entity tagger says
_PLACE_WORDS = words(
    "street road avenue boulevard lane square park bridge station hotel hall building house "
    "school college university airport island lake river mountain county city town"
)


class OfficeTitleRules(RuleBase):
    """The rule ``office-title``."""

    def _office_titles(self) -> None:
        """A capitalised office right before people's names is what each of them is; a plural
        office takes a list ("Senators A and B"). Not inside a longer title ("Vice President
        X", "Prime Minister Y": the office is the whole title) nor before a place ("President
        Street")."""
        toks = self.v.tokens
        for k in range(len(toks) - 1):
            word = toks[k].text
            office = singular(word.lower())
            if office not in TITLES or not word[:1].isupper() or not word[1:].islower():
                continue
            if k > 0 and toks[k - 1].text[:1].isupper() and toks[k - 1].upos != "PUNCT":
                continue  # "Vice President", "Prime Minister", "Deputy Premier"
            if k > 0 and toks[k - 1].text in ("-", "–") and not toks[k - 1].ws:
                continue  # "co-Presidents", "ex-Governor": another office
            self.rule = "office-title"
            for name in self._people_after(k + 1, plural=office != word.lower()):
                self._emit("inheritance", name, Arg(office, office, False), 0.8)

    def _people_after(self, start: int, plural: bool) -> list[Arg]:
        """The people's names from token ``start``: one, or after a plural office the list "A,
        B and C" (names the entity tagger marks as persons)."""
        toks, out = self.v.tokens, []
        while start < len(toks) and toks[start].ent_type == "PERSON":
            end = start
            while end < len(toks) and toks[end].ent_type == "PERSON" and toks[end].text != ",":
                end += 1
            name = self.b.from_tokens(list(range(start, end)), "whole")
            if name is not None and toks[end - 1].text.lower() not in _PLACE_WORDS:
                out.append(replace(name, is_name=True))
            nxt = toks[end].text if end < len(toks) else ""
            later = toks[end + 1].text if end + 1 < len(toks) else ""
            if not plural or nxt not in (",", "and"):
                break  # one name after a singular office, a list after a plural one
            start = end + (2 if nxt == "," and later == "and" else 1)
        return out
