"""A place noun with an appositive "of" (a mixin over ``listed_parts.ListedPartRules``).

"the city of Wichita", "the realm's external territories of Tokelau and Niue": after a place
noun, "of" a name is apposition, and the name is that place; "the departments of Colombia": a
definite plural division noun "of" one name lists that place's parts.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.adjectives import ranked
from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.extents import nation_word
from lgm_rdf.learn.patterns.listed_parts import ListedPartRules
from lgm_rdf.learn.patterns.words import (
    DIVIDED_INTO_NOUNS,
    DIVISION_NOUNS,
    NAMED_BY_OF_NOUNS,
    PLACE_CLASS_NOUNS,
)
from lgm_rdf.nlp.wordlists import words

_CHURCH_DIVISIONS = frozenset({"diocese", "parish"})  # of the DIVIDED_INTO_NOUNS
# areas whose "of" names them only when the phrase could stand for the name: bare or with an
# adjective of status ("the historical region of Inner Carniola"); an adjective of position,
# landscape or use, a noun or a name picks an area inside the place "of" names ("the northern
# region of Italy", "the financial district of London", "the Baltic region of Northern Europe")
_AREA_NOUNS = frozenset({"region", "district"})
# the divisions a place's possessive lists ("Australia's states"); islands only lie there
_OWNED_DIVISIONS = DIVIDED_INTO_NOUNS - {"island"}
_STATUS_ADJECTIVES = frozenset(
    {"historical", "ancient", "autonomous", "administrative", "former", "traditional", "disputed"}
)


# what a state or country set off after a place name may itself be ("Texas, a state"); any
# other class is of the place it locates ("Marblehead, Massachusetts, a suburb of Boston",
# "Galveston, Texas, an island")
_WIDER_PLACES = words(
    "state province country nation territory republic kingdom emirate principality duchy "
    "commonwealth confederation federation prefecture oblast"
)
# what such an apposition may call the first place ("a suburb of Boston", "a small town")
_PLACE_KINDS = (
    NAMED_BY_OF_NOUNS
    | DIVISION_NOUNS
    | _WIDER_PLACES
    | words(
        "suburb community settlement locality resort seat capital port area "
        "neighborhood neighbourhood"
    )
)


NO_PLACE = -1  # ``located_place``: the apposition after a place and its state is about neither


def located_place(v: DepView, h: int, i: int, comma: int) -> int | None:
    """What the indefinite apposition ``i`` (after the comma ``comma``) describes when the parse
    hung it on a place or on the state or country set off after that place ("Marblehead,
    Massachusetts, a suburb of Boston": Marblehead; "Austin, Texas, a state in the South":
    Texas); ``NO_PLACE`` when the apposition names no kind of place, so it describes neither ("the
    headquarters in Columbus, Ohio, a bookstore and cafe"); ``None`` when ``h`` is no such pair."""
    g = v.head(h)
    later = [k for k in v.children(h, "appos") if h < k < i]
    if v.rels[h] == "appos" and g is not None and g < h:
        first, second = g, h
    elif len(later) == 1:
        first, second = h, later[0]
    else:
        return None
    if not (v.place_name(first) and v.place_name(second)):
        return None
    own = {k for k in v.subtree(second) - v.subtree(i) if v.tokens[k].upos != "PUNCT"}
    if v.tokens[min(own) - 1].text != "," or max(own) != comma - 1:
        return None
    if v.lemma(i) not in _PLACE_KINDS:
        return NO_PLACE
    return second if v.lemma(i) in _WIDER_PLACES else first


class PlaceOfRules(ListedPartRules):
    """The rules ``place-of-name`` and ``divisions-of-name``."""

    def _place_of_names(self) -> None:
        """ "the city of Wichita", "the mythical island of Antillia", "the realm's external
        territories of Tokelau, the Ross Dependency and Niue": after a place noun, "of" a
        name is apposition, the name is that place."""
        v, b = self.v, self.b
        for k in range(len(v)):
            if not (names := self.named_places(k)):
                continue
            nations = [m for m in v.children(k, "compound", "amod") if m < k and b.proper(m)]
            self.rule = "place-of-name"
            for name in names:
                own = list(range(max(nations) + 1, k + 1)) if nations else []  # "U.S. state"
                parent = b.from_tokens(own) if own else b.parent(k, name, restricted=True)
                self._emit("inheritance", name, parent, 0.8)

    def named_places(self, k: int) -> list[Arg]:
        """The places a place noun ``k`` names by its appositive "of" ("the city of Wichita",
        "the cities of Mississauga and Brampton"); [] when ``k`` is no such noun."""
        v, b, toks = self.v, self.b, self.v.tokens
        if not toks[k].text.islower() or v.lemma(k) not in NAMED_BY_OF_NOUNS:
            return []
        if not (v.determiner(k) == "the" or v.children(k, "poss")) or self._blocked(k):
            return []
        modifiers = v.children(k, "compound", "amod")
        if any(b.proper(m) and not nation_word(toks[m]) for m in modifiers):
            return []  # "the Cognac region of France": the name is before, "of" locates
        subjects = v.children(v.head(k), "subj") if v.rels[k] == "attr" else []
        if any(toks[s].text[:1].isupper() and toks[s].upos != "PRON" for s in subjects):
            return []  # "Bath is the county town of Somerset": "of" relates the subject
        if ranked(self.v, k) or self._one_article_for_places(k):
            return []  # "the largest city of" X; "the cities and towns of A, B": which?
        names = [c for o in v.pp_objects(k, "of") for c in v.conjuncts(o)]
        if not names or not b.proper(names[0]):
            return []
        if v.lemma(k) in _AREA_NOUNS and not self._whole_area(k, modifiers, names):
            return []  # "the northern region of Italy": an area inside the place
        names = [c for c in names if b.proper(c)]  # "the city of Wichita and nearby areas"
        if v.lemma(k) not in PLACE_CLASS_NOUNS and not v.place_name(names[0]):
            return []  # "the department of Physics", "the protectorate of Oliver Cromwell"
        args = [b.arg(c, "name") for c in names]
        if len(names) == 1 and v.is_plural(k):  # a list the parse broke up after one name
            args = self.listed_names(names[0]) or args
        if (len(args) > 1) != v.is_plural(k):
            return []  # "the islands of Hawaii": a whole, not a member
        return [a for a in args if a is not None]

    def _listed_name(self, k: int) -> bool:
        """Token ``k`` opens "the" and a capitalised name, as the next item of a list of names
        does after a comma ("Tokelau, the Ross Dependency"); a place that locates the one before
        takes no article ("Hardin County, Ohio")."""
        toks = self.v.tokens
        return toks[k].text == "the" and toks[k + 1].text.istitle() and self.b.proper(k + 1)

    def _whole_area(self, k: int, modifiers: list[int], names: list[int]) -> bool:
        """Whether the area noun ``k`` ("region", "district") stands for the place its "of"
        names (``names``, not empty): no modifier but an adjective of status before it, none on
        the name, nothing after the name ("the region of Asia most affected" is part of Asia)."""
        v = self.v
        if any(v.lemma(m) not in _STATUS_ADJECTIVES for m in modifiers):
            return False
        if any(v.tokens[m].text.islower() for c in names for m in v.children(c, "amod")):
            return False  # "the region of southern Italy": a part of the place
        return max(v.subtree(k)) == max(i for c in names for i in v.subtree(c))

    def _one_article_for_places(self, k: int) -> bool:
        """The plural place noun ``k`` shares its article and its "of" with another ("the
        cities and towns of A, B and C": which each name is, is open). One name after them is
        both ("the city and county of Denver"); a noun with an "of" of its own is apart ("the
        town of Ashby and villages of Barton and Carlton")."""
        v = self.v
        if not v.is_plural(k):
            return False
        after = [c for c in v.children(k, "conj") if not v.determiner(c)]
        before = [] if v.determiner(k) or v.rels[k] != "conj" else [v.head(k)]
        return any(
            c is not None and v.lemma(c) in NAMED_BY_OF_NOUNS and not v.pp_objects(c, "of")
            for c in after + before
        )

    def _divisions_of_name(self) -> None:
        """ "the departments of Colombia", "the islands of Hawaii": a definite plural division
        noun "of" one name lists that place's parts (several names are its members: "the
        arrondissements of Saverne and Molsheim", read by ``_place_of_names``)."""
        v, b, toks = self.v, self.b, self.v.tokens
        for k in range(len(toks)):
            if v.lemma(k) not in DIVIDED_INTO_NOUNS or not toks[k].text.islower():
                continue
            if not v.is_plural(k) or self._blocked(k):
                continue
            if any(b.proper(m) for m in v.children(k, "compound", "amod")):
                continue  # "the Cook Islands of ...", "the Swiss cantons of ...": named
            if (owner := self._place_owner(k)) is not None:
                self.rule = "divisions-of-name"  # "Australia's six states and two territories"
                for c in (c for c in v.conjuncts(k) if v.lemma(c) in _OWNED_DIVISIONS):
                    self._emit("composition", owner, b.arg(c, "part"), 0.75)
                continue
            if v.determiner(k) != "the":
                continue
            of = v.pp_objects(k, "of")
            if len(of) != 1 or not b.proper(of[0]) or len(v.conjuncts(of[0])) > 1:
                continue
            church = v.lemma(k) in _CHURCH_DIVISIONS and toks[of[0]].ent_type == "ORG"  # dioceses
            if not (v.place_name(of[0]) or church):  # not "the provinces of the Satluj" (a river)
                continue
            after, joins = of[0] + 1, ("and",)  # "of Hardin County, Ohio": a comma locates
            if after < len(v) and toks[after].text == "(":
                after = next((j + 1 for j in range(after, len(v)) if toks[j].text == ")"), after)
                joins = (",", "and")
            if after + 1 < len(v) and toks[after].text in joins and toks[after + 1].text.istitle():
                continue  # "the municipalities of Manchester (...), Nashua": a broken list
            if after + 2 < len(v) and toks[after].text == "," and self._listed_name(after + 1):
                continue  # "the territories of Tokelau, the Ross Dependency and Niue": members
            if self.listed_names(of[0]):
                continue  # "the states of Ohio, Indiana, and Illinois": members, read above
            whole, part = b.arg(of[0], "name"), b.arg(k, "part")
            if whole is not None and whole.is_name:
                self.rule = "divisions-of-name"
                self._emit("composition", whole, part, 0.75)

    def _place_owner(self, k: int) -> Arg | None:
        """The named place that owns the plural division noun ``k`` ("Australia's eight major
        states and territories", "Canada's provinces"); not an owner that is no place ("the
        company's divisions") nor islands ("New Zealand's smaller islands": where they lie,
        not how it is divided)."""
        v, b = self.v, self.b
        if v.lemma(k) not in _OWNED_DIVISIONS:
            return None
        owners = v.children(v.first_conjunct(k), "poss")
        if len(owners) != 1 or not b.proper(owners[0]) or not v.place_name(owners[0]):
            return None
        found = b.arg(owners[0], "name")
        return found if found is not None and found.is_name else None
