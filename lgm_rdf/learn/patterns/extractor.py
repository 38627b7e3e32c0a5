"""Rule-based meta-relation extraction over the dependency parse (DESIGN §4, no LLM).

Hearst-style rules, written once against ``DepView`` so spaCy and UD (Stanza) parses both work.
This module holds the copula rules and the indefinite apposition ("A, a B, ..."); ``predicates``
what a copula's predicate noun makes of its subject (``slashed``: of each noun of "a
producer/writer"), ``role_holders`` "the mayor is X", ``appositions`` the definite and plural
appositions, ``lists`` the list rules, ``verbs`` the verb rules, ``alias`` the naming rules,
``prose`` the recall rules for encyclopaedic prose (named lists, inverted superlatives, bracketed
aliases), ``titles`` and ``opening`` the rules that read titles and names off the text (quoted,
bracketed, opening a definition), ``foreign`` names given in another language in brackets,
``offices`` offices before names, ``args`` the arguments, ``words`` the word classes:

inheritance  "A is a type/kind/form/... of B", copula "A is a B" / "As are Bs" (also "A is a B
             and C"), "A is the (state's) largest / first / only B", "A, a B, ...", "B such as
             A1, A2", "such B as A", "Bs including A1, A2", "Bs like A1", "A1, A2 and other B", "Unlike
             other Bs, A ...", "A belongs to the family B", "A is a member of
             the genus B", "A is one of the Bs (of Y)", "A is a B of <Name>" (a place or body:
             "an island of Indonesia"), "A is classified as a B", "Bs include A1, A2"
composition  "X consists of / is composed of / is made (up) of|from / contains / includes /
             comprises Y (and Z)", "X is made with Y", "X is divided into Y", "Y is (a)
             part/component of X", "Y is an ingredient in X", "Y forms part of X", "Y and Z make
             up X", "Y is contained in X"
alias        "A, also/better/formerly known as B", "A is (also|commonly) called B", "A is referred
             to as B", "A, nicknamed B", "A stands for B", "A (short for B)", "Name (ACRONYM)",
             "A, or B, is ...", "A, officially B,", "A (formerly B)", "A, born B,", "A is
             another name for B", "A, the stage name of B,", "A (Armenian: B "C")"

Precision first: a clause is skipped when negated ("not", "never", "no"), hedged ("may", "can",
"perhaps"), conditional ("if"), a question, reported ("He said that ...", "according to"). A
copula needs an indefinite or bare plural predicate noun ("Paris is the capital" names an
individual, not a class), no relational "of" ("a member of the band", "the capital of France",
"a friend of Bob"), and a subject that is not demonstrative, possessive or quantified ("many
trees"); it states nothing when a past copula has a common-noun subject ("The film was a
success"), when the predicate judges or measures ("a total disaster", "a short walk"), when an
abstract subject makes it a metaphor ("Life is a journey"), or with adverbs like "once", "no
longer", "sometimes".

Arguments are normalised lemma phrases: noun compounds are kept, determiners, numbers, quantifiers
and adjectives dropped ("many vitamins" -> "vitamin", "the best players" -> "player"); names keep
their words ("Big Apple", "City of Light"). A parent of a named child is its head noun only
("Christopher Nolan is a film director" -> "director"), a parent of a common noun keeps its
compounds ("The violin is a string instrument" -> "string instrument") unless they stack up to a
genre ("a science fiction film" -> "film"). Pronoun arguments are skipped, unless
``antecedents`` maps ``(sentence index, token index)`` of the pronoun to an object whose ``.key``
is the antecedent's concept key: then that key is the argument. Relative pronouns ("Whales, which
are mammals, ...") resolve to the noun their clause modifies.
"""

from __future__ import annotations

from collections.abc import Callable

