"""A quoted title that modifies a naming noun (a mixin over ``base.RuleBase``).

inheritance  'the "Harry Potter" series', 'the band's own "Transmission" label', 'characters from
             "The Flintstones" franchise', 'The "Orioles" soccer club': a title in double
             quotation marks right before a lower-case noun that names what the title is

Only nouns whose modifier names the very thing count (``_NAMED_THINGS``): 'the "Thriller" video',
'the "Brady Bunch" cast', 'the "Natural Born Killers" soundtrack' or 'the "Fear of a Blank
Planet" tour' are things of the title, not the title. The noun must be singular ('the "Big
Three" automakers' are three) and end its phrase ('the "Yes" campaign leaflet').
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.learn.patterns.titles import title_arg
from lgm_rdf.nlp.titles import DOUBLE_QUOTES
from lgm_rdf.nlp.wordlists import words

# nouns a title before them names: the title is the series, the label, the region itself
_NAMED_THINGS = words(
    "series franchise label imprint brand region club team band group party movement campaign "
    "programme program project pledge festival show magazine newspaper trilogy saga line"
)
_LONGEST_TITLE = 12  # tokens inside the quotation marks
_LONGEST_CLASS = 4  # lower-case words (and slashes) after them, the naming noun last


class QuotedModifierRules(RuleBase):
    """The rule ``quoted-modifier``."""

    def _quoted_modifiers(self) -> None:
        """A closed double-quoted title opening with a capital, then a few lower-case nouns
        ending in a singular naming noun: the title is one of those things."""
        v, toks = self.v, self.v.tokens
        for q1 in range(2, len(toks) - 1):
            if toks[q1].text not in DOUBLE_QUOTES:
                continue
            q0 = next(
                (
                    k
                    for k in range(q1 - 1, max(-1, q1 - _LONGEST_TITLE - 2), -1)
                    if toks[k].text in DOUBLE_QUOTES
                ),
                None,
            )
            if q0 is None or q1 - q0 < 2 or not toks[q0 + 1].text[:1].isupper():
                continue
            head = self._naming_noun(q1 + 1)
            if head is None or self._blocked(head):
                continue
            title = title_arg(v, list(range(q0 + 1, q1)))
            kind = self.b.from_tokens(list(range(q1 + 1, head + 1)))
            if title is not None and kind is not None and not kind.is_name:
                self.rule = "quoted-modifier"
                self._emit("inheritance", title, kind, 0.75)

    def _naming_noun(self, start: int) -> int | None:
        """The singular naming noun that ends the lower-case words from ``start`` (a slash may
        join two: "soccer/football club"), or None."""
        v, toks = self.v, self.v.tokens
        k = start
        while (
            k < len(toks)
            and k - start < _LONGEST_CLASS
            and (toks[k].text.islower() or toks[k].text == "/")
        ):
            if toks[k].upos != "NOUN" and toks[k].text != "/":
                break
            k += 1
        last = k - 1
        if last < start or toks[last].upos != "NOUN" or v.is_plural(last):
            return None
        if k < len(toks) and toks[k].upos in ("NOUN", "PROPN"):
            return None  # 'the "Yes" campaign Leaflet': the phrase runs on
        return last if v.lemma(last) in _NAMED_THINGS else None
