"""One dependency view over spaCy (ClearNLP-style) and Universal Dependencies parses.

spaCy and Stanza disagree on the labels and on the shape of a few constructions:

* copula: spaCy hangs the predicate noun on "be" (``attr``); UD makes the noun the head and
  attaches "be" to it as ``cop``;
* prepositions: spaCy ``head -prep-> of -pobj-> noun``; UD ``head -obl|nmod-> noun -case-> of``;
* negation: spaCy ``neg``; UD ``advmod`` with "not"/"never";
* passive: ``nsubjpass``/``auxpass`` versus ``nsubj:pass``/``aux:pass``; predicative complement
  of "call": ``oprd`` versus ``xcomp``.

``DepView`` maps every label to one internal name (``labels.LABELS``) and offers accessors that hide
the structural differences (``pps``, ``copulas``, ``negated``), so the pattern rules are written
once and work on ``Sentence`` objects from either backend.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from lgm_rdf.learn.patterns.labels import NEGATIONS, canonical
from lgm_rdf.nlp.concepts import lemma_of
from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.nlp.plural import plural_verb_form, singular_verb_form
from lgm_rdf.nlp.wordlists import HYPHENS

NOUNS = frozenset({"NOUN", "PROPN"})
QUOTES = frozenset({"'", '"', "`", "‘", "’", "“", "”", "``", "''"})

_COMPLEMENTIZERS = frozenset({"that", "whether", "if"})
# two-word phrases that set off what is not the case: "instead of X", "rather than X"
_REPLACING = (("instead", "of"), ("rather", "than"))

# prepositions that place something: "born in X", "at X", "near X", "from X"
_LOCATING = frozenset({"in", "at", "near", "from"})


class DepView:
    """Label-independent access to the dependency tree of one sentence."""

    def __init__(self, sentence: Sentence) -> None:
        self.sentence = sentence
        self.tokens: Sequence[Token] = sentence.tokens
        self.rels = [canonical(t) for t in self.tokens]
        self.kids: list[list[int]] = [[] for _ in self.tokens]
        for tok in self.tokens:
            if tok.head != tok.i and 0 <= tok.head < len(self.tokens):
                self.kids[tok.head].append(tok.i)

    def __len__(self) -> int:
        return len(self.tokens)

    def head(self, i: int) -> int | None:
        """Index of the head of token ``i`` (None for a root)."""
        h = self.tokens[i].head
        return None if h == i or not 0 <= h < len(self.tokens) else h

    def children(self, i: int, *rels: str) -> list[int]:
        """Children of ``i`` (with one of the internal labels ``rels`` if given)."""
        return [k for k in self.kids[i] if not rels or self.rels[k] in rels]

    def lemma(self, i: int) -> str:
        """Lower-case lemma of token ``i``."""
        return lemma_of(self.tokens[i])

    def subtree(self, i: int, skip: frozenset[str] = frozenset()) -> set[int]:
        """``i`` and its descendants, not entering children whose label is in ``skip``."""
        out, todo = {i}, [i]
        while todo:
            for k in self.kids[todo.pop()]:
                if k not in out and self.rels[k] not in skip:
                    out.add(k)
                    todo.append(k)
        return out

    def conjuncts(self, i: int) -> list[int]:
        """``i`` and every token coordinated below it (spaCy chains and UD stars alike).

        Only a real coordination counts: the group needs a conjunction ("and", "or") and
        members inside brackets of their own ("X (born 1965, Kingston)") are left out.
        """
        out, todo, pieces = [i], [i], set()
        while todo:
            j = todo.pop()
            for k in self.children(j, "conj", "appos"):
                if self.rels[k] == "appos" and not self._list_item(j, k):
                    continue  # an apposition, unless a list goes on from it: "a, b and c"
                if self.or_apposition(k):
                    continue  # another name of the same thing, not a second member
                if self.hyphen_piece(k):
                    if k not in pieces:  # "multi - instrumentalist" parsed as three conjuncts:
                        pieces.add(k)  # one word; what hangs on a piece is still walked
                        todo.append(k)
                    continue
                if k not in out and self.bracket_depth(k) == self.bracket_depth(i):
                    out.append(k)
                    todo.append(k)
        if len(out) > 1 and not any(self.children(k, "cc") for k in out):
            return [i]
        return sorted(out)

    def _list_item(self, j: int, k: int) -> bool:
        """True if "appos" ``k`` is the next item of a list after ``j`` ("a singer, a drummer and"),
        also where the parse hung the rest on ``j``: common nouns, then "and" and a conjunct of
        ``j`` ("an outdoorsman, [cyclist]appos, and [explorer]conj of outdoorsman")."""
        if not self.children(k, "conj", "cc"):
            after = [c for c in self.children(j, "conj") if c > k]
            nouns = all(
                self.tokens[m].upos == "NOUN" and self.tokens[m].text.islower() for m in (j, k)
            )
            if not (nouns and after and any(k < c < after[0] for c in self.children(j, "cc"))):
                return False
        first = min(self.subtree(k, frozenset({"conj", "cc", "punct"})))
        before = self.subtree(j) - self.subtree(k)
        end = max(self.subtree(k)) + 1
        names = {self.tokens[j].upos, self.tokens[k].upos} == {"PROPN"}
        if names and end < len(self) and self.tokens[end].text == ",":
            return False  # "Togoland, officially A and later B, was": names set off
        return first >= 2 and self.tokens[first - 1].text == "," and first - 2 in before

    def or_apposition(self, k: int) -> bool:
        """ "The groundhog, or woodchuck, is ...": conjunct ``k`` is a second name set off by
        ", or ... ," (no determiner, no conjunction of its own)."""
        if self.rels[k] != "conj" or self.children(k, "det", "cc", "conj"):
            return False
        span = self.subtree(k)
        lo, hi = min(span), max(span)
        toks = self.tokens
        return (
            lo >= 2
            and hi + 1 < len(toks)
            and toks[lo - 1].text.lower() == "or"
            and toks[lo - 2].text == ","
            and toks[hi + 1].text == ","
        )

    def alternatives(self, i: int) -> bool:
        """The phrase of ``i`` offers alternatives: "either a buffer or a stream", "a planet or
        a star" (each member after "or" / "nor" with an article of its own, or "either" on a
        noun). A statement that something is one of several things states none of them,
        unless each is one of the same kind ("either a short hex string or a long hex
        string"). "A tarn is a mountain lake or pool" joins near-synonyms (no article of its
        own): each holds. What follows a member named as not the case is ruled out, not
        offered ("a formatter, not a linter or a checker")."""
        members = [m for m in self.offered(self.conjuncts(i)) if self.tokens[m].upos in NOUNS]
        either = any(
            self.lemma(k) in ("either", "neither") for m in members for k in self.children(m, "cc")
        )
        ors = any(self.lemma(c) in ("or", "nor") for m in members for c in self.children(m, "cc"))
        own = all(self.determiner(m) for m in members[1:])
        offered = either or (len(members) > 1 and ors and own)
        return offered and (len(members) == 1 or len({self.lemma(m) for m in members}) > 1)

    def content_clause(self, *heads: int) -> bool:
        """One of ``heads`` has a clause of its own introduced by "that", "whether" or "if" (a
        mark, not a relative pronoun): "It is a pity that clutter is produced" (the "it" stands
        for that clause, not for a thing)."""
        for h in heads:
            for c in self.children(h, "acl", "ccomp"):
                marks = [k for k in self.children(c, "mark") if self.lemma(k) in _COMPLEMENTIZERS]
                if marks and self.children(c, "subj", "subjpass"):
                    return True
        return False

    def offered(self, members: list[int]) -> list[int]:
        """``members`` up to the first one named as not the case: "a formatter, not a linter
        or a checker" offers the formatter only."""
        cut = next((n for n, m in enumerate(members) if n and self.replaced(m)), len(members))
        return members[:cut]

    def replaced(self, k: int) -> bool:
        """Conjunct ``k`` is named as what is not the case: "a dictionary instead of a string",
        "a list rather than a tuple", "a module, not a package"."""
        lo = min(self.subtree(k))
        before = tuple(t.text.lower() for t in self.tokens[max(0, lo - 2) : lo])
        return before in _REPLACING or self.negated(k)

    def quoted(self, i: int) -> bool:
        """The phrase of ``i`` opens with a quotation mark: a quoted literal ("'owlrl'")."""
        lo = min(self.subtree(i, frozenset({"acl", "conj", "cc", "appos"})))
        return lo > 0 and self.tokens[lo - 1].text in QUOTES

    def enumerated(self, cop: int, n: int) -> bool:
        """ "Supported services are: azure, gs", "The audience is (a) folks who ..., (b) ...": a
        colon or an enumeration mark between the copula and the predicate introduces members,
        not a class."""
        between = [t.text for t in self.tokens[min(cop, n) + 1 : max(cop, n)]]
        marks = any(
            a == "(" and len(b) == 1 and b.isalnum() and c == ")"
            for a, b, c in zip(between, between[1:], between[2:], strict=False)
        )
        return ":" in between or marks

    def modifies_later(self, n: int) -> bool:
        """Whether the phrase of ``n`` runs on past it: the next word is lower case and hangs on
        a later word or is glued to a hyphen ("an AWK built-in", "a Washington, D.C. based
        firm"), so ``n`` is a modifier, not the head."""
        if n + 1 >= len(self):
            return False
        nxt = self.tokens[n + 1]
        if not (nxt.text.isalpha() and nxt.text.islower()):
            return False
        later = (h := self.head(n + 1)) is not None and h > n + 1
        return later or self.hyphen_piece(n + 1)

    def joining_hyphen(self, k: int) -> bool:
        """Token ``k`` is a hyphen inside a word ("Nineteen Eighty-Four")."""
        toks = self.tokens
        return toks[k].text in HYPHENS and k > 0 and not toks[k - 1].ws and not toks[k].ws

    def after_hyphen(self, k: int) -> bool:
        """Token ``k`` follows a hyphen glued to it: the second half of a word ("racial" of
        "multi-racial", "Presidents" of "co-Presidents")."""
        prev = self.tokens[k - 1] if k > 0 else None
        return prev is not None and prev.text in HYPHENS and not prev.ws

    def hyphen_piece(self, k: int) -> bool:
        """Whether token ``k`` is a hyphen inside a word or a lower-case piece before one
        ("multi" and "-" of "multi-instrumentalist"): no word of its own (a name's piece, "Bo"
        of "Yoon Bo-mi", may head the name)."""
        toks = self.tokens
        glued = k + 1 < len(toks) and toks[k + 1].text in HYPHENS and not toks[k].ws
        return (glued and toks[k].text.islower()) or self.joining_hyphen(k)

    def broken_list(self, items: list[int]) -> bool:
        """A coordination whose conjunction is not before its last member ("a preparatory, day
        and boarding, school"): the parser joined modifiers and the noun as one list."""
        ccs = [c for k in items for c in self.children(k, "cc")]
        if len(items) < 2 or not ccs:
            return False
        return sum(1 for k in items if k > max(ccs)) > 1

    def modifier_negated(self, n: int) -> bool:
        """A modifier of ``n`` is negated: "not hidden import", "no longer used format"."""
        return any(self.negated(k) for k in self.children(n, "amod", "compound"))

    def bracket_depth(self, i: int) -> int:
        """How many brackets are open before token ``i``."""
        # a bracket may share its token with what the tokenizer left beside it: "Ii (; ) is"
        opened = sum(t.text.count("(") + t.text.count("[") for t in self.tokens[:i])
        closed = sum(t.text.count(")") + t.text.count("]") for t in self.tokens[:i])
        return max(opened - closed, 0)

    def first_conjunct(self, i: int) -> int:
        """The first member of the coordination that ``i`` belongs to (through an item the
        parse made an apposition: "a singer, [drummer]appos and [poet]conj")."""
        seen = {i}
        while (h := self.head(i)) is not None and h not in seen:
            if self.rels[i] != "conj" and not (self.rels[i] == "appos" and self._list_item(h, i)):
                break
            seen.add(h)
            i = h
        return i

    def pps(self, i: int) -> list[tuple[str, int]]:
        """Prepositional dependents of ``i`` as ``(preposition, object)``, e.g. ``("such as", 3)``."""
        out: list[tuple[str, int]] = []
        for k in self.kids[i]:
            rel = self.rels[k]
            if rel == "prep":  # spaCy: head -prep-> P -pobj-> object
                words = [m for m in self.kids[k] if m < k and self.rels[m] in ("amod", "advmod")]
                words = [m for m in words if self.lemma(m) == "such"] + [k]
                prep = " ".join(self.tokens[m].text.lower() for m in words)
                out.extend((prep, o) for o in self.children(k, "pobj"))
            elif rel in ("obl", "nmod", "npmod"):  # UD: head -obl|nmod-> object -case-> P
                cases = self.children(k, "case")
                if not cases:
                    continue
                words = sorted(set(cases) | {f for c in cases for f in self.children(c, "fixed")})
                out.append((" ".join(self.tokens[m].text.lower() for m in words), k))
        return out

    def pp_objects(self, i: int, *preps: str) -> list[int]:
        """Objects of the prepositional dependents of ``i`` introduced by one of ``preps``."""
        return [o for p, o in self.pps(i) if p in preps]

    def copulas(
        self, shared: Callable[[DepView, int], list[int]] | None = None
    ) -> Iterator[tuple[int, int, int]]:
        """``(subject, predicate noun, copula)`` of every "X is (a) Y" clause; ``shared`` gives
        the subject of a copula without one of its own (``shared.stated_subject``)."""
        for i, tok in enumerate(self.tokens):
            subjects = self.children(i, "subj") or (shared(self, i) if shared else [])
            if not subjects:
                continue
            cops = self.children(i, "cop")
            if cops and not self.children(i, "case"):  # UD: the noun heads the clause
                yield subjects[0], i, cops[0]
            elif self.lemma(i) == "be" and tok.upos in ("AUX", "VERB"):  # spaCy: "be" heads it
                # one predicate per copula: an "attr" after a comma is a phrase the parser hung
                # on "be" ("X is a member of Y, an organization which ..."); attrs in one run
                # are the pieces of a hyphenated noun ("a mini - album")
                run = self.children(i, "attr")[:1]
                for a in self.children(i, "attr")[1:]:
                    if a == run[-1] + 1:
                        run.append(a)
                for attr in run[-1:]:
                    yield subjects[0], attr, i
                for comp in self.children(i, "acomp"):
                    # small-model slip: "are [flightless]acomp [birds]dobj" for "flightless birds"
                    nxt = comp + 1
                    if nxt in self.children(comp, "obj") and self.tokens[nxt].upos == "NOUN":
                        yield subjects[0], nxt, i

    def negated(self, *idx: int) -> bool:
        """True if one of the tokens ``idx`` has a negating dependent ("not", "never", "no")."""
        for i in idx:
            for k in self.kids[i]:
                if self.rels[k] == "neg" or (
                    self.rels[k] in ("det", "advmod", "cc") and self.lemma(k) in NEGATIONS
                ):
                    return True
        return False

    def place_name(self, k: int) -> bool:
        """Name ``k`` names a country, a state, a city (GPE) or a region without "the" ("South
        East Asia"; "the Nile", "the Aegean Sea" are water, "the Satluj" a river)."""
        ent = self.tokens[k].ent_type
        return ent == "GPE" or (ent == "LOC" and self.determiner(k) != "the")

    def no_antecedent(self, rel: int, noun: int, clause: int) -> bool:
        """The relative word ``rel`` of ``clause`` cannot stand for ``noun``, where the parse
        hung the clause: a date ("on 31 March 2013, which ..."); for "who" a place something is
        in, at, near or from ("born in New York City, who ..."; a name the tagger took for a
        place can); for a singular verb a plural common noun, no list and not "species"
        ("collectors in every country ..., which includes A and B" is about the country)."""
        tok, h = self.tokens[noun], self.head(noun)
        placed = h is not None and self.rels[noun] == "pobj" and self.lemma(h) in _LOCATING
        where = tok.ent_type in ("GPE", "LOC", "FAC") and self.lemma(rel) == "who"
        if tok.ent_type == "DATE" or (where and placed):
            return True
        plural = tok.tag == "NNS" and self.lemma(noun) != tok.text.lower()  # not "species"
        return plural and not self.children(noun, "conj") and self.singular_verb(clause)

    def numbered(self, i: int) -> bool:
        """Singular noun ``i`` and then digits picking one of its class ("area code 575")."""
        k = i + 1
        if k >= len(self) or self.head(k) != i or self.is_plural(i) or self.kids[k]:
            return False  # "grades 7 through 12": a range
        return self.tokens[i].upos == "NOUN" and self.tokens[k].text.isdigit()

    def is_plural(self, i: int) -> bool:
        """Plural noun by morphology or Penn tag."""
        tok = self.tokens[i]
        return "Number=Plur" in tok.feats or tok.tag in ("NNS", "NNPS")

    def initial_plural(self, i: int) -> bool:
        """ "Bananas, which are berries, grow ...": a sentence-initial plural subject that the
        tagger took for a name (a plural verb agrees with it)."""
        v, tok = self, self.tokens[i]
        text = tok.text.lower()
        if i != 0 or tok.upos != "PROPN" or not text.endswith("s") or text.endswith("ss"):
            return False
        if len(v) > 1 and v.tokens[1].text == "(":
            return False  # "Pliers (born Everton Bonner) is ...": a name with its particulars
        h = v.head(i)
        if h is None or v.rels[i] != "subj" or v.children(i, "compound", "flat"):
            return False
        verbs = [h, *v.children(h, "aux", "cop")]
        bare = v.tokens[h].tag == "VB" and len(verbs) == 1
        return bare or any(plural_verb_form(v.tokens[k]) for k in verbs)

    def singular_name(self, i: int) -> bool:
        """ "Requests is an HTTP library": a capitalised subject in -s with a singular verb is a
        name, not a plural (the reverse of ``initial_plural``)."""
        v, text = self, self.tokens[i].text
        if not text[:1].isupper() or not text.endswith("s") or v.rels[i] != "subj":
            return False
        h = v.head(i)
        return h is not None and v.singular_verb(h)

    def counted_plural(self, idx: list[int]) -> bool:
        """A capitalised plural head counted by a number outside the phrase ("one of the 30
        Residence Halls"; the tagger takes "Halls" for a name as often): the class, in the
        singular, not a name. A year counts nothing ("the 1904 Summer Olympics"), nor does a
        number with a unit ("3.4Ghz i7-4770 Windows")."""
        tok = self.tokens[idx[-1]]
        if tok.tag not in ("NNPS", "NNP") or not tok.text.endswith("s") or tok.text.endswith("ss"):
            return False
        counts = [self.tokens[k] for k in self.children(idx[-1], "nummod") if k not in idx]
        return any(
            (t.text.isdigit() or t.text.isalpha())
            and t.text.lower() not in ("1", "one")
            and t.ent_type != "DATE"
            and not (len(t.text) == 4 and t.text.isdigit())
            for t in counts
        )

    def singular_verb(self, clause: int) -> bool:
        """The finite verb of ``clause`` (or its copula/auxiliary) is third person singular."""
        for k in [clause, *self.children(clause, "cop", "aux", "auxpass")]:
            feats = set(self.tokens[k].feats.split("|"))
            if singular_verb_form(self.tokens[k]) or {"Number=Sing", "VerbForm=Fin"} <= feats:
                return True
        return False

    def is_past(self, i: int) -> bool:
        """Past-tense finite verb or auxiliary."""
        tok = self.tokens[i]
        return tok.tag == "VBD" or ("Tense=Past" in tok.feats and "VerbForm=Part" not in tok.feats)

    def is_participle(self, i: int) -> bool:
        """Past participle ("known", "made")."""
        tok = self.tokens[i]
        return tok.tag == "VBN" or ("VerbForm=Part" in tok.feats and "Tense=Past" in tok.feats)

    def is_passive(self, i: int) -> bool:
        """Passive verb: passive subject or auxiliary, or a reduced relative past participle."""
        if self.children(i, "subjpass", "auxpass"):
            return True
        return self.rels[i] == "acl" and self.is_participle(i)

    def determiner(self, i: int) -> str:
        """Lower-case determiner (or possessive marker ``"poss"``) of noun ``i``, ``""`` if none."""
        for k in self.kids[i]:
            if self.rels[k] == "poss":
                return "poss"
            if self.rels[k] == "det" and k < i:
                return self.lemma(k)
        return ""
