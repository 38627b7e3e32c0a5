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

from collections.abc import Callable, Iterator

from lgm_rdf.learn.patterns.coordination import CoordinationView
from lgm_rdf.learn.patterns.labels import NEGATIONS
from lgm_rdf.learn.patterns.words import NAME_SUFFIXES
from lgm_rdf.nlp.plural import plural_verb_form, singular_verb_form

NOUNS = frozenset({"NOUN", "PROPN"})
QUOTES = frozenset({"'", '"', "`", "‘", "’", "“", "”", "``", "''"})

_COMPLEMENTIZERS = frozenset({"that", "whether", "if"})
# two-word phrases that set off what is not the case: "instead of X", "rather than X"
_REPLACING = (("instead", "of"), ("rather", "than"))

# marks that part a clause from an aside before it: "Thomson in 1904, ..., the model: X is"
_PARTING = frozenset({",", ":", ";", "—", "–"})
# prepositions that place something: "born in X", "at X", "near X", "from X"
_LOCATING = frozenset({"in", "at", "near", "from"})


class DepView(CoordinationView):
    """Label-independent access to the dependency tree of one sentence."""

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

    def modifier_negated(self, n: int) -> bool:
        """A modifier of ``n`` is negated: "not hidden import", "no longer used format"."""
        return any(self.negated(k) for k in self.children(n, "amod", "compound"))

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
        self, shared: Callable[[DepView, int], list[int]] | None = None, among: bool = False
    ) -> Iterator[tuple[int, int, int]]:
        """``(subject, predicate noun, copula)`` of every "X is (a) Y" clause; ``shared`` gives
        the subject of a copula without one of its own (``shared.stated_subject``); ``among``
        also reads "X was among the Bs" as "X was one of the Bs"."""
        for i, tok in enumerate(self.tokens):
            if not (found := self.children(i, "subj") or (shared(self, i) if shared else [])):
                continue
            subjects = [self._own_subject(found, i)]
            cops = self.children(i, "cop")
            # UD: the noun heads the clause (with "among": "X was among the rulers")
            if cops and (not self.children(i, "case") or (among and self.among_the(i))):
                yield subjects[0], i, cops[0]
            elif self.lemma(i) == "be" and tok.upos in ("AUX", "VERB"):  # spaCy: "be" heads it
                # one predicate per copula: an "attr" after a comma is a phrase hung on "be" ("X is
                # a member of Y, an organization ..."); a run of attrs is a hyphened noun
                run = self.children(i, "attr")[:1]
                for a in self.children(i, "attr")[1:]:
                    if a == run[-1] + 1:
                        run.append(a)
                for attr in run[-1:]:
                    yield subjects[0], attr, i
                if among and not run and not self.children(i, "acomp"):
                    for o in (o for o in self.pp_objects(i, "among") if self.among_the(o)):
                        yield subjects[0], o, i
                for comp in self.children(i, "acomp"):
                    # small-model slip: "are [flightless]acomp [birds]dobj" for "flightless birds"
                    nxt = comp + 1
                    if nxt in self.children(comp, "obj") and self.tokens[nxt].upos == "NOUN":
                        yield subjects[0], nxt, i

    def among_the(self, o: int) -> bool:
        """``o`` is the definite plural noun of "among the Bs" that a word or a clause of its own
        narrows ("X was among the rulers who held the valley", "among the top countries"), not
        "among the first" nor "among them"; a bare "among the hills" may only say where."""
        if self.tokens[o].upos != "NOUN" or not self.is_plural(o) or self.determiner(o) != "the":
            return False
        narrowed = ("amod", "compound", "relcl", "acl", "prep", "nmod", "nummod")
        if not self.children(o, *narrowed):
            return False
        h = self.head(o)  # spaCy: a preposition "among"; UD: a "case" child of the noun
        among = h is not None and h != o and self.lemma(h) == "among"
        return among or any(self.lemma(c) == "among" for c in self.children(o, "case"))

    def _own_subject(self, found: list[int], verb: int) -> int:
        """Of the subjects a broken parse gave ``verb``, the last before it that a comma, colon
        or dash parts from the first: the first opens an aside ("Thomson in 1904 ..., the model
        ...: electrons are particles"). Else the first: pieces of one name ("Jansson _ is",
        "SSDC, Inc. is"), a second name ("Treia Cathedral, otherwise the Church of the
        Annunciation, is") or a noun inside its phrase ("the variable returned by the [function]
        is")."""
        before = [s for s in found if s < verb]
        marks = [k for k in range(found[0], verb) if self.tokens[k].text.strip("()") in _PARTING]
        parted = [s for s in before if any(k < s for k in marks)]
        parted = [s for s in parted if self.tokens[s].text.lower() not in NAME_SUFFIXES]
        # an apposition set off before the verb is no subject of its own: "Violin Sonata No. 3,
        # Stiles 1.2.1.6 So3, is"
        parted = [s for s in parted if "," not in {t.text for t in self.tokens[s:verb]}]
        if self.tokens[found[0]].upos == "PROPN":  # two names set off: one thing's two names
            parted = [s for s in parted if self.tokens[s].upos != "PROPN"]
        return parted[-1] if parted else found[0]

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
