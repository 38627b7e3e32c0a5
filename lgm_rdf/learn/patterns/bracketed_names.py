"""Names in brackets after a name: another name of it ("Fortune Told in Blood (Fal-E Khoon)
is a novel", "Jingdezhen (or the Town of Jingde) is a city"), the members' short name ("the
Society of Jesus (Jesuits)") and a registry's codes ("Wilmington International Airport (IATA:
ILM, ICAO: KILM)"). A mixin over ``base.RuleBase`` that ``alias.AliasRules`` extends.
"""

from __future__ import annotations

import re

from lgm_rdf.learn.patterns.args import Arg, looks_like_acronym
from lgm_rdf.learn.patterns.base import RuleBase

PLACE_OR_TIME = frozenset({"GPE", "LOC", "DATE", "TIME", "CARDINAL", "FAC", "NORP"})
_NO_MEMBERS = PLACE_OR_TIME - {"NORP"}  # "(Jesuits)" may be tagged a group, not a place
# lower-case words inside a title-case name ("Bank of England", "Sisters of the Poor")
_TITLE_JOINERS = frozenset({"of", "the", "and", "for", "de", "-", "&"})
_CODE = re.compile(r"[A-Z][A-Z0-9]{1,5}")  # a registry's code for a name: "KILM", "LHR"


