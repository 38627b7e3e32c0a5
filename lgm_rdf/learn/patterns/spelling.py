"""An acronym spelled out by the capitalised words near it ("OECD" by "Organisation for Economic
Co-operation and Development"), whether a name's initials spell it, and whether its letters occur
in a name in order."""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import Arg, ArgTokens, looks_like_acronym
from lgm_rdf.learn.patterns.words import NAME_PARTICLES, TITLE_FUNCTION_WORDS
from lgm_rdf.nlp.wordlists import words

# words an acronym may leave out: articles, prepositions, name particles, in English and the
# languages whose names a bracket gives ("Organisation mondiale de la santé" - "OMS")
_UNSPELT = TITLE_FUNCTION_WORDS | NAME_PARTICLES | words("la le les el al et y und")


def initials(text: str) -> str:
    """Initials of the capitalised words of ``text`` ("Economic Co-operation" -> "EC")."""
    return "".join(w[0] for w in _words(text) if w[:1].isupper())


def _words(text: str) -> list[str]:
    """The words of a name whose initials may spell an acronym (hyphens and commas split)."""
    return text.replace("-", " ").replace(",", " ").split()


def spelled_out(b: ArgTokens, acronym: str, start: int, end: int, forward: bool) -> Arg | None:
    """The words whose capitalised initials spell ``acronym``, between tokens ``start`` and
    ``end``: the shortest run ending at ``end`` (``forward`` False) or starting at ``start``
    ("Organisation for Economic Co-operation and Development" for "OECD")."""
    letters = "".join(c for c in acronym if c.isalpha()).upper()
    toks, text = b.v.tokens, b.v.sentence.text
    if len(letters) < 2 or not 0 <= start <= end < len(toks):
        return None
    spans = [(start, e) for e in range(start, end + 1)] if forward else []
    spans += [] if forward else [(first, end) for first in range(end, start - 1, -1)]
    for lo, hi in spans:
        words = initials(text[toks[lo].start : toks[hi].end])
        spelt = words == letters or _one_word_skipped(letters, words)
        if spelt and toks[lo].text[:1].isupper() and toks[hi].upos != "PUNCT":
            return b.from_tokens(list(range(lo, hi + 1)), "whole")
        if len(words) > len(letters) + 1:
            return None
    return None


def _one_word_skipped(letters: str, words: str) -> bool:
    """The initials ``words`` are ``letters`` with one inner word left out, as acronyms often
    leave out a word ("Women's Professional Basketball League (WBL)")."""
    if len(letters) < 3 or len(words) != len(letters) + 1:
        return False
    return any(words[:k] + words[k + 1 :] == letters for k in range(1, len(words) - 1))


def abbreviates(acronym: str, name: str) -> bool:
    """Whether ``acronym`` is made of the first letters of the words of ``name``, in any case,
    with or without its function words ("CPC" - "Communist Party of Canada", "PCC" - "Parti
    communiste du Canada", "BoC" - "Bank of Canada"), or leaving out one inner word."""
    letters = "".join(c for c in acronym if c.isalpha()).upper()
    if len(letters) < 2:
        return False
    spelt = (_word_initials(name, frozenset()), _word_initials(name, _UNSPELT))
    return any(x == letters or _one_word_skipped(letters, x) for x in spelt)


def _word_initials(text: str, skipped: frozenset[str]) -> str:
    """The first letters, upper-cased, of the words of ``text`` not ``skipped``."""
    return "".join(
        w[0] for w in _words(text) if w[:1].isalpha() and w.lower() not in skipped
    ).upper()


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


def spells(outer: Arg, name: Arg) -> bool:
    """Whether ``name`` is the acronym of the longer name ``outer`` ("New Jersey Agricultural
    Experiment Station" - "NJAES")."""
    letters = initials(outer.label)
    return looks_like_acronym(name.label) and len(letters) > 1 and letters == name.label
