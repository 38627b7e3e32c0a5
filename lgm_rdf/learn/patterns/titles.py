"""Rules for titles and names read off the text where the parse breaks (a mixin over
``item_lists.ItemListReader``).

A title is often a clause or a run of capitals the small parser cuts; these rules read its
extent off quotation marks, brackets and capitals instead of the tree:

inheritance  a quoted title after a class noun ('Cobbs' 1960 song "You Don't Love Me"', 'the
             Hindi films "Amar Deep" and "Rakhi"', titles in single quotes, 'Carr's second
             studio album, "The Way the World Looks",'), a quoted title as the subject of a
             copula ('"Will to Love" is a song'), a title-case run that opens a definition
             ("Build Me Up From Bones is the third studio album", see ``opening``), a common
             noun right before a name ("the poet Anna Akhmatova", "[violinist]VERB David
             Oistrakh"), a title-case run that closes the sentence after a work noun ("on the
             compilation album Scream Out Your Name To The Night.")

A title keeps its words as written ("Comedians in Cars Getting Coffee"); a leading article is
left out, as for any quoted title.
"""

from __future__ import annotations

from dataclasses import replace

from lgm_rdf.learn.patterns.appositions import WORKS, set_off_title
from lgm_rdf.learn.patterns.args import LIST_PUNCT, Arg, looks_like_acronym
from lgm_rdf.learn.patterns.depview import QUOTES, DepView
from lgm_rdf.learn.patterns.extents import cut_in_quotes
from lgm_rdf.learn.patterns.item_lists import MAX_QUOTED, ItemListReader
from lgm_rdf.learn.patterns.joined import ampersand_object, introduced, title_case
from lgm_rdf.learn.patterns.lists import sibling_names
from lgm_rdf.learn.patterns.mistagged import noun_by_position
from lgm_rdf.learn.patterns.name_runs import title_word
from lgm_rdf.learn.patterns.opening import opening_title
from lgm_rdf.learn.patterns.role_runs import (
    listed_roles,
    name_after_run,
    roles_before_names,
    second_subject,
    turned_role,
)
from lgm_rdf.learn.patterns.words import (
    ARTICLES,
    EVALUATIVE_NOUNS,
    NUMBERED_PARTS,
    PLACE_CLASS_NOUNS,
    RANK_NOUNS,
    RELATIONAL_NOUNS,
    TAXON_RANKS,
)
from lgm_rdf.nlp.concepts import acronym_singular, clean_label, junk_key, phrase_key
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.role_nouns import TITLES, leading_role
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.nlp.titles import DOUBLE_QUOTES
from lgm_rdf.nlp.wordlists import HYPHENS, NAME_NOUNS, words

# parts of the document itself: 'see the section "Object API"' refers to one of its headings
DOCUMENT_PARTS = frozenset({"section", "subsection", "chapter", "appendix", "paragraph", "heading"})
# nouns that mention words rather than classify them: 'the word "Tabula"', 'the phrase "X"'
MENTION_NOUNS = NAME_NOUNS | RANK_NOUNS | DOCUMENT_PARTS
MENTION_NOUNS |= frozenset({"title", "phrase", "expression", "label"})
# and the listings an infobox heads ('singles chronology "Mi va di cantare"'): no class either
MENTION_NOUNS |= frozenset({"chronology", "discography", "filmography", "bibliography"})
TITLING_VERBS = frozenset({"entitled", "titled", "called", "named"})  # 'an album, entitled "X"'
# words for a part of a place written before its name
_PLACE_PARTS = words(
    "downtown uptown midtown north south east west northeast northwest southeast southwest"
)
# words that open a relative clause, never a title ("Who Framed Roger Rabbit" and "That Thing
# You Do!" are titles)
_RELATIVE_OPENERS = frozenset({"which", "whom", "whose"})
# nouns that end an adjective hyphened to another ("long-time", "low-cost", "high-level")
_ADJECTIVE_ENDS = words("time term cost level scale range profile quality speed")


def title_arg(v: DepView, idx: list[int]) -> Arg | None:
    """The name of a title read off the text (quotes, an opening run): its words as written
    ("Comedians in Cars Getting Coffee", "The Martyrs" -> "martyrs"), a leading article left
    out as for any quoted title."""
    toks = v.tokens
    if len(idx) > 1 and toks[idx[0]].text.lower() in ARTICLES:
        idx = idx[1:]
    while idx and toks[idx[-1]].text in LIST_PUNCT:
        idx = idx[:-1]
    if not idx:
        return None
    key = phrase_key([toks[k] for k in idx], frozenset(range(len(idx))))
    label = v.sentence.text[toks[idx[0]].start : toks[idx[-1]].end]
    if "\n" in label or junk_key(key) or key in STOP_WORDS or not any(c.isalpha() for c in key):
        return None
    return Arg(key, clean_label(label) or label, True)