class BracketedNameRules(RuleBase):
    """The rules ``bracketed-name``, ``bracketed-or-name``, ``bracketed-short-name`` and
    ``registry-code``."""

    def _bracketed_names(self) -> None:
        """ "Fortune Told in Blood (Fal-E Khoon) is a novel": a name in brackets right after the
        subject name of a copula is another name of it (acronyms have their own rule; a name
        in brackets elsewhere is often an actor or a place, so only the subject counts)."""
        v, toks = self.v, self.v.tokens
        for k in range(len(v)):
            h = v.head(k)
            if h is None or v.rels[k] != "appos" or v.rels[h] not in ("subj", "subjpass"):
                continue
            clause = v.head(h)
            if clause is None or not (v.lemma(clause) == "be" or v.children(clause, "cop")):
                continue
            inside = sorted(v.subtree(k))
            lo, hi = inside[0], inside[-1]
            if not (lo > 0 and toks[lo - 1].text == "(" and hi + 1 < len(v)):
                continue
            if toks[hi + 1].text != ")" or h >= lo:
                continue
            words = [toks[j] for j in inside]
            if len(words) < 2:
                continue  # "Mount Gray (Antarctica)": one word in brackets is mostly a place
            if any(
                not t.text[:1].isupper() and t.text not in ("-", "of", "the", "de") for t in words
            ):
                continue  # "(born 1970)", "(in German)"
            if any(t.ent_type in PLACE_OR_TIME for t in words) or looks_like_acronym(toks[k].text):
                continue
            self._emit("alias", self.b.arg(h, "name"), self.b.arg(k, "alias"), 0.8)

    def _bracketed_or_names(self) -> None:
        """ "Jingdezhen (or the Town of Jingde) is a city": a name after "or" that fills a
        bracket right after the subject's name is another name of it (an article may open it,
        as it may not in ", or the X," which often offers an alternative) when the two share a
        word or four letters in a row; else it may be an alternative ("Paris (or London) is a
        good place to stay")."""
        v, toks, b = self.v, self.v.tokens, self.b
        for k in range(len(v)):
            h = v.head(k)
            if h is None or v.rels[k] != "conj" or v.rels[h] not in ("subj", "subjpass"):
                continue
            span = sorted(v.subtree(k))
            lo, hi = span[0], span[-1]
            if v.determiner(k) == "the":
                lo = min(lo, k)  # the article is the name's
            if lo < 2 or hi + 1 >= len(v) or [toks[lo - 2].text, toks[lo - 1].text] != ["(", "or"]:
                continue
            if toks[hi + 1].text != ")" or not (b.proper(h) and b.proper(k)):
                continue
            name, other = b.arg(h, "name"), b.arg(k, "alias")
            if name is not None and other is not None and _akin(name.key, other.key):
                self._emit("alias", name, other, 0.8)
        for p in range(1, len(v) - 3):
            if (pair := self._read_or_bracket(p)) is not None:
                self._emit("alias", *pair, 0.8)

    def _read_or_bracket(self, p: int) -> tuple[Arg, Arg] | None:
        """ "served in the Ministry of State Security (or State Security Department)": the same
        bracket after a name wherever it stands, read off the words where the parse broke it.
        Inside only title-case words; the two names share two words ("Oxford University (or
        Cambridge University)", "New York (or New Jersey)" share one: alternatives) and hold no
        number ("Windows 10 (or Windows 11)")."""
        toks, b = self.v.tokens, self.b
        if toks[p].text != "(" or toks[p + 1].text.lower() != "or":
            return None
        q = next((j for j in range(p + 2, len(toks)) if toks[j].text in ("(", ")")), None)
        inner = range(p + 2, q if q is not None else p + 2)
        if q is None or toks[q].text != ")" or not inner or toks[p + 2].text.lower() == "the":
            return None  # the article opens a subject's bracket only (see above)
        if not all(toks[j].text[:1].isupper() or toks[j].text in _TITLE_JOINERS for j in inner):
            return None  # "(or earlier)", "(or in German)"
        if not toks[inner[-1]].text[:1].isupper():
            return None
        outer, other = b.name_before(p - 1), b.from_tokens(list(inner), "alias")
        if outer is None or other is None or not (outer.is_name and other.is_name):
            return None
        if any(c.isdigit() for c in outer.key + other.key) or outer.key == other.key:
            return None
        shared = {w for w in outer.key.split() if len(w) > 2} & set(other.key.split())
        return (outer, other) if len(shared) > 1 else None

    def _bracketed_short_names(self) -> None:
        """ "the Society of Jesus (Jesuits)", "the Order of Friars Minor (Franciscans)": the
        plural name of the members in brackets right after a long official name (one with an
        "of") is its short name. Not a place or a time ("the Bank of England (London)",
        "(1066)", "the Battle of Hastings (Sussex)"); acronyms have their own rule."""
        toks, b = self.v.tokens, self.b
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(" or toks[p + 2].text != ")":
                continue
            word = toks[p + 1]
            if not (word.text.isalpha() and word.text[:1].isupper()) or word.upos == "VERB":
                continue
            if not word.text.endswith("s") or word.text.endswith("ss"):
                continue  # the members' plural: "Jesuits", "Quakers"
            if looks_like_acronym(word.text) or word.ent_type in _NO_MEMBERS:
                continue
            outer = b.name_before(p - 1)
            if outer is None or not outer.is_name or " of " not in f" {outer.key} ":
                continue
            if (short := b.arg(p + 1, "alias")) is not None and short.key not in outer.key:
                self._emit("alias", outer, short, 0.8)

    def _registry_codes(self) -> None:
        """ "Wilmington International Airport (IATA: ILM, ICAO: KILM)": codes a registry gives
        a name, each after the registry's acronym and a colon in brackets right after the name,
        are names of it (a code is one token of capitals and digits)."""
        toks, b = self.v.tokens, self.b
        for p in range(1, len(toks) - 4):
            if toks[p].text != "(":
                continue
            close = next((k for k in range(p + 1, len(toks)) if toks[k].text == ")"), None)
            if close is None:
                continue
            codes, start = [], p + 1
            for k in range(p + 1, close + 1):
                if toks[k].text in (",", ";", ")"):
                    if self._registry_code([toks[j].text for j in range(start, k)]):
                        codes.append(k - 1)
                    start = k + 1
            outer = b.name_before(p - 1) if codes else None
            if outer is None or not outer.is_name:
                continue
            for code in (b.from_tokens([k], "alias") for k in codes):
                if code is not None:
                    self._emit("alias", outer, code, 0.8)

    @staticmethod
    def _registry_code(words: list[str]) -> bool:
        """Whether the words of one bracket piece are a registry's acronym, a colon and a code
        ("IATA: ILM", "FAA LID: ILM"; not "see also: Part IV")."""
        if not 3 <= len(words) <= 4 or words[-2] != ":" or not _CODE.fullmatch(words[-1]):
            return False
        return all(looks_like_acronym(w) for w in words[:-2])


def _akin(a: str, b: str) -> bool:
    """Whether two names share a word of three letters or more or a run of four letters
    ("jingdezhen" and "town of jingde", "bm25s" and "bm25-sparse")."""
    if {w for w in a.split() if len(w) > 2} & {w for w in b.split() if len(w) > 2}:
        return True
    return any(a[k : k + 4] in b for k in range(len(a) - 3) if a[k : k + 4].isalnum())
