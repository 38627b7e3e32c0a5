"""Alias rules of the pattern extractor (a mixin over ``base.RuleBase``).

"A, also/better/formerly known as B", "A is (also|commonly) called B", "A is referred to as B",
"A, abbreviated to B,", "A stands for B", "A (short for B)", "A is short for B", "Name (ACRONYM)",
"The BBC (British Broadcasting Corporation)", "A, born B," (a birth name); and the inheritance
a naming verb states: a term defined ("A person who studies rocks is called a geologist") and a
name given to one thing ("The river is called the Thames").
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg, looks_like_acronym
from lgm_rdf.learn.patterns.bracketed_names import PLACE_OR_TIME, BracketedNameRules
from lgm_rdf.learn.patterns.depview import NOUNS
from lgm_rdf.learn.patterns.spelling import acronym_matches, spelled_out
from lgm_rdf.learn.patterns.words import EVALUATIVE_NOUNS, MEASURE_NOUNS, relational_noun
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import NAME_NOUNS

ALIAS_AS = frozenset({"know", "refer", "abbreviate", "romanize", "romanise", "transliterate"})
ALIAS_NAMED = frozenset({"call", "nickname", "dub", "term", "rename", "abbreviate", "spell"})
_PRIZE_WORDS = frozenset({"year", "decade", "season", "month", "century", "best", "most", "top"})
# naming verbs whose name, given to "the river", "a site", names one member of the noun's class
_NAMING_MEMBER = frozenset({"call", "name", "nickname", "dub", "title", "know"})
# the name after "born" is the object-like dependent of the participle, never a date or place
_BORN_NAME_RELS = frozenset({"obj", "xcomp", "attr", "appos", "npmod"})
# "best known as", "well known as": what someone is famous as, not another name
RENOWN = frozenset({"best", "well", "widely", "mostly", "mainly", "primarily", "chiefly"})
NAMING_ADVERBS = frozenset({"officially", "formally", "formerly", "previously", "originally"})
# what the name after "nicknamed", "spelled" hangs on ("npadvmod": the participle taken for a verb)
_NAMED_OBJECTS = ("obj", "npadvmod")
# nouns of a name one goes by: "known by his stage name X", "by the mononym Eunji"
_NAMES_BY = frozenset({"name", "nickname", "pseudonym", "mononym", "moniker", "sobriquet"})
# "is called a second time", "is called once": how often something is invoked, no term
_TIMES = frozenset({"time", "times", "once", "twice"})
_PERSONAL = frozenset({"i", "we", "he", "she", "they", "you"})


class AliasRules(BracketedNameRules):
    """Alias rules."""

    def _alias_verb(self, i: int, lemma: str, subjects: list[Arg], set_off: bool = False) -> None:
        """ "A is (also) known as / called / referred to as B" (``set_off``: a participle set off
        by commas that the parse took for the main verb, "A, also spelled B, was")."""
        v = self.v
        found = v.pp_objects(i, "as") if lemma in ALIAS_AS else []
        if lemma == "abbreviate":  # "X, abbreviated to PJN," (not "to the ABL of 1996")
            acronyms = [o for o in v.pp_objects(i, "to") if looks_like_acronym(v.tokens[o].text)]
            found = found or [o for o in acronyms if not v.children(o, "prep")]
        if not found and lemma in ALIAS_NAMED:
            found = v.children(i, "xcomp")
            if not found and (v.rels[i] == "acl" or set_off):
                # "Babe Ruth, nicknamed the Bambino, ...", "Tolstoy, also spelled Tolstoi, was"
                found = [k for k in v.children(i, *_NAMED_OBJECTS) if k > i]
        if not found and lemma == "know":
            # "better known by his stage name Marian Gold": the name after a noun of names
            nouns = [o for o in v.pp_objects(i, "by") if v.lemma(o) in _NAMES_BY]
            found = [k for o in nouns for k in v.children(o, "appos", "compound") if k > o]
            found += [k for o in nouns for k in v.pp_objects(o, "of")]  # "by the name of Pampa"
            found = [k for k in found if self.b.proper(k)]
        if self._restrictive_plural(i):
            return  # "proteins called globulins" (no comma) names a subclass
        renown = any(v.lemma(k) in RENOWN for k in v.children(i, "advmod"))
        for o in found:
            if v.determiner(o) in ("a", "an"):
                continue  # "known as a pioneer" describes, it does not name
            if self.b.proper(o) and self._one_of_a_class(i):
                continue  # "The museum (now called Tarrow House)": the name of one museum
            if renown and not self.b.proper(o) and not looks_like_acronym(v.tokens[o].text):
                continue  # "best known as screenwriter": what one is famous as, no name
            self._emit_all("alias", subjects, self._alias_names(o), 0.9)

    def _term_definition(self, i: int) -> None:
        """ "An instrument that measures the mass of ions is called a mass spectrometer",
        "Animals that eat only plants are known as herbivores": a common noun narrowed by a
        clause or phrase of its own, given a term by the present passive naming verb ``i``, is
        the class the term names a kind of (an "of" the class needs leaves it out: ``parent``).
        Singular with "a", "an" or "the" ("The process by which ... is called photosynthesis"),
        or a bare plural with a plural term."""
        v, b = self.v, self.b
        lemma, nouns = v.lemma(i), v.children(i, "subjpass")
        terms = v.pp_objects(i, "as") if lemma in ALIAS_AS else []
        if lemma in ALIAS_NAMED:
            terms = terms or [k for k in v.children(i, "xcomp", "oprd", "attr", "obj") if k > i]
        if len(nouns) != 1 or len(terms) != 1:
            return
        if any(v.lemma(k) in RENOWN for k in v.children(i, "advmod")):
            return  # "is best known as a painter": what one is famous as
        n, t = nouns[0], terms[0]
        words = [v.tokens[k].text[1:] if k == 0 else v.tokens[k].text for k in (n, t)]
        if not all(v.tokens[k].upos == "NOUN" for k in (n, t)) or not all(map(str.islower, words)):
            return  # common nouns both (the first word capitalised): a term, not a name
        if not self.defined_by_clause(n, i):
            return  # "This device is called ...": a thing pointed back to, no definition
        clause = [k for c in v.children(n, "relcl", "acl") for k in v.subtree(c)]
        if any(v.tokens[k].ent_type == "DATE" or v.lemma(k) in _PERSONAL for k in clause):
            return  # "A song that he wrote in 1970 is known as a classic": one song
        if any(v.tokens[c].tag == "VBD" for c in v.children(n, "relcl", "acl")):
            return  # "A man who founded the town is called a hero": a definition is generic
        det, plural = v.determiner(n), v.is_plural(n)
        if plural != v.is_plural(t) or (det not in ("a", "an", "the") if not plural else det):
            return
        if det == "the" and v.determiner(t):
            return  # "The man who founded it is known as a hero": one man described
        if not self._plain_term(i, t):
            return
        auxes = {v.tokens[k].text.lower() for k in v.children(i, "aux", "auxpass")}
        if auxes != {"are" if plural else "is"}:
            return  # a definition is in the present: "A man who lived there was called ..."
        term = b.arg(t, "kind")  # the words that name the kind: "associative arrays"
        if term is not None:
            self.rule = "term-definition"
            self._emit("inheritance", term, b.parent(n, term, restricted=True), 0.8)

    def _name_of_one(self, i: int) -> None:
        """ "The river is called the Thames", "Another historical site nearby is called Star
        City", "The first parties were called Federalist and Republican": a common noun with an
        article given a name by the passive naming verb ``i`` is the class of what the name
        names (one name for a singular noun, a list for a plural); not a noun related to
        another ("Its capital is called Paris", "Her son was named John") nor a word for names."""
        v, b = self.v, self.b
        nouns = v.children(i, "subjpass")
        if v.lemma(i) not in _NAMING_MEMBER or len(nouns) != 1:
            return
        n = nouns[0]
        text = v.tokens[n].text
        if v.tokens[n].upos != "NOUN" or not (text.islower() or n == 0 and text[1:].islower()):
            return
        if v.determiner(n) not in ("a", "an", "the", "another") or v.children(n, "poss"):
            return
        if relational_noun(v.lemma(n)) or v.lemma(n) in NAME_NOUNS | MEASURE_NOUNS:
            return
        if person_noun(v.lemma(n)) and v.lemma(i) == "name":
            return  # "The senator was named Secretary of State": appointed to an office
        found = v.pp_objects(i, "as") if v.lemma(i) in ALIAS_AS else []
        found = found or [k for k in v.children(i, "xcomp", "oprd", "attr", "obj") if k > i]
        names = [c for o in found for c in v.conjuncts(o)]
        if not names or not all(b.proper(c) and v.determiner(c) not in ("a", "an") for c in names):
            return
        if any(self._award(c) for c in names):
            return  # "The film was named Best Picture", "... named Hotel of the Year": a prize
        if (len(names) > 1) != v.is_plural(n):
            return  # "The band was called A and B": which is open
        self.rule = "called-name"
        for name in b.args(names, "alias"):
            self._emit("inheritance", name, b.parent(n, name), 0.85)

    def _award(self, c: int) -> bool:
        """Name ``c`` is a prize ("Best Picture", "Coach of the Year"): a superlative or period."""
        toks = [self.v.tokens[k] for k in self.b.name_tokens(c)]
        return any(t.tag in ("JJS", "RBS") or t.text.lower() in _PRIZE_WORDS for t in toks)

    def _plain_term(self, verb: int, t: int) -> bool:
        """The term ``t`` the naming ``verb`` gives is a plain noun naming a kind: not "of"
        something ("are called instances of the class", "a pioneer of grunge"), a relation
        ("members of"), a judgement ("is known as a classic"), a count or a time ("is called a
        second time": invoked), and no one in particular names it ("called names by the
        moderators")."""
        v = self.v
        lemma = v.lemma(t)
        if v.pp_objects(t, "of") or relational_noun(lemma) or lemma in EVALUATIVE_NOUNS:
            return False
        counted = v.children(t, "nummod") or any(
            v.tokens[k].ent_type == "ORDINAL" for k in v.children(t, "amod")
        )
        named_by = v.pp_objects(verb, "by") or v.pp_objects(t, "by")
        return not (counted or lemma in _TIMES or named_by)

    def defined_by_clause(self, n: int, verb: int) -> bool:
        """The noun ``n`` is narrowed by a clause or a phrase of its own ("animals that eat
        only plants", "a person in charge of a ship"), other than the naming ``verb``; not by
        "of", which may be part of a name ("birds of prey")."""
        v = self.v
        preps = [k for k in v.children(n, "prep") if v.lemma(k) != "of"]
        return any(k != verb for k in v.children(n, "relcl", "acl") + preps)

    def _one_of_a_class(self, i: int) -> bool:
        """The naming verb ``i`` is said of "the" plus a bare lower-case noun: one thing of a
        class, whose name the verb gives ("the museum"; not "the Cluster feature", "the 2003
        tornado outbreak": a name of their own)."""
        v = self.v
        h = v.head(i)
        nouns = v.children(i, "subj", "subjpass") or ([h] if h is not None and h != i else [])
        return any(
            v.tokens[k].upos == "NOUN"
            and v.tokens[k].text.islower()
            and v.determiner(k) == "the"
            and not v.children(k, "compound", "nmod", "nummod")
            and not any(v.tokens[m].text[:1].isupper() for m in v.children(k, "amod"))
            for k in nouns
        )

    def _alias_names(self, o: int) -> list[Arg]:
        """The names after a naming verb: alternatives joined by "or" are several names,
        capitalised words joined by "and" / "&" one ("Strunk & White", "the City and County
        of Honolulu")."""
        v = self.v
        items = v.conjuncts(o)
        ccs = {v.tokens[c].text.lower() for k in items for c in v.children(k, "cc")}
        if len(items) > 1 and ccs <= {"and", "&"} and all(self.b.proper(k) for k in items):
            whole = self.b.arg(o, "whole")
            return [whole] if whole is not None else []
        return self.b.expand(o, "alias")

    def _restrictive_plural(self, i: int) -> bool:
        """Naming verb ``i`` restricts a plural common noun without a comma: "proteins called"."""
        v, n = self.v, self.v.head(i)
        if v.rels[i] != "acl" or n is None or any(t.text == "," for t in v.tokens[n:i]):
            return False
        return v.tokens[n].upos == "NOUN" and v.is_plural(n) and not self.b.proper(n)

    def _short_for(self) -> None:
        """ "A (short for B)", "A, short for B," and "A is short for B"."""
        v = self.v
        for s in range(len(v)):
            if v.lemma(s) != "short" or self._blocked(s):
                continue
            h = v.head(s)
            if h is not None and v.tokens[h].upos in NOUNS:
                names = [h]
            else:
                names = v.children(s, "subj") + (v.children(h, "subj") if h is not None else [])
            targets = self.b.args(v.pp_objects(s, "for"), "whole")
            self._emit_all("alias", self.b.args(names, "name"), targets, 0.95)

    def _acronyms(self) -> None:
        """ "The United Nations (UN)" and "The BBC (British Broadcasting Corporation)"."""
        v, toks = self.v, self.v.tokens
        for p in range(1, len(v)):
            q = next((j for j in range(p + 1, len(v)) if toks[j].text == ")"), None)
            if toks[p].text != "(" or q is None or q == p + 1:
                continue
            if toks[p + 1].text.lower() in ("a", "an", "the"):
                continue  # "Cloudfront (a CDN)": a class in brackets, not another name
            inside = range(p + 1, q)
            heads = [j for j in inside if v.head(j) not in inside]
            inner = self.b.arg(heads[0], "whole") if len(heads) == 1 else None
            end = p - 2 if toks[p - 1].tag == "POS" and p > 1 else p - 1  # "Baseball's (MLB)"
            outer = self.b.name_before(end)
            if inner is not None and looks_like_acronym(inner.label):
                # "Organisation for Economic Co-operation and Development (OECD)": the words
                # whose initials spell the acronym, whatever the parse made of them
                spelled = spelled_out(self.b, inner.label, max(end - 11, 0), end, forward=False)
                outer = spelled or outer
            if inner is None or outer is None:
                continue
            short, long = (inner, outer) if looks_like_acronym(inner.label) else (outer, inner)
            matches = acronym_matches(short.label, long.label)
            if matches and looks_like_acronym(short.label) and not looks_like_acronym(long.label):
                self._emit("alias", outer, inner, 0.9)

    def _born(self) -> None:
        """ "Elton John, born Reginald Dwight, is a singer": a birth name is an alias.

        spaCy hangs "born" on the name as a modifier and the name on the person as an
        apposition; UD makes "born" a clause on the person with the name as its object.
        """
        v = self.v
        for i in range(len(v)):
            if v.tokens[i].text.lower() != "born":
                continue
            h = v.head(i)
            if h is None:
                continue
            if v.rels[i] == "amod" and i < h and v.rels[h] == "appos":
                name, person = h, v.head(h)
            elif v.rels[i] == "acl":
                found = [k for k in v.children(i, *_BORN_NAME_RELS) if k > i]
                name, person = (found[0] if len(found) == 1 else None), h
            else:
                continue
            if name is None or person is None or not self._personal_name(name):
                continue
            if self._personal_name(person):
                skip = frozenset(v.subtree(i) - v.subtree(name) | {i})
                given = self.b.arg(name, "name", skip)
                self._emit("alias", self.b.arg(person, "name", skip), given, 0.85)

    def _or_names(self) -> None:
        """ "The groundhog, or woodchuck, is a rodent": the second name is an alias."""
        v = self.v
        for k in range(len(v)):
            h = v.head(k)
            if h is None or not v.or_apposition(k) or v.rels[h] not in ("subj", "subjpass"):
                continue
            if v.tokens[h].upos in NOUNS and v.tokens[k].upos in NOUNS:
                self._emit("alias", self.b.arg(h, "name"), self.b.arg(k, "alias"), 0.8)

    def _renamed(self) -> None:
        """ "Bolivia, officially the Plurinational State of Bolivia," and "Beijing (formerly
        Peking)": an apposition with a naming adverb is another name."""
        v = self.v
        for k in range(len(v)):
            h = v.head(k)
            if v.rels[k] != "appos" or h is None or not (self.b.proper(h) and self.b.proper(k)):
                continue  # two names ("a city, previously a town" renames nothing)
            if any(v.tokens[j + 1].text == ":" for j in (h, k) if j + 1 < len(v)):
                continue  # "Spanish: ..., Guarani: ...": language labels before glosses
            adverbs = [a for a in v.children(k, "advmod") if v.lemma(a) in NAMING_ADVERBS]
            if adverbs:
                other = self.b.arg(k, "alias", frozenset(adverbs))
                self._emit("alias", self.b.arg(h, "name"), other, 0.85)

    def _renamed_participles(self) -> None:
        """ "Sivaji Films, later renamed Sivaji Productions, ...": a name, a comma and a past
        participle of renaming (after an optional time adverb) give the name its new name,
        wherever the parser hung the participle."""
        v, toks = self.v, self.v.tokens
        for i in range(2, len(v) - 1):
            if v.lemma(i) != "rename" or toks[i].tag != "VBN":
                continue
            comma = i - 1 if toks[i - 1].text == "," else i - 2
            if toks[comma].text != "," or (comma == i - 2 and toks[i - 1].upos != "ADV"):
                continue
            old = self.b.name_before(comma - 1) if comma > 0 else None
            new = next((k for k in range(i + 1, min(len(v), i + 4)) if self.b.proper(k)), None)
            if old is None or not old.is_name or new is None or toks[i + 1].text.lower() == "as":
                continue
            while (h := v.head(new)) is not None and h > new and self.b.proper(h):
                new = h  # the head of the new name ("Sivaji [Productions]")
            other = self.b.arg(new, "alias")
            if other is not None and other.key != old.key:
                self._emit("alias", old, other, 0.85)

    def _personal_name(self, i: int) -> bool:
        """A capitalised proper noun that is no place or date and has no preposition."""
        tok = self.v.tokens[i]
        return (
            tok.upos == "PROPN"
            and tok.text[:1].isupper()
            and tok.ent_type not in PLACE_OR_TIME
            and not self.v.children(i, "case", "prep")
        )