from lgm_rdf.learn.genre import shouted
from lgm_rdf.learn.patterns.appositions import AppositionRules
from lgm_rdf.learn.patterns.depview import NOUNS
from lgm_rdf.learn.patterns.descriptions import description, named_description
from lgm_rdf.learn.patterns.foreign import ForeignNameRules
from lgm_rdf.learn.patterns.joined import ampersand_name
from lgm_rdf.learn.patterns.offices import OfficeTitleRules
from lgm_rdf.learn.patterns.opening import opening_title
from lgm_rdf.learn.patterns.place_of import NO_PLACE, located_place
from lgm_rdf.learn.patterns.quoted_modifiers import QuotedModifierRules
from lgm_rdf.learn.patterns.role_holders import RoleHolderRules
from lgm_rdf.learn.patterns.role_runs import role_modifier, role_word
from lgm_rdf.learn.patterns.scripts import ScriptNameRules
from lgm_rdf.learn.patterns.shared import stated_subject
from lgm_rdf.learn.patterns.singled_lists import singled_out_list
from lgm_rdf.learn.patterns.slashed import SlashedPredicateRules
from lgm_rdf.learn.patterns.words import (
    DEGREE_WORDS,
    ELABORATING,
    RATINGS,
    relational_noun,
)
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import NAME_NOUNS, PART_NOUNS, TYPE_NOUNS

# pronouns that, right before the copula, are its subject rather than a title's last word
_POINTING = frozenset({"this", "that", "these", "those", "it", "they", "he", "she"})
# what a bare report after a clause has: "..., some historians (have) suspected."
_REPORT_PARTS = frozenset({"subj", "ccomp", "punct", "aux", "advmod", "neg"})
# words that open a bracket of examples: "(e.g. cloud guests)", "(such as X)", "(like X)"
_EXAMPLE_OPENERS = frozenset({"e.g", "eg", "such", "for", "like", "including", "incl"})


