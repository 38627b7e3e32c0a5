"""Arguments in their roles: subjects, parents, groups, coordinated objects, spelled-out names.

``ArgBuilder`` extends ``args.ArgTokens`` (which tokens name a concept) with the choices
that depend on the role an argument plays in a rule: whether a subject speaks about a whole class
("Dogs", not "my dog" or "many dogs"), which noun a relative clause is about, how much of a parent
noun is the class ("a film director" -> "director" for a named child), which taxon a "belongs to"
names (coordinations and amounts are ``expansion.py``'s).
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.adjectives import classified, sorted_relational
from lgm_rdf.learn.patterns.args import NAMING_VERBS, Arg, is_year, looks_like_acronym
from lgm_rdf.learn.patterns.depview import NOUNS
from lgm_rdf.learn.patterns.expansion import ArgExpansion
from lgm_rdf.learn.patterns.extents import class_extent, lost_modifier, name_head_ending_at
from lgm_rdf.learn.patterns.joined import (
    ampersand_name,
    common_phrase,
    listed_name,
    listed_span,
    titled_possessive,
)
from lgm_rdf.learn.patterns.labels import NEGATIONS
from lgm_rdf.learn.patterns.standing import related_here, related_modifier
from lgm_rdf.learn.patterns.words import (
    CONTEXT_ROLE_NOUNS,
    DEMONSTRATIVES,
    DERIVATION_NOUNS,
    GENERIC_DETERMINERS,
    GRADING_ADJECTIVES,
    KIN_MODIFIERS,
    KIND_HEADS,
    NUMBERED_REFERENCES,
    ORDINAL_WORDS,
    PARTITIVES,
    QUANTITY_NOUNS,
    RANK_NOUNS,
    RELATIVE,
    SELECTING_WORDS,
    SUBJECT_DETS,
    relational_noun,
)
from lgm_rdf.nlp.wordlists import TYPE_NOUNS, VACUOUS

# entity types a name after "a" never makes a class of
_NO_CLASS_ENTITIES = frozenset({"GPE", "LOC", "PERSON", "DATE", "TIME", "CARDINAL", "MONEY"})
_NOUNS_ADJ = frozenset({"NOUN", "ADJ"})
_GRADING = SELECTING_WORDS | GRADING_ADJECTIVES  # adjectives that pick out or rate, no kind
# type nouns that are classes on their own ("styles including reggae", "a species"); "type",
# "kind", "form" or "variety" alone say nothing of what the kind is
_BARE_KINDS = (KIND_HEADS - {"variety"}) | {"style"}


class ArgBuilder(ArgExpansion):
    """Builds the arguments of one sentence's relations."""

    def subject_args(self, idx: list[int]) -> list[Arg]:
        """Subject arguments; a subject that gets another name in the sentence ("Nitrous oxide,
        also known as laughing gas, ...") keeps its words as that name does."""
        v = self.v
        out = []
        for i in idx:
            named = any(v.lemma(k) in NAMING_VERBS for k in v.children(i, "acl"))
            named = named or any(v.or_apposition(k) for k in v.children(i, "conj"))
            named = named or any(  # "X-linked agammaglobulinemia (XLA) is ..."
                looks_like_acronym(v.tokens[k].text) for k in v.children(i, "appos")
            )
            # a generic subject keeps the adjectives that restrict it: a bare plural ("Nested
            # parameters are ...") or an indefinite one ("A black hole is a region ...": not
            # every hole is one) or a bare mass noun ("Electric charge is a property"; not one
            # an adjective selects or grades: "Only water is a safe drink", "Typical use is")
            det = v.determiner(i)
            mass = not det and v.tokens[i].text.islower() and not self._graded(i)
            generic = (not det and v.is_plural(i)) or det in GENERIC_DETERMINERS or mass
            mode = "name" if named else "kind" if generic else "class"
            clause = v.head(i)
            one = clause is not None and v.singular_verb(clause)
            if one and listed_name(v, self.proper, i):  # "Toccata, Adagio, and Fugue in C major"
                out.append(self.from_tokens(listed_span(v, i), "whole"))
                continue
            out.append(self.arg(i, "whole" if one and ampersand_name(v, self.proper, i) else mode))
        return [a for a in out if a is not None]

    def _graded(self, i: int) -> bool:
        """An adjective before ``i`` that selects or grades ("only", "typical", "special")."""
        return any(self.v.lemma(k) in _GRADING for k in self.v.children(i, "amod") if k < i)

    def parent(self, i: int, child: Arg, restricted: bool = False) -> Arg | None:
        """The class a child belongs to, with its noun modifiers ("a graph database") and
        relational adjectives ("a theoretical physicist"), no relational "of"; a stack of more
        than two nouns is a genre, its head the class.

        ``restricted``: the "of" phrase only narrows a group ("one of the planets of the solar
        system"), so it is fine unless the noun is relational ("one of the members of").
        """
        v = self.v
        if v.lemma(i) in DERIVATION_NOUNS:
            return None  # "a ground-up rewrite": of something, said or not
        if any(v.lemma(k) in KIN_MODIFIERS for k in v.children(i, "compound", "amod")):
            return None  # "sister projects such as s3fs": sisters of this one
        sorted_ = sorted_relational(v, i)  # "a county seat of": a relational noun as a class
        relational = not restricted or (relational_noun(v.lemma(i)) and not sorted_)
        of = v.pp_objects(i, "of")
        # "one of the fastest implementations of it": "of" a pronoun relates, whatever the noun
        relational = relational or any(v.tokens[o].upos == "PRON" for o in of)
        if v.lemma(i) not in QUANTITY_NOUNS and of and relational:
            return None
        if v.lemma(i) in TYPE_NOUNS:  # "a plant species", "a dog breed": the kind is the modifier
            mods = [k for k in v.children(i, "compound") if k < i]
            if not mods:  # "secular forms (such as the madrigal)": an adjective names the kind
                idx = self.described_kind(i, [i])
                # a bare kind with its own article or number ("a species", "styles such as X";
                # not the modifier of "a Spanish style Duplex")
                bare = v.lemma(i) in _BARE_KINDS and (v.is_plural(i) or bool(v.determiner(i)))
                bare = bare and not (i + 1 < len(v) and v.tokens[i + 1].text[:1].isupper())
                return self.from_tokens(idx) if len(idx) > 1 or bare else None
            if v.lemma(i) in KIND_HEADS:
                return self.parent(max(mods), child)
            # "an inference class", "a data type": the compound names the kind as a whole
        found = self.arg(i, "class")
        idx = self.class_tokens(i)
        if found is not None and not found.is_name and v.lemma(i) not in QUANTITY_NOUNS:
            # "an ITV Sport documentary series": the class is what follows the names
            names = [j for j, k in enumerate(idx) if self.proper(k)]
            if names and names[-1] + 1 < len(idx):
                found = self.from_tokens(idx[names[-1] + 1 :]) or found
        two = found is not None and not found.is_name and len(found.key.split()) == 2
        if two and lost_modifier(v, idx):
            found = self.arg(i, "head")  # "a 16th century painter": not "century painter"
        if found is not None and (found.is_name or len(found.key.split()) > 2):
            # "a 1998 science fiction film" -> "science fiction film", "an American Futurist
            # painter" -> "Futurist painter"; a type noun keeps the noun before it ("a
            # high-level inference class" -> "inference class"); else the head noun alone
            typed = v.lemma(i) in TYPE_NOUNS and i - 1 in v.children(i, "compound")
            own = not v.pp_objects(i, "of")  # "a portion of Antarctica": the class is elsewhere
            words = class_extent(v, idx, i) if own else None
            if typed and not found.is_name:
                found = self.from_tokens([i - 1, i])
            elif words is not None:
                found = self.from_tokens(words) or found
            elif not found.is_name:
                found = self.arg(i, "head")
        named = None  # the class words the child's name repeats ("high school") are the class
        if found is not None and child.is_name and " " not in found.key:
            found = (named := self.named_class(idx, child)) or found
        if found is not None and not found.is_name and named is None:
            found = self.classified_class(i, found)
        if sorted_ and of and found is not None and " " not in found.key:
            return None  # "a natural water source of the valley": the sorting word was dropped
        return None if found is None or found.key in VACUOUS else found

    def title_class(self, noun: int, child: Arg) -> Arg | None:
        """The class a lower-case role noun right before a name gives it (``parent``): its
        lower-case words that end at ``noun``, after an acronym or a name of two words or more
        ("CBS producer Oscar Gómez", "Mother Love Bone vocalist Andrew Wood": whose, not what;
        one capitalised word may say what kind, "the Tamil films", or open the sentence)."""
        toks, role = self.v.tokens, self.parent(noun, child)
        if role is None or not role.is_name or not toks[noun].text.islower():
            return role
        start = noun
        while start > 0 and toks[start - 1].text.islower() and toks[start - 1].upos in _NOUNS_ADJ:
            start -= 1
        named = start > 1 and toks[start - 2].text[:1].isupper()
        if start == 0 or not (named or looks_like_acronym(toks[start - 1].text)):
            return role
        return self.from_tokens(list(range(start, noun + 1))) or role

    def titled_class(self, n: int, host: int) -> bool:
        """Whether the name ``n`` after "a" (on ``host``) is a class of named things ("a
        National Historic Landmark", "a UNESCO World Heritage Site"), not one thing ("the
        Eiffel Tower"), a place ("a Washington, D.C. based firm") or a modifier of a later
        word ("an AWK built-in")."""
        v = self.v
        if not self.proper(n) or v.determiner(host) not in ("a", "an") or v.is_plural(n):
            return False
        return not v.modifies_later(n) and v.tokens[n].ent_type not in _NO_CLASS_ENTITIES

    def classified_class(self, i: int, found: Arg) -> Arg:
        """The class ``found`` (its words end at the head ``i``) with the relational adjectives
        written right before it: "a theoretical physicist" is no mere physicist."""
        v, text = self.v, self.v.sentence.text
        end, starts = v.tokens[i].end, range(i, max(-1, i - 8), -1)
        lo = next((k for k in starts if text[v.tokens[k].start : end] == found.label), None)
        if lo is None or (wider := classified(v, lo, i)) == lo:
            return found
        return self.from_tokens(list(range(wider, i + 1))) or found

    def named_class(self, idx: list[int], child: Arg) -> Arg | None:
        """The last words of the class phrase ``idx`` that also end the child's name: "Rittman
        High School is a public high school" → ``high school``, "the Bald Hills Wind Farm is an
        operating wind farm" → ``wind farm`` (the name says which words make the class, where
        the adjectives alone do not)."""
        toks, words, i = self.v.tokens, child.key.split(), idx[-1]  # the key: "It" resolved
        n = 0
        while n < min(i + 1, len(words)) and toks[i - n].text.lower() == words[-1 - n]:
            n += 1
        span = list(range(i - n + 1, i + 1))
        if n < 2 or n == len(words) or not all(toks[k].text.isalpha() for k in span):
            return None
        if not all(toks[k].text.islower() and self.v.head(k) in span for k in span[:-1]):
            return None  # the words are the class phrase's own modifiers, in lower case
        return self.from_tokens(span)

    def whole(self, t: int) -> Arg | None:
        """The whole that a part belongs to, with the adjectives that name its kind ("part of
        the immune system"); a common noun with an "of" phrase of its own names no whole without
        it ("part of the first wave of black metal"): None then. A name the parse hung on a
        definite noun ("the [Malmö]nmod metropolitan area") makes the phrase one named whole."""
        v = self.v
        own_of = v.lemma(t) not in QUANTITY_NOUNS | PARTITIVES | TYPE_NOUNS
        if own_of and v.pp_objects(t, "of") and not self.proper(t):
            return None
        named = [k for k in v.children(t, "nmod") if k < t and self.proper(k)]
        if named and v.determiner(t) == "the":
            return self.from_tokens(list(range(min(v.subtree(named[0])), t + 1)), "whole")
        return self.arg(t, "kind")

    def names_a_class(self, noun: int, name: int) -> bool:
        """Whether the common noun ``noun`` right before the name ``name`` says what the name
        is ("the poet Anna Akhmatova"). Not a relational noun ("his brother E. B. White", "its
        sister franchise Pizza Hut", "née Adams"), not when the name itself modifies a later
        noun ("the City Manager form"), and not a bare noun before a code identifier
        ("dataclass InitVar"), nor one pointed back to ("this mode PyTorch")."""
        v = self.v
        modifiers = v.children(noun, "compound", "amod")
        if related_here(v, noun, name) or any(related_modifier(v, k) for k in modifiers):
            return False
        if DEMONSTRATIVES & {v.determiner(noun), v.determiner(name)}:
            return False  # "In this mode PyTorch is built": the noun points back, names nothing
        h = v.head(name)
        later = h is not None and h > name and v.tokens[h].upos == "NOUN"
        if v.rels[name] == "compound" and later and v.tokens[h].text.islower():
            return False
        text = v.tokens[name].text
        camel = any(c.isupper() for c in text[1:]) and any(c.islower() for c in text)
        bare = not v.children(noun, "det", "poss", "amod", "compound") and not any(
            k < noun for k in v.children(name, "det", "poss")
        )
        one_word = not v.children(name, "compound")  # "stonemason Francis McGraw" is a person
        return not (bare and camel and one_word and not looks_like_acronym(text))

    def subjects(self, s: int, clause: int) -> list[int]:
        """Tokens of the subject ``s`` of ``clause`` and its conjuncts ([] if not about a class)."""
        v = self.v
        if v.head(s) == clause and v.bracket_depth(s) != v.bracket_depth(clause):
            return []  # a word in brackets is no subject: "Nantong (Qihai dialect: ...) is a city"
        alone = False  # the subject without the other members of its list
        if v.tokens[s].upos == "NOUN" and v.tokens[s].text.islower() and not v.children(s, "acl"):
            named = [a for a in v.children(s, "appos") if min(v.subtree(a)) == s + 1]
            after = v.tokens[s + 1] if s + 1 < len(v) else None  # a subject that ends the text
            named = named if after is not None and after.upos == "PROPN" else []  # "His son [Ann"
            s = named[0] if named and self.proper(named[0]) else s  # the name is the subject
        relative = v.lemma(s) in RELATIVE and v.rels[clause] == "acl"
        if relative and (h := v.head(clause)) is not None:
            if v.no_antecedent(s, h, clause):
                return []  # a date, a place for "who", a plural noun for a singular verb
            s = h  # "Whales, which are mammals": the clause modifies "Whales"
            # "numbers, arrays, objects (which are hashes)": a bracketed clause is about the
            # member it follows, not the whole list
            alone = v.bracket_depth(clause) > v.bracket_depth(h)
            names = [a for a in v.children(h, "appos") if a > h and self.proper(a)]
            if v.tokens[h].upos == "NOUN" and names:
                s = names[-1]  # "the guide "The Elements of Style", which is ...": the name
        if s != v.head(clause) or v.rels[clause] == "acl":
            if self.restricted_by(s, clause):
                return []  # "a str that contains invalid UTF-8": some strs, not the class
            s = self.described(s)
        if alone:  # the noun right before the bracket, wherever the parse hung the clause
            k = min(v.subtree(clause)) - 1
            while k > s and v.tokens[k].upos == "PUNCT":
                k -= 1
            s = k if v.tokens[k].upos in NOUNS and k in v.subtree(s) else s
        found = [s] if alone else v.conjuncts(s)
        # "Clara Nordström, maiden name and pseudonym for X, was": set-off nouns describe her
        described = [a for a in v.children(s, "appos") if a > s and common_phrase(v, a)]
        found = [c for c in found if not any(c in v.conjuncts(a) for a in described)]
        if relative:  # a list member after the clause is no antecedent: "inputs that are A, B"
            found = [c for c in found if c < min(v.subtree(clause))]
            if any(v.lemma(k) == "only" for c in found for k in v.children(c, "advmod", "amod")):
                return []  # "only inputs that are arrays": a selection, not a class
        ccs = {v.lemma(k) for c in found for k in v.children(c, "cc")}
        # a participle has no number: "a duo composed of ..." after "Dan & Shay is" is one name's
        joined = v.tokens[clause].tag in ("VBN", "VBG") and ampersand_name(v, self.proper, s)
        if len(found) > 1 and ccs != {"or"} and (v.singular_verb(clause) or joined):
            if ampersand_name(v, self.proper, s) or listed_name(v, self.proper, s):
                return [s]  # "Smith & Wesson is a manufacturer", "Yippee, Yappee and Yahooey
            return []  # is a series": one name, not three subjects
        for c in found:
            if v.children(c, "obj") or any(v.tokens[k].tag == "POS" for k in v.children(c)):
                return []  # "BFloat16 shares Float32's exponent": a verb taken for a noun;
                # "Lee Roy Selmon's is a chain": the name of a shop, not the person
            if c + 1 < len(v) and v.tokens[c + 1].text == ":":
                return []  # "Guarani: "Paraguái"": a label before a gloss, no subject
            det = "" if titled_possessive(v, c) else v.determiner(c)  # "My Chemical Romance"
            if det in NEGATIONS or det in SUBJECT_DETS:
                return []  # "no bird", "my brother", "some apples": not about a whole class
            if any(v.lemma(k) in SUBJECT_DETS for k in v.children(c, "amod", "nummod")):
                return []  # "many trees", "few people"
            if v.lemma(c) in PARTITIVES | QUANTITY_NOUNS and v.pp_objects(c, "of"):
                return []  # "most of the birds", "a number of birds": some, not all
            if self.selected(c):
                return []  # "the only dependency", "the same package", "the following"
            if v.tokens[c].upos != "NOUN":
                continue
            numbers = [
                k for k in v.children(c, "nummod") if k < c or v.lemma(c) in NUMBERED_REFERENCES
            ]
            if any(not is_year(v.tokens[k].text) for k in numbers):
                return []  # "two airports", "Figure 3" (a number of one document)
            if v.lemma(c) not in QUANTITY_NOUNS and v.pp_objects(c, "of"):
                return []  # "the capital of France", "segments of the economy": relational
        return found

    def restricted_by(self, s: int, clause: int) -> bool:
        """Whether ``clause`` is a restrictive relative clause or participle on the singular
        common noun ``s`` without "the" ("a str that contains invalid UTF-8", "valid JSON
        containing an empty string"): it stands for any one member that meets a condition, so
        what it says holds of those, not of the class. Only a clause in the present or a
        present participle: a past one tells of one thing the sentence introduces ("a
        commission composed of cardinals", "a town called Unionville"). Not a plural or a
        definite noun (judged samples count "campaigns that include aggressive advertising"
        and "the first version that includes all features" as statements), not when the noun
        describes another ("Quartz is a mineral that contains silicon"), nor when a comma sets
        the clause off ("the museum, which contains ...")."""
        v = self.v
        if v.rels[clause] != "acl" or v.head(clause) != s or v.tokens[s].upos != "NOUN":
            return False
        if v.is_plural(s) or v.determiner(s) == "the":
            return False
        if v.tokens[clause].tag not in ("VBG", "VBZ", "VBP") or v.is_passive(clause):
            return False
        if self.described(s) != s:
            return False
        start = min(v.subtree(clause))
        set_off = {",", ";", ":", "(", "–", "—", "-"}  # "the conurbation – which includes ..."
        return start > s and not any(v.tokens[k].text in set_off for k in range(s + 1, start + 1))

    def selected(self, c: int) -> bool:
        """A definite subject that picks one thing out of its context rather than naming a
        class: "the only dependency", "the same package", "the following", "the name" (of
        something said before)."""
        v = self.v
        if v.lemma(c) in SELECTING_WORDS:
            return True  # "the following: ..."
        if v.determiner(c) != "the" or v.tokens[c].upos != "NOUN":
            return False
        if any(v.lemma(k) in SELECTING_WORDS for k in v.children(c, "amod", "advmod")):
            return True
        return v.lemma(c) in CONTEXT_ROLE_NOUNS

    def ordinal_subject(self, c: int) -> bool:
        """A common noun subject numbered in a sequence: "the second argument", "its last
        element" is one member of something said before, not the class."""
        v = self.v
        if v.determiner(c) not in ("the", "poss") or v.tokens[c].upos != "NOUN":
            return False
        return any(v.lemma(k) in ORDINAL_WORDS for k in v.children(c, "amod", "advmod"))

    def described(self, n: int) -> int:
        """What an indefinite predicate noun or apposition describes, else ``n`` itself.

        "Quartz is a mineral composed of silicon": the clause on "mineral" is about "Quartz";
        "Park 66, a leisure park that consists of ...": about "Park 66".
        """
        v = self.v
        bare_plural = not v.determiner(n) and v.is_plural(n) and v.rels[n] != "appos"
        if v.determiner(n) not in ("a", "an") and not bare_plural:
            return n  # "Orchids are plants that belong to ...": about "Orchids"
        if v.rels[n] == "appos" and (h := v.head(n)) is not None:
            return h
        own = v.children(n, "subj")  # UD: the predicate noun heads its clause
        if own and v.children(n, "cop"):
            return own[0]
        h = v.head(n)
        if v.rels[n] == "attr" and h is not None and len(v.children(h, "subj")) == 1:
            return v.children(h, "subj")[0]  # spaCy: "be" heads the clause
        return n

    def group(self, o: int) -> Arg | None:
        """A taxonomic group: "the family Felidae", "the order Cetacea", "the group of mammals"."""
        v = self.v
        if v.determiner(o) == "poss":
            return None
        if v.lemma(o) in RANK_NOUNS:
            if of := v.pp_objects(o, "of"):
                return self.arg(of[0])
            if o + 1 < len(v) and v.tokens[o + 1].upos == "PROPN":
                return self.arg(o + 1, "name")
            if o + 1 < len(v) and v.tokens[o + 1].text[:1].isupper():
                nxt = v.tokens[o + 1]  # "the order Perissodactyla" with the name mis-tagged
                return Arg(self.key([o + 1]), nxt.text, True) if nxt.text.isalpha() else None
            return self.arg(o) if v.children(o, "compound") else None
        if v.tokens[o].upos == "PROPN":
            ranks = [k for k in v.kids[o] if k < o and v.lemma(k) in RANK_NOUNS]
            if ranks:
                return self.arg(o, "name", frozenset().union(*(v.subtree(k) for k in ranks)))
        return None

    def name_before(self, j: int) -> Arg | None:
        """The longest name that ends with token ``j`` ("Federal Bureau of Investigation")."""
        best = name_head_ending_at(self.v, self.name_tokens, j)
        return None if best is None else self.arg(best, "name")
