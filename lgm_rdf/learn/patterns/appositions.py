"""Appositions that name a class member (a mixin over ``base.RuleBase``).

inheritance  a name set off after a class noun with an article or an owner ("his second novel,
             The Road,", "the Australian progressive metal band, Alchemist"), a definite class
             noun set off after a name ("Santiago de Compostela, the political capital city,
             has"), and names listed after a counted plural class noun ("Two other Rose Law
             Firm partners, Vince Foster and Webb Hubbell, joined")
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.learn.patterns.depview import QUOTES, DepView
from lgm_rdf.learn.patterns.offices import ranked_office
from lgm_rdf.learn.patterns.standing import related_here
from lgm_rdf.learn.patterns.words import (
    EVALUATIVE_NOUNS,
    KIN_MODIFIERS,
    MEASURE_NOUNS,
    ROLE_SUFFIXES,
    SERIAL_PARTS,
    WORK_WHOLES,
    count_word,
    relational_noun,
)
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import NAME_NOUNS, PART_NOUNS, words

# labels of a name that is a clause's own subject, not set off: "After two titles, A and B left"
_CLAUSE_RELS = frozenset({"subj", "subjpass", "ROOT", "root"})
# works an indefinite noun may give a set-off title ('a live album, "Live at Leeds",')
WORKS = WORK_WHOLES | SERIAL_PARTS | words("poem play painting sculpture documentary musical")
# what may stand before a class noun a title is set off after: "the", "a", "an", an owner
_INDEFINITE = frozenset({"a", "an", "another"})
_SET_OFF_OWNERS = _INDEFINITE | {"the", "poss"}
# entity types of a one-word name the tagger may take for a plural noun ("Leeds", "Scots"); not
# a people ("The largest minority, Hungarians,": a plural of members, no name)
_UNTAGGED_NAME_TYPES = frozenset({"GPE", "LOC", "LANGUAGE", "PERSON"})


def set_off_title(v: DepView, k: int) -> bool:
    """A quoted title set off by commas after the singular class noun ``k`` with an article or
    an owner ("Carr's second studio album, "The Way"", "a live album, "Live at Leeds","), not a
    relational one ("his wife, "Mary""), with "a" a work only and not after a preposition, the
    whole a noun is "of" ("an episode of the crime drama, "The Wire"", not "First of the film
    series, "A"": a member)."""
    toks = v.tokens
    if v.is_plural(k) or v.determiner(k) not in _SET_OFF_OWNERS or relational_noun(v.lemma(k)):
        return False
    if v.determiner(k) in _INDEFINITE and (v.rels[k] == "pobj" or v.lemma(k) not in WORKS):
        return False  # "the series, based on a book series, "A"": a title of the outer noun;
        # 'sent a message, "Help me"', 'a warning, "Run"': what was said, no title
    of = v.rels[k] == "pobj" and (h := v.head(k)) is not None and v.lemma(h) == "of"
    if of and ((g := v.head(h)) is None or v.tokens[g].upos != "NOUN" or v.lemma(g) == "one"):
        return False
    close = next((j for j in range(k + 3, len(toks)) if toks[j].text in QUOTES), None)
    if close is None:
        return False
    # 'Her first novel, "The Orange Eats Creeps" was published': an owned work's title may run
    # into the verb the noun is the subject of when the closing comma is left out (not "...,
    # the show's 167th episode, "The Simpsons" surpassed": there the title is the subject)
    after = toks[close + 1] if close + 1 < len(toks) else None
    run_in = after is not None and after.upos in ("AUX", "VERB") and v.lemma(k) in WORKS
    run_in = run_in and v.rels[k] in ("subj", "subjpass") and v.determiner(k) == "poss"
    return after is None or after.upos == "PUNCT" or run_in


# the words of a plural noun's "of" phrase before a dashed list: "of the English, Scottish,
# and Swiss Enlightenment"
_OF_PHRASE = frozenset({"of", "the", ",", "and"})


class AppositionRules(RuleBase):
    """Rules over appositions of names and class nouns."""

    def _definite_appositions(self) -> None:
        """ "a compilation by the Australian progressive metal band, Alchemist", "his second
        novel, The Road,", "A second film, Jaws 2,": a name set off after a singular class noun
        with an article or an owner names a member of the class (not after a relational noun:
        "its founder, X", "his wife, Y")."""
        v, b, toks = self.v, self.b, self.v.tokens
        for i in range(1, len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or h >= i:
                continue
            if not b.proper(i) and not self._untagged_name(i):
                continue
            first = min(v.subtree(i))
            # the comma after the name is the noun's too: compare with what comes before it
            before = [k for k in v.subtree(h) - v.subtree(i) if k < first]
            if not self._set_off_apposition(i, first - 1 == max(before, default=-1)):
                continue  # not set off, or a list
            head = toks[h]
            owned = bool(v.children(h, "poss"))  # "Nordeman's third studio album, "Woven""
            if head.upos != "NOUN" or not head.text.islower() or v.is_plural(h):
                continue
            det = v.determiner(h)
            if (det not in ("the", "a", "an") and not owned) or v.pp_objects(h, "of"):
                continue  # "the capital of France, Paris"; a relational noun below
            if det in ("a", "an") and any(toks[k].upos != "PUNCT" for k in range(h + 1, first)):
                continue  # "a compilation album by the Santa Cruz, California-based band X"
            if related_here(v, h, i) or v.lemma(h) in NAME_NOUNS:
                continue
            # a name that modifies the class noun (not its owner: "Indiana's largest city,
            # Indianapolis," is a city)
            whose = any(b.proper(k) and v.rels[k] != "poss" for k in v.kids[h] if k < h)
            role = self._person_with_role(h, i)
            if not self._owned_member(h) and not role:
                continue  # "Boeing's biggest customer, Emirates": relative to the owner (not
                # a person's role: "Microsoft's chief executive, Satya Nadella,")
            if v.children(i, "appos") or (whose and not role):
                continue  # "the former Temal municipality, Shkodër County, northern Albania"
            name = b.arg(i, "name")
            if name is not None and not b.proper(i):
                name = replace(name, is_name=True)  # "a 74th language, Scots,": one name
            if name is not None and name.is_name:
                self.rule = "definite-apposition"
                parent = b.title_class(h, name) if whose else b.parent(h, name)
                self._emit("inheritance", name, parent, 0.8)

    def _owned_member(self, h: int) -> bool:
        """A class noun ``h`` a name owns ("Indiana's largest city") names a class of its
        members when the owner is a place, or the noun a work ("Ford's second album"); a person's
        or a company's "biggest customer" or "greatest victory" is relative to the owner."""
        v, b = self.v, self.b
        owners = [k for k in v.children(h, "poss") if b.proper(k)]
        places = ("GPE", "LOC", "FAC")
        return all(v.tokens[k].ent_type in places for k in owners) or v.lemma(h) in WORKS

    def _untagged_name(self, i: int) -> bool:
        """A one-word name the tagger took for a plural common noun ("A 74th language, [Scots]NNS,
        was", "its largest city, [Leeds]NNS,"): capitalised inside the sentence, with no words of
        its own, and a named entity of a place, a language or a person."""
        tok = self.v.tokens[i]
        if tok.upos != "NOUN" or tok.ent_type not in _UNTAGGED_NAME_TYPES or self.v.kids[i]:
            return False
        return tok.text[:1].isupper() and tok.text[1:].isalpha() and tok.text[1:].islower()

    def _person_with_role(self, h: int, i: int) -> bool:
        """A person's name set off after a role noun a name modifies ("The BBC presenter, Ann
        Moss,", "the Manchester United striker, Wayne Rooney,"): whose role, not where."""
        v, b = self.v, self.b
        people = all(v.tokens[k].ent_type == "PERSON" for k in b.name_tokens(i))
        role = person_noun(v.lemma(h)) or v.lemma(h).endswith(ROLE_SUFFIXES + ("ian",))
        return people and role

    def _name_definite_appositions(self) -> None:
        """ "Santiago de Compostela, the political capital city, has ...": a definite singular
        class noun set off right after a name says what the one thing the name names is; not
        what it is of or to another ("Paris, the capital of France", "Ann, the assistant to the
        president", "Bob, the protagonist"), nor one picked out of its context ("the latter"),
        nor a noun with a name of its own ("Dylan, the guitarist Eric Clapton and others")."""
        v, b = self.v, self.b
        excluded = NAME_NOUNS | EVALUATIVE_NOUNS | MEASURE_NOUNS
        for i in range(2, len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or h >= i or not b.proper(h):
                continue
            # "Shimon Peres, the ninth President of Israel,": a ranked office of something
            office = ranked_office(v, i) if not self._epithet(h) else None
            if office is None and not self._described_by(i, excluded):
                continue
            if any(b.proper(k) for k in v.children(i, "appos", "compound", "flat") if k > i):
                continue
            first = min(v.subtree(i))
            between = range(max(b.name_tokens(h)) + 1, first - 1)
            if not self._set_off_apposition(i, all(v.tokens[k].text in QUOTES for k in between)):
                continue  # "Oprah Winfrey, the actress, and Barack Obama, the president"
            rule, self.rule = self.rule, "office-of" if office else self.rule
            names = b.args([h], "name")
            people = [o for o in [h, *v.pp_objects(h, "of")] if v.tokens[o].ent_type == "PERSON"]
            if office and people:
                # "The Presidency of Shimon Peres, the ninth President": the person's name only
                first = people[0]
                while first > 0 and v.tokens[first - 1].ent_type == "PERSON":
                    first -= 1
                person = b.from_tokens(list(range(first, people[0] + 1)), "whole")
                names = [replace(person, is_name=True)] if person else []
            for name in names:
                self._emit("inheritance", name, office or b.parent(i, name, restricted=True), 0.75)
            self.rule = rule

    def _epithet(self, h: int) -> bool:
        """Name ``h`` hangs on another name ("Cyrus [the Great]"): whose office follows is unsure."""
        v, g = self.v, self.v.head(h)
        return v.rels[h] == "appos" or (
            v.determiner(h) == "the" and g is not None and g != h and self.b.proper(g)
        )

    def _described_by(self, i: int, excluded: frozenset[str]) -> bool:
        """Whether the apposition ``i`` is a plain definite singular class noun: lower case,
        not ``excluded``, not relational, with no "of" or "to", no owner, not selected."""
        v = self.v
        if not v.tokens[i].text.islower() or v.determiner(i) != "the" or v.is_plural(i):
            return False
        if v.tokens[i].upos != "NOUN" or v.lemma(i) in excluded or related_here(v, i):
            return False
        return not (v.pp_objects(i, "of", "to") or v.children(i, "poss") or self.b.selected(i))

    def _set_off_apposition(self, i: int, adjacent: bool, listed: bool = False) -> bool:
        """Whether the apposition ``i``, ``adjacent`` to what it describes, stands between a
        comma and the end of its clause (a comma, a stop): no phrase that runs on, and no list
        unless ``listed`` (names listed after a plural class noun)."""
        v, toks = self.v, self.v.tokens
        first, end = min(v.subtree(i)), max(v.subtree(i)) + 1
        if adjacent and listed and v.set_off_dash(first - 1):
            # "Two painters — Claude Monet and Camille Pissarro — moved": a pair of dashes
            return end < len(v) and v.set_off_dash(end) and toks[end].text == toks[first - 1].text
        if not adjacent or first < 1 or toks[first - 1].text != ",":
            return False
        ends = end >= len(v) or toks[end].upos == "PUNCT"
        if not ends and toks[end - 1].text == "," and end - 1 > i:
            # "formed a band, Alchemist, with two friends": the closing comma hangs on the name
            ends = toks[end].upos != "CCONJ" and not toks[end].text[:1].isupper()
        return ends and (listed or not v.children(i, "conj", "cc"))

    def _plural_appositions(self) -> None:
        """ "Two other Rose Law Firm partners, Vince Foster and Webb Hubbell, joined": names set
        off after a counted or definite plural class noun, as many as the count says, are its
        members (not after a relational noun that is owned or "of" something: "his two sons, A
        and B", "the founders of X, A and B")."""
        v, b, toks = self.v, self.b, self.v.tokens
        for i in range(2, len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or h >= i or not b.proper(i):
                continue
            if toks[h].upos != "NOUN" or not toks[h].text.islower() or not v.is_plural(h):
                continue
            names = v.conjuncts(i)
            counts = [toks[k].text.lower() for k in v.children(h, "nummod")]
            listed = self.listed_names(i) if len(names) < 2 and counts else []
            if listed and counts == [count_word(len(listed))] and None not in listed:
                # "three provinces, British Columbia, Alberta, and Saskatchewan,": a counted
                # list the parse broke, read off the words
                if not self._plural_owner(h) and self._set_off_apposition(i, True, listed=True):
                    self._plural_members(h, [a for a in listed if a is not None])
                continue
            if len(names) < 2 or not all(b.proper(k) for k in names):
                continue
            if counts and counts != [count_word(len(names))]:
                continue  # "three partners, A and B": the list is not the whole
            if not counts and v.determiner(h) not in ("the", "poss"):
                continue
            if self._plural_owner(h) or not self._set_off_apposition(i, True, listed=True):
                continue
            self._plural_members(h, self.b.args(names, "name"))
        for h in range(len(v)):
            if (names := self._counted_after_of(h)) is not None:
                self._plural_members(h, self.b.args(names, "name"), restricted=True)
            elif (names := self._counted_set_off(h)) is not None:
                self._plural_members(h, self.b.args(names, "name"))
        for d in range(2, len(v)):
            if (found := self._dashed_list(d)) is not None:  # its "of" narrows the group
                self._plural_members(*found, restricted=True)

    def _dashed_list(self, d: int) -> tuple[int, list[Arg]] | None:
        """ "Some of the philosophers of the Scottish Enlightenment - Thomas Hobbes, John Locke
        and David Hume - had": a closed list of names between a pair of dashes after a definite
        or counted plural class noun, with at most the noun's "of" phrase of capitalised words
        between them, read off the words (the parse seldom keeps it). Returns the noun and the
        names."""
        v, toks = self.v, self.v.tokens
        if not v.set_off_dash(d) or not (spans := self.listed_spans(d + 1)):
            return None
        close = spans[-1][-1] + 1
        if close >= len(v) or not v.set_off_dash(close) or toks[close].text != toks[d].text:
            return None
        h = d - 1
        while h > 0 and (toks[h].text[:1].isupper() or toks[h].text in _OF_PHRASE):
            h -= 1  # back over "of the English, Scottish, and Swiss Enlightenment"
        if h < d - 1 and (toks[h + 1].text != "of" or h + 2 >= d):
            return None  # "of" opens the phrase, and something follows it
        if toks[h].upos != "NOUN" or not toks[h].text.islower() or not v.is_plural(h):
            return None
        counts = [toks[k].text.lower() for k in v.children(h, "nummod")]
        counted = counts in ([count_word(len(spans))], [str(len(spans))])
        if not counted and (counts or v.determiner(h) != "the"):
            return None
        names = [self.b.from_tokens(span, "name") for span in spans]
        if self._plural_owner(h) or any(a is None or not a.is_name for a in names):
            return None
        return h, [a for a in names if a is not None]

    def _plural_owner(self, h: int) -> bool:
        """The plural ``h`` is a relation owned or "of" something ("his two sons, A and B",
        "the founders of X, A and B"): its names are no members of a class."""
        v = self.v
        related = relational_noun(v.lemma(h)) or v.lemma(h) in KIN_MODIFIERS
        return related and bool(v.children(h, "poss") or v.pp_objects(h, "of"))

    def _plural_members(self, h: int, names: list[Arg], restricted: bool = False) -> None:
        """The names ``names`` are members of the plural class noun ``h`` (``restricted``: its
        "of" only narrows the group, see ``Roles.parent``)."""
        self.rule = "plural-apposition"
        if self.v.lemma(h) in PART_NOUNS:
            return  # "The framework has two parts, Core and Extensions": parts, not kinds of part
        for name in names:
            if name.is_name:
                self._emit("inheritance", name, self.b.parent(h, name, restricted), 0.8)

    def _counted_set_off(self, h: int) -> list[int] | None:
        """ "the splitting of Togoland into two territories, French Togoland and British
        Togoland, during ...": names set off right after a counted plural, as many as it
        counts, that the parse hung elsewhere (on the verb, the subject) or coordinated with
        the plural itself ("visited two cities, Paris and Rome")."""
        v, b, toks = self.v, self.b, self.v.tokens
        if toks[h].upos != "NOUN" or not toks[h].text.islower() or not v.is_plural(h):
            return None
        counts = [toks[k].text.lower() for k in v.children(h, "nummod")]
        if len(counts) != 1 or h + 2 >= len(v) or toks[h + 1].text != ",":
            return None
        if self._plural_owner(h):
            return None
        roots = [r for r in range(h + 2, len(v)) if min(v.subtree(r)) == h + 2]
        r = max(roots, key=lambda k: len(v.subtree(k)), default=None)
        if r is None or not b.proper(r) or v.head(r) is None or v.rels[r] in _CLAUSE_RELS:
            return None  # a subject
        if v.head(r) == h and v.rels[r] != "conj":
            return None  # an apposition of the noun itself: the plain rule reads it
        names = v.conjuncts(r)
        if counts != [count_word(len(names))] or not all(b.proper(k) for k in names):
            return None
        return names if self._set_off_apposition(r, True, listed=True) else None

    def _counted_after_of(self, h: int) -> list[int] | None:
        """ "two former employees of Comet Kits, Jack Besser and Bob Reder": the names set off
        after the "of" object of a counted plural, which the parse coordinated with that object,
        when there are exactly as many as the count says (else it is a list of owners: "the
        employees of A, B and C"). Not after a relational noun ("two sons of Bob, A and B")."""
        v, b, toks = self.v, self.b, self.v.tokens
        if toks[h].upos != "NOUN" or not toks[h].text.islower() or not v.is_plural(h):
            return None
        counts = [toks[k].text.lower() for k in v.children(h, "nummod")]
        of = v.pp_objects(h, "of")
        if len(counts) != 1 or len(of) != 1 or not b.proper(of[0]) or relational_noun(v.lemma(h)):
            return None
        names = [k for k in v.conjuncts(of[0]) if k != of[0]]
        if counts != [count_word(len(names))] or not names:
            return None
        first = min(v.subtree(min(names)))
        if toks[first - 1].text != "," or not all(b.proper(k) for k in names):
            return None
        return names if self._set_off_apposition(min(names), True, listed=True) else None
