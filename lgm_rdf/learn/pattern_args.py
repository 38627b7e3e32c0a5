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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lgm_rdf.learn.depview import NEGATIONS, NOUNS, DepView
from lgm_rdf.learn.pattern_words import (
    ADJECTIVE_SUFFIXES,
    PARTITIVES,
    POSTPOSITIVE_ADJECTIVES,
    QUANTITY_NOUNS,
    RANK_NOUNS,
    RELATIONAL_NOUNS,
    RELATIVE,
    SUBJECT_DETS,
    TYPE_NOUNS,
    VACUOUS,
)
from lgm_rdf.nlp.concepts import phrase_key
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.ontology import normalise_label

NAMING_VERBS = frozenset({"know", "call", "refer", "nickname", "dub", "abbreviate"})
HYPHENS = frozenset({"-", "–", "‐"})
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


def initials(text: str) -> str:
    """Initials of the capitalised words of ``text`` ("Economic Co-operation" -> "EC")."""
    parts = text.replace("-", " ").replace(",", " ").split()
    return "".join(w[0] for w in parts if w[:1].isupper())


def singular(word: str) -> str:
    """English singular of a plural the lemmatiser left alone ("berries" -> "berry")."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return word[:-2]
    return word[:-1]


def is_year(text: str) -> bool:
    """A four-digit number ("a 2006 film" names no quantity)."""
    return len(text) == 4 and text.isdigit()


def acronym_matches(acronym: str, name: str) -> bool:
    """True if the acronym's letters occur in order in ``name``, the first one first."""
    letters = [c.lower() for c in acronym if c.isalpha()]
    text = name.lower()
    if not letters or not text or text[0] != letters[0]:
        return False
    pos = 0
    for c in letters:
        pos = text.find(c, pos)
        if pos < 0:
            return False
        pos += 1
    return True


