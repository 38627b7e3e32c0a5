"""What the predicate noun of a copula says about its subjects (a mixin over
``becoming.BecomingRules``, used by the copula rules of ``extractor`` and the title rules): a class
("a film director"), a ranked member ("the largest city", "the debut EP by"), a kind ("a type
of"), a part ("part of"), a member ("one of the Bs", "a member of"), an alias ("another name for
X"), or nothing (a relation: "the capital of France", "a friend of Bob"; a judgement or a
measure: "a total disaster", "a short walk").
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.adjectives import ranked, sorted_collection, sorted_relational
from lgm_rdf.learn.patterns.agents import agent_noun
from lgm_rdf.learn.patterns.args import Arg, is_year
from lgm_rdf.learn.patterns.becoming import BecomingRules
from lgm_rdf.learn.patterns.offices import office_of
from lgm_rdf.learn.patterns.opening import opening_title_word
from lgm_rdf.learn.patterns.titles import MENTION_NOUNS
from lgm_rdf.learn.patterns.words import (
    ABSTRACT_SUBJECTS,
    AMOUNT_NOUNS,
    COLLECTIVE_NOUNS,
    COUNT_WORDS,
    DIVISION_NOUNS,
    EVALUATIVE_NOUNS,
    MEASURE_NOUNS,
    ORDINAL_WORDS,
    PARTITIVES,
    PERIOD_NOUNS,
    PLACE_CLASS_NOUNS,
    PORTION_NOUNS,
    POSTPOSITIVE_ADJECTIVES,
    PROPERTY_OF_NOUNS,
    QUANTITY_NOUNS,
    RELATIONAL_NOUNS,
    ROLE_SUFFIXES,
    SERIAL_PARTS,
    VERBAL_NOUN_SUFFIXES,
    WORK_WHOLES,
    relational_noun,
)
from lgm_rdf.nlp.coref.lexicon import PERSON_NOUNS
from lgm_rdf.nlp.wordlists import HYPHENS, NAME_NOUNS, PART_NOUNS, TYPE_NOUNS, VACUOUS, words

# "the only NFL team", "the sole survivor": like a superlative, one member of the class
SOLE = frozenset({"only", "sole"})


# a piece of a whole: an organisation's part for one job ("the publishing arm of X"), an inlet
# ("an arm of the Southern Ocean"), an end ("the northern tip of X"); "of" a name: a part
_PIECE_NOUNS = frozenset({"arm", "wing", "branch", "tip", "unit", "extremity"})
# agent nouns of making, selling or handling goods, whose "of" a bare plural names the goods and
# sorts the business ("a manufacturer of cars", "a publisher of role-playing games"); other
# agent nouns relate ("a supporter of reforms", "a recipient of awards", "a speaker of languages")
_TRADE_AGENTS = frozenset(
    {"manufacturer", "maker", "producer", "supplier", "distributor", "publisher", "developer"}
    | {"exporter", "importer", "retailer", "wholesaler", "operator", "provider", "seller"}
    | {"vendor", "builder", "designer", "breeder", "grower", "dealer", "trader", "processor"}
    | {"refiner", "brewer", "distiller", "printer", "fabricator", "assembler", "packager"}
)
# nouns that name no class of things on their own: amounts, judgements, names, vacuous words
_NO_PLAIN_CLASS = (
    QUANTITY_NOUNS
    | PARTITIVES
    | MEASURE_NOUNS
    | AMOUNT_NOUNS
    | EVALUATIVE_NOUNS
    | VACUOUS
    | NAME_NOUNS
)


# bodies made of their members, "of" a bare plural: "a congregation of secular priests", "an
# association of colleges" (not "a union of romance and horror", "a union of the crowns")
_BODY_NOUNS = words(
    "congregation federation confederation association alliance league coalition consortium union"
)
# parts a work is "on" as well as "of": "the second track on the album"
_SUNG_OR_SHOWN = frozenset({"song", "track", "single", "episode"})
# quantifiers that open a new subject after "and" ("and most people ...")
_OPENING_QUANTIFIERS = frozenset({"most", "many", "some", "all", "several", "few"})


class PredicateRules(BecomingRules):
    """The predicate noun of "X is (a) N" and what it makes of X."""

    def _predicate(
        self, children: list[Arg], n: int, confidence: float, cop: int | None = None
    ) -> None:
        """Relations stated by the predicate noun ``n`` of ``children`` (``cop``: "is", "are")."""
        v, b = self.v, self.b
        host, n = n, self._postpositive(n)
        lemma, of = v.lemma(n), v.pp_objects(n, "of")
        if v.tokens[n].upos == "NUM" and COUNT_WORDS.get(len(children)) == lemma:
            lemma = "one"  # "Lunia and Tarrow were two of the colonies": each is one of them
        elif cop is not None and v.among_the(n):
            lemma, of = "one", [n]  # "X was among the rulers": one of them
        if lemma in PART_NOUNS and lemma != "part":  # "Flour is an ingredient in bread"
            of += v.pp_objects(n, "in")
        if lemma in NAME_NOUNS:  # "X is an acronym for Y", "X is another name for Y"
            language = any(
                v.tokens[m].text[:1].isupper() for m in v.children(n, "amod", "compound")
            )
            for t in v.pp_objects(n, "for", "of"):
                if language and v.tokens[t].text.islower():
                    continue  # "Tybee is the Euchee word for salt": a translation, no alias
                if v.determiner(t) not in ("a", "an"):
                    self.rule = "name-for"
                    self._emit_all("alias", children, b.args([t], "whole"), 0.9)
            return
        # "the state's largest city", "her third album"; not "a children's author" (a kind)
        owned = any(v.determiner(p) not in ("a", "an") for p in v.children(host, "poss"))
        sole = any(v.lemma(k) in SOLE for k in v.children(n, "amod", "advmod"))
        if (owned or sole) and lemma in RELATIONAL_NOUNS:
            return  # "his second wife", "the club's biggest rival": a relation, no class
        if sole and v.pp_objects(n, "to", "for"):
            return  # "the only alternative to C++", "the sole heir to the throne"
        # "the capital and largest city of Azerbaijan": a conjunct shares the first one's "the"
        the = v.determiner(host) or (
            v.determiner(v.first_conjunct(host)) if v.rels[host] == "conj" else ""
        )
        if (the == "the" or owned) and (sole or ranked(v, n)):
            # "Paraguay is the smallest landlocked country", "X is the first album by Y",
            # "Sorin Hall is the oldest of the residence halls": a named member of a class
            counted = [o for o in of if v.is_plural(o) or v.counted_plural([o])]
            kind = counted if v.tokens[n].upos == "ADJ" else [n]
            # "the seventh President of Israel": the office alone is the class
            office = office_of(v, n) if host == n else None
            self.rule = "office-of" if office else "superlative"
            titled = [replace(c, is_name=True) for c in children if opening_title_word(v, c, n)]
            for child in titled or [c for c in children if c.is_name]:
                for t in kind:
                    found = office or b.parent(t, child, restricted=True)
                    self._emit("inheritance", child, found, 0.85)
            self._part_of_work(children, n)
            return
        gathered = [o for o in of if v.is_plural(o) or len(v.conjuncts(o)) > 1]
        members = lemma in _BODY_NOUNS and all(self._bare_plural(o) for o in of)
        collective = lemma in COLLECTIVE_NOUNS or members
        if collective and gathered and self._article(host) in ("a", "an"):
            self._collected(children, gathered)  # "X is a series of rounded peaks": its parts
        part = lemma in PART_NOUNS | PORTION_NOUNS  # "a portion of Antarctica": a part
        part = part or (lemma in _PIECE_NOUNS and any(b.proper(o) for o in of))
        special = lemma in TYPE_NOUNS or part or lemma in ("one", "member")
        if self._definite_class(n, host, of):
            # "The Church of England is the officially established religious institution in
            # England": the one thing a name names is still of its class
            rule, self.rule = self.rule, "definite-class"
            for child in (c for c in children if c.is_name):
                self._emit("inheritance", child, b.parent(n, child, restricted=True), 0.75)
            self.rule = rule
        if of and not special and self._locative_of(n, of) and lemma in DIVISION_NOUNS:
            self._divided(children, of)  # "a civil township of Arenac County": a part of it
        if (
            of
            and not special
            and (self._kind_of(n) or self._locative_of(n, of) or self._restrictive_of(n, of))
        ):
            # "an island of Indonesia" locates, "a sprinter of Jamaican descent" narrows, "a
            # governor of the island" holds an office: each is still a member of the class
            of = []
        if of:
            # "part of a realm and most people born there are ...": a quantified conjunct
            # opens the next clause's subject
            targets = [
                self._postpositive(c)  # "a species of [butterfly] endemic to X"
                for o in of
                for c in v.conjuncts(o)
                if c == o or not any(v.lemma(q) in _OPENING_QUANTIFIERS for q in v.kids[c])
            ]
            for child in children:
                for t in targets:
                    if lemma in TYPE_NOUNS or (lemma == "one" and v.is_plural(t)):
                        # "Tennis is a kind of racket sport": the kind is named in full
                        as_kind = replace(child, is_name=child.is_name and lemma == "one")
                        found = b.parent(t, as_kind, restricted=lemma == "one")
                        if lemma in TYPE_NOUNS:
                            found = self._described_kind(t, found)
                        self.rule = "one-of" if lemma == "one" else "type-of"
                        self._emit("inheritance", child, found, 0.95)
                    elif part:
                        self.rule = "part-of"
                        self._emit("composition", b.whole(t), child, 0.9)
                    elif lemma == "member":
                        self.rule = "member-of"
                        self._emit("inheritance", child, b.group(t), 0.85)
            return
        titled_class = b.titled_class(n, host)  # "a National Historic Landmark"
        if not b.nounish(n) or (b.proper(n) and not titled_class) or part:
            return
        children = [c for c in children if c.is_name] if titled_class else children
        if lemma in EVALUATIVE_NOUNS | MEASURE_NOUNS:
            return  # "The phone is a total disaster", "The museum is a short walk away"
        if lemma in RELATIONAL_NOUNS and v.pp_objects(n, "for", "to", "around"):
            return  # "a replacement for spaCy Projects", "a successor to X": what it is to X
        # "Life is a journey": an abstract subject makes a plain copula a metaphor
        children = [c for c in children if c.key not in ABSTRACT_SUBJECTS]
        if v.tokens[n].text.lower().endswith(ROLE_SUFFIXES) and v.pp_objects(n, "in", "among"):
            # "The company is a leader in solar energy": a role a common noun plays somewhere
            children = [c for c in children if c.is_name]
        numbers = [v.tokens[k].text for k in v.children(host, "nummod")]
        if any(not is_year(t) and t == t.lower() for t in numbers):
            return  # "The time to beat is 11 hours": a quantity ("a 2006 film", "a K-12 school")
        det = self._article(host)
        if not det and any(is_year(t) for t in numbers) and all(c.is_name for c in children):
            det = "a"  # "X is 2006 American comedy film": headline style drops the article
        if not det and v.rels[host] == "appos" and (h := v.head(host)) is not None:
            det = v.determiner(h)  # the article of a phrase that ran on ("a download ... album")
        if not det and v.rels[n] == "conj":  # "a physicist and chemist": the article is shared
            det, k = self._article(v.first_conjunct(n)), n
            while not det and v.rels[k] == "conj" and (h := v.head(k)) is not None:
                det, k = self._article(h), h  # "an actor, [comedian] and [writer]", set off
        plural = v.is_plural(n) or (
            cop is not None and v.tokens[cop].text.lower() in ("are", "were")
        )
        if any(k == n + 1 and not v.kids[k] for k in v.children(n, "amod")):
            return  # "a nervous [system] [stimulant]amod": a broken noun phrase
        if det in ("a", "an", "another") or (not det and plural):
            for child in children:
                found = b.parent(n, child, restricted=True)
                self._emit("inheritance", child, found, confidence)
            self._part_of_work(children, n)

    def _part_of_work(self, children: list[Arg], n: int) -> None:
        """'"Pilot" is the first episode of the series "Lost"', '"Yesterday" is a song from
        the album "Help!"': a numbered part of a named work is a part of it."""
        if self.v.lemma(n) not in SERIAL_PARTS:
            return
        rule, self.rule = self.rule, "part-of-work"
        named = [c for c in children if c.is_name]
        self._emit_all("composition", self._named_works(n), named, 0.8)
        self.rule = rule

    def _named_works(self, n: int) -> list[Arg]:
        """The named work a part ``n`` is "of", "from" or "in" ("on" for a song or an episode:
        a book "on" a series is about it): a quoted title or a name taken for a work ("of
        "Lost""), a quoted title after a work noun ('of the series "Lost"', 'of the series,
        "Lost"'), or a work noun a work's name modifies ("in the Harry Potter series"); none for
        a common noun alone ("of the season"), another name ("a film from Paramount
        Pictures", "the Netflix series", "the Johnny Cash album"), or alternatives ('from the
        album "A" or the album "B"')."""
        v, b = self.v, self.b
        preps = ("of", "from", "in", "on") if v.lemma(n) in _SUNG_OR_SHOWN else ("of", "from", "in")
        found: list[Arg] = []
        for o in v.pp_objects(n, *preps):
            if v.alternatives(o) or any(v.lemma(k) in ("or", "nor") for k in v.subtree(o)):
                continue  # 'from the album "Help!" or the album "Rubber Soul"'
            if b.proper(o):
                if v.quoted(o) or v.tokens[o].ent_type == "WORK_OF_ART":
                    found += [a for a in b.args([o], "name") if a.is_name]
                continue  # "a film from Paramount Pictures": where it comes from, no whole
            if v.lemma(o) not in WORK_WHOLES:
                continue
            if (quote := self._quote_after(o)) is not None:
                titles = self._named_items(quote)
                after = max(titles[0]) + 2 if titles else len(v)
                if after < len(v) and v.lemma(after) in ("or", "nor"):
                    continue  # '... "Help!" or the album "Rubber Soul"': alternatives
                found += [a for a in map(self._title_arg, titles[:1]) if a is not None]
            elif names := [
                m
                for m in v.children(o, "compound")
                if b.proper(m) and v.tokens[m].ent_type == "WORK_OF_ART"
            ]:
                start = min(min(v.subtree(m)) for m in names)  # "Harry Potter", not "Potter"
                if (whole := b.from_tokens(list(range(start, o + 1)))) is not None:
                    found.append(replace(whole, is_name=True))
        return found

    def _quote_after(self, o: int) -> int | None:
        """The opening quotation mark right after noun ``o``, or after a comma after it."""
        toks = self.v.tokens
        k = o + 2 if o + 1 < len(toks) and toks[o + 1].text == "," else o + 1
        return k if k < len(toks) and toks[k].text in ('"', "“") else None

    def _collected(self, wholes: list[Arg], of: list[int]) -> None:
        """ "The Christmas Mountains are a series of rounded peaks", "X is a combination of A
        and B": the things a collective noun gathers ("of" a plural or a list) are parts of each
        named whole (a class noun is left out: "Mammals are a group of vertebrates" sorts them,
        and "The album is a compilation of songs" speaks of one album)."""
        named = [w for w in wholes if w.is_name]
        rule, self.rule = self.rule, "collection-of"
        for o in of:
            self._emit_all("composition", named, self.b.expand(o, "part"), 0.8)
        self.rule = rule

    def _divided(self, children: list[Arg], of: list[int]) -> None:
        """Named ``children`` are parts of the named places ``of`` they are a division of."""
        rule, self.rule = self.rule, "division-of"
        for o in of:
            for child in (c for c in children if c.is_name):
                self._emit("composition", self.b.whole(o), child, 0.8)
        self.rule = rule

    def _definite_class(self, n: int, host: int, of: list[int]) -> bool:
        """ "the biannual youth championship tournament for under-20 teams", "the regional
        partnership that directs ...": a definite predicate that is a plain class noun (as
        ``_plain_class`` tells) with no owner. Not what one thing is of another ("the capital of
        France", "the mayor of Paris", "the father of X"), not one picked out of its context
        ("the same"), and not a place named by its "of" ("the island of Antillia")."""
        v, lemma = self.v, self.v.lemma(n)
        if v.determiner(host) != "the" or v.children(host, "poss") or lemma in PERSON_NOUNS:
            return False
        if agent_noun(v.tokens[n].text) or lemma in ORDINAL_WORDS:
            return False  # "Smith was the organizer": a role in some event
        if lemma.endswith("ment") and not v.children(n, "amod", "compound"):
            return False  # "the moment that", "the entertainment at": a role in the context
            # ("the annual tournament" names a kind)
        if v.pp_objects(n, "to", "for", "between") or lemma in MENTION_NOUNS:
            return False  # "the gateway for immigrants", "the step between A and B", "the title"
        if of and lemma in _PIECE_NOUNS:
            return False  # "the publishing arm of the Synod": a part of it
        if not self._plain_class(n, bool(of)) or self.b.selected(n) or v.is_plural(n):
            return False
        return not (lemma in PLACE_CLASS_NOUNS and any(self.b.proper(o) for o in of))

    def _plain_class(self, n: int, of: bool = True) -> bool:
        """A lower-case noun that names a class of things on its own: not relational ("a friend
        of Bob"; but "the county seat of X", ``adjectives.sorted_relational``), not an amount ("a
        number of"), not a judgement or a name noun ("a waste of", "the name of"), and (``of``:
        with an "of") not made from a verb whose "of" is its object ("a promoter of direct
        action", "a generalisation of Y"; "an institution" is a class)."""
        v, lemma = self.v, self.v.lemma(n)
        if v.tokens[n].upos != "NOUN" or not v.tokens[n].text.islower():
            return False
        if relational_noun(lemma) and not sorted_relational(self.v, n):
            return False
        if lemma in _NO_PLAIN_CLASS and not sorted_collection(v, n):
            return False  # "a number of", "a series of crises" (but "the championship series")
        verbal = lemma.endswith(VERBAL_NOUN_SUFFIXES) or agent_noun(v.tokens[n].text)
        return not (of and verbal)

    def _kind_of(self, n: int) -> bool:
        """ "a governor of the island", "a watercourse of the Murray catchment": a person's
        office or occupation (not a relation: "a friend of Bob"), or a plain class noun after
        "a" (``_plain_class``), stays the class whatever its "of" says."""
        lemma = self.v.lemma(n)
        if lemma in PERSON_NOUNS and not relational_noun(lemma):
            return True
        return self._article(n) in ("a", "an") and self._plain_class(n)

    def _restrictive_of(self, n: int, of: list[int]) -> bool:
        """ "a system of architecture", "a sprinter of Jamaican descent", "a professor of
        history", "a manufacturer of cars": "of" a bare common noun narrows the class instead of
        relating its subject to something (a relational noun still relates: "a source of
        vitamins", "a fan of jazz"; so does an agent noun, but for a trade noun "of" the goods
        it makes or handles, ``_TRADE_AGENTS``: "a promoter of direct action")."""
        v = self.v
        if v.lemma(n) in RELATIONAL_NOUNS | QUANTITY_NOUNS | PARTITIVES:
            return False
        agent = agent_noun(v.tokens[n].text)
        if of and all(v.lemma(o) in PERIOD_NOUNS and not v.children(o, "poss") for o in of):
            return True
        for o in of:
            tok = v.tokens[o]
            if tok.upos != "NOUN" or not tok.text.islower() or v.determiner(o):
                return False
            trade = v.lemma(n) in _TRADE_AGENTS and all(
                self._bare_plural(c) for c in v.conjuncts(o)
            )
            if (v.conjuncts(o) != [o] and not trade) or v.children(o, "nummod", "poss"):
                return False  # "of games and poetry collections" after a trade noun is the goods
            named = any(self.b.proper(m) or v.quoted(m) for m in v.children(o, "compound", "nmod"))
            if named and v.lemma(o) not in PROPERTY_OF_NOUNS:
                return False  # 'an editor of "Skeptical Inquirer" magazine': a named thing
                # ("of Mountain Jew origin" still narrows)
            if agent and v.lemma(o) not in PROPERTY_OF_NOUNS and not trade:
                return False  # "a promoter of direct action", "a supporter of reforms": relate
        return True

    def _bare_plural(self, o: int) -> bool:
        """A lower-case plural common noun with no determiner ("cars", "medical devices")."""
        tok = self.v.tokens[o]
        plain = tok.upos == "NOUN" and tok.text.islower() and not self.v.determiner(o)
        return plain and self.v.is_plural(o)

    def _locative_of(self, n: int, of: list[int]) -> bool:
        """ "a mountain of the Alps", "a satellite of the Earth": "of" a name, no relational noun.

        A relational ("a friend of Bob", "a member of the EU") or agentive noun ("a founder of
        Apple", "a resident of Paris") says how its subject relates to the name instead.
        """
        v = self.v
        if v.lemma(n) in RELATIONAL_NOUNS or agent_noun(v.tokens[n].text):
            return False
        return all(self.b.proper(o) and v.determiner(o) in ("", "the") for o in of)

    def _article(self, n: int) -> str:
        """The determiner of noun ``n`` (``determiner``), "a" also where the parse hung the
        article on a modifier ("is a former ice hockey right winger", "a children's author")."""
        det, k, toks = self.v.determiner(n), min(self.v.subtree(n)), self.v.tokens
        if det not in ("", "poss"):
            return det
        while k >= 0 and toks[k].upos in ("ADJ", "NOUN", "DET", "PART", "PUNCT"):
            if toks[k].upos == "DET":
                return "a" if toks[k].text.lower() in ("a", "an") else det
            if toks[k].upos == "PUNCT" and toks[k].text not in HYPHENS:
                return det
            k -= 1
        return det

    def _postpositive(self, n: int) -> int:
        """ "a [marsupial]amod [native]noun to Australia": the noun is the modifier."""
        v = self.v
        # its phrase ("to Australia") may be hung on the noun before it, or its "to" read as
        # an infinitive's ("a large crocodilian native [to]aux [freshwater]VERB habitats")
        phrase = v.children(n, "prep", "obl", "nmod") or (
            n + 1 < len(v) and (v.tokens[n + 1].upos == "ADP" or v.tokens[n + 1].text == "to")
        )
        if v.lemma(n) not in POSTPOSITIVE_ADJECTIVES or not phrase:
            return n
        mods = [k for k in v.children(n, "amod", "compound") if k == n - 1]
        # the article may hang on the noun itself ("a [bird]compound [endemic]attr to X")
        lower = bool(mods) and v.tokens[mods[0]].text.islower()
        if lower and all(v.rels[k] == "det" for k in v.kids[mods[0]]):
            return mods[0]
        return n
