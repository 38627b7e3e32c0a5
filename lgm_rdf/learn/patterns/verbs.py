"""Verb rules of the pattern extractor (a mixin over ``base.RuleBase``).

composition  "X consists of Y", "X contains / includes / comprises Y", "X is composed of Y",
             "X is made (up) of|from Y", "X is made with Y" (present tense), "Y and Z make up X",
             "Y forms part of X", "Y is contained in X"
inheritance  "A belongs to the family B", "A is classified as a B", "Bs include A1, A2" (bare
             plural subject: a list of kinds)
alias        "A stands for B" and the naming verbs of ``alias``
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.alias import ALIAS_AS, ALIAS_NAMED, AliasRules
from lgm_rdf.learn.patterns.args import Arg, looks_like_acronym
from lgm_rdf.learn.patterns.depview import NOUNS
from lgm_rdf.learn.patterns.extents import name_head_ending_at
from lgm_rdf.learn.patterns.featuring import adjunct_subject, featured_parts, holds_places
from lgm_rdf.learn.patterns.kind_terms import called_term, type_of_object
from lgm_rdf.learn.patterns.mistagged import misread_participle
from lgm_rdf.learn.patterns.named_parts import counted_names
from lgm_rdf.learn.patterns.shared import aside_of
from lgm_rdf.learn.patterns.spelling import spelled_out
from lgm_rdf.learn.patterns.words import (
    AMOUNT_NOUNS,
    ARTICLES,
    DEMONSTRATIVES,
    DISCOURSE_NOUNS,
    EVALUATIVE_NOUNS,
    MEASURE_NOUNS,
    PERIOD_NOUNS,
    QUANTITY_NOUNS,
    TALLY_NOUNS,
    VALUE_HOLDERS,
    VALUE_NOUNS,
    relational_noun,
)
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.wordlists import PART_NOUNS, TYPE_NOUNS

# what may follow a list member: the next one comes after punctuation or a conjunction
_JOINS = frozenset({"PUNCT", "CCONJ", "ADP", "VERB", "AUX", "SCONJ", "PART"})
# counted things that are no parts of what has them: amounts, measures, spans, tallies
_NO_PARTS = MEASURE_NOUNS | AMOUNT_NOUNS | PERIOD_NOUNS | QUANTITY_NOUNS | TALLY_NOUNS
# adverbs of place: "Another historical site nearby is called Star City" names one site
_PLACE_ADVERBS = frozenset({"nearby", "here", "there"})

# passive verbs "X is V-ed of/from Y" stating what X is made of
PASSIVE_PARTS = {"compose": ("of",), "comprise": ("of",), "make": ("of", "from")}
PASSIVE_PARTS |= {"construct": ("of", "from"), "build": ("of", "from"), "form": ("of",)}
PASSIVE_PARTS |= {"divide": ("into",)}  # "The brain is divided into two hemispheres"


class VerbRules(AliasRules):
    """Verb-headed rules."""

    def _verbs(self) -> None:
        """Verb-headed rules, in main clauses and reduced relatives ("a statue made of bronze")."""
        v = self.v
        for i, tok in enumerate(v.tokens):
            if tok.upos not in ("VERB", "AUX") or v.lemma(i) == "be":
                continue
            h = v.head(i)
            reduced = v.rels[i] == "acl" and not v.children(i, "subj", "subjpass")
            if (misread := misread_participle(v, i)) is not None:
                reduced, h = True, misread  # "(a tactic [referred]VBD to as X)": no report
            opening, aside = False, []
            if any(v.tokens[k].tag == "TO" for k in v.children(i, "aux")):
                continue  # "expanded coverage to include X": a purpose, not a statement
            if reduced and h is not None and v.tokens[h].upos in NOUNS:
                if self._predicative(h) or (misread is None and self._governed_blocked(h)):
                    continue  # "Leaves function as factories containing chlorophyll"
                s, clause = h, i
            elif h is not None and (opening := self._opening_name(i)):
                # "Formerly known as X, Central High School is ...": the clause's subject
                s, clause = v.children(h, "subj")[0], h
            elif (named := self._trailing_name(i)) is not None:
                s, clause = named, i  # "the location of X, also known as Y": X, not "it"
            elif aside := [k for k in aside_of(v, i) if k in v.kids[i]]:
                s, clause = aside[0], i  # "X (born 1895), [nicknamed]csubj Y, was a Z"
            else:
                s, clause = self._clause_subject(i)
                s = adjunct_subject(v, i) if s is None else s  # "X is a park, featuring Y"
            if s is None or self._blocked(i, clause, reported=not aside and misread is None):
                continue
            subjects = self.b.subjects(s, clause)
            common = v.tokens[s].upos == "NOUN"
            generic = common and v.is_plural(s) and not v.determiner(s) and not reduced
            naming = v.lemma(i) in ALIAS_AS | ALIAS_NAMED | {"stand"}
            # "proteins called gamma globulins" (no comma): a restrictive name gives a kind
            phrase = min(k for k in v.subtree(i) if v.tokens[k].upos != "PUNCT" or k == i)
            before = v.tokens[phrase - 1].text if phrase > 0 else ""
            restrictive = reduced and common and v.is_plural(s) and before not in (",", "(")
            # "Another site nearby is called X": "another ..." gives no argument, the noun counts
            described = self._described(subjects or [s], i) or (reduced and type_of_object(v, s))
            if naming and (described or restrictive) or v.lemma(i) == "name":
                if reduced:
                    self._named_member(i, s)
                elif v.is_passive(i):
                    self._term_definition(i)  # "A person who studies rocks is called a ..."
                    self._name_of_one(i)  # "The river is called the Thames"
                continue
            if subjects:
                passive = v.is_passive(i) or self._set_off(i, s) or opening
                self._verb(i, passive, subjects, generic)

    def _opening_name(self, i: int) -> bool:
        """A naming participle that opens the sentence, set off by a comma before a clause
        with a subject of its own ("Formerly known as X, Y is", "Originally called X, Y was")."""
        v, h = self.v, self.v.head(i)
        if v.rels[i] != "advcl" or v.tokens[i].tag != "VBN" or h is None or h < i:
            return False
        if v.lemma(i) not in ALIAS_AS | ALIAS_NAMED or v.children(i, "subj", "subjpass"):
            return False
        end = max(v.subtree(i))
        opens = min(v.subtree(i)) == 0 and end + 1 < len(v) and v.tokens[end + 1].text == ","
        subjects = v.children(h, "subj")  # a name, or a pronoun standing for one
        return opens and any(self.b.proper(k) or v.tokens[k].upos == "PRON" for k in subjects)

    def _trailing_name(self, i: int) -> int | None:
        """The name right before the comma that sets off the naming participle ``i``, which
        the parse hung on the main verb ("It is the location of the United Trades and Labour
        Council, also known as SA Unions"): the participle names that name, not the clause's
        subject."""
        v = self.v
        if v.rels[i] != "advcl" or v.tokens[i].tag != "VBN" or v.children(i, "subj", "subjpass"):
            return None
        if v.lemma(i) not in ALIAS_AS | ALIAS_NAMED or (h := v.head(i)) is None or h > i:
            return None
        if v.children(h, "obj"):
            return None  # "recorded their album at Abbey Road, later known as X": the object's
        comma = min(v.subtree(i)) - 1
        if comma < 1 or v.tokens[comma].text != "," or not self.b.proper(comma - 1):
            return None
        named = name_head_ending_at(v, self.b.name_tokens, comma - 1)
        return None if named is None or v.rels[named] == "conj" else named  # a whole name only:
        # "United Trades and [Labour Council] of South Australia" is cut by the parse

    def _governed_blocked(self, noun: int, title: frozenset[int] = frozenset()) -> bool:
        """ "Do not override schemas containing X": the clause that governs ``noun`` is
        negated, modal or conditional, so what its reduced relative says is not asserted. A
        clause the parse hung on a verb inside the quoted ``title`` is no report ('played on the
        track "[Help]ROOT Me"')."""
        v, gov = self.v, self.v.head(noun)
        while gov is not None and v.tokens[gov].upos not in ("VERB", "AUX"):
            gov = v.head(gov)
        return gov is not None and self._blocked(gov, reported=v.head(gov) not in title)

    def _predicative(self, noun: int) -> bool:
        """``noun`` describes something else: "(function / serve) as factories"."""
        v = self.v
        prep = v.head(noun)
        return v.rels[noun] == "pobj" and prep is not None and v.lemma(prep) == "as"

    def _restricted(self, subject_tokens: list[int]) -> bool:
        """ "Such paragraphs", "These birds": a subject that is no whole class."""
        v = self.v
        marks = DEMONSTRATIVES | {"such"}
        return any(v.lemma(k) in marks for t in subject_tokens for k in v.kids[t])

    def _named_member(self, verb: int, noun: int) -> None:
        """ "the protest known as the May Fourth Movement", "a town called Unionville", "a
        horse named Seabiscuit": the name is a member of the noun's class, not another name of
        the class."""
        v, b = self.v, self.b
        if v.tokens[verb].tag == "VBG" or v.tokens[verb].text.lower().endswith("ing"):
            return  # "a thread pool calling BLAS": it calls, it is not called
        noun = self._introduced(noun, verb)
        text = v.tokens[noun].text
        if v.tokens[noun].upos != "NOUN" or not (
            text.islower() or noun == 0 and text[1:].islower()
        ):
            return  # a name; a common noun may open the sentence ("Birds known as penguins")
        plural = v.is_plural(noun)
        if not plural and v.determiner(noun) not in ARTICLES and not type_of_object(v, noun):
            return
        lemma = v.lemma(verb)
        found = v.pp_objects(verb, "as") if lemma in ALIAS_AS else []
        found = found or [k for k in v.children(verb, "xcomp", "obj", "oprd", "attr") if k > verb]
        for o in found:
            if b.proper(o) and v.determiner(o) not in ("a", "an") and not plural:
                self.rule = "called-name"
                name = b.arg(o, "alias")
                if name is not None:
                    self._emit("inheritance", name, b.parent(noun, name), 0.85)
            elif called_term(v, noun, o):
                self.rule = "called-term"
                term = b.arg(o, "kind")
                self._emit("inheritance", term, b.parent(noun, term) if term else None, 0.8)

    def _introduced(self, noun: int, verb: int) -> int:
        """The noun a naming participle introduces: a name introduces a new referent, so after
        a definite noun inside prepositional phrases it names the indefinite noun they hang on
        ("a town at its base on the eastern side called Unionville" names the town), unless
        the name repeats the near noun ("a house on the street called Main Street")."""
        v, cur = self.v, noun
        if v.lemma(noun) in {v.tokens[k].text.lower() for k in v.subtree(verb) if k > verb}:
            return noun
        while v.determiner(cur) not in ("a", "an") and v.rels[cur] == "pobj":
            prep = v.head(cur)
            if prep is None or v.rels[prep] != "prep" or v.lemma(prep) == "of":
                return noun  # "a figure of the period known as X": "of" completes the noun
            up = v.head(prep)
            if up is not None and v.tokens[up].upos == "VERB":
                # "having a town at its base ...": the phrases hang on the verb of the noun
                objs = [o for o in v.children(up, "obj") if o < cur]
                up = objs[0] if len(objs) == 1 and v.determiner(objs[0]) in ("a", "an") else None
            if up is None or v.tokens[up].upos != "NOUN":
                return noun
            cur = up
        return cur if cur != noun and v.determiner(noun) else noun

    def _set_off(self, verb: int, subject: int) -> bool:
        """ "Vitamin D, also called calciferol, is ...", "Tolstoy, also spelled Tolstoi, was": a
        naming participle between commas that the small model took for the main verb (a comma
        after the subject; an object it gave the verb must be followed by a comma, too)."""
        v = self.v
        if v.lemma(verb) not in ALIAS_AS | ALIAS_NAMED or v.children(verb, "aux"):
            return False
        objects = [k for k in v.children(verb, "obj") if k > verb]
        end = max(v.subtree(objects[-1])) + 1 if objects else 0  # the object's comma
        if objects and not (end < len(v) and v.tokens[end].text == ","):
            return False
        first = min([verb, *(k for k in v.children(verb, "advmod") if k < verb)])
        return subject < first and v.tokens[first - 1].text == ","

    def _existential_parts(self) -> None:
        """ "There are five summits in the group": a counted plural said to be in a whole is
        its parts (under the same guards as "The group has five summits")."""
        v, b = self.v, self.b
        for i in range(len(v)):
            if v.lemma(i) != "be" or not any(v.lemma(k) == "there" for k in v.children(i, "expl")):
                continue
            for n in v.children(i, "attr", "subj"):
                wholes = v.pp_objects(n, "in") or v.pp_objects(i, "in")
                if len(wholes) != 1 or v.lemma(n) in TYPE_NOUNS or v.tokens[wholes[0]].ent_type:
                    continue  # "There are two kinds of X"; "in 2010", "in France" (a place)
                if self._counted_parts([wholes[0]], [n]):
                    self.rule = "has-parts"
                    self._emit_all("composition", b.args(wholes, "kind"), self._parts(n), 0.7)

    def _thing_has(self, subject_tokens: list[int], direct: list[int]) -> bool:
        """A thing (no person, no pronoun for one) has one direct object."""
        v = self.v
        if len(direct) != 1 or not subject_tokens:
            return False
        for t in subject_tokens:
            tok = v.tokens[t]
            if tok.upos == "PRON" or tok.ent_type in ("PERSON", "NORP") or person_noun(v.lemma(t)):
                return False
        return True

    def _counted_parts(self, subject_tokens: list[int], direct: list[int]) -> bool:
        """ "The diocese has 20 parishes", "The album has twelve tracks": a thing has a counted
        plural of parts. Not amounts, measures or spans of time ("has 300 acres", "has two
        years left"), tallies ("has 20 titles", "300 deaths"), nor relations ("has two sons",
        "has three versions")."""
        v = self.v
        if not self._thing_has(subject_tokens, direct):
            return False
        o = direct[0]
        counts = [k for k in v.children(o, "nummod") if v.tokens[k].ent_type == "CARDINAL"]
        if not counts or not v.is_plural(o) or not v.tokens[o].text.islower():
            return False
        return self._part_noun(o)

    def _part_noun(self, k: int) -> bool:
        """Token ``k`` is a noun that may name parts (see ``_counted_parts``)."""
        v, lemma = self.v, self.v.lemma(k)
        if v.tokens[k].upos != "NOUN":
            return False  # "has 1,040 pages and [narrates]NOUN accounts": a verb mistagged
        return lemma not in _NO_PARTS and not relational_noun(lemma) and not person_noun(lemma)

    def _parts(self, o: int) -> list[Arg]:
        """The parts listed from the counted plural ``o`` on: each coordinated noun that may
        name parts ("150 congregations and 17,000 members": the members are people), up to a
        member run straight into the next one ("1,040 pages and [narrates]NOUN accounts": a
        verb, and the list ends before it)."""
        v, out = self.v, []
        for c in sorted(v.conjuncts(o)):
            nxt = c + 1
            if nxt < len(v) and nxt not in v.subtree(c) and v.tokens[nxt].upos not in _JOINS:
                break
            out += [c] if self._part_noun(c) else []
        return self.b.args(out, "part")

    def _people_listed(self, subject_tokens: list[int], objects: list[int]) -> bool:
        """A subject that names people ("cast members") listing a person by name: members, not
        parts (a "driver" or a "model" of software includes functions)."""
        v = self.v
        people = any(person_noun(singular(v.tokens[t].text.lower())) for t in subject_tokens)
        return people and any(v.tokens[o].ent_type == "PERSON" for o in objects)

    def _present(self, verb: int) -> bool:
        """A present-tense passive: "is made", "are made" (no past or perfect auxiliary)."""
        v = self.v
        words = {v.tokens[k].text.lower() for k in v.children(verb, "aux", "auxpass")}
        return bool(words & {"is", "are"}) and not words & {"was", "were", "been", "has", "have"}

    def _lasting(self, verb: int) -> bool:
        """A division that holds: in the present ("The country is divided into provinces") or
        of a named whole, no person ("Togoland was divided into two territories": a partition);
        not a passing grouping ("The pupils were divided into teams")."""
        subjects, toks = self.v.children(verb, "subjpass"), self.v.tokens
        named = [s for s in subjects if self.b.proper(s) and toks[s].ent_type != "PERSON"]
        return self._present(verb) or bool(named)

    def _described(self, subjects: list[int], verb: int) -> bool:
        """A description, not a name: "a school which was called X", "the school became known"."""
        v = self.v
        past = any(v.is_past(k) for k in [verb, *v.children(verb, "aux", "auxpass")])
        # "also/commonly/often called": a second name; a bare "The town is called X" names one
        # ("Another site nearby is called X": a place adverb is no second name)
        habitual = any(v.lemma(k) not in _PLACE_ADVERBS for k in v.children(verb, "advmod"))
        for t in subjects:
            det, common = v.determiner(t), v.tokens[t].upos == "NOUN"
            if det in ("a", "an") or (det and common and (past or not habitual)):
                return True
            if common and v.is_plural(t) and self.defined_by_clause(t, verb):
                return True  # "Animals that eat only plants are known as herbivores": a kind
        return False

    def _verb(self, i: int, passive: bool, subject_tokens: list[int], generic: bool) -> None:
        """Composition, inheritance and alias verbs; ``generic``: bare plural subject."""
        v, b, lemma = self.v, self.b, self.v.lemma(i)
        subjects = b.subject_args(subject_tokens)
        # "sentences containing these concepts": a demonstrative points back, no class
        direct = [o for o in v.children(i, "obj") if v.determiner(o) not in DEMONSTRATIVES]
        objects = [c for o in direct for c in v.conjuncts(o)]
        object_args = [a for o in direct for a in b.expand(o)]

        prts = [k for k in v.children(i, "prt") if v.lemma(k) == "up"]

        def pp_args(*preps: str, mode: str = "class", expand: bool = True) -> list[Arg]:
            # "made up of": the small model may hang "of" on the particle
            found = v.pp_objects(i, *preps) + [o for k in prts for o in v.pp_objects(k, *preps)]
            return [a for o in found for a in b.expand(o, mode)] if expand else b.args(found, mode)

        particle = bool(prts)
        if lemma == "belong" and not passive:
            self.rule = "belong-to"
            groups = [g for g in (b.group(o) for o in v.pp_objects(i, "to")) if g is not None]
            self._emit_all("inheritance", subjects, groups, 0.85)
        elif lemma == "classify" and passive:
            self.rule = "classified-as"
            for o in v.pp_objects(i, "as"):
                for child in subjects if v.determiner(o) != "the" else []:
                    self._emit("inheritance", child, b.parent(o, child), 0.9)
        elif lemma == "feature" and not passive:
            self.rule = "feature"  # "Central Park features a zoo and a lake"
            self._emit_all("composition", *featured_parts(v, b, subject_tokens, objects), 0.75)
        elif lemma == "consist" and not passive:
            self.rule = "consist-of"
            self._emit_all("composition", subjects, pp_args("of", mode="part"), 0.9)
        elif lemma in ("contain", "include", "comprise") and not passive:
            self.rule = "contain"
            placed = any(v.pp_objects(k, "in", "into") for k in [i, *direct])
            if (lemma == "include" and placed) or any(
                v.lemma(k) == "will" for k in v.children(i, "aux")
            ):
                return  # "includes X in a document", "will include X": an insertion, an act
            held = any(v.lemma(o) in VALUE_NOUNS for o in objects)
            if held and any(v.lemma(t) in VALUE_HOLDERS for t in subject_tokens):
                return  # "the author field containing a real name": a value, not a part
            if lemma == "include" and generic:  # "Mammals include whales": a list of kinds
                if any(v.lemma(t) in EVALUATIVE_NOUNS | DISCOURSE_NOUNS for t in subject_tokens):
                    return  # "Common offenders include X": a judgement, not a class
                self.rule = "include-kinds"
                kinds = [o for o in objects if v.is_plural(o) or b.proper(o)]
                if len(kinds) == len(objects) and not self._restricted(subject_tokens):
                    self._emit_all("inheritance", object_args, subjects, 0.7)
            elif self._people_listed(subject_tokens, objects):
                return  # "The cast members include Ann Moss and Tom Hale": members of a group
            elif len(objects) < 2 or not all(v.tokens[o].ent_type == "PERSON" for o in objects):
                # "The characters include Connor Mulgrew, ...": people are members, not parts
                parts = [a for o in direct for a in b.expand(o, "part")]
                self._emit_all("composition", subjects, parts, 0.85)
                # "Greater Toronto includes the cities of A and B": a name's parts (not "the
                # district"'s, nor "It"'s: it may stand for the wrong one; no person's or work's)
                names = [t for t in subject_tokens if holds_places(v, t)]
                places = [a for a in b.args(names, "name") if a.is_name]
                named = [a for o in direct for c in v.conjuncts(o) for a in self.named_places(c)]
                self._emit_all("composition", places, named, 0.8)
        elif lemma == "contain" and passive:  # "Vitamins are contained in fruit"
            self.rule = "contained-in"
            self._emit_all("composition", pp_args("in"), subjects, 0.8)
        elif lemma in PASSIVE_PARTS and passive and (lemma != "divide" or self._lasting(i)):
            self.rule = "made-of"
            # "The country is divided into provinces" (not "The pupils were divided into teams")
            preps = ("of",) if particle else PASSIVE_PARTS[lemma]
            if lemma == "make" and not particle and self._present(i):
                preps += ("with",)  # "Sushi is made with rice" (not "was made with a budget")
            self._emit_all("composition", subjects, pp_args(*preps, mode="part"), 0.85)
        elif lemma == "make" and particle and not passive:  # "Y and Z make up X"
            self.rule = "make-up"
            self._emit_all("composition", object_args, subjects, 0.8)
        elif lemma == "form" and not passive:  # "Y forms part of X"
            self.rule = "form-part"
            parts = [o for o in objects if v.lemma(o) in PART_NOUNS]
            found = [b.whole(w) for o in parts for w in v.pp_objects(o, "of")]
            wholes = [w for w in found if w is not None]
            self._emit_all("composition", wholes, subjects, 0.85)
        elif lemma == "have" and not passive and self._thing_has(subject_tokens, direct):
            self.rule = "has-parts"  # "The diocese has 20 parishes and ministry districts"
            kinds = self._parts(direct[0]) if self._counted_parts(subject_tokens, direct) else []
            named = b.args(counted_names(v, b, direct[0]), "name")  # "two parts, A and B"
            self._emit_all("composition", subjects, kinds + named, 0.7)
        elif lemma == "stand" and not passive:  # "NASA stands for ..."
            self.rule = "stand-for"
            names = [a for a in b.args(subject_tokens, "name") if looks_like_acronym(a.label)]
            for name in names:
                found = [min(v.subtree(o)) for o in v.pp_objects(i, "for")]
                end = len(v) - 1 - (v.tokens[-1].upos == "PUNCT")
                spelled = [spelled_out(b, name.label, f, end, forward=True) for f in found]
                expansions = [a for a in spelled if a] or pp_args("for", mode="whole", expand=False)
                self._emit_all("alias", [name], expansions, 0.9)
        elif passive:
            self.rule = "alias-verb"
            set_off = not v.is_passive(i)  # passive only as a set-off participle (``_set_off``)
            self._alias_verb(i, lemma, b.args(subject_tokens, "name"), set_off)