class TitleRules(ItemListReader):
    """Titles and names: quoted, bracketed, opening a sentence, or after a class noun."""

    # ``predicates.PredicateRules`` (a subclass) provides this one
    def _predicate(
        self, children: list[Arg], n: int, confidence: float, cop: int | None = None
    ) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ title extents
    def _one_title(self, noun: int, name: int) -> bool:
        """The noun and the name are words of one quoted title ('"Unione dei Lavoratori
        Liberi"'): a quotation mark opened before the noun closes after the name, none between."""
        toks = self.v.tokens
        opened = sum(t.text in DOUBLE_QUOTES for t in toks[:noun]) % 2 == 1
        closed = any(t.text in DOUBLE_QUOTES for t in toks[name + 1 :])
        return opened and closed and not any(t.text in DOUBLE_QUOTES for t in toks[noun:name])

    def _title_arg(self, idx: list[int]) -> Arg | None:
        """The name of a title read off the text (``title_arg``)."""
        return title_arg(self.v, idx)

    def _opening_title(self, cop: int, s: int | None) -> Arg | None:
        """The title that opens the sentence as the subject of ``cop`` (see ``opening_title``)."""
        idx = opening_title(self.v, cop)
        if idx is None or (s is not None and s > cop):
            return None
        return self._title_arg(idx)

    def _clausal_subjects(self, stated: set[int]) -> list[tuple[None, int, int]]:
        """``(None, predicate, copula)`` of a copula whose subject the parse made a clause
        ("[Build Me Up From Bones]csubj is the third studio album"): only an opening title
        can be its subject. ``stated``: the copulas the parse already gave a subject."""
        v, out = self.v, []
        for cop in range(len(v)):
            if v.lemma(cop) != "be" or v.tokens[cop].upos not in ("AUX", "VERB") or cop in stated:
                continue
            if opening_title(v, cop) is None:
                continue
            attrs = v.children(cop, "attr") or self._noun_after(cop)
            if attrs:  # only the first copula with a predicate follows an opening title
                out.append((None, attrs[0], cop))  # ("Live Like You [Were] Dying is")
                break
        return out

    def _noun_after(self, cop: int) -> list[int]:
        """The head noun of "a/an/the ... noun" right after ``cop``, read off the words where
        the parse lost the predicate ("Frozen Ever After is a dark water ride attraction")."""
        v, k = self.v, cop + 1
        if k >= len(v) or v.lemma(k) not in ("a", "an", "the"):
            return []
        head = None
        k += 1
        while k < len(v) and (
            v.tokens[k].upos in ("ADJ", "NOUN", "NUM") or v.tokens[k].text in "-–"
        ):
            if v.tokens[k].upos == "NOUN":
                head = k
            k += 1
        return [head] if head is not None and v.tokens[head].text.islower() else []

    # ------------------------------------------------------------ class noun, then name
    def _title_nouns(self) -> None:
        """ "the poet Anna Akhmatova", "Scottish writer Iain Banks", "the sitcom "Rishta.com"",
        "pizza companies Domino's and Papa John's": a common noun right before a name says
        what the name is."""
        v, b, toks = self.v, self.b, self.v.tokens
        if not any(t.upos in ("VERB", "AUX") for t in toks):
            return  # "tests pypi Version conda Python wheels": a row of labels, no sentence
        for k in range(len(v)):
            if not self._role_word(k):
                continue
            h = k if (up := v.head(k)) is None else up  # the root: "The poet [X wrote it]acl."
            while v.rels[h] == "compound" and (g := v.head(h)) is not None and g > h:
                if not title_case(v, h, g):
                    break
                h = g  # "Poet Anna Akhmatova" parsed poet -> Anna -> Akhmatova: the whole name
            if v.rels[k] == "compound" and k < h and title_case(v, k + 1, h):
                # "the folk duo Simon & Garfunkel": one name joined by "&"
                heads = [h] if ampersand_object(v, b.proper, h) else v.conjuncts(h)
                names = [b.arg(c, "name", frozenset(v.subtree(k))) for c in heads]
                noun, first = k, h
            elif (
                cut := second_subject(v, b.proper, k)
            ) is not None:  # "by the poet [Anna]subj were"
                heads, names = [cut], [b.arg(cut, "name")]
                noun, first = k, k + 1
            elif (run := name_after_run(v, k)) is not None:  # "and [improvisor]conj Fred Frith"
                heads, names = [run], [b.arg(run, "name", frozenset(range(k + 1)))]
                noun, first = k, k + 1
            elif (
                sib := sibling_names(v, k) or roles_before_names(v, k)
            ) is not None or (  # "guitarists [X]dobj and Y"
                v.rels[k] != "appos"
                and any(v.rels[a] == "appos" and title_case(v, k + 1, a) for a in v.kids[k])
            ):
                heads = v.conjuncts(sib) if sib else [a for a in v.children(k, "appos") if a > k]
                if not sib and v.is_plural(k) and not self._relative_list(heads):
                    heads = [c for a in heads for c in v.conjuncts(a)]  # "the continents
                    # Laurentia, Siberia and Baltica"
                names = [b.arg(a, "name") for a in heads]
                noun, first = k, min(heads, default=k)
            else:
                continue
            plural = v.is_plural(noun) or self._leading_plural(noun)
            if not plural and all(introduced(v, c) for c in heads[1:]):
                names = names[:1]  # "guitarist Tom Reeve, keyboardist Anna Kell": one each
            # "the family Felidae" names a rank; "the girl group Apink" a class of its own
            ranked = v.lemma(noun) in RANK_NOUNS and (
                v.lemma(noun) in TAXON_RANKS or not v.children(noun, "compound")
            )
            if plural != (len(names) > 1) or ranked or v.lemma(noun) in NAME_NOUNS | DOCUMENT_PARTS:
                continue  # "the name Smith", "the section Advanced Settings" (a heading of
                # the document); "companies X" needs a list
            if v.lemma(noun) in EVALUATIVE_NOUNS:
                continue  # "its long-running success Polka Dot Door": a judgement, no class
            if toks[noun + 1].text.lower() in TITLES and v.lemma(noun) in PLACE_CLASS_NOUNS:
                continue  # "city Supervisor Harvey Milk": the noun modifies the title
            if not b.names_a_class(noun, first) or self._one_title(noun, first):
                continue  # "his brother E. B. White", "dataclass InitVar", '"Unione dei Liberi"'
            end = first + 1  # the end of the capitalised run the name is in
            while end < len(v) and (toks[end].text[:1].isupper() or self.v.joining_hyphen(end)):
                end += 1
            if end + 1 < len(v) and toks[end].text == ":" and toks[end + 1].text[:1].isupper():
                continue  # "our publication Sentence-BERT: Sentence Embeddings ...": a subtitle
            if v.lemma(noun) in NUMBERED_PARTS and all(
                toks[k].ent_type == "CARDINAL" for k in range(first, end)
            ):
                continue  # "in episode Twenty-Nine": a number counts the episodes, no name
            for n, name in enumerate(names):
                if n == 0 and name is not None and cut_in_quotes(v, noun + 2, name.label):
                    continue  # 'the film "Money Money, More Money"' read as "Money Money"
                # "the web UI": before an acronym the noun modifies; not one with stops ("F.I.R.")
                bare = name is not None and looks_like_acronym(name.label) and "." not in name.label
                if name is not None and name.is_name and not bare:
                    role = b.title_class(noun, name)
                    if noun == 0 and (word := leading_role(toks)):  # "Drummers": a "name"
                        role = Arg(word, word, False)
                    elif role is None and self._mistagged_role(noun):
                        role = Arg(b.key([noun]), toks[noun].text.lower(), False)
                    if (earlier := turned_role(v, noun)) is not None:  # "playwright-turned-
                        role = Arg(b.key([noun]), toks[noun].text.lower(), False)  # director"
                    self._emit("inheritance", name, role, 0.8)
                    for m in listed_roles(v, noun) if len(names) == 1 else []:  # "guitarist,
                        self._emit("inheritance", name, b.parent(m, name), 0.8)  # composer and"
                    if earlier is not None:
                        role = Arg(b.key([earlier]), toks[earlier].text.lower(), False)
                        self._emit("inheritance", name, role, 0.8)

    def _relative_list(self, heads: list[int]) -> bool:
        """The names after a plural noun are the subject of a clause right after them ("The
        goals Smith, Jones and Brown scored were crucial"): no members of the noun."""
        v = self.v
        names = {c for a in heads if self.b.proper(a) for c in v.conjuncts(a)}
        end = max((k for c in names for k in v.subtree(c)), default=len(v)) + 1
        # a full verb right after them (not a copula: "the continents A, B and C were")
        return end < len(v) and v.tokens[end].upos == "VERB" and v.lemma(end) != "be"

    def _leading_plural(self, k: int) -> bool:
        """A plural role opening the sentence ("Drummers Jack Irons and Matt Cameron"), which
        the tagger takes for a name and so for no plural."""
        role = leading_role(self.v.tokens) if k == 0 else None
        return role is not None and role != self.v.tokens[k].text.lower()

    def _mistagged_role(self, k: int) -> bool:
        """An agent noun the tagger took for a verb or an adjective ("[violinist]VERB David
        Oistrakh"), no relational word ("sister", "remake"): the class is the word itself."""
        v = self.v
        lemma = v.lemma(k)
        return not self.b.nounish(k) and lemma not in RELATIONAL_NOUNS  # DERIVATION_NOUNS too

    def _role_word(self, k: int) -> bool:
        """A lower-case common noun, or a lower-case word the tagger took for a name, verb or
        adjective that has the form of an agent noun ("[comedian]PROPN Jerry Seinfeld",
        "[violinist]VERB David Oistrakh"): it modifies the name that follows."""
        tok, v = self.v.tokens[k], self.v
        if k == 0 and leading_role(v.tokens):
            return True  # "Keyboardist Boom Gaspar has ...": capitalised as the first word
        if not tok.text.islower() or not tok.text.isalpha():
            return False
        spaced = k > 1 and v.tokens[k - 1].tag == "HYPH" and tok.text in _ADJECTIVE_ENDS
        if k > 1 and (v.joining_hyphen(k - 1) or spaced) and v.tokens[k - 2].upos == "ADJ":
            return False  # "low-cost Single Board Computers", "long - time Senators" (a
            # tokenised text spaces the hyphen): the end of an adjective, not "simple - president"
        if tok.upos == "NOUN":  # not a part of a place before its name ("downtown
            return tok.text not in _PLACE_PARTS  # Louisville", "north-west Iowa")
        agent = len(tok.text) > 4 and tok.text.endswith(("ist", "ian", "er", "or"))
        agent = agent or person_noun(tok.text)  # "[stonemason]PROPN Francis McGraw"
        agent = agent or (tok.upos == "PROPN" and tok.text in WORKS)  # "the [album]PROPN Meteora"
        return agent and tok.upos in ("PROPN", "VERB", "ADJ") and v.rels[k] in ("compound", "amod")

    def _closing_titles(self) -> None:
        """ "saw re-release on the compilation album Scream Out Your Name To The Night.", "on the
        new television series, Make It Pop.": a singular work noun (album, film, series, ...)
        right before a title-case run that fills the rest of the sentence (a comma between them
        allowed; needed after "a") names what the run is; not where the noun is the run's
        subject ("The show Must Go On.") or the run a relative clause ("Which He Recorded").
        Only where the parse broke the title into a clause (a verb, an auxiliary or a pronoun
        inside it): a run the parse read as a name is ``_title_nouns``'s."""
        v, toks = self.v, self.v.tokens
        end = len(v)
        while end > 0 and toks[end - 1].text in (".", "!"):
            end -= 1
        for k in range(len(v) - 2):
            if toks[k].upos != "NOUN" or not toks[k].text.islower() or v.lemma(k) not in WORKS:
                continue
            if v.is_plural(k) or v.determiner(k) not in ("the", "poss", "a", "an"):
                continue
            if v.rels[k] in ("subj", "subjpass"):
                continue  # "The show Must Go On.": the noun is the subject of the run's verb
            start = k + 2 if toks[k + 1].text == "," else k + 1
            if start == k + 1 and v.determiner(k) in ("a", "an"):
                continue  # "He wrote a book About It.": an indefinite noun needs a comma
            run = list(range(start, end))
            if not 2 <= len(run) <= MAX_QUOTED or not toks[start].text[:1].isupper():
                continue
            if toks[start].text.lower() in _RELATIVE_OPENERS:
                continue  # "on the album Which He Recorded In 1990.": a relative clause
            if not all(title_word(v, j) and toks[j].upos != "PUNCT" for j in run):
                continue
            if not any(toks[j].upos in ("VERB", "AUX", "PRON") for j in run):
                continue
            name = self._title_arg(run)
            role = self.b.title_class(k, name) if name is not None else None
            if name is not None and role is not None:
                self._emit("inheritance", name, role, 0.8)

    # ------------------------------------------------------------------ quoted titles
    def _quoted_title_nouns(self) -> None:
        """'Cobbs' 1960 song "You Don't Love Me"': a quoted title right after a singular class
        noun is a member of it (read off the quotation marks: a title that is a clause breaks
        the parse)."""
        v, b, toks = self.v, self.b, self.v.tokens
        for k in range(len(toks) - 3):
            tok = toks[k]
            # a class noun in lower case, or the plural of an acronym ("two LPs")
            lower = tok.text.islower() or acronym_singular(tok.text) is not None
            noun = tok.upos == "NOUN" or noun_by_position(self.v, k)
            if not noun or not lower or v.lemma(k) in MENTION_NOUNS:
                continue
            if k > 0 and toks[k - 1].text in HYPHENS and not v.joining_hyphen(k - 1):
                continue  # 'B - side "Cabaret"' (an infobox): the end of a word cut by spaces
            start = k + 1
            if toks[start].text == "," and toks[start + 1].text.lower() in TITLING_VERBS:
                start += 2  # 'two singles, entitled "A" and "B"'
            elif toks[start].text == "," and v.children(k, "nummod") and v.is_plural(k):
                if toks[k].deprel == "pobj":
                    continue  # 'After two weeks, "Foo" and "Bar" were ...': a time, no class
                start += 1  # 'four singles, "A," "B" and "C"': the counted list follows
            elif toks[start].text == "," and set_off_title(v, k):
                start += 1  # 'Carr's second studio album, "The Way the World Looks", followed'
            if (
                start >= len(toks)
                or not (toks[start].text in DOUBLE_QUOTES or self._single_quote(start))
                or self._blocked(k)
            ):
                continue
            items = self._named_items(start)
            if self._governed_blocked(k, frozenset(items[0] if items else ())):
                continue
            h = v.head(k)
            later = bool(items) and h is not None and h > items[-1][-1] + 1
            later = later and v.rels[k] == "compound"
            if later and v.tokens[h].upos == "NOUN":
                continue  # 'proxy "CONNECT" requests': a compound of a later noun
            # 'his singles "A" and "B"': a plural class noun before a list of titles
            plural = v.is_plural(k) or (tok.upos != "NOUN" and tok.text.endswith("s"))
            if not items or (len(items) > 1) != plural:
                continue
            if any(toks[span[0] - 1].text not in QUOTES for span in items):
                continue
            self.rule = "quoted-title-noun"
            parent = self._class_word(k)
            for span in items:
                if (title := self._title_arg(span)) is not None:
                    self._emit("inheritance", title, parent or b.title_class(k, title), 0.8)

    def _class_word(self, k: int) -> Arg | None:
        """The class named by the single word ``k`` when the parse gives it no noun tag."""
        tok = self.v.tokens[k]
        if tok.upos == "NOUN":
            return None
        return Arg(singular(tok.text.lower()), tok.text, False)

    def _quoted_subjects(self) -> None:
        """'"Will to Love" is a song written by Neil Young': a sentence that opens with a
        quoted title and a copula says what the title is (the parse of the title is often
        broken, so the title is read off the quotation marks)."""
        v, toks = self.v, self.v.tokens
        if len(toks) < 4 or toks[0].text not in DOUBLE_QUOTES:
            return
        end = min(len(toks) - 1, MAX_QUOTED)
        close = next((k for k in range(1, end) if toks[k].text in DOUBLE_QUOTES), None)
        if close is None or close == 1 or not toks[1].text[:1].isupper():
            return
        cop = close + 1
        if v.lemma(cop) != "be":
            return
        h = v.head(cop)
        preds = v.children(cop, "attr")[:1] if v.rels[cop] != "cop" else []
        if v.rels[cop] == "cop" and h is not None:
            preds = [h]
        title = self.b.from_tokens(list(range(1, close)), "whole")
        if title is None or not preds or self._blocked(cop, preds[0]) or v.negated(cop):
            return
        self.rule = "quoted-subject"
        self._predicate([replace(title, is_name=True)], preds[0], 0.85, cop)