class ArgBuilder:
    """Builds the arguments of one sentence's relations."""

    def __init__(self, view: DepView, si: int, antecedents: Mapping[tuple[int, int], object]):
        self.v = view
        self.si = si
        self.antecedents = antecedents

    def _span(self, keep: set[int], i: int) -> list[int]:
        """The contiguous run of ``keep`` around ``i``, without edge determiners or punctuation."""
        v = self.v
        lo, hi = i, i
        while lo - 1 in keep:
            lo -= 1
        while hi + 1 in keep:
            hi += 1
        while lo < i and (v.rels[lo] in ("det", "poss", "case") or v.tokens[lo].upos == "PUNCT"):
            lo += 1
        while hi > i and v.tokens[hi].upos == "PUNCT":
            hi -= 1
        toks = v.tokens
        # hyphenated words stay whole ("fixed-span bridge", "Bo-mi") whatever the parse says
        while (
            lo >= 2 and toks[lo - 1].text in HYPHENS and not toks[lo - 1].ws and not toks[lo - 2].ws
        ):
            lo -= 2
        while hi + 2 < len(toks) and toks[hi + 1].text in HYPHENS and not toks[hi].ws:
            if toks[hi + 1].ws or not toks[hi + 2].text[:1].isalnum():
                break
            hi += 2
        return list(range(lo, hi + 1))

    def class_tokens(self, i: int) -> list[int]:
        """Head noun plus its compounds (and hyphenated parts)."""
        v, keep, todo = self.v, {i}, [i]
        while todo:
            for k in v.kids[todo.pop()]:
                rel, text = v.rels[k], v.tokens[k].text
                bare_nmod = rel == "nmod" and k < i and not v.children(k, "case")
                if rel == "compound" and self.adjectival(k):
                    continue  # "flightless birds", "a chemical element": tagger slips
                if rel in ("compound", "flat") or bare_nmod or (rel == "punct" and text in HYPHENS):
                    keep.add(k)
                    todo.append(k)
        return self._span(keep, i)

    def adjectival(self, k: int) -> bool:
        """A lower-case modifier with an adjective suffix ("flightless") or adjective tag."""
        tok = self.v.tokens[k]
        text = tok.text
        if not text.islower() or self.v.kids[k]:
            return False
        return tok.upos == "ADJ" or (len(text) > 6 and text.endswith(ADJECTIVE_SUFFIXES))

    def proper(self, i: int) -> bool:
        """A proper noun as written: capitalised (a lower-case "organelle" tagged PROPN is not)."""
        tok = self.v.tokens[i]
        return tok.upos == "PROPN" and not tok.text.islower() and not self.initial_plural(i)

    def initial_plural(self, i: int) -> bool:
        """ "Bananas, which are berries, grow ...": a sentence-initial plural subject that the
        tagger took for a name (a plural verb agrees with it)."""
        v, tok = self.v, self.v.tokens[i]
        text = tok.text.lower()
        if i != 0 or tok.upos != "PROPN" or not text.endswith("s") or text.endswith("ss"):
            return False
        h = v.head(i)
        if h is None or v.rels[i] != "subj" or v.children(i, "compound", "flat"):
            return False
        verbs = [h, *v.children(h, "aux", "cop")]
        bare = v.tokens[h].tag == "VB" and len(verbs) == 1
        return bare or any(
            v.tokens[k].tag == "VBP" or v.tokens[k].text.lower() in ("are", "were") for k in verbs
        )

    def name_tokens(
        self, i: int, exclude: frozenset[int] = frozenset(), mode: str = "name"
    ) -> list[int]:
        """A name as written (see the module docstring for ``mode``)."""
        v = self.v
        capital = v.tokens[i].text[:1].isupper()
        # "City of Light", "Society for Science"; an alias also keeps "oil of vitriol"
        of_objects = set(v.pp_objects(i, "of")) | set(v.pp_objects(i, "for") if capital else [])
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
            elif rel == "advmod" and k < i and tok.text.islower():
                ok = False  # "known as just Ayesha"
            else:
                ok = (
                    rel in _NAME_MODIFIERS
                    or tok.text in HYPHENS
                    or (rel == "nummod" and capital and k > i)
                    or (mode == "whole" and rel in ("conj", "cc"))
                    or (v.tokens[i].upos == "VERB" and rel in ("obj", "prt") and k > i)
                )
            if ok:
                keep |= v.subtree(k, _DEEP_SKIP) - exclude
        keep = {k for k in keep if v.tokens[k].upos != "PUNCT" or v.tokens[k].text in HYPHENS}
        return self._span(keep, i)

    def key(self, idx: list[int]) -> str:
        """Normalised concept key of tokens ``idx`` (the same key concept extraction uses)."""
        if len(idx) == 1 and self.initial_plural(idx[0]):
            return singular(self.v.tokens[idx[0]].text.lower())
        key = phrase_key([self.v.tokens[k] for k in idx])
        last = self.v.tokens[idx[-1]]
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
        # a capitalised adjective in a list of names: "French, Spanish and Italian"
        first = v.first_conjunct(i)
        return (
            tok.upos == "ADJ"
            and tok.text[:1].isupper()
            and first != i
            and v.tokens[first].upos == "PROPN"
            and not v.children(i, "amod", "det", "compound")
        )

    def arg(self, i: int, mode: str = "class", exclude: frozenset[int] = frozenset()) -> Arg | None:
        """Argument headed by token ``i``; ``mode``: class, head, name, alias or whole."""
        v, tok = self.v, self.v.tokens[i]
        if self.is_pronoun(i):
            ante = self.antecedents.get((self.si, i))
            key = normalise_label(str(getattr(ante, "key", "") or ""))
            return Arg(key, tok.text, True) if key else None
        if v.determiner(i) in NEGATIONS:
            return None
        naming = mode in ("name", "alias", "whole")
        follow = v.pp_objects(i, "of")
        if follow and v.lemma(i) in QUANTITY_NOUNS | TYPE_NOUNS | PARTITIVES and not naming:
            return self.arg(follow[0], mode)
        if not self.nounish(i) and not (naming and tok.upos in ("VERB", "ADJ")):
            return None
        if not naming and tok.text.islower() and tok.text.endswith(("less", "ous")):
            return None  # "flightless", "venomous" tagged as a noun: the real noun is elsewhere
        if naming or self.proper(i):
            idx = self.name_tokens(i, exclude, mode if naming else "name")
        else:
            idx = self._span({i}, i) if mode == "head" else self.class_tokens(i)
        return self.from_tokens(idx, mode)

    def from_tokens(self, idx: list[int], mode: str = "class") -> Arg | None:
        """Argument of the tokens ``idx`` as they are (None if they name nothing)."""
        v = self.v
        if not any(self.nounish(k) for k in idx) and not (mode == "whole" and len(idx) > 1):
            return None  # the expansion of an abbreviation may be verbal: "laughing out loud"
        key = self.key(idx)
        label = v.sentence.text[v.tokens[idx[0]].start : v.tokens[idx[-1]].end]
        acronym = looks_like_acronym(label)
        if not any(c.isalpha() for c in key) or (key in STOP_WORDS and not acronym):
            return None
        # a name has a capitalised proper noun ("yogurt" tagged PROPN is no name)
        is_name = acronym or any(self.proper(k) for k in idx)
        return Arg(key, label, is_name)

    def spelled_out(self, acronym: str, start: int, end: int, forward: bool) -> Arg | None:
        """The words whose capitalised initials spell ``acronym``, between tokens ``start`` and
        ``end``: the shortest run ending at ``end`` (``forward`` False) or starting at ``start``
        ("Organisation for Economic Co-operation and Development" for "OECD")."""
        letters = "".join(c for c in acronym if c.isalpha()).upper()
        toks, text = self.v.tokens, self.v.sentence.text
        if len(letters) < 2 or not 0 <= start <= end < len(toks):
            return None
        spans = [(start, e) for e in range(start, end + 1)] if forward else []
        spans += [] if forward else [(b, end) for b in range(end, start - 1, -1)]
        for lo, hi in spans:
            words = initials(text[toks[lo].start : toks[hi].end])
            if words == letters and toks[lo].text[:1].isupper() and toks[hi].upos != "PUNCT":
                return self.from_tokens(list(range(lo, hi + 1)), "whole")
            if len(words) > len(letters):
                return None
        return None

    def names(self, o: int, mode: str = "alias") -> list[Arg]:
        """Names headed by ``o`` and its conjuncts; mends "the [puma]nmod or mountain [lion]"
        (a coordination the small model hangs on the last noun) into two names."""
        v = self.v
        for k in v.children(o, "nmod", "compound"):
            conj = [c for c in v.children(k, "conj") if k < c < o]
            if k < o and conj and any(v.lemma(c) in ("or", "and") for c in v.children(k, "cc")):
                first = self.arg(k, mode, frozenset(v.subtree(conj[0])))
                second = self.from_tokens(list(range(min(v.subtree(conj[0])), o + 1)), mode)
                return [a for a in (first, second) if a is not None]
        return self.args(v.conjuncts(o), mode)

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
            out.append(self.arg(i, "name" if named else "class"))
        return [a for a in out if a is not None]

    def args(self, idx: list[int], mode: str = "class") -> list[Arg]:
        """Arguments of several tokens, skipping those that are none."""
        return [a for a in (self.arg(i, mode) for i in idx) if a is not None]

    def parent(self, i: int, child: Arg, restricted: bool = False) -> Arg | None:
        """The class a child belongs to: head noun only for a named child, no relational "of".

        ``restricted``: the "of" phrase only narrows a group ("one of the planets of the solar
        system"), so it is fine unless the noun is relational ("one of the members of").
        """
        v = self.v
        relational = not restricted or v.lemma(i) in RELATIONAL_NOUNS
        if v.lemma(i) not in QUANTITY_NOUNS and v.pp_objects(i, "of") and relational:
            return None
        if v.lemma(i) in TYPE_NOUNS:  # "a plant species", "a dog breed": the kind is the modifier
            mods = [k for k in v.children(i, "compound") if k < i]
            return self.parent(max(mods), child) if mods else None
        found = self.arg(i, "head" if child.is_name else "class")
        if found is not None and not found.is_name and len(found.key.split()) > 2:
            found = self.arg(i, "head")  # "a science fiction film": a genre stack, not a name
        return None if found is None or found.key in VACUOUS else found

    def subjects(self, s: int, clause: int) -> list[int]:
        """Tokens of the subject ``s`` of ``clause`` and its conjuncts ([] if not about a class)."""
        v = self.v
        if v.head(s) == clause and v.bracket_depth(s) != v.bracket_depth(clause):
            return []  # a word in brackets is no subject: "Nantong (Qihai dialect: ...) is a city"
        if v.lemma(s) in RELATIVE and v.rels[clause] == "acl" and (h := v.head(clause)) is not None:
            s = h  # "Whales, which are mammals": the clause modifies "Whales"
        if s != v.head(clause) or v.rels[clause] == "acl":
            s = self.described(s)
        found = v.conjuncts(s)
        ccs = {v.lemma(k) for c in found for k in v.children(c, "cc")}
        if len(found) > 1 and ccs != {"or"} and v.singular_verb(clause):
            return []  # "Yippee, Yappee and Yahooey is a series": one name, not three subjects
        for c in found:
            det = v.determiner(c)
            if det in NEGATIONS or det in SUBJECT_DETS:
                return []  # "no bird", "my brother", "some apples": not about a whole class
            if any(v.lemma(k) in SUBJECT_DETS for k in v.children(c, "amod", "nummod")):
                return []  # "many trees", "few people"
            if v.lemma(c) in PARTITIVES | QUANTITY_NOUNS and v.pp_objects(c, "of"):
                return []  # "most of the birds", "a number of birds": some, not all
            if v.tokens[c].upos != "NOUN":
                continue
            if any(not is_year(v.tokens[k].text) for k in v.children(c, "nummod")):
                return []  # "two airports"
            if v.lemma(c) not in QUANTITY_NOUNS and v.pp_objects(c, "of"):
                return []  # "the capital of France", "segments of the economy": relational
        return found

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
        v = self.v
        best, cand, seen = None, j, set()
        while cand is not None and cand <= j and cand not in seen:
            seen.add(cand)
            if v.tokens[cand].upos in NOUNS:
                if self.name_tokens(cand)[-1] != j:
                    break
                best = cand
            cand = v.head(cand)
        return None if best is None else self.arg(best, "name")
