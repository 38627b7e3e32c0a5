"""List rules of the pattern extractor (a mixin over ``verbs.VerbRules``).

inheritance  "B such as A1, A2 and A3", "such Bs as A", "Bs including A1, A2", "Bs like A1",
             "Bs, notably / particularly / especially A1 and A2", "A1, A2 and other Bs",
             "Unlike other Bs, A ..."
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.depview import QUOTES, DepView
from lgm_rdf.learn.patterns.verbs import VerbRules
from lgm_rdf.learn.patterns.words import (
    AMOUNT_NOUNS,
    CONTEXT_ROLE_NOUNS,
    EVALUATIVE_NOUNS,
    KIN_MODIFIERS,
    LIGHT_NOUNS,
    MEASURE_NOUNS,
    QUANTITY_NOUNS,
    SITUATION_NOUNS,
    VAGUE_QUANTITIES,
    relational_noun,
)
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import PART_NOUNS

QUOTED_WORDS = 4  # a quoted example of this many words is a saying or a question, not a name


# "unlike other Bs", "like many Bs": the words that make a comparison a membership
_OTHERS = frozenset({"other", "many", "most", "all", "some", "several"})
# adverbs that open examples of a plural ("several novels, notably Dune"; not "mainly": a share)
_EXAMPLE_ADVERBS = frozenset({"notably", "particularly", "especially", "namely"})
# nouns that measure: an "including" after them counts in, it lists no kinds
_MEASURING = MEASURE_NOUNS | AMOUNT_NOUNS
# nouns of descent: "precursors of X such as A" lists precursors, whatever X is
_LINEAGE_NOUNS = frozenset(
    {"precursor", "forerunner", "predecessor", "ancestor", "antecedent", "successor"}
    | {"descendant", "offshoot"}
)


class ListRules(VerbRules):
    """Rules over lists of examples."""

    def _such_as(self) -> None:
        """ "Bs such as A1, A2 and A3", "such Bs as A", "Bs including A", "Bs like A"."""
        v = self.v
        for p in range(len(v)):
            if v.tokens[p].upos != "NOUN" and not v.initial_plural(p):
                continue
            objs = v.pp_objects(p, "such as")
            common = v.is_plural(p) and (p == 0 or v.tokens[p].text.islower())  # not "Banks"
            if common and v.lemma(p) not in PART_NOUNS | QUANTITY_NOUNS:
                objs += v.pp_objects(p, "like")  # "Nuts like almonds" ("is like" is no list)
                # "Bs including A" lists Bs, with or without a comma; "30 million km including
                # adjacent islands", "prices including tax" measure
                if v.lemma(p) not in _MEASURING:
                    objs += v.pp_objects(p, "including") + self._singled_examples(p)
                    objs = objs or self._clause_examples(p)
            if not objs and any(v.lemma(k) == "such" for k in v.children(p, "amod", "det")):
                objs = v.pp_objects(p, "as")
            items = sorted(k for o in objs for k in v.conjuncts(o))
            cut = next((j for j, k in enumerate(items) if self._quantified(k)), None)
            first = min(objs, default=p)
            others = [c for c in v.children(p, "conj") if c < first]
            if v.rels[p] == "conj" and (h := v.head(p)) is not None:
                others.append(h)
            if any(v.tokens[c].upos == "NOUN" and v.is_plural(c) for c in others):
                continue  # "roles and productions such as X": which of them X is, is open
            if v.lemma(p) in EVALUATIVE_NOUNS | LIGHT_NOUNS | SITUATION_NOUNS:
                continue  # "giants like Google"; "computation needs such as slicing"; "in some
                # cases such as X" (an example of a situation)
            if objs and self._inside_relative(p, objs):
                continue  # "words that suit some tasks, such as X"
            if objs and self._quoted_text(objs[0]):
                continue  # 'ambiguities like "does it check or wait?"': a quotation
            if cut is None:
                children = [a for o in objs for a in self.b.expand(o, "kind")]
                if objs and len(named := self.listed_names(objs[0])) >= len(children):
                    children = [a for a in named if a is not None]  # "such as A, B, and C
                    # wrote": a list the parse broke, read off the words
            else:  # "paintings like "Rejtan" ..., numerous portraits": the list ran on
                children = self.b.args(items[:cut], "kind")
            whole = self._listed_for(p, objs)  # a moved list's "of" phrase is the one ``p`` is in
            for child in children:
                self._emit("inheritance", child, self.b.parent(whole, child, whole != p), 0.9)

    def _clause_examples(self, p: int) -> list[int]:
        """The list a comma and "including" set off after the clause of the counted plural
        ``p``, when the parse hung it on the verb: "Various dialects are spoken in the region,
        including Bavarian and Swabian", "The band released four albums, including Nevermind".
        It gives examples of ``p`` when ``p`` is the verb's subject and the verb has no object,
        or ``p`` is its object, and no other plural noun stands between ``p`` and the list
        ("Many farmers grow crops in the valley, including wheat" lists crops). Not a relational
        noun ("He had many friends, including X": whose, not what)."""
        v = self.v
        h = v.head(p)
        if h is None or v.rels[p] not in ("subj", "subjpass", "obj") or relational_noun(v.lemma(p)):
            return []
        if not self._counted(p) or v.tokens[h].upos not in ("VERB", "AUX"):
            return []
        if v.rels[p] != "obj" and v.children(h, "obj"):
            return []
        found = [(i, o) for i, o in v.pps(h) if i == "including" and o > p]
        if not found or not all(self._kind_or_name(o) for o in v.conjuncts(found[0][1])):
            return []
        marks = [k for k in range(p + 1, found[0][1]) if v.lemma(k) == "include"]
        mark = marks[-1] if marks else 0  # the word "including"
        if mark < 1 or v.tokens[mark - 1].text != ",":
            return []
        between = range(max(v.subtree(p)) + 1, mark)
        if any(v.tokens[k].upos == "NOUN" and v.is_plural(k) for k in between):
            return []
        return [found[0][1]]

    def _kind_or_name(self, o: int) -> bool:
        """List item ``o`` names a kind or a thing, not one of the counted ones: no "a" or
        number before it ("four people were killed, including two children"), no person
        noun ("including the general")."""
        v = self.v
        if v.determiner(o) in ("a", "an") or v.children(o, "nummod"):
            return False
        return v.tokens[o].upos == "PROPN" or not person_noun(v.lemma(o))

    def _counted(self, k: int) -> bool:
        """Plural common noun ``k`` carries a number or a vague quantity ("four albums",
        "several novels", "various dialects")."""
        v = self.v
        if not v.is_plural(k) or v.tokens[k].upos != "NOUN":
            return False
        return self._quantified(k) or any(
            v.tokens[q].text.isdigit() or v.tokens[q].ent_type == "CARDINAL"
            for q in v.children(k, "nummod")
        )

    def _singled_examples(self, p: int) -> list[int]:
        """The apposition set off after plural ``p`` that an adverb of example opens ("several
        novels, most notably Dune and Emma", "fruits, particularly apples and pears"): its
        items are among the Bs, as after "such as". Not after a relational noun, owned or not
        ("his sons, especially John", "He had many friends, especially X": whose, not what),
        nor a noun a context gives ("several dependencies, notably NumPy"); not "mainly" /
        "chiefly", which say how many ("many workers, mainly women"); no item with an "of"
        ("many reforms, notably the abolition of slavery")."""
        v = self.v
        lemma = v.lemma(p)
        if relational_noun(lemma) or lemma in KIN_MODIFIERS | CONTEXT_ROLE_NOUNS:
            return []
        found = []
        for i in v.children(p, "appos"):
            first = min(v.subtree(i))
            opened = any(v.lemma(k) in _EXAMPLE_ADVERBS for k in v.children(i, "advmod") if k < i)
            tangled = bool(v.children(i, "appos"))  # "namely the Region of X and Y Airport"
            tangled = tangled or (v.tokens[i].upos == "NOUN" and bool(v.pp_objects(i, "of")))
            if opened and not tangled and first > p + 1 and v.tokens[first - 1].text == ",":
                found.append(i)
        return found

    def _quoted_text(self, o: int) -> bool:
        """The example of ``o`` is a quotation, not a name in quotation marks: a quoted text of
        several words that starts in lower case or holds a comma or a question mark
        ('ambiguities like "does it check or wait?"', 'conventions like the popular "single
        quotes for data, double quotes for prose"'; "songs such as "Let It Be"" is a name)."""
        v = self.v
        first = min(v.subtree(o))
        start = next((k for k in range(max(0, first - 1), o + 1) if v.tokens[k].text in QUOTES), -1)
        if start < 0:
            return False
        end = next((k for k in range(start + 1, len(v)) if v.tokens[k].text in QUOTES), len(v))
        inside = [v.tokens[k].text for k in range(start + 1, end)]
        words = [w for w in inside if any(ch.isalnum() for ch in w)]
        if len(words) < QUOTED_WORDS:
            return False
        return words[0][:1].islower() or any(w in (",", "?", ";") for w in inside)

    def _listed_for(self, p: int, objs: list[int]) -> int:
        """The noun a list after ``p`` is about: "Antioxidants in bings, such as flavonoids"
        lists antioxidants (a comma before the list and ``p`` inside a preposition's phrase);
        "forerunners of the piano such as the clavichord" lists the plural, as a definite
        singular names one thing and has no examples (a bare one may: "fans of music such as
        jazz", "cases of cancer such as melanoma" list music and cancers), and so does a noun of
        descent, whose "of" is what came after or before ("precursors of opera such as
        monody"); "other Bs" keeps its own list ("similarities with other toccatas ..., such as
        BWV 538")."""
        v = self.v
        prep = v.head(p)
        if not objs or v.rels[p] != "pobj" or prep is None:
            return p
        noun = v.head(prep)
        if noun is None or v.tokens[noun].upos != "NOUN" or not v.is_plural(noun):
            return p
        first = min(v.subtree(objs[0]))
        others = any(v.lemma(k) == "other" for k in v.children(p, "amod"))
        if any(v.tokens[k].text == "," for k in range(p + 1, first)) and not others:
            return noun  # (not "similarities with other toccatas ..., such as BWV 538")
        of_singular = v.lemma(prep) == "of" and not v.is_plural(p) and v.tokens[p].upos == "NOUN"
        if of_singular and v.determiner(p) == "the":
            return noun
        if v.lemma(prep) == "of" and v.lemma(noun) in _LINEAGE_NOUNS:
            return noun  # "precursors of opera such as monody": what came before, not opera
        return p

    def _inside_relative(self, p: int, objs: list[int]) -> bool:
        """After a comma, a list may belong to the noun a relative clause around ``p`` is on:
        "words that may not suit some tasks, such as day names" lists words, not tasks."""
        v = self.v
        first = min(v.subtree(min(objs)))
        if not any(v.tokens[k].text == "," for k in range(p + 1, first)):
            return False
        k, seen = v.head(p), 0
        while k is not None and seen < len(v):
            h = v.head(k)
            if v.rels[k] == "acl" and h is not None and v.tokens[h].upos in ("NOUN", "PROPN"):
                return v.children(k, "subj", "subjpass") != [] or v.tokens[k].upos == "VERB"
            k, seen = h, seen + 1
        return False

    def _quantified(self, k: int) -> bool:
        """List item ``k`` carries a vague quantity ("numerous portraits", "many others")."""
        v = self.v
        return any(v.lemma(q) in VAGUE_QUANTITIES for q in v.children(k, "amod", "det"))

    def _other(self, k: int) -> bool:
        """Token ``k`` is the word "other" of "and other Bs", not the first part of a
        hyphenated word ("group-read, and other-read")."""
        v = self.v
        if v.lemma(k) != "other":
            return False
        return not (k + 1 < len(v) and not v.tokens[k].ws and v.tokens[k + 1].text in "-‐")

    def _and_other(self) -> None:
        """ "A1, A2 and other Bs"."""
        v = self.v
        for p in range(len(v)):
            if v.rels[p] != "conj" or v.tokens[p].upos != "NOUN":
                continue
            if not any(self._other(k) for k in v.children(p, "amod", "det")):
                continue
            members = [m for m in v.conjuncts(v.first_conjunct(p)) if m < p]
            ccs = [k for m in [*members, p] for k in v.children(m, "cc")]
            # "a collection of art as well as lectures, seminars and other events": the list
            # of the Bs begins after "as well as"
            joins = [k for k in ccs if v.lemma(k) == "as" and "well" in map(v.lemma, v.kids[k])]
            members = [m for m in members if m > max(joins, default=-1)]
            if any(v.lemma(k) in ("and", "or") for k in ccs):
                # "Queens and other areas of the city": the "of" only narrows the Bs
                for child in self.b.args(members):
                    self._emit("inheritance", child, self.b.parent(p, child, restricted=True), 0.9)

    def _like_others(self) -> None:
        """ "Unlike other Germanic languages, Dutch ...", "Like many birds, the robin ...": the
        name the clause is about is one of the Bs it is compared with."""
        v, b = self.v, self.b
        for k in range(len(v)):
            clause = v.head(k)
            if v.lemma(k) not in ("like", "unlike") or clause is None or v.rels[k] != "prep":
                continue
            if k > 0 and v.tokens[k - 1].text != ",":
                continue  # "sounds like other bands": a comparison inside the clause
            for o in v.children(k, "pobj"):
                mods = {v.lemma(m) for m in v.children(o, "amod", "det")}
                if not v.is_plural(o) or v.tokens[o].upos != "NOUN" or not mods & _OTHERS:
                    continue
                subjects = v.children(clause, "subj", "subjpass")
                if len(subjects) != 1 or subjects[0] < k:
                    continue
                for child in b.subject_args(b.subjects(subjects[0], clause)):
                    if child.is_name:
                        self._emit("inheritance", child, b.parent(o, child, restricted=True), 0.8)


def sibling_names(v: DepView, k: int) -> int | None:
    """The head of a list of capitalised names right after the plural noun ``k`` that the
    parse made the noun's sibling, not its head ("features [guitarists]dobj [Stone
    Gossard]dobj and Mike McCready"). None when there is no such list (one name after a
    plural is no list)."""
    toks = v.tokens
    if not v.is_plural(k) or k + 1 >= len(v) or v.rels[k] not in ("obj", "pobj", "obl"):
        return None
    end = k + 1
    while end < len(v) and toks[end].text[:1].isupper() and toks[end].upos != "PUNCT":
        end += 1
    h = end - 1
    if h == k or v.head(h) != v.head(k) or v.rels[h] != v.rels[k]:
        return None
    return h if any(v.rels[c] == "conj" for c in v.kids[h]) else None
