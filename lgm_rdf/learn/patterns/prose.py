"""Recall rules for encyclopaedic prose (a mixin over ``place_of.PlaceOfRules``).

Written from the shapes Wikipedia-style sentences use where the parse of the small models
breaks (quoted titles, names cut into prepositions) or where the class comes before the name:

inheritance  a list of quoted titles or capitalised names after "include" / "including" /
             "such as" ('Her best known hits include "A" (2001), "B" and "C"', "popular brands
             including Sprite, Vodafone and Dish TV"), an inverted superlative ("The
             shortest-reigning monarch was Lady Jane Grey"), a class noun right before a named
             entity the parser cut into a preposition ("the hard rock band Behind Crimson
             Eyes"), names in brackets after a counted class noun ("three reservoirs (Loch
             Raven, Prettyboy and Liberty)"); a place noun with an appositive "of" ("the city
             of Wichita") is read by ``place_of``
alias        a naming phrase in brackets after a name ("the FIFA U-20 World Cup (formerly called
             FIFA World Youth Championship)", "Bombay (also known as Mumbai)")
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.adjectives import ranked
from lgm_rdf.learn.patterns.alias import NAMING_ADVERBS
from lgm_rdf.learn.patterns.args import Arg, looks_like_acronym
from lgm_rdf.learn.patterns.extents import cut_in_quotes
from lgm_rdf.learn.patterns.place_of import PlaceOfRules
from lgm_rdf.learn.patterns.singled_lists import listed_kinds
from lgm_rdf.learn.patterns.spelling import spells
from lgm_rdf.learn.patterns.standing import related_here
from lgm_rdf.learn.patterns.titles import MENTION_NOUNS
from lgm_rdf.learn.patterns.words import (
    COPULA_HEDGES,
    DISCOURSE_NOUNS,
    NAMED_BY_OF_NOUNS,
    OFFICE_NOUNS,
    PLACE_CLASS_NOUNS,
    QUANTITY_NOUNS,
    RELATIONAL_NOUNS,
    VAGUE_QUANTITIES,
)
from lgm_rdf.nlp.coref.lexicon import PERSON_NOUNS, person_noun
from lgm_rdf.nlp.languages import LANGUAGES
from lgm_rdf.nlp.wordlists import NAME_NOUNS, PART_NOUNS, words

# "some of his hits include ...": a quantifier subject stands for the noun after its "of"
_PARTITIVE_PRONOUNS = frozenset({"some", "many", "most", "several", "few", "all", "one"})
# entity types a class noun can introduce ("the band Behind Crimson Eyes")
_NAMED_ENTITIES = frozenset({"ORG", "PERSON", "WORK_OF_ART", "PRODUCT", "EVENT", "FAC"})
# times of a renaming: "(then called Cubs Park)", "(later known as the Rockies)"; alone before
# a name they rename, too: "Calcutta (now Kolkata)", "North Street (now Guilford Avenue)"
_RENAMING_TIMES = frozenset({"now", "then", "later", "subsequently"})
# what a bare "(now Y)" renames: streets, buildings and institutions
_RENAMED_PLACES = words(
    "street avenue road lane square hall school college university academy stadium park "
    "field arena station airport building theatre theater church chapel cathedral bridge "
    "tower museum library hospital hotel centre center court gardens"
)
_LOCATING = frozenset({"in", "at", "near", "from"})
_BRACKET_ADVERBS = _RENAMING_TIMES | words(
    "also otherwise simply commonly popularly better often usually sometimes occasionally "
    "frequently informally colloquially affectionately alternatively locally recently"
)

# the word that opens a naming phrase in brackets, and the words that may stand between it and
# the name ("known as", "referred to as", "spelled" alone or "spelled as"; "a.k.a" and its dot)
_BRACKET_NAMING: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("called", "named", "renamed", "aka", "a.k.a.", "or"), ("",)),
    **dict.fromkeys(("spelled", "spelt", "romanized", "romanised", "transliterated"), ("as", "")),
    "a.k.a": (".", ""),
    "known": ("as",),
    "referred": ("to as",),
    "shortened": ("to",),
    "abbreviated": ("to", "as"),
}


class ProseRules(PlaceOfRules):
    """Rules for named lists, inverted superlatives, entities after a class noun and bracketed
    names (place nouns with an appositive "of": ``PlaceOfRules``)."""

    # ------------------------------------------------------------------ named lists
    def _named_lists(self) -> None:
        """Titles or names listed after "include", "including" or "such as" are members of
        the plural class noun the list is about."""
        v, toks = self.v, self.v.tokens
        for i, tok in enumerate(toks):
            word = tok.text.lower()
            if word in ("include", "includes", "included") and tok.upos == "VERB":
                noun, start = self._include_subject(i), i + 1
            elif word == "including" or (word == "as" and toks[i - 1].text.lower() == "such"):
                noun, start = v.head(i), i + 1
            else:
                continue
            exemplified = not word.startswith("include")  # "including", "such as"
            if noun is None or not self._class_of_list(noun, exemplified):
                continue
            items = self._named_items(start)
            if (
                not items
                or self._blocked(i)
                or (word == "including" and self._governed_blocked(noun))
            ):
                continue
            self.rule = "named-list"
            for span in items:
                name = self.b.from_tokens(self.without_article(span), "whole")
                if name is not None:
                    name = replace(name, is_name=True)
                    self._emit("inheritance", name, self.b.parent(noun, name), 0.85)

    def _include_subject(self, verb: int) -> int | None:
        """The class noun a clause with "include" lists: its plural subject, or the noun after
        "of" of a quantifier subject ("Some of Warrior King's best known hits include ...")."""
        v = self.v
        s, clause = self._clause_subject(verb)
        if s is None or self._blocked(clause):
            return None
        if v.lemma(s) in _PARTITIVE_PRONOUNS and v.tokens[s].upos in ("PRON", "NUM", "DET", "ADJ"):
            of = v.pp_objects(s, "of")
            return of[0] if len(of) == 1 else None
        return s

    def _class_of_list(self, noun: int, exemplified: bool) -> bool:
        """A plural common noun that can be the class of its examples. A vague quantity on it
        ("other", "various", "many") leaves open what the names are to it ("Other stops include
        Leeds", "Other factors include X": roles) unless an owner makes them its own kind of
        work ("His other films include ...") or the names exemplify the noun right after it
        (``exemplified``: "many other films, including X", "other stories, such as X")."""
        v = self.v
        tok = v.tokens[noun]
        if tok.upos != "NOUN" or not tok.text.islower() or not v.is_plural(noun):
            return False
        if v.lemma(noun) in RELATIONAL_NOUNS | PART_NOUNS | QUANTITY_NOUNS | NAME_NOUNS:
            return False  # "members include X", "parts include X", "a number of ..."
        if v.lemma(noun) in DISCOURSE_NOUNS:
            return False  # "Other exceptions include X" (but "hits include X": songs)
        # "roles and productions such as X": which of them X is, is open
        others = [c for c in v.children(noun, "conj") if v.tokens[c].upos == "NOUN"]
        if v.rels[noun] == "conj" or others:
            return False
        vague = any(v.lemma(k) in VAGUE_QUANTITIES for k in v.kids[noun])
        return not vague or exemplified or v.determiner(noun) == "poss"

    # ------------------------------------------------------------ inverted superlative
    def _inverted_superlatives(self) -> None:
        """ "The shortest-reigning monarch was Lady Jane Grey", "The largest city is Lagos", "The
        five founding schools were A, B and C", "Mali's highest courts are A and B": a definite
        ranked or counted class noun as the subject, a name (or a list of names for a counted or
        ranked plural, owned or not) as the predicate; and the kinds a list singles out ("The
        principal forms of the period were masses and motets", ``singled_lists``)."""
        v, b = self.v, self.b
        for s, n, cop in v.copulas():
            tok = v.tokens[s]
            if tok.upos != "NOUN" or not tok.text.islower():
                continue
            det = v.determiner(s)
            owned = det == "poss"  # "Other languages are A, B": an uncounted plural of others
            other = not det and v.is_plural(s) and "other" in map(v.lemma, v.children(s, "amod"))
            if not (owned or other or det == "the") or (owned and v.lemma(s) in PERSON_NOUNS):
                continue  # "Peru's main rivers are A and B", "France's largest city is Paris";
                # not "the journal's current editor is X" (an office of the journal)
            kind, kinds = listed_kinds(v, b, s, n)
            if kind is not None and kinds:  # "The principal forms were masses and motets"
                clause = v.head(s)
                if clause is None or self._blocked(clause, n, cop) or self._hedged(clause):
                    continue  # "The main forms were once X and Y"
                self.rule = "inverted-superlative"
                for c in kinds:
                    if (member := b.arg(c)) is not None:
                        self._emit("inheritance", member, kind, 0.8)
                continue
            if not b.proper(n) or v.determiner(n) in ("a", "an"):
                continue
            clause = v.head(s)
            if clause is None or self._blocked(clause, n, cop):
                continue
            if related_here(v, s) or v.lemma(s) in NAME_NOUNS:
                continue  # "the first member was X", "the oldest name is X" (not "the current
                # champion is X", ``standing``)
            names = v.conjuncts(n)  # a list the parse broke is read off the words
            broken = len(names) < 2 and v.is_plural(s)
            listed = [a for a in self.listed_names(n) if a] if broken else []
            if v.is_plural(s):  # "the five schools were A, B and C": as many names as counted
                counted = [k for k in v.children(s, "nummod") if v.tokens[k].text.isalpha()]
                if max(len(names), len(listed)) < 2 or not (counted or other or ranked(v, s)):
                    continue
                if not listed and not all(b.proper(k) for k in names):
                    continue
            elif len(names) > 1 or not ranked(self.v, s):
                continue  # "the first winner was A and B": a shared title
            self.rule = "inverted-superlative"
            for name in listed or self._predicate_names(names):
                self._emit("inheritance", name, b.parent(s, name, restricted=True), 0.8)

    def _predicate_names(self, names: list[int]) -> list[Arg]:
        """The names headed by ``names`` in a copula's predicate, leaving out what is no name
        and a quoted title the parse cut ('its slogan is "All The Hits."' read as "Hits")."""
        v, out = self.v, []
        for c in names:
            name = self.b.arg(c, "name")
            if (
                name is not None
                and name.is_name
                and not cut_in_quotes(v, min(v.subtree(c)), name.label)
            ):
                out.append(name)
        return out

    # ------------------------------------------------------------------ bracketed members
    def _bracketed_members(self) -> None:
        """ "one of three reservoirs (Loch Raven, Prettyboy and Liberty)": names listed in
        brackets right after a counted plural class noun are its members."""
        v, b, toks = self.v, self.b, self.v.tokens
        for k in range(len(toks) - 4):
            if toks[k].upos != "NOUN" or not toks[k].text.islower() or not v.is_plural(k):
                continue
            if toks[k + 1].text != "(" or v.lemma(k) in MENTION_NOUNS or self._blocked(k):
                continue
            if not v.children(k, "nummod"):
                continue  # a counted set is enumerated; "offices (Leeds and Derby)" only locates
            items = self._named_items(k + 2)
            end = items[-1][-1] + 1 if items else k
            if len(items) < 2 or end >= len(toks) or toks[end].text != ")":
                continue
            places = all(toks[span[0]].ent_type in ("GPE", "LOC") for span in items)
            if places and v.lemma(k) not in PLACE_CLASS_NOUNS:
                continue  # "offices (London and Paris)": where they are, not what they are
            self.rule = "bracketed-members"
            for span in items:
                if (name := self._title_arg(span)) is not None:
                    self._emit("inheritance", name, b.parent(k, name, restricted=True), 0.8)

    def _hedged(self, clause: int) -> bool:
        """A hedging adverb on the clause: "was once a planet", "is no longer", "sometimes"."""
        v = self.v
        adverbs = v.children(clause, "advmod", "neg")
        return any(v.tokens[k].text.lower() in COPULA_HEDGES for k in adverbs)

    def _refused_predicate(self, n: int) -> bool:
        """A predicate noun that names no class of its subject: in quotes ('a "celebrity"'),
        a negated modifier ("not hidden import"), a list the parse broke ("a preparatory, day
        and boarding, school"), or alternatives ("either a buffer or a stream")."""
        v = self.v
        if v.quoted(n) or v.modifier_negated(n) or v.broken_list(v.conjuncts(n)):
            return True
        return v.alternatives(n)

    # -------------------------------------------------------- class noun before entity
    def _entity_after_noun(self) -> None:
        """ "the Australian hard rock band Behind Crimson Eyes": a singular common noun right
        before a named entity that the parser hung on it as a preposition or modifier."""
        v, b, toks = self.v, self.b, self.v.tokens
        for k, tok in enumerate(toks[:-1]):
            if tok.upos != "NOUN" or not tok.text.islower() or tok.ent_type or v.is_plural(k):
                continue
            ent = toks[k + 1].ent_type
            if ent not in _NAMED_ENTITIES or not toks[k + 1].text[:1].isupper():
                continue
            run = [k + 1]
            while run[-1] + 1 < len(toks) and toks[run[-1] + 1].ent_type == ent:
                run.append(run[-1] + 1)
            roots = [j for j in run if v.head(j) not in run]
            if (
                len(roots) != 1
                or v.head(roots[0]) != k
                or v.rels[roots[0]] in ("compound", "appos")
            ):
                continue  # compounds and appositions are the title-noun rule's
            if any(not t.text[:1].isupper() for t in (toks[j] for j in run)):
                continue
            if v.lemma(k) in NAME_NOUNS | RELATIONAL_NOUNS or v.determiner(k) not in ("the", ""):
                continue
            name = b.from_tokens(run, "whole")
            if name is not None and not looks_like_acronym(name.label):
                self.rule = "entity-after-noun"
                name = replace(name, is_name=True)
                self._emit("inheritance", name, b.parent(k, name), 0.8)

    # ------------------------------------------------------------------ type of
    def _described_kind(self, t: int, found: Arg | None) -> Arg | None:
        """ "a type of administrative division": after a type noun the kind keeps the
        lower-case adjectives that narrow it (not "many", "popular", "large")."""
        b = self.b
        if found is None or found.is_name or self.v.tokens[t].upos != "NOUN":
            return found
        idx = b.class_tokens(t)
        wider = b.described_kind(t, idx)
        if len(wider) == len(idx) or len(wider) > 3:
            return found
        return b.from_tokens(wider) or found

    # ---------------------------------------------------------------- bracketed alias
    def _renamed_in_bracket(self, p: int, j: int) -> bool:
        """Only time adverbs of a renaming ("now", "later") stand between the bracket ``p``
        and a capitalised word ``j``: "Calcutta (now Kolkata)"."""
        toks, v = self.v.tokens, self.v
        times = range(p + 1, j)
        return (
            j < len(toks)
            and len(times) > 0
            and all(v.lemma(k) in _RENAMING_TIMES for k in times)
            and toks[j].text[:1].isupper()
        )

    def _new_name(self, outer: Arg | None, name: Arg | None, end: int, close: int) -> bool:
        """``name`` in "X (now Y)" is X's new name: the bracket holds one name alone, no
        office or rank ("a lieutenant (later Admiral)"), and X is a street, a building or an
        institution (not a person: "Maggie Croft (later Budgen)" is half a name)."""
        if outer is None or name is None or end != close or not name.is_name:
            return False
        words = name.label.split()
        if any(w.lower() in ("and", "or", "&") for w in words):
            return False  # "MS-DOS (later Windows 95 and Windows 98)": successors, no name
        if any(self._office(w) for w in [*words, outer.key.split()[0], outer.key.split()[-1]]):
            return False  # "Lieutenant (later Admiral)", "English (later Head Teacher)"; "the
            # Duchy of Warsaw (now Poland)": a state's land, now in another state
        # a bare "now" renames a street, a building or an institution ("North Street (now
        # Guilford Avenue)"); after a state or a company it tells what holds the place or the
        # firm now ("Prussia (now Germany)", "Compaq (now HP)")
        return outer.key.split()[-1] in _RENAMED_PLACES

    def _phrase_after(self, k: int) -> bool:
        """A lower-case preposition at ``k`` opens a phrase after a name, not a word of it:
        "(then known as Disney-MGM Studios during production)", "(Nintendo until 2009)", "(spelled
        Dvorak in English)" (a name goes on after "of the" and a capital: "the Bank of the
        Ozarks")."""
        toks, v = self.v.tokens, self.v
        if toks[k].upos != "ADP" or not toks[k].text.islower() or k + 1 >= len(toks):
            return False
        nxt = k + 2 if v.lemma(k + 1) in ("the", "a", "an") and k + 2 < len(toks) else k + 1
        places = ("GPE",) if toks[k].text == "from" else ("GPE", "LOC")
        if toks[k].text in _LOCATING and toks[nxt].ent_type in places:
            return True  # "(now Gdańsk in Poland)": where it lies, no word of the name
            # ("(aka Monster from Mars)": a title goes on)
        if toks[k].text == "in" and toks[nxt].text.lower() in LANGUAGES:
            return True  # "(often spelled Dvorak in English)": the language it is spelled in
        return not toks[nxt].text[:1].isupper()

    @staticmethod
    def _office(word: str) -> bool:
        """An office, a rank, a person noun or a kind of place: no name of its own."""
        word = word.lower()
        return word in OFFICE_NOUNS | NAMED_BY_OF_NOUNS or person_noun(word) or word in LANGUAGES

    def _after_link(self, k: int, links: tuple[str, ...]) -> int | None:
        """Where the name starts when one of ``links`` ("to as", "as", "" for none) is spelled
        from ``k`` on; ``None`` when none is."""
        toks = self.v.tokens
        for link in sorted(links, key=len, reverse=True):
            said = link.split()
            if [t.text.lower() for t in toks[k : k + len(said)]] == said:
                return k + len(said)
        return None

    def _aside_after(self, k: int) -> bool:
        """The word after a comma inside a naming bracket opens an aside, not a word of the
        name: a lower-case word ("born", "after the pharaoh") or a date ("12 December 1918");
        "Paris, Texas" is one name."""
        tok = self.v.tokens[k]
        return tok.text[:1].islower() or tok.ent_type == "DATE"

    def _bracketed_aliases(self) -> None:
        """ "X (formerly called Y)", "X (also known as Y)", "X (aka Y)", "X (or Y)", "X (often
        shortened to Y)": another name of the name before the bracket."""
        v, toks = self.v, self.v.tokens
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(":
                continue
            j = p + 1
            while j < len(toks) and toks[j].text in (";", ","):
                j += 1  # "(; also known as X; born ...)": a pronunciation cut out of the text
            while j < len(toks) and v.lemma(j) in NAMING_ADVERBS | _BRACKET_ADVERBS:
                j += 1
            word = toks[j].text.lower() if j < len(toks) else ""
            bare = self._renamed_in_bracket(p, j)  # "(now Guilford Avenue)": the name at once
            if bare:
                start = j
            elif word not in _BRACKET_NAMING:
                continue
            else:
                start = j + 1
                while start < len(toks) and v.lemma(start) in _BRACKET_ADVERBS:
                    start += 1  # "known simply as"
                found = self._after_link(start, _BRACKET_NAMING[word])
                if found is None:
                    continue
                start = found
            # "(also called the Pyramid of Khufu)"; "(also known as The Who)" keeps its article
            if start < len(toks) and toks[start].text == "the":
                start += 1
            close = next((k for k in range(j, min(len(toks), j + 30)) if toks[k].text == ")"), None)
            if close is None or close <= start or not toks[start].text[:1].isupper():
                continue
            # "(also called the Pyramid of Khufu, after the pharaoh ...)": the name ends at a
            # comma followed by a lower-case word ("Paris, Texas" is one name), or a semicolon
            cuts = [k for k in range(start, close) if toks[k].text in (",", ";")]
            ends = (k for k in cuts if toks[k].text == ";" or self._aside_after(k + 1))
            end = next(ends, close)
            end = next((k for k in range(start + 1, end) if self._phrase_after(k)), end)
            if any(k < end for k in cuts) or end - start > 12:
                continue
            if any(toks[k].text == ":" for k in range(start, end)):
                continue
            # "(also known as Tongzhou or Tungchow)": two names
            ors = [k for k in range(start + 1, end - 1) if toks[k].text == "or"]
            pieces = list(zip([start] + [k + 1 for k in ors], [*ors, end], strict=True))
            if not all(toks[a].text[:1].isupper() for a, _ in pieces):
                pieces = [(start, end)]
            outer = self.b.name_before(p - 1)
            for a, z in pieces:
                name = self.b.from_tokens(list(range(a, z)), "alias")
                if bare and not self._new_name(outer, name, end, close):
                    continue
                if word == "or" and not (outer and name and spells(outer, name)):
                    continue  # "Paris (or London)", "GCC (or LLVM)": alternatives; "(or NJAES)"
                if outer is not None and outer.key.endswith("'s"):
                    continue  # "the Salt Company's (now known as X) logo": the owner's
                if name is not None and outer is not None and outer.is_name:
                    self.rule = "bracketed-alias"
                    self._emit("alias", outer, name, 0.85)