class SentenceRules(
    SlashedPredicateRules,
    AppositionRules,
    ForeignNameRules,
    ScriptNameRules,
    OfficeTitleRules,
    RoleHolderRules,
    QuotedModifierRules,
):
    """All rules applied to one sentence (``pattern_extractor.PatternExtractor`` runs them)."""

    def rule_table(self) -> tuple[tuple[str, Callable[[], None]], ...]:
        """Every rule as (name, method), in the order they run; none for a question, which
        states nothing, or for text in capitals (licence boilerplate)."""
        if not self.v.tokens or self.sentence.text.rstrip().endswith("?"):
            return ()
        if shouted(self.sentence.text):
            return ()  # "IN NO EVENT SHALL THE AUTHORS ...": licence boilerplate, no statement
        return (
            ("copula", self._copulas),
            ("apposition", self._appositions),
            ("title-noun", self._title_nouns),
            ("office-title", self._office_titles),
            ("verb", self._verbs),
            ("has-parts", self._existential_parts),
            ("become", self._becoming),
            ("such-as", self._such_as),
            ("example-list", self._example_lists),
            ("and-other", self._and_other),
            ("like-others", self._like_others),
            ("short-for", self._short_for),
            ("acronym", self._acronyms),
            ("foreign-acronym", self._foreign_acronyms),
            ("born", self._born),
            ("or-name", self._or_names),
            ("bracketed-or-name", self._bracketed_or_names),
            ("renamed", self._renamed),
            ("renamed-participle", self._renamed_participles),
            ("bracketed-name", self._bracketed_names),
            ("bracketed-short-name", self._bracketed_short_names),
            ("registry-code", self._registry_codes),
            ("named-list", self._named_lists),
            ("colon-list", self._colon_lists),
            ("listed-parts", self._listed_parts),
            ("inverted-superlative", self._inverted_superlatives),
            ("role-holder", self._role_holders),
            ("bare-role", self._bare_roles),
            ("quoted-subject", self._quoted_subjects),
            ("entity-after-noun", self._entity_after_noun),
            ("bracketed-alias", self._bracketed_aliases),
            ("definite-apposition", self._definite_appositions),
            ("name-definite-apposition", self._name_definite_appositions),
            ("plural-apposition", self._plural_appositions),
            ("quoted-title-noun", self._quoted_title_nouns),
            ("quoted-modifier", self._quoted_modifiers),
            ("closing-title", self._closing_titles),
            ("place-of-name", self._place_of_names),
            ("divisions-of-name", self._divisions_of_name),
            ("bracketed-members", self._bracketed_members),
            ("foreign-name", self._foreign_names),
            ("other-script-name", self._other_script_names),
            ("respelled-name", self._respelled_names),
        )

    def _copulas(self) -> None:
        """ "A is a B", "A is a type of B", "A is one of the Bs", "Y is part of X"."""
        v = self.v
        stated = list(v.copulas(stated_subject, among=True))  # "served in X and was a Y"
        for s, n, cop in [*stated, *self._clausal_subjects({c for _, _, c in stated})]:
            clause = v.head(s) if s is not None else cop
            if clause is not None and v.tokens[clause].deprel == "csubj":
                clause = cop  # "X (born 1981), [nicknamed]csubj Y, is": the aside is no clause
            # "Chul Khoshk (, also Romanized as X) is a village": the aside became the root
            aside = s is None and self._bracketed_head(cop)
            # "Fortune Told in Blood (...) is a novel": the title's verb is no reporting one
            aside = aside or self._title_verb(cop)
            if clause is None or self._blocked(clause, n, cop, reported=not aside):
                continue
            if v.bracket_depth(n) != v.bracket_depth(cop) and self._examples_bracket(n):
                continue  # "where footprint is critical (e.g. cloud guests)": examples
            if self._hedged(clause) or (v.rels[cop] == "conj" and self._hedged(cop)):
                continue  # "Pluto was once a planet", "is no longer", "is sometimes"
            past = s is not None and v.is_past(cop) and v.tokens[s].upos == "NOUN"
            described = past and v.determiner(s) and named_description(v, self.b, s, n)
            if past and v.determiner(s) and not described:
                continue  # "The film was a success": an episode, not a kind
            if s is not None and v.is_plural(s) and self._listed_modifiers(s):
                continue  # "The A and B classes are ...": named instances, not the class
            if self._not_a_class(n) or v.enumerated(cop, n) or self._refused_predicate(n):
                continue  # "Options are 'rdfs', 'owlrl'", "Services are: azure, gs"
            if v.lemma(n) == "idea" and any(v.lemma(k) in RATINGS for k in v.children(n, "amod")):
                continue  # "it is a bad idea to set these variables": a judgement
            if s is not None and v.lemma(s) == "it" and v.content_clause(n, clause):
                continue  # "It is a pity that ...": "it" stands for the clause
            if s is not None and self.b.ordinal_subject(s):
                continue  # "The second argument is a function": one argument, not the class
            if s is not None and singled_out_list(v, s, n):
                continue  # "The main ingredients are flour and water": which ones, not what
            n = self._continued(n)
            if n < 0:
                continue
            subjects = self.b.subject_args(self.b.subjects(s, clause)) if s is not None else []
            if s is not None and len(subjects) == 1 and (listed := self.listed_subject(s, cop)):
                subjects = listed  # "A (1990), B (1992) and C (1995) were ...": a broken list
            if described and subjects and (whole := description(v, self.b, s)) is not None:
                subjects = [whole]  # "The 1932 Deep South tornado outbreak": all its words
            rule = "copula"
            title = self._opening_title(cop, s)
            if title is not None and [a.key for a in subjects] != [title.key]:
                subjects, rule = [title], "title-subject"
            number = v.is_plural(n)
            # "Bings are sources of vitamins, particularly vitamin C": the conjuncts of a
            # relational predicate ("sources of") or after "particularly" are no classes
            of = v.pp_objects(n, "of")  # not "a businessman and entrepreneur of Jewish origin"
            closed = bool(of) and v.lemma(n) not in TYPE_NOUNS | PART_NOUNS
            closed = closed and not self._restrictive_of(n, of)
            roles = [k] if (k := role_modifier(v, n)) is not None else []  # "a singer and
            for m in v.offered(v.conjuncts(n)) + roles:  # record producer"; not "not a linter"
                own = bool(v.determiner(m)) or v.lemma(m) == "one"  # "... and one of the Bs"
                if m != n and ((closed and not own) or self._elaboration(m)):
                    continue
                if m == n or not (v.children(m, "subj", "cop") or v.is_plural(m) != number):
                    self.rule = rule
                    self._predicate(subjects, m, 0.85, cop)

    def _examples_bracket(self, n: int) -> bool:
        """The bracket around ``n`` opens with "e.g.", "such as", "for example" or "like"."""
        toks = self.v.tokens
        start = next((j for j in range(n, -1, -1) if toks[j].text == "("), None)
        first = toks[start + 1].text.lower() if start is not None and start < n else ""
        return first.rstrip(".") in _EXAMPLE_OPENERS

    def _title_verb(self, cop: int) -> bool:
        """Whether the parse made ``cop`` the complement of a verb inside the title that opens
        the sentence ("Fortune [Told]ROOT in Blood is a novel") or of a later verb with more
        than a subject ("The Cutler School was a school ... [established] in 1876"): no report."""
        v = self.v
        if v.rels[cop] != "ccomp" or (title := opening_title(v, cop)) is None:
            return False
        if v.tokens[title[-1]].upos == "PRON" and v.lemma(title[-1]) in _POINTING:
            return False  # "Note: This is a ...": the pronoun is the subject
        head = v.head(cop)
        if head in title:
            return True
        if head is None or v.children(head, "subjpass"):
            return False
        # a later verb the parse took for the root: a report when it has nothing but its
        # subject and the clause ("X was a spy, some historians suspect"), else a misparse
        # ("... New York [established] in 1876 by Arthur Cutler")
        return any(v.rels[k] not in _REPORT_PARTS for k in v.kids[head])

    def _listed_modifiers(self, s: int) -> bool:
        """Whether noun ``s`` is modified by coordinated words ("the iOS and Android apps")."""
        v = self.v
        return any(v.children(k, "conj") for k in v.children(s, "nmod", "compound", "amod"))

    def _elaboration(self, m: int) -> bool:
        """Conjunct ``m`` elaborates rather than adds: "particularly X", "as well as X"."""
        v = self.v
        before = {v.lemma(k) for k in v.kids[m] if k < m} | {v.lemma(max(0, m - 1))}
        return bool(before & ELABORATING) or any(
            v.tokens[k].text.lower() == "well" for k in range(max(0, m - 3), m)
        )

    def _not_a_class(self, n: int) -> bool:
        """Predicates that only look like class nouns.

        "is a little sour" (a degree phrase before an adjective) and "is currently CEO'd by
        X" (a bare predicate with its own agent: a misparsed passive verb).
        """
        v = self.v
        degree = any(
            v.lemma(k) in DEGREE_WORDS for k in v.children(n, "amod", "advmod", "npadvmod")
        )
        if degree and v.tokens[n].upos != "NOUN":
            return True
        return not v.determiner(n) and bool(v.pp_objects(n, "by"))

    def _continued(self, n: int) -> int:
        """ "a download only double-live album": a noun whose phrase runs on into an
        "apposition" with no comma between is a modifier; the later noun is the head."""
        v = self.v
        for a in v.children(n, "appos"):
            first = min(v.subtree(a))
            premodifiers = a > n + 1 and set(range(n + 1, a)) <= v.subtree(a)
            unpunctuated = not any(v.tokens[k].upos == "PUNCT" for k in range(n + 1, first))
            if premodifiers and unpunctuated and v.determiner(a) in ("", "poss"):
                return a  # only its premodifiers between: "a download only double-live album",
                # an owner's name: "is Taiwanese band F.I.R.'s third studio album"
        nxt = n + 1  # the next word modifies a later noun: the phrase has not ended (-1: skip)
        later = v.head(nxt) if nxt < len(v) else None
        if later is not None and later > nxt and v.tokens[nxt].upos in ("ADV", "ADJ", "NOUN"):
            if v.rels[later] == "attr" and v.head(later) == v.head(n):
                return later  # "is a [hockey]attr right [winger]attr": one phrase cut in two
            return -1 if v.tokens[later].upos == "NOUN" and v.rels[nxt] != "prep" else n
        return n

    def _paired_appositions(self, h: int, cc: int) -> bool:
        """ "the father of A, a historian, and B, a doctor": the conjunction at ``cc`` joins
        ``h`` (or the word it hangs on) to a conjunct that has an apposition of its own, so each
        name has its own and the first is no list."""
        v = self.v
        g = v.head(cc)  # the parse may hang the second name on the verb instead of on ``h``
        if g is None or h not in v.subtree(g):
            return False
        return any(c > cc and v.children(c, "appos") for c in v.children(g, "conj"))

    def _named_of_object(self, h: int, i: int) -> int | None:
        """What the indefinite apposition ``i`` the parse hung on ``h`` describes: the name
        "of" a common noun ``h`` that ends right before the comma ("the principal church of
        the Oratorians, a religious congregation": the Oratorians are one); the place a state
        or country set off after it locates ("Marblehead, Massachusetts, a suburb of Boston",
        not "..., Texas, a state in the South"; None after such a pair for what is no place:
        "on the south side of Columbus, Ohio, a bookstore"); else ``h``."""
        v = self.v
        comma = min(v.subtree(i)) - 1
        if (place := located_place(v, h, i, comma)) is not None:
            return None if place == NO_PLACE else place
        if not v.tokens[h].text.islower() or v.tokens[comma].text != ",":
            return h
        for o in v.pp_objects(h, "of"):
            if self.b.proper(o) and max(v.subtree(o)) == comma - 1:
                return o
        return h

    def _bracketed_head(self, cop: int) -> bool:
        """The head of ``cop`` lies inside brackets closed before it."""
        v, h = self.v, self.v.head(cop)
        return h is not None and h < cop and v.bracket_depth(h) > v.bracket_depth(cop)

    def _roles(self, i: int) -> list[int]:
        """Apposition ``i`` and the nouns coordinated after it, however the parse chains them
        ("an English actor, [comedian]conj and [writer]conj-of-comedian")."""
        out, todo = [], [i]
        while todo:
            k = todo.pop()
            out.append(k)
            todo += [c for c in self.v.children(k, "conj") if c > k]
        return sorted(out)

    def _shared_article(self, i: int) -> bool:
        """ "Tom Hale, an English actor and comedian, ...": singular nouns of persons' roles
        after one article are roles of the one name (not "requires Rust, a C compiler and
        linker", a list of things, nor "a singer, a drummer and two guitarists"). A person's
        name may take roles with an article each ("Dale Brown, a retired pilot and a
        bestselling author"); each is then read on its own (``_own_role``)."""
        v = self.v
        roles = self._roles(i)
        if {v.lemma(k) for c in roles for k in v.children(c, "cc")} != {"and"} or len(roles) > 3:
            return False
        h = v.head(i)
        if h is None or not self.b.proper(h):
            return False
        own = self._own_articles(i)
        if not own and any(v.children(c, "prep") for c in roles):
            return False  # "a painter and member of the Bauhaus": the phrase relates them all
        for c in roles:
            tok = v.tokens[c]
            if tok.upos != "NOUN" or not tok.text.islower() or v.is_plural(c):
                return False
            if not own and (not person_noun(v.lemma(c)) or relational_noun(v.lemma(c))):
                return False  # "a wife and mother of three": kin, no class
            if c != i and not own and (v.determiner(c) or v.children(c, "nummod")):
                return False
        return v.determiner(i) in ("a", "an") and any(self._own_role(c) for c in roles)

    def _own_articles(self, i: int) -> bool:
        """Whether apposition ``i`` of a person's name and the roles coordinated after it (one
        at least) each have "a" or "an" ("Dale Brown, a pilot and an author")."""
        v, h, roles = self.v, self.v.head(i), self._roles(i)
        person = h is not None and v.tokens[h].ent_type == "PERSON" and len(roles) > 1
        # "Pat Kelly, a senator, and a local mayor": a comma before "and" lists another person
        listed = any(v.tokens[k - 1].text == "," for c in roles for k in v.children(c, "cc"))
        return person and not listed and all(v.determiner(c) in ("a", "an") for c in roles)

    def _own_role(self, c: int) -> bool:
        """A person's role noun that is no relation to another ("a member of", "a wife")."""
        lemma = self.v.lemma(c)
        return role_word(lemma, self.v.tokens[c].text) and not relational_noun(lemma)

    def _appositions(self) -> None:
        """ "Christopher Nolan, a British film director, ..."."""
        v = self.v
        for i in range(len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None:
                continue
            if v.children(i, "conj", "cc") and not self._shared_article(i):
                continue  # "a singer, a drummer and two guitarists" is a list
            end = max(v.subtree(i)) + 1
            if end < len(v) and v.tokens[end].upos != "PUNCT":
                continue  # not set off: "When using X, a limit ... is the default" (a subject)
            listed = (
                end + 1 < len(v) and v.tokens[end].text == "," and v.lemma(end + 1) in ("and", "or")
            )
            if listed and not self._paired_appositions(h, end + 1):
                continue  # "requires Rust 1.95, a C compiler, and maturin": a list, no apposition
            part = v.tokens[i].text == "part" and v.determiner(i) in ("", "a")
            part = (
                part and not v.children(i, "amod", "nummod") and v.tokens[i - 1].text in (",", "a")
            )
            if (v.lemma(i) == "one" or part) and (of := v.pp_objects(i, "of")):
                # "Sorin Hall, one of the oldest halls": a name is a member of the plural;
                # "Lomma, part of Skåne County,": a part of the whole
                name = self.b.arg(h, "name") if self.b.nounish(h) else None
                mention = any(v.lemma(o) in NAME_NOUNS for o in of)  # "one of the names for"
                if name is not None and name.is_name and not mention:
                    self._predicate([name], i, 0.8)
                continue
            if v.lemma(i) in NAME_NOUNS and v.determiner(i) == "the" and self.b.proper(h):
                # "Iván, the stage name of Juan Carlos Ramos Vaquero, is a singer"
                self.rule = "apposition"
                self._predicate(self.b.args([h], "name"), i, 0.8)
                continue
            # "the track "A Smart Kid"": a title, no article; "a Cappadocian" (a group): a class
            common = v.tokens[i].text.islower() or v.tokens[i].ent_type == "NORP"
            other = v.determiner(h) == "another" or "other" in map(v.lemma, v.children(h, "amod"))
            if self.b.selected(h) or other:
                continue  # "gives you the following: a lightweight framework": no name;
                # "Another / The other site, now a ghost town,": one site, no class
            if common and v.determiner(i) in ("a", "an") and v.determiner(h) not in ("a", "an"):
                if (described := self._named_of_object(h, i)) is None:
                    continue  # "Columbus, Ohio, a bookstore": a thing in that place, said before
                h = described
                plural = v.tokens[h].upos == "NOUN" and v.is_plural(h)
                joined = ampersand_name(v, self.b.proper, h)  # "Procter & Gamble"
                mode = "whole" if joined else "class"
                if v.tokens[h].upos in NOUNS and not plural and (arg := self.b.arg(h, mode)):
                    own = self._own_articles(i)
                    for role in self._roles(i):  # "an actor and singer": each of the roles
                        if own and not self._own_role(role):
                            continue  # "a pilot and a member of the club": no class of his
                        self.rule = "apposition"
                        self._predicate([arg], role, 0.8)
