"""Offices written before people's names: "President Bill Clinton", "Mayor George Moscone",
"Premiers Dean Brown, John Olsen and Rob Kerin" (a mixin over ``base.RuleBase``, rule
``office-title``), and the class of a ranked office "of" a place or an organisation ("Shimon
Peres was the ninth President of Israel" → ``president``: ``office_of``, for the superlative
and apposition rules under the rule ``office-of``). An office of something with no rank ("Anne
Hidalgo is the mayor of Paris", "Paris is the capital of France") names one holder: no class.

The office is capitalised as part of the title, so the parse makes it a word of the name; the
named-entity tags tell where the person's name begins. The offices are the closed list
``role_nouns.TITLES``.
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.adjectives import classifying_adjective, ranked
from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import OFFICE_NOUNS
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.role_nouns import TITLES
from lgm_rdf.nlp.wordlists import words

# the last word of a name that makes it a place or a building named after an office
# ("President Street", "Governor Bridge"), whatever the entity tagger says
_PLACE_WORDS = words(
    "street road avenue boulevard lane square park bridge station hotel hall building house "
    "school college university airport island lake river mountain county city town memorial "
    "center centre library museum theatre theater plaza highway expressway parkway stadium "
    "arena monument tower institute academy hospital medal award prize trophy fund foundation "
    "administration act doctrine"
)
# crowns whose "of" must name a realm ("the King of West Francia", not "the King of Pop")
_CROWNS = words("king queen prince princess emperor empress")
_REALMS = frozenset({"GPE", "LOC", "NORP", "ORG"})
# heads of a department, whose "of" names the department unless it is a country ("the fourth
# United States Secretary of Veterans Affairs" is a secretary of that office, not a secretary)
_DEPARTMENT_HEADS = words("secretary minister commissioner")
# a noun before the office that makes the whole a name of a thing ("the liner President
# Harding", "the steamer Governor Ames"), whatever its tag
_VESSELS = words("ship liner steamer steamship ferry yacht schooner boat locomotive horse")
# a capitalised word that may open an office's phrase without being part of the office
_OPENERS = words("former the late then outgoing incumbent interim sitting")


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
            if k > 0 and not self._office_opens(k):
                continue  # "Vice President", "co-Presidents", "the liner President Harding"
            self.rule = "office-title"
            for name in self._people_after(k + 1, plural=office != word.lower()):
                self._emit("inheritance", name, Arg(office, office, False), 0.8)

    def _office_opens(self, k: int) -> bool:
        """Whether the word before the office at ``k`` leaves it an office of its own: not a
        capitalised word of a longer title ("Vice President", "Prime Minister") unless a
        nationality or place ("U.S. President", "Chinese Premier") or an opening "Former" /
        "The"; not a hyphen ("co-Presidents", "ex-Governor"); not a common noun naming a thing
        after the office ("the liner President Harding", "the singer Mayor Hawthorne")."""
        prev = self.v.tokens[k - 1]
        if self.v.after_hyphen(k):
            return False
        if prev.text.lower() in _VESSELS or (prev.upos == "NOUN" and prev.text.islower()):
            return False
        if prev.text[:1].isupper() and prev.upos != "PUNCT":
            opener = k == 1 and prev.text.lower() in _OPENERS
            return opener or prev.ent_type in ("NORP", "GPE")
        return True

    def _people_after(self, start: int, plural: bool) -> list[Arg]:
        """The people's names from token ``start``: one, or after a plural office the list "A,
        B and C" (names the entity tagger marks as persons)."""
        toks, out = self.v.tokens, []
        while start < len(toks) and toks[start].ent_type == "PERSON":
            end = start
            while end < len(toks) and toks[end].ent_type == "PERSON":
                if end > start and self._name_ends(end):
                    break
                end += 1
            if end == start:
                break
            name = self.b.from_tokens(list(range(start, end)), "whole")
            if name is not None and toks[end - 1].text.lower() not in _PLACE_WORDS:
                out.append(replace(name, is_name=True))
            nxt = toks[end].text if end < len(toks) else ""
            later = toks[end + 1].text if end + 1 < len(toks) else ""
            if not plural or nxt not in (",", "and"):
                break  # one name after a singular office, a list after a plural one
            start = end + (2 if nxt == "," and later == "and" else 1)
        return out

    def _name_ends(self, k: int) -> bool:
        """Whether token ``k`` ends a person's name: a comma, "and", a possessive, or the start
        of another name."""
        tok = self.v.tokens[k]
        if tok.text in (",", "and", "&", "'s", "’s", "'", "’") or tok.tag == "POS":
            return True
        return k > 0 and tok.ent_iob == "B" and self.v.tokens[k - 1].ent_type == "PERSON"


def office_of(v: DepView, n: int) -> Arg | None:
    """The class the definite noun ``n`` names when it is an office or a job "of" a named
    place or organisation (``words.OFFICE_NOUNS``: "the seventh President of Israel" →
    ``president``, "the first lead singer of Alphaville" → ``singer``, "the 14th Prime Minister
    of India" → ``prime minister``), with the nouns and sorting adjectives before it. ``None``
    for anything else: an owner ("its captain"), kin or a relation ("the son of"), "of"
    something unnamed ("the best judge of character"), a crown of no realm ("the King of Rock
    and Roll"), a department's head ("the Secretary of State": the title is the class), a title
    the modifiers would cut ("the Assistant Secretary of"). Whether the office is ranked is the
    caller's question."""
    lemma = singular(v.tokens[n].text.lower())
    of = v.pp_objects(n, "of")
    if v.determiner(n) != "the" or not of or v.is_plural(n):
        return None
    if lemma not in OFFICE_NOUNS or not v.tokens[n].text.isalpha():
        return None
    kinds = {v.tokens[o].ent_type for o in of}
    if not any(v.tokens[o].text[:1].isupper() for o in of):
        return None
    if (lemma in _CROWNS and not kinds & _REALMS) or (
        lemma in _DEPARTMENT_HEADS and "GPE" not in kinds
    ):
        return None
    mods: list[int] = []
    k = n - 1
    while k in v.children(n, "compound", "amod") and v.tokens[k].text.isalpha():
        tok = v.tokens[k]
        if not tok.text.islower():  # "the Prime Minister of India"; not "the Indian President"
            if tok.ent_type in ("NORP", "GPE") or k == 0:
                break
            if tok.ent_type:
                return None  # "the Federal Railroad Administrator": a title of its own
        elif not (
            (v.rels[k] == "compound" and tok.upos == "NOUN")
            or classifying_adjective(v, k, range(k, n + 1))
        ):
            break
        mods.insert(0, k)
        k -= 1
    before = v.tokens[k]
    cut = k > 0 and k in v.subtree(n) and before.text[:1].isupper() and before.text.isalpha()
    if cut and before.ent_type not in ("NORP", "GPE"):
        return None  # "the second Assistant Secretary of State": the title goes on
    words = [v.lemma(m) for m in mods] + [lemma]
    key = " ".join(words)
    return Arg(key, key, False)


def ranked_office(v: DepView, n: int) -> Arg | None:
    """``office_of`` for an office an ordinal or a superlative ranks (``adjectives.ranked``:
    "the ninth President of Israel", "the 42nd President", "the most important Greek military
    leader of"); ``None`` otherwise."""
    return office_of(v, n) if ranked(v, n) else None
