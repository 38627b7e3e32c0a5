"""Relation arguments for the pattern extractor: which tokens name a concept, and its key.

Keys are normalised lemma phrases: nouns by lemma, every other word as written ("stinking
chamomile", "string instrument", "big apple"). Three granularities:

* ``class``: head noun plus noun compounds, no determiners, numbers, quantifiers or adjectives
  ("the best players" -> "player", "five senators" -> "senator", "a string instrument" ->
  "string instrument"); "a lot of X" / "a variety of X" -> X;
* ``head``: the head noun alone (the parent of a named child: "a film director" -> "director");
* ``name``: a name as written, with adjectives and hyphens ("Choi Jin-ri", "Big Apple") and
  "of"-phrases of capitalised names ("City of Light"); ``alias`` also keeps lower-case
  "of"-phrases ("oil of vitriol"); ``whole`` also keeps coordination (the expansion of an
  abbreviation: "National Aeronautics and Space Administration").

A proper-noun head always gets the ``name`` treatment. Pronouns are no argument unless the
``antecedents`` mapping has an entry for ``(sentence index, token index)``; its ``.key`` is used.

The small spaCy model slips in a few recurring ways, mended here: adjectives tagged as noun
compounds ("flightless birds", "a chemical element"), a sentence-initial plural tagged as a name
("Bananas, which are berries, ..."), a coordination hung on the last noun ("cabbage and chili
pepper"), a name cut at a particle ("Edson Arantes do Nascimento"), an acronym tagged as a pronoun
("WHO stands for ..."), a sentence stop glued to the last word ("vitamin C."). Where a label's
words begin and end beyond what the parse says (nicknames, titles, dotted identifiers) is mended in
:mod:`lgm_rdf.learn.patterns.extents`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from lgm_rdf.learn.patterns.adjectives import classified, inner_adjectives, sorted_collection
from lgm_rdf.learn.patterns.depview import NOUNS, QUOTES, DepView
from lgm_rdf.learn.patterns.extents import (
    HYPHENS,
    enclosed,
    kept_by_modifier,
    name_extent,
    noun_object,
    ranking,
    role_before_name,
    run_on_name,
    title_goes_on,
    title_tail,
)
from lgm_rdf.learn.patterns.hyphened import bound_prefix, whole_words
from lgm_rdf.learn.patterns.joined import ampersand_object
from lgm_rdf.learn.patterns.labels import NEGATIONS
from lgm_rdf.learn.patterns.role_runs import role_modifier
from lgm_rdf.learn.patterns.words import (
    ADJECTIVE_SUFFIXES,
    LIGHT_NOUNS,
    NAME_PARTICLES,
    NAME_SUFFIXES,
    NUMBERED_REFERENCES,
    PARTITIVES,
    POSTPOSITIVE_ADJECTIVES,
    QUANTITY_NOUNS,
    SCOPE_ADJECTIVES,
)
from lgm_rdf.nlp.concepts import clean_label, junk_key, phrase_key
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.role_nouns import leading_role
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.nlp.wordlists import TYPE_NOUNS
from lgm_rdf.ontology import normalise_label

NAMING_VERBS = frozenset({"know", "call", "refer", "nickname", "dub", "abbreviate"})
JOINERS = HYPHENS | {"."}
_DEEP_SKIP = frozenset({"appos", "acl", "advcl", "ccomp", "mark"})
_NAME_MODIFIERS = frozenset({"compound", "flat", "amod", "fixed", "advmod", "nmod"})


@dataclass(frozen=True)
class Arg:
    """One relation argument: concept key, surface label, and whether it is a name."""

    key: str
    label: str
    is_name: bool = False


def looks_like_acronym(text: str) -> bool:
    """ "NASA", "UN", "PhD", "U.S.": at least two capitals, capitals at least half the letters."""
    letters = [c for c in text if c.isalpha()]
    caps = sum(c.isupper() for c in letters)
    return len(letters) >= 2 and caps >= 2 and caps * 2 >= len(letters)


LIST_PUNCT = frozenset(",;:.")  # marks that end a list item or sentence, never a name


def is_year(text: str) -> bool:
    """A four-digit number ("a 2006 film" names no quantity)."""
    return len(text) == 4 and text.isdigit()


# entity types that make a capitalised first word a name whatever its tag
_NAMED_ENTITIES = frozenset({"GPE", "PERSON", "ORG", "LOC", "FAC"})


class ArgTokens:
    """Which tokens of one sentence name a concept, and the concept's key."""

    def __init__(self, view: DepView, si: int, antecedents: Mapping[tuple[int, int], object]):
        self.v, self.si, self.antecedents = view, si, antecedents

    def _span(self, keep: set[int], i: int) -> list[int]:
        """The contiguous run of ``keep`` around ``i``, without edge determiners or punctuation."""
        v = self.v
        lo, hi = i, i
        while lo - 1 in keep:
            lo -= 1
        while hi + 1 in keep:
            hi += 1
        while lo < i and (self._edge(lo) or v.tokens[lo].upos == "PUNCT"):
            lo += 1
        if lo == 0 < i and leading_role(v.tokens):
            lo = 1  # "Keyboardist Boom Gaspar has ...": the role opening the sentence
        while lo < i and role_before_name(v, lo, i):
            lo += 1  # "includes guitarist Stone Gossard": the name without its role
        while hi > i and v.tokens[hi].upos == "PUNCT":
            hi -= 1
        toks = v.tokens
        # hyphenated words ("fixed-span bridge") and dotted names ("io.BytesIO") stay whole
        while lo >= 2 and toks[lo - 1].text in JOINERS and not toks[lo - 1].ws:
            if toks[lo - 2].ws or not toks[lo - 2].text[-1:].isalnum():
                break
            lo -= 2
        while hi + 2 < len(toks) and toks[hi + 1].text in JOINERS and not toks[hi].ws:
            if toks[hi + 1].ws or not toks[hi + 2].text[:1].isalnum():
                break
            hi += 2
        return list(range(lo, hi + 1))

    def _edge(self, k: int) -> bool:
        """A word that opens a phrase without naming: an article, a case marker, a possessor
        ("my dog"), but not the capitalised possessor of a name ("Pete's Dragon")."""
        v = self.v
        if v.rels[k] == "poss":
            return not v.tokens[k].text[:1].isupper()
        if v.rels[k] == "case" and k > 0 and v.rels[k - 1] == "poss":
            return self._edge(k - 1)
        return v.rels[k] in ("det", "case")

    def class_tokens(self, i: int) -> list[int]:
        """Head noun plus its compounds (and hyphenated parts)."""
        v, keep, todo = self.v, {i}, [i]
        role = role_modifier(v, i)  # "a singer and record producer": "record producer"
        while todo:
            p = todo.pop()
            for k in v.kids[p]:
                if k == role:
                    keep.add(conj := v.children(k, "conj")[0])
                    todo.append(conj)
                    continue
                rel, text = v.rels[k], v.tokens[k].text
                bare_nmod = rel == "nmod" and k < i and not v.children(k, "case")
                noun = v.tokens[k].tag == "NN" and not text.endswith("ing")  # "terminal" emulator
                bare_nmod |= rel == "amod" and noun and k == p - 1 and not v.kids[k]
                if p != i and kept_by_modifier(v, p, k, i):
                    keep.add(k)  # "open source project", "track and field athlete"
                    continue
                if rel == "compound" and self.adjectival(k):
                    continue  # "flightless birds", "a chemical element": tagger slips
                piece = rel == "prt" and v.after_hyphen(k)  # "off" of "a spin-off title"
                if (
                    rel in ("compound", "flat")
                    or bare_nmod
                    or piece
                    or (rel == "punct" and text in HYPHENS)
                ):
                    keep.add(k)
                    todo.append(k)
        if noun_object(v, i):
            keep.add(i + 1)  # "coreference resolution" parsed as a noun with an object
        idx = self._span(keep | inner_adjectives(v, keep, i), i)
        return bound_prefix(v, whole_words(v, idx))

    def described_kind(self, i: int, idx: list[int]) -> list[int]:
        """``idx`` widened by the lower-case adjectives right before it that narrow the kind
        ("trailing headers", "exact search"), not those that quantify or judge ("many", "other",
        "various", "good")."""
        v, lo = self.v, idx[0]
        while lo - 1 >= 0 and v.head(lo - 1) == i and v.rels[lo - 1] == "amod":
            tok = v.tokens[lo - 1]
            lower = tok.text.islower() or (lo - 1 == 0 and tok.text[1:].islower())
            if not lower or v.kids[lo - 1] or v.lemma(lo - 1) in SCOPE_ADJECTIVES:
                break
            lo -= 1
        return list(range(lo, idx[-1] + 1))

    def adjectival(self, k: int) -> bool:
        """A lower-case modifier with an adjective suffix ("flightless") or adjective tag, or a
        nationality adjective ("a retired [English]compound footballer")."""
        tok = self.v.tokens[k]
        text = tok.text
        if self.v.kids[k]:
            return False
        if not text.islower():
            return tok.tag == "JJ" and tok.ent_type == "NORP"
        return tok.upos == "ADJ" or (len(text) > 6 and text.endswith(ADJECTIVE_SUFFIXES))

    def proper(self, i: int) -> bool:
        """A proper noun as written: capitalised (a lower-case "organelle" tagged PROPN is not)."""
        tok = self.v.tokens[i]
        if i == 0 and tok.upos == "NOUN" and tok.ent_type in _NAMED_ENTITIES:
            return tok.text[:1].isupper() and not self.v.is_plural(i)  # "[Baku]NOUN is the"
        return tok.upos == "PROPN" and not tok.text.islower() and not self.v.initial_plural(i)

    def name_tokens(
        self, i: int, exclude: frozenset[int] = frozenset(), mode: str = "name"
    ) -> list[int]:
        """A name as written (see the module docstring for ``mode``)."""
        v = self.v
        capital = v.tokens[i].text[:1].isupper()
        # "City of Light", "Society for Science"; an alias also keeps "oil of vitriol"
        of_objects = set(v.pp_objects(i, "of")) | set(v.pp_objects(i, "for") if capital else [])
        of_objects |= set(self.title_objects(i))  # "Christmas with The Brady Bunch"
        keep = {i}
        for k in v.kids[i]:
            rel, tok = v.rels[k], v.tokens[k]
            if k in exclude:
                continue
            pp_objects = v.children(k, "pobj") if rel == "prep" else [k]
            if rel == "prep" or (rel in ("nmod", "obl") and v.children(k, "case")):
                ok = k > i and any(
                    o in of_objects
                    and (mode != "name" or (capital and v.tokens[o].text[:1].isupper()))
                    for o in pp_objects
                )
            elif rel == "poss":  # "United Nations Children's Fund"
                ok = capital and tok.text[:1].isupper()
            elif (rel in ("advmod", "amod") and k < i and ranking(v, k)) or (
                capital and rel == "advmod" and k > i and tok.text.islower()  # "Pannotia earlier"
            ):
                ok = False  # "known as just Ayesha", "the first President"
            else:
                ok = (
                    rel in _NAME_MODIFIERS
                    or tok.text in HYPHENS
                    or (rel == "nummod" and capital and (k > i or k == 0))  # "12 Monkeys"
                    or (mode == "whole" and rel in ("conj", "cc"))
                    or (rel in ("cc", "conj") and ampersand_object(v, self.proper, i))
                    or (v.tokens[i].upos == "VERB" and rel in ("obj", "prt") and k > i)
                    or (capital and rel == "appos" and run_on_name(v, i, k))
                )
            if ok:
                keep |= v.subtree(k, _DEEP_SKIP) - exclude
        punct = {k for k in keep if v.tokens[k].upos == "PUNCT" and v.tokens[k].text not in HYPHENS}
        keep -= punct - {i}  # the name's own token stays, whatever its tag ("ORIG_HEAD")
        # 'Vakhtang "Vic" Darchinyan': the quotes of a nickname inside the name
        keep |= {k for k in range(min(keep), max(keep)) if v.tokens[k].text in QUOTES}
        idx = name_extent(v, self._span(keep, i), i)
        lo = idx[0]
        # "Edson Arantes do Nascimento": a name particle the tagger cut the name at
        if capital and lo >= 2 and v.tokens[lo - 1].text in NAME_PARTICLES and self.proper(lo - 2):
            idx = list(range(self.name_tokens(lo - 2, exclude, mode)[0], idx[-1] + 1))
        return idx

    def title_objects(self, i: int) -> list[int]:
        """Objects of prepositions after the name ``i`` that go on with a capitalised article:
        "Christmas with The Brady Bunch", "Merry Christmas from The Brady Bunch" are one title
        (an article is capitalised mid-sentence only inside a title)."""
        v = self.v
        if not v.tokens[i].text[:1].isupper():
            return []
        # a subject name runs up to its verb: "The University of Arkansas at Little Rock is ..."
        subject = v.rels[i] in ("subj", "subjpass") and self.proper(i)
        out = []
        for _, o in v.pps(i):
            first = min(v.subtree(o))
            word = v.tokens[first]
            article = word.text in ("The", "A", "An") and v.rels[first] == "det"
            if o > i and first > 0 and (article or (subject and self.proper(o))):
                out.append(o)
        return out

    def title_head(self, i: int) -> int:
        """The head of the title that name ``i`` ends ("Brady Bunch" in "Christmas with The
        Brady Bunch"), else ``i``."""
        v = self.v
        prep = v.head(i)
        h = v.head(prep) if prep is not None and v.rels[i] in ("pobj", "nmod", "obl") else None
        if v.rels[i] in ("nmod", "obl"):
            h = prep
        if h is not None and i in self.title_objects(h):
            return self.title_head(h)
        return i

    def key(self, idx: list[int]) -> str:
        """Normalised concept key of tokens ``idx`` (the same key concept extraction uses)."""
        if len(idx) == 1 and self.v.initial_plural(idx[0]):
            return singular(self.v.tokens[idx[0]].text.lower())
        if len(idx) == 1 and self.v.singular_name(idx[0]):
            return normalise_label(self.v.tokens[idx[0]].text.lower())
        toks = [self.v.tokens[k] for k in idx]
        # "Transportistas Unidos Mexicanos": a word that premodifies a name is no head noun
        named = any(self.proper(k) for k in idx)
        inner = {
            n
            for n, t in enumerate(toks[:-1])
            if named and t.text[:1].isupper() and title_goes_on(toks, n)
        }
        key = phrase_key(toks, frozenset(inner))
        last = self.v.tokens[idx[-1]]
        if self.v.counted_plural(idx) and key.endswith(last.text.lower()):
            key = key[: -len(last.text)] + singular(last.text.lower())
        if idx[-1] == len(self.v) - 1 and last.text.endswith(".") and last.text.count(".") == 1:
            return key[:-1]  # "vitamin C." at the end of a sentence: the tokenizer kept the stop
        return key

    def is_pronoun(self, i: int) -> bool:
        """Pronoun, demonstrative or relative word (an all-capital "WHO" is an acronym)."""
        tok = self.v.tokens[i]
        if tok.text.isupper() and looks_like_acronym(tok.text):
            return False
        return tok.upos in ("PRON", "DET") or tok.tag in ("PRP", "WP", "WDT")

    def nounish(self, i: int) -> bool:
        """A noun, or an adjective the tagger gave an article ("a marsupial")."""
        v, tok = self.v, self.v.tokens[i]
        if tok.upos in NOUNS or (tok.upos == "ADJ" and v.determiner(i) in ("a", "an")):
            return True
        if tok.text.isupper() and looks_like_acronym(tok.text):
            return True  # "WHO stands for ...", tagged as a pronoun
        h = v.head(i)
        if tok.upos == "ADJ" and h == i + 1 and v.lemma(h) in POSTPOSITIVE_ADJECTIVES:
            return v.determiner(h) in ("a", "an")  # "a [marsupial] native to Australia"
        # a capitalised adjective used as a noun, in a list: "such as French, Spanish and ..."
        return (
            tok.upos == "ADJ"
            and i > 0
            and tok.text[:1].isupper()
            and v.rels[i] in ("pobj", "conj", "obj")
            and not v.children(i, "amod", "det", "compound", "prep", "obl", "nmod")
        )

    def arg(self, i: int, mode: str = "class", exclude: frozenset[int] = frozenset()) -> Arg | None:
        """Argument headed by token ``i``; ``mode``: class, part (a class with its relational
        adjectives), kind, head, name, alias or whole."""
        v, tok = self.v, self.v.tokens[i]
        if self.is_pronoun(i):
            ante = self.antecedents.get((self.si, i))
            key = normalise_label(str(getattr(ante, "key", "") or ""))
            return Arg(key, tok.text, True) if key else None
        if v.determiner(i) in NEGATIONS:
            return None
        naming = mode in ("name", "alias", "whole")
        follow = v.pp_objects(i, "of")
        counted = v.lemma(i) in QUANTITY_NOUNS | TYPE_NOUNS | PARTITIVES
        sorted_ = mode == "class" and sorted_collection(v, i)  # "a mountain range of the Andes"
        if follow and counted and not naming and not sorted_:
            piece = v.lemma(i) in PARTITIVES - {"all"} and self.proper(follow[0])
            return None if piece and mode == "part" else self.arg(follow[0], mode)  # "parts of X"
        if not self.nounish(i) and not (naming and tok.upos in ("VERB", "ADJ")):
            return None
        if not naming and tok.text.islower() and tok.text.endswith(("less", "ous")):
            return None  # "flightless", "venomous" tagged as a noun: the real noun is elsewhere
        if not naming and v.lemma(i) in LIGHT_NOUNS and v.pp_objects(i, "for", "of", "to"):
            return None  # "support for frozendict", "access to the API": the complement names it
        # "Schindler's List", "Charlotte's Web": a capitalised noun owned by a name is a title
        titled = i > 0 and tok.text[:1].isupper() and tok.upos == "NOUN"
        titled = titled and any(self.proper(k) for k in v.children(i, "poss"))
        if naming or titled or self.proper(i):
            if (t := self.title_head(i)) != i:
                return self.arg(t, mode, exclude)
            idx = self.name_tokens(i, exclude, mode if naming else "name")
            if title_tail(v, idx):
                return None  # "Program for [Non Employees]": the end of a longer title
        else:
            idx = self._span({i}, i) if mode == "head" else self.class_tokens(i)
            if mode != "head" and any(self.proper(k) for k in idx):
                idx = name_extent(v, idx, i)  # "Violin Sonata No. 3": a title as the head
            elif mode != "head" and tok.text[:1].isupper() and (whole := enclosed(v, idx)):
                idx = whole  # '"Friends in Low Places" is': a quoted title a common noun heads
            if mode == "kind":  # "trailing headers", "exact search": an example keeps its kind
                idx = self.described_kind(i, idx)
            elif mode == "part" and idx == list(range(idx[0], i + 1)):
                # "4 congressional districts": a part keeps its sorting adjectives (see parent)
                idx = list(range(classified(v, idx[0], i), i + 1))
            numbered = v.numbered(i) and v.lemma(i) not in NUMBERED_REFERENCES  # not "Figure 3"
            if numbered and (arg := self.from_tokens([*idx, i + 1], mode)):
                return replace(arg, is_name=True)  # "Area code 575": one, by its number
        return self.from_tokens(idx, mode)

    def from_tokens(self, idx: list[int], mode: str = "class") -> Arg | None:
        """Argument of the tokens ``idx`` as they are (None if they name nothing)."""
        v = self.v
        while idx and v.tokens[idx[-1]].text in LIST_PUNCT:
            idx = idx[:-1]  # '"Evening In Byzantium," "Nightwork,"': the comma inside quotes
        while idx and v.tokens[idx[0]].text in LIST_PUNCT:
            idx = idx[1:]
        if not any(self.nounish(k) for k in idx) and not (mode == "whole" and len(idx) > 1):
            return None  # the expansion of an abbreviation may be verbal: "laughing out loud"
        key = self.key(idx)
        label = v.sentence.text[v.tokens[idx[0]].start : v.tokens[idx[-1]].end]
        if "\n" in label:
            return None  # a name does not run over a line break: badge rows, list debris
        acronym = looks_like_acronym(label)
        # a Roman numeral is a suffix written in capitals ("II"); "Ii" is a name (in Finland)
        suffix = key in NAME_SUFFIXES and not (set(key) <= set("ivx") and not label.isupper())
        if junk_key(key) or (key in STOP_WORDS and not acronym) or suffix:
            return None  # "[1]", "x", "italic_b", "lit.", a stop word, "Jr." cut from its name
        if key.count("(") != key.count(")") or key.count('"') % 2:
            return None  # "timezone(timezone.utc", 'multipleof("x': a name or code cut short
        label = clean_label(label) or label
        # a name has a capitalised proper noun ("yogurt" tagged PROPN is no name)
        is_name = acronym or any(self.proper(k) for k in idx)
        return Arg(key, label, is_name)

    def args(self, idx: list[int], mode: str = "class") -> list[Arg]:
        """Arguments of several tokens, skipping those that are none."""
        return [a for a in (self.arg(i, mode) for i in idx) if a is not None]
