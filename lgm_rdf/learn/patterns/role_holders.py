"""Who holds a post: said the other way round, or set off after a name with no article (a
mixin over ``prose.ProseRules``).

inheritance  "the mayor is Lene Conradi", "The current Representative from District 16 is Beto
             O'Rourke", "The publishing house's founder and current CEO is Bujar Hudhri": a
             definite noun for a person's post or standing as the subject, a name as the
             predicate; the name holds the post (rule ``role-holder``); "Ken Kutaragi, President
             of Sony Computer Entertainment,", "Lord William Bentinck, then Governor-General of
             British India": a post with no article set off after a name (rule ``bare-role``)

``prose.ProseRules._inverted_superlatives`` reads the same shape for any class a superlative or
an ordinal ranks ("The largest city is Lagos"); this rule needs no rank, only a post a person
holds: a post is a class of its holders whoever it is of ("the mayor of Couëron"); a standing
("king", "winner", ``standing.STANDING_NOUNS``) only with no owner and no "of" ("the current
king of Spain" relates, as ``standing`` says). Kin and other ties between people ("his wife was
Mary", "her main influence was Bowie") are no posts, nor is "member" (a member of a group is a
part of it).
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.prose import ProseRules
from lgm_rdf.learn.patterns.standing import STANDING_NOUNS, related_here
from lgm_rdf.learn.patterns.words import relational_noun
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.wordlists import words

# relational nouns that still name a post or a standing one holds, not a tie to a person
_POSTS_OF = STANDING_NOUNS | words("founder co-founder owner protagonist")
# adverbs of time between a name's comma and the post it held: "X, then Governor-General of Y"
_TIME_ADVERBS = words("then now later formerly currently")


def _shared_surname(v: DepView, names: list[int]) -> bool:
    """Whether the listed names before the last are single words and the last is two or more
    words: first names sharing the last one's surname ("David and Pearl Axlerod")."""
    *firsts, last = names
    pieces = ("compound", "flat")  # spaCy hangs a name's words as compounds, UD as flat
    return all(not v.children(c, *pieces) for c in firsts) and bool(v.children(last, *pieces))


class RoleHolderRules(ProseRules):
    """The rule ``role-holder``."""

    def _role_holders(self) -> None:
        """The names in the predicate of a copula whose definite subject is a person's post
        hold that post (each post of a coordinated subject: "founder and CEO")."""
        v, b = self.v, self.b
        for s, n, cop in v.copulas():
            if not s < cop < n or not self._held_post(s):
                continue
            if v.determiner(s) not in ("the", "poss") or not b.proper(n):
                continue
            if v.determiner(n) in ("a", "an") or v.tokens[n].upos != "PROPN":
                continue  # "The winner was a local man", "the mayor is 45"
            clause = v.head(s)
            if clause is None or self._blocked(clause, n, cop) or self._hedged(clause):
                continue  # "the mayor is not Smith", "the founder may have been X"
            # "X is A and the current Dean is B": a conjunct with its own article opens a clause
            names = [c for c in v.conjuncts(n) if c == n or not v.determiner(c)]
            if v.children(s, "nummod"):
                continue  # "The two finalists were Harbour Rovers": a count (``prose``'s)
            if len(names) > 1 and not v.is_plural(s):
                continue  # "the winner was A and B": a shared post, or a list the parse broke
            if len(names) > 1 and _shared_surname(v, names):
                names = names[-1:]  # "David and Pearl Axlerod": "David" is no name alone
            posts = [p for p in v.conjuncts(s) if p == s or self._held_post(p)]
            self.rule = "role-holder"
            for name in self._predicate_names(names):
                for p in posts:
                    self._emit("inheritance", name, self._post_class(p, name), 0.8)

    def _bare_roles(self) -> None:
        """A person's name and, set off by commas after it with no article, a post ("Tim Cook,
        chief executive of Apple,"; "then" or "now" may come first): the name holds the post.
        An article makes it the apposition rule's ("X, a king of Y,"); kin and ties are no
        posts ("X, son of Y,")."""
        v, b, toks = self.v, self.b, self.v.tokens
        for i in range(len(v)):
            h = v.head(i)
            if v.rels[i] != "appos" or h is None or h > i or v.determiner(i):
                continue
            span = sorted(v.subtree(i))
            before, end = span[0] - 1, span[-1] + 1
            while before > h and v.lemma(before) in _TIME_ADVERBS:
                before -= 1  # "X, then Governor-General of India,"
            if toks[before].text != "," or (end < len(v) and toks[end].upos != "PUNCT"):
                continue
            if not b.proper(h) or not self._held_post(i) or self._blocked(i):
                continue
            if v.is_plural(i) or v.children(i, "nummod"):
                continue  # "for Llama-3, 16,000 characters": an amount, no post
            if v.rels[h] == "conj" or person_noun(v.tokens[h].text.lower()):
                continue  # "a British Actor, Fashion Model, TV presenter": roles listed
            name = b.arg(h, "name")
            if name is None or not name.is_name or v.tokens[h].ent_type not in ("PERSON", ""):
                continue  # "Paris, capital of France": no person's post
            self.rule = "bare-role"
            self._emit("inheritance", name, self._post_class(i, name), 0.8)

    def _post_class(self, p: int, name: Arg) -> Arg:
        """The class of the holders of post ``p``: the noun with its modifiers as any parent
        ("running mate"), else the noun alone, in lower case ("the current Representative from
        District 16": "representative")."""
        v = self.v
        found = self.b.parent(p, name, restricted=True)
        if found is not None and not found.is_name:
            return found
        first = v.word_start(p)  # "Governor-General": the office keeps its hyphened words
        if first < p:
            label = v.sentence.text[v.tokens[first].start : v.tokens[p].end].lower()
            return Arg(label, label, False)
        return Arg(v.lemma(p).lower(), v.tokens[p].text.lower(), False)

    def _held_post(self, k: int) -> bool:
        """Whether the noun ``k`` names a post or standing a person holds ("mayor", "CEO",
        "winner"; capitalised as offices often are after "the", a comma or a lower-case word: "the
        current Representative", ", CEO of"), not a tie to
        another person ("wife", "friend", "successor") nor membership."""
        v, tok = self.v, self.v.tokens[k]
        lemma = v.lemma(k).lower()
        if tok.upos == "PROPN":
            start = v.word_start(k)  # "Governor-General"
            before = v.tokens[start - 1] if start > 0 else None
            opened = before is not None and (before.text.islower() or before.text in ("The", ","))
            if not opened or not tok.text[:1].isupper() or lemma != tok.text.lower():
                return False  # "The Hague", "the New York Times": a name, no post
        elif tok.upos != "NOUN" or (not tok.text.islower() and not tok.text.isupper()):
            return False
        if not person_noun(lemma):
            return False
        if lemma in STANDING_NOUNS and related_here(v, k):
            return False  # "The current king of Spain is Felipe VI": a standing of (``standing``)
        return not relational_noun(lemma) or lemma in _POSTS_OF
