"""Verbs that put a named subject into a class (a mixin over ``prose.ProseRules``).

inheritance  "Paris became a city", "Machu Picchu was declared a World Heritage Site", "He
             served as a senator", "Smith worked as a journalist in Paris", "She trained as a
             lawyer", "He was hired as an assistant coach", "He began his career as a
             reporter", "The Union was created as a dominion", "Kubrick is regarded as one of
             the most influential directors", "She joined the band as a guitarist", "He was
             elected mayor" (an office held, no article), "Notre-Dame was built as a cathedral",
             "He resigned as president", "She succeeded Jones as head coach", "She rose to
             fame as a singer", "The airline operates as a low-cost carrier", "The Corvette
             was introduced as a sports car"
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg, is_year
from lgm_rdf.learn.patterns.prose import ProseRules
from lgm_rdf.learn.patterns.role_runs import role_word
from lgm_rdf.learn.patterns.words import (
    BECOMING_VERBS,
    CAREER_VERBS,
    COLLECTIVE_NOUNS,
    DECLARING_VERBS,
    FOUNDING_VERBS,
    HIRING_VERBS,
    JUDGING_VERBS,
    OFFICE_NOUNS,
    ROLE_SUFFIXES,
    SERVING_VERBS,
    relational_noun,
)
from lgm_rdf.nlp.wordlists import words

# predicates of "become" / "remain" that are a state or a judgement, no class ("remains a
# mystery", "was created as a hobby")
_NO_STATE_NOUNS = frozenset({"mystery", "enigma", "hobby", "priority", "concern", "threat"})
# entity types of a place or a time: "a journalist in Paris" says where, "a leader in AI" ranks
_WHERE_OR_WHEN = frozenset({"GPE", "LOC", "FAC", "DATE", "TIME"})
# stages of life, no post: "began his career as a teenager", "was signed as a teenager"
_LIFE_STAGES = words(
    "child teenager teen youth boy girl junior minor infant baby kid youngster schoolboy "
    "schoolgirl adolescent man woman"
)
# groups one works in, no post: "worked as a team with Jones", "as a duo"
_GROUP_NOUNS = words("team group unit pair duo trio quartet quintet couple crew")
# parts one takes in a single event, no post: "joined the protest as a spectator", "competed
# as a wildcard", "played as a guest on the album"
_PASSING_ROLES = words(
    "spectator guest observer visitor onlooker witness wildcard underdog outsider favourite "
    "favorite"
)
# verbs of joining, playing or going on "as" something, whose "as" is a post only when it is a
# person's role ("joined the band as a guitarist", "played as a midfielder"; not "joined the
# protest as a spectator", "continues as a two-lane highway")
_JOINING_VERBS = words("join debut compete continue play")
_SERVING = SERVING_VERBS | _JOINING_VERBS
# the serving verbs read before the twenty-third session ("served as a hospital" is a use)
_OLD_SERVING = frozenset({"serve", "rule", "reign"})
# verbs that rate rather than appoint: "recognized as a leader in AI" is a standing
_RATING_VERBS = JUDGING_VERBS | frozenset({"recognise", "recognize", "declare", "proclaim"})
# passive verbs of choosing, whose "as" names what the subject was chosen to be ("Tokyo was
# selected as the host city", "She was nominated as a candidate")
_CHOOSING_VERBS = words("select choose pick nominate shortlist")
# passive verbs of building, issuing and bringing out, whose "as" names what the subject was
# made to be ("Notre-Dame was built as a cathedral"; "issued as" reads like "released as"; "The
# Corvette was introduced as a sports car", "was launched as a budget brand"; not "was marketed
# as a cure": a sales claim)
_BUILDING_VERBS = words("build rebuild construct issue reissue introduce launch unveil")
# verbs of leaving or taking over a post, whose "as" names the post the subject held or took
# ("resigned as president", "stepped down as chairman", "succeeded Jones as head coach",
# "replaced her as captain"); a person's role only ("resigned as a result" is a cause)
_POST_CHANGING_VERBS = words("resign quit succeed replace")
# verbs whose named object held the post "as" names before the subject did
_SUCCEEDING = words("succeed replace")
# the particle that makes "step" leave a post ("stepped down as chairman")
_STEPPING = ("step", "down")
# verbs whose bare office names the post its subject held ("served as president", "was elected
# president", "was hired as head coach", "resigned as chairman")
_APPOINTING_VERBS = _SERVING | HIRING_VERBS | DECLARING_VERBS | _POST_CHANGING_VERBS | {"step"}
# what one rises "to" as something ("rose to fame as a singer", "came to prominence as")
_FAME_NOUNS = words("fame prominence stardom popularity notice attention")
# the verbs whose "as" names a post only when it is a person's role
_ROLE_ONLY_VERBS = _POST_CHANGING_VERBS | {"step", "rise", "come"}
# verbs of a going concern with no object, whose "as" names what the subject is ("The airline
# operates as a low-cost carrier"); not a purpose ("operates as a front")
_OPERATING_VERBS = words("operate")
# verbs of opening with no object, whose "as" names what the subject opened as ("The station
# opened in 1990 as a halt", "The building reopened as a museum")
_OPENING_VERBS = words("open reopen")
# what one is chosen or opens "as" that is a purpose or a manner, no class: "was chosen as a
# compromise", "was selected as a precaution", "opened as a protest"
_PURPOSE_NOUNS = words(
    "compromise precaution gesture protest measure response reward punishment tribute result "
    "consequence test trial experiment sign token example alternative substitute stopgap front"
)
# the verbs whose "as" may name a purpose instead of a class
_PURPOSE_VERBS = _CHOOSING_VERBS | _OPENING_VERBS | _BUILDING_VERBS | _OPERATING_VERBS


class BecomingRules(ProseRules):
    """A verb whose subject joins the class its predicate noun names."""

    def _becoming(self) -> None:
        """A verb that puts a named subject into the class of its predicate noun: "became",
        "remained" (``words.BECOMING_VERBS``); "was declared", "is regarded as" (passive
        declaring and judging verbs); "was founded as" (passive founding verbs); "served as",
        "worked as", "trained as" (active serving verbs); "was hired as" (passive hiring verbs);
        "began his career as" (a career verb with "career" as its object); "resigned as",
        "stepped down as", "succeeded X as", "rose to fame as" (a post left or taken, a role);
        "operates as" with no object; "was introduced / launched as". A common-noun
        subject is left out ("The town became a city" says nothing of towns), and so is a
        pronoun standing for one; a definite predicate names one thing ("became the president")
        unless it ranks ("became the 50th state", read as the copula reads it); hedges,
        alternatives, quotes, gapping ("Smith became a senator and Jones a judge"), states
        ("remains a mystery") and standings ("a leader in AI") state no class."""
        v, b = self.v, self.b
        for i, tok in enumerate(v.tokens):
            if tok.upos not in ("VERB", "AUX") or self._hedged(i):
                continue
            if v.rels[i] == "acl":
                continue  # a relative clause: its subject is hard to tell ("X as Y, a skier who")
            preds = self._class_predicates(i)
            if not preds:
                continue
            s, clause = self._clause_subject(i)
            if s is None or self._blocked(i, clause):
                continue
            tokens = [k for k in b.subjects(s, clause) if self._named_subject(k)]
            if v.lemma(i) in HIRING_VERBS and v.is_passive(i):
                # "Urbis was commissioned as a museum": a thing is ordered, not hired, as one
                people = [k for k in tokens if v.lemma(k) in ("he", "she")]
                tokens = people + [k for k in tokens if v.tokens[k].ent_type == "PERSON"]
            subjects = [a for a in b.subject_args(tokens) if a.is_name]
            subjects += self._predecessors(i)  # "succeeded Jones as head coach": Jones was one
            # "a B in 1981 and a C in 1983", not "either a priest or a soldier"
            preds = [c for n in preds if not self._refused_predicate(n) for c in v.conjuncts(n)]
            for n in (n for n in preds if n > i and self._class_predicate(n)):
                if v.lemma(n) in _NO_STATE_NOUNS:
                    continue  # "remains a mystery", "was created as a hobby"
                if v.lemma(i) in _PURPOSE_VERBS and v.lemma(n) in _PURPOSE_NOUNS:
                    continue  # "was chosen as a compromise": a purpose
                ccs = [k for k in v.subtree(n) if k < n and v.tokens[k].upos == "CCONJ"]
                if ccs and any(b.proper(k) for k in range(ccs[0], n)):
                    continue  # "Smith became a senator and Jones a judge": gapping
                if self._standing(n, judged=v.lemma(i) in _RATING_VERBS):
                    continue  # "was recognized as a leader in AI": a standing, not a class
                if not self._post(i, n):
                    continue  # "began his career as a teenager", "worked as a team"
                self.rule = "become"
                if self._bare_office(i, n):  # the class as an article would give it
                    for child in subjects:
                        self._emit("inheritance", child, self.b.parent(n, child, True), 0.8)
                else:
                    self._predicate(subjects, n, 0.8)

    def _class_predicates(self, i: int) -> list[int]:
        """The predicate nouns verb ``i`` puts its subject into the class of (none when it is
        no such verb)."""
        v, lemma, passive = self.v, self.v.lemma(i), self.v.is_passive(i)
        if lemma in BECOMING_VERBS and not passive:
            return v.children(i, "attr", "xcomp")  # xcomp: Universal Dependencies
        if lemma in DECLARING_VERBS | JUDGING_VERBS and passive:
            return v.children(i, "xcomp", "obj") + v.pp_objects(i, "as")
        if passive and lemma in FOUNDING_VERBS | HIRING_VERBS | _CHOOSING_VERBS | _BUILDING_VERBS:
            return v.pp_objects(i, "as")
        if not passive and lemma in _OPENING_VERBS and not v.children(i, "obj", "dobj"):
            return v.pp_objects(i, "as")
        if not passive and lemma in _SERVING:
            return v.pp_objects(i, "as")
        if not passive and (lemma in _POST_CHANGING_VERBS or self._stepping_down(i)):
            return v.pp_objects(i, "as")  # "resigned as president", "stepped down as chairman"
        if not passive and lemma in _OPERATING_VERBS and not v.children(i, "obj", "dobj"):
            return v.pp_objects(i, "as")  # "The airline operates as a low-cost carrier"
        if not passive and lemma in ("rise", "come"):
            # "rose to fame as a singer": "as" hangs on the verb or on the fame; with no fame
            # a rise is in standing ("Prussia rose as a great power"), no class
            fame = [o for o in v.pp_objects(i, "to") if v.lemma(o) in _FAME_NOUNS]
            after_fame = [p for f in fame for p in v.pp_objects(f, "as")]
            return after_fame + (v.pp_objects(i, "as") if fame else [])
        if not passive and lemma in CAREER_VERBS:
            # "began his career as a reporter": "as" hangs on the verb or on "career"
            careers = [o for o in v.children(i, "obj") if v.lemma(o) == "career"]
            if not careers:
                return []
            return [p for c in careers for p in v.pp_objects(c, "as")] + v.pp_objects(i, "as")
        return []

    def _post(self, i: int, n: int) -> bool:
        """Whether the "as" of a verb of work, hiring or career names a post: no stage of life
        ("began his career as a teenager"), no group or relation ("worked as a team", "as a
        partner with NASA"); after "stand", "retire" or a career verb a person or role noun
        ("stands as a testament" is a figure), or "one of" ("stands as one of the largest"); after
        a verb of leaving or taking over a post, or of rising to fame ("resigned as", "succeeded
        X as", "rose to fame as"), a person's role or an office only ("resigned as a result")."""
        v, lemma, pred = self.v, self.v.lemma(i), self.v.lemma(n)
        changing = lemma in _ROLE_ONLY_VERBS
        if not changing and (lemma not in _SERVING | HIRING_VERBS | CAREER_VERBS):
            return True
        if lemma in _OLD_SERVING:
            return True
        if pred in _LIFE_STAGES | _GROUP_NOUNS | COLLECTIVE_NOUNS or relational_noun(pred):
            return False  # "resigned as a partner", "quit as a member": of someone
        if changing:  # "resigned as a result", "rose to fame as a teenager"
            return role_word(pred, v.tokens[n].text) or pred in OFFICE_NOUNS
        if lemma in _JOINING_VERBS and pred in _PASSING_ROLES:
            return False
        if lemma in ("stand", "retire") or lemma in CAREER_VERBS | _JOINING_VERBS:
            return role_word(pred, v.tokens[n].text) or pred == "one"
        return True

    def _predecessors(self, i: int) -> list[Arg]:
        """The named object of "succeed" or "replace" ("She succeeded Alexa McDonough as
        leader", "replaced Tom Jones as captain"): the one who held the post before, so of its
        class as well."""
        v, b = self.v, self.b
        if v.lemma(i) not in _SUCCEEDING or v.is_passive(i):
            return []
        named = [o for o in v.children(i, "obj", "dobj") if b.proper(o)]
        if len(named) != 1 or len(v.conjuncts(named[0])) > 1:
            return []  # "succeeded A and B as ...": who held which post is unsure
        posts = v.pp_objects(i, "as")
        if len(posts) != 1 or any(b.proper(c) for c in v.conjuncts(posts[0])):
            return []  # "succeeded A as head coach and B as captain": the posts are paired
        found = b.arg(named[0], "name")
        return [found] if found is not None and found.is_name else []

    def _stepping_down(self, i: int) -> bool:
        """ "stepped down as chairman": "step" with "down" (a particle or an adverb to the
        parser)."""
        v = self.v
        return v.lemma(i) == _STEPPING[0] and any(
            v.lemma(k) == _STEPPING[1] for k in v.children(i, "prt", "advmod")
        )

    def _bare_office(self, i: int, n: int) -> bool:
        """Whether the predicate ``n`` of verb ``i`` is an office held with no article ("served
        as president", "was elected Chairman", "was appointed head coach"): an office is held by
        one at a time, so English leaves the article out; it is still the class of its holders.
        Not an office "of" something ("served as Governor of Texas", "president and chairman of
        the club"), which names one post as "is the mayor of Paris" does, nor one of a named
        whole ("Texas governor"), a stand-in ("acting president") or a hyphened title's end."""
        v, tok = self.v, self.v.tokens[n]
        if v.lemma(i) not in _APPOINTING_VERBS or tok.text.lower() not in OFFICE_NOUNS:
            return False
        if v.determiner(n) or v.is_plural(n) or not tok.text.isalpha() or v.after_hyphen(n):
            return False  # "a senator" is the copula's reading; "vice-president" is no president
        if not tok.text[1:].islower():
            return False
        if v.rels[n] == "conj" and v.determiner(v.first_conjunct(n)):
            return False  # "the first president and treasurer": the article is shared
        if any(v.pp_objects(c, "of") for c in v.conjuncts(v.first_conjunct(n))):
            return False  # "president and chairman of the club": one post of a whole
        mods = v.children(n, "compound", "amod")
        # "Texas governor", "Real Madrid captain": an office of a named whole; "acting": a stand-in
        return not any(v.tokens[m].ent_type or v.tokens[m].text.lower() == "acting" for m in mods)

    def _standing(self, n: int, judged: bool) -> bool:
        """An agent noun "in" a field ranks its holder ("was recognized as a leader in AI",
        "a pioneer in radio"); after a verb of work or appointment (not ``judged``), "in" a
        place or a time only locates ("worked as a journalist in Paris")."""
        v = self.v
        fields = v.pp_objects(n, "in")
        if not v.tokens[n].text.lower().endswith(ROLE_SUFFIXES) or not fields:
            return False
        where = [
            v.tokens[o].ent_type in _WHERE_OR_WHEN or is_year(v.tokens[o].text) for o in fields
        ]
        return judged or not all(where)

    def _class_predicate(self, n: int) -> bool:
        """A predicate that can name a class: a noun, or "one" of a plural ("one of the Bs")."""
        v = self.v
        if v.tokens[n].upos in ("NOUN", "PROPN"):
            return True
        return v.lemma(n) == "one" and any(v.is_plural(o) for o in v.pp_objects(n, "of"))

    def _named_subject(self, k: int) -> bool:
        """A subject token that names something: a name, or a pronoun whose antecedent is one
        ("It became a city" after "the town" says nothing of towns)."""
        if not self.b.is_pronoun(k):
            return True
        ante = self.b.antecedents.get((self.b.si, k))
        return getattr(ante, "kind", "") in ("entity", "propn")
