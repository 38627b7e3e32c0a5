"""Where an argument's words begin and end: the extent of a label, mended beyond the parse.

The small parser cuts names and noun phrases in a few recurring places; each function here takes
the tokens chosen from the tree and mends one of them by what the text shows:

* inside a name: a possessive that names a shop or a title on its own ("Domino's"), a number
  after "No."/"Op." ("Sonata No. 3"); the runs that continue a name past the parse (a quoted
  nickname, a title past a capitalised preposition) are ``name_runs.py``'s;
* around a name: a title in quotes or brackets written in title case ('"Escape to Hangover"',
  "(Every Day And Night)"), a title that opens a sentence with a preposition ("Of Mice and Men
  is a novel");
* a whole sentence opening: a title-case name before the copula that the parse broke into a
  clause or a phrase ("Build Me Up From Bones is ...", "Act of War: Direct Action is ...").

Hyphened words in a class noun phrase are ``hyphened.py``'s job; which adjectives belong to a
class is ``adjectives.py``'s.

Where the right extent cannot be told, the caller gets no argument rather than a cut one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lgm_rdf.learn.patterns.adjectives import modifier_word
from lgm_rdf.learn.patterns.depview import NOUNS, QUOTES, DepView
from lgm_rdf.learn.patterns.name_runs import name_run, title_word
from lgm_rdf.learn.patterns.words import (
    ARTICLES,
    NAME_PARTICLES,
    NUMBER_ABBREVIATIONS,
    ORDINAL_WORDS,
    ROLE_SUFFIXES,
    SENTENCE_ADVERBS,
    TITLE_FUNCTION_WORDS,
)
from lgm_rdf.nlp.coref.lexicon import person_noun
from lgm_rdf.nlp.model import Token
from lgm_rdf.nlp.wordlists import HYPHENS

BRACKETS = {"(": ")", "[": "]"}
# fields English names by a fixed pair of nouns, which stay one modifier before a person's role
# ("a track and field athlete", "a rhythm and blues singer"; lemmas)
FIELD_PAIRS = frozenset(
    {
        ("track", "field"),
        ("rhythm", "blues"),
        ("rock", "roll"),
        ("film", "television"),
        ("television", "film"),
        ("stage", "screen"),
        ("art", "craft"),
        ("food", "beverage"),
        ("research", "development"),
        ("science", "technology"),
    }
)
_DEMONYM_ENDINGS = ("an", "ese", "ish", "i", "ch")
MAX_TITLE = 14  # tokens: a longer quotation is speech, not a title


def enclosed(v: DepView, idx: list[int]) -> list[int] | None:
    """The whole title when ``idx`` lies inside quotes or brackets that hold nothing but a
    title-case phrase ('"Escape to Hangover"', "(Every Day And Night)"); None otherwise."""
    toks = v.tokens
    lo, hi = idx[0] - 1, idx[-1] + 1
    while lo >= 0 and idx[0] - lo <= MAX_TITLE and toks[lo].text not in QUOTES | set(BRACKETS):
        lo -= 1
    if lo < 0 or idx[0] - lo > MAX_TITLE:
        return None
    close = BRACKETS.get(toks[lo].text)
    ends = {close} if close else QUOTES
    while hi < len(toks) and hi - idx[-1] <= MAX_TITLE and toks[hi].text not in ends:
        if toks[hi].text in QUOTES | set(BRACKETS) | {")", "]"}:
            return None
        hi += 1
    if hi >= len(toks) or toks[hi].text not in ends or hi - lo < 2:
        return None
    inside = list(range(lo + 1, hi))
    if not toks[inside[0]].text[:1].isupper() or not all(title_word(v, k) for k in inside):
        return None
    if len(inside) > 1 and toks[inside[0]].text.lower() in ARTICLES:
        inside = inside[1:]  # '"The Simpsons"' is the concept "simpsons", as unquoted
    return inside


def title_goes_on(toks: Sequence[Token], n: int) -> bool:
    """A capitalised word ``n`` is inside a name: a capitalised word follows, at once or after
    title function words ("Holidays with The Partridge Family"): it keeps its form."""
    j = n + 1
    while j < len(toks) and toks[j].text in TITLE_FUNCTION_WORDS:
        j += 1
    return j < len(toks) and toks[j].text[:1].isupper()


def name_extent(v: DepView, idx: list[int], i: int) -> list[int]:
    """The tokens ``idx`` of the name headed by ``i``, mended where the parse cut it."""
    toks = v.tokens
    if not toks[i].text[:1].isupper():
        return idx
    if (whole := enclosed(v, idx)) is not None:
        return whole
    idx = name_run(v, idx, i)
    nxt = idx[-1] + 1
    if nxt in v.children(i, "case") and toks[nxt].tag == "POS" and v.rels[i] != "poss":
        idx = [*idx, nxt]  # "Domino's", "Sullivan's": a possessive that names on its own
    elif nxt < len(toks) and toks[idx[-1]].text.lower() in NUMBER_ABBREVIATIONS:
        num = nxt + 1 if toks[nxt].text == "." and not toks[idx[-1]].ws else nxt
        if num < len(toks) and toks[num].text[:1].isdigit():
            idx = list(range(idx[0], num + 1))  # "Violin Sonata No. 3": the number is in it
    idx = _slashed(v, idx, i)
    if opening_adverb(v, idx):
        idx = idx[1:]  # "Overall Spain was": the adverb opens the sentence, not the name
    if idx[0] == 1 and toks[0].upos == "ADP" and toks[i].ent_type == "PERSON":
        while (
            len(idx) > 1 and toks[idx[0]].ent_type != "PERSON" and toks[idx[0]].text[:1].isupper()
        ):
            idx = idx[1:]  # "At Google Larry Page was": the place is the preposition's
    setting = any(toks[k].ent_type in ("PERSON", "DATE", "TIME") for k in idx)
    if idx[0] == 1 and toks[0].upos == "ADP" and v.rels[i] in ("subj", "subjpass") and not setting:
        idx = [0, *idx]  # "Of Mice and Men is a novel": a preposition cannot open a clause
        # (it does open "At Google Larry Page was", "In May Tom Hale was")
    return idx


def epithet(v: DepView, i: int, k: int) -> bool:
    """ "Alexander [the Great]", "Henry [the Navigator]": the apposition ``k`` of the one-word
    name ``i`` is "the" and one capitalised word right after it, no comma between, a byname that
    is part of the name."""
    toks = v.tokens
    if k != i + 2 or toks[i + 1].text != "the" or v.head(i + 1) != k or v.kids[k] != [i + 1]:
        return False
    one_word = not any(toks[c].text[:1].isupper() for c in v.children(i, "compound", "flat"))
    return one_word and toks[k].upos == "PROPN" and toks[k].text[1:].islower()


def run_on_name(v: DepView, i: int, k: int) -> bool:
    """ "[Jacques]-Nicolas [Billaud-Varenne]appos": a capitalised apposition with nothing but
    hyphens and capitalised words between it and the name ``i`` is the rest of the name; so is
    a byname ("Henry [the Navigator]", ``epithet``)."""
    if epithet(v, i, k):
        return True
    names = {v.tokens[i].upos, v.tokens[k].upos} == {"PROPN"}  # not "[Senators]NOUN Mitch X"
    if not (k > i and names and v.tokens[k].text[:1].isupper()):
        return False
    # stops at the first mark: a long list of appositions costs no scan of all between
    return all(w in HYPHENS or w[:1].isupper() for w in (v.tokens[j].text for j in range(i + 1, k)))


def opening_adverb(v: DepView, idx: list[int]) -> bool:
    """The name tokens ``idx`` open the sentence with an adverb that is no part of the entity
    after it ("Overall Spain was", ``words.SENTENCE_ADVERBS``)."""
    toks = v.tokens
    if idx[0] != 0 or len(idx) < 2 or toks[0].text.lower() not in SENTENCE_ADVERBS:
        return False
    return not toks[0].ent_type and bool(toks[idx[1]].ent_type)


def _slashed(v: DepView, idx: list[int], i: int) -> list[int]:
    """ "Eugster/Frismag AG", "Broken Path/Broken Fist/Attack of the Yakuza": the name ``idx``
    grows left over a slash glued to capitalised words of the same entity as its head, where
    a side of the slash has more than one word ("Google/Gmail" are two names)."""
    toks, kind = v.tokens, v.tokens[i].ent_type
    k = idx[0] - 1
    while kind and k >= 1 and toks[k].text == "/" and not toks[k].ws and not toks[k - 1].ws:
        j = k - 1
        while j >= 0 and toks[j].text[:1].isupper() and toks[j].ent_type == kind:
            j -= 1
        if j == k - 1 or (j == k - 2 and k + 1 == idx[-1]):
            break
        idx, k = list(range(j + 1, idx[-1] + 1)), j
    return idx


def ranking(v: DepView, k: int) -> bool:
    """A lower-case word before a name that ranks or limits it ("just", "3rd", "busiest",
    "first"): no part of the name."""
    tok = v.tokens[k]
    text = tok.text.lower()
    if v.rels[k] == "advmod":
        return tok.text.islower()
    ordinal = text in ORDINAL_WORDS or re.fullmatch(r"\d+(?:st|nd|rd|th)", text) is not None
    return not tok.text[:1].isupper() and (ordinal or tok.tag in ("JJS", "RBS"))


def noun_object(v: DepView, i: int) -> bool:
    """ "coreference resolution" parsed as the noun "coreference" with the object
    "resolution": a noun takes no object, the two are one compound."""
    nxt = i + 1
    return (
        v.tokens[i].upos == "NOUN"
        and nxt < len(v)
        and nxt in v.children(i, "obj")
        and v.tokens[nxt].upos == "NOUN"
        and not v.kids[nxt]
    )


def title_tail(v: DepView, idx: list[int]) -> bool:
    """The name ``idx`` follows "of"/"for" after a capitalised word outside it ("the College
    Degree Program for Non Employees", "University of Texas"): the end of a longer title that
    the parse split, so its extent cannot be told."""
    lo, toks = idx[0], v.tokens
    return (
        lo >= 2
        and toks[lo - 1].text in ("of", "for")
        and toks[lo - 2].upos == "PROPN"
        and toks[lo - 2].text[:1].isupper()
    )


def _words(v: DepView, idx: list[int]) -> list[list[int]]:
    """The tokens ``idx`` grouped into written words ("5-star" is one word of three tokens)."""
    out: list[list[int]] = []
    for k in idx:
        if out and out[-1][-1] == k - 1 and not v.tokens[k - 1].ws:
            out[-1].append(k)
        else:
            out.append([k])
    return out


def _hyphened_word(v: DepView, word: list[int]) -> bool:
    """A lower-case word of pieces joined by hyphens that opens a compound class ("a
    cross-country mountain biker", "a utility-scale wind power facility"): the class keeps it
    with the compound after it (it gave the head noun alone)."""
    texts = [v.tokens[k].text for k in word]
    pieces = [t for t in texts if t not in HYPHENS]
    return len(pieces) > 1 and len(pieces) < len(texts) and all(t.islower() for t in pieces)


def _classifier_word(v: DepView, word: list[int]) -> bool:
    """A word a class may keep before its head: one lower-case common noun ("kit", "music"),
    whatever the tagger says of its being a name ("research"[PROPN] "university")."""
    tok = v.tokens[word[0]]
    noun = tok.upos in ("NOUN", "PROPN")
    return len(word) == 1 and noun and tok.text.isalpha() and tok.text.islower()


def coordinated_modifier(v: DepView, p: int, k: int) -> bool:
    """Whether token ``k`` is the "and" or the second noun of the noun modifier ``p`` written as
    one coordination right before its head ("track and field" athlete, "food and beverage"
    company): the two lower-case nouns name one field, so the class keeps them both. Before a
    person's role only a field English joins so (``FIELD_PAIRS``: "a rhythm and blues
    singer"), since two roles read the same ("a deputy and campaign manager" is both)."""
    toks, c = v.tokens, p + 2
    if k not in (p + 1, c) or c + 1 != v.head(p) or v.rels[p + 1] != "cc" or v.head(c) != p:
        return False
    role = person_noun(v.lemma(c + 1)) or toks[c + 1].text.endswith(ROLE_SUFFIXES + ("ian",))
    if role and (v.lemma(p), v.lemma(c)) not in FIELD_PAIRS:
        return False
    nouns = all(toks[j].upos == "NOUN" and toks[j].text.isalpha() for j in (p, c))
    return nouns and v.rels[c] == "conj" and toks[p + 1].text == "and" and not v.kids[c]


def kept_by_modifier(v: DepView, p: int, k: int, i: int) -> bool:
    """Whether ``k``, a dependent of the noun modifier ``p`` of the class head ``i``, belongs to
    the class label with it: its own adverb or adjective right before it ("open source
    project", "long running"), or the rest of a coordination ("track and field athlete")."""
    return (k == p - 1 and modifier_word(v, k)) or (p < k < i and coordinated_modifier(v, p, k))


def _national(v: DepView, word: list[int]) -> bool:
    """A nationality or place written before a class ("American", "North Korean", "Italian-born"):
    tagged so, or capitalised with a demonym ending (the small model's entity tags slip)."""
    tok = v.tokens[word[0]]
    if tok.ent_type in ("NORP", "GPE"):
        return True
    return tok.text[:1].isupper() and tok.text.endswith(_DEMONYM_ENDINGS) and len(word) == 1


def lost_modifier(v: DepView, idx: list[int]) -> bool:
    """Whether the first word of the class tokens ``idx`` lost a lower-case modifier of its own
    ("16th" of "a 16th century painter"): the compound without it says something else
    ("century painter"), so the head noun must stand alone."""
    first = idx[0]
    lost = [k for k in v.children(first, "amod", "nummod") if k < first and k not in idx]
    return any(v.tokens[k].text.islower() or v.tokens[k].text[:1].isdigit() for k in lost)


def class_extent(v: DepView, idx: list[int], i: int) -> list[int] | None:
    """The label of a class headed by the common noun ``i`` from its tokens ``idx``: the noun
    compound that ends at the head ("a 2006 science fiction film" -> "science fiction film",
    "a 5-star luxury hotel" -> "luxury hotel", "an American Futurist painter" -> "Futurist
    painter"). Modifiers that rate, date or place the thing drop from the left edge: words with
    a digit ("5-star", "1998") and nationalities ("American", "North Korean"); a hyphened word
    may open what stays ("utility-scale wind power facility"); the rest must
    be lower-case nouns or a name. None when something else stays (an adjective kept inside the
    phrase, "deep learning framework"): the caller falls back to the head noun."""
    head = v.tokens[i].text
    if not idx or idx[-1] != i or not head.islower() or head.endswith("ing"):
        return None  # "a talk radio station broadcasting in ...": a verb taken for the head
    if lost_modifier(v, idx):
        return None
    words = _words(v, idx)
    while len(words) > 1 and (
        any(c.isdigit() for k in words[0] for c in v.tokens[k].text) or _national(v, words[0])
    ):
        name_next = v.tokens[words[1][0]].text[:1].isupper() and not _national(v, words[1])
        if _national(v, words[0]) and name_next:
            return None  # "French Revolution figures", "a Greek Revival structure": a name
        words = words[1:]
    joined = {k + 1 for k in idx if coordinated_modifier(v, k, k + 1)}  # "track [and] field"
    kept = words[1:-1] if _hyphened_word(v, words[0]) else words[:-1]
    if all(_classifier_word(v, w) or modifier_word(v, w[0]) or w[0] in joined for w in kept) or any(
        v.tokens[w[0]].text[:1].isupper() for w in words[:-1]
    ):
        return [k for w in words for k in w]
    return None


def role_before_name(v: DepView, k: int, i: int) -> bool:
    """Whether token ``k`` opens a run of lower-case words before the capitalised name that
    ends at ``i`` ("guitarist Stone Gossard", "lead guitarist J. Mascis"): a role, whatever the
    tagger called it, and no word of the name. Before an acronym or a letter ("radio DJ",
    "vitamin C") the words belong to the class."""
    toks = v.tokens
    if v.rels[k] not in ("compound", "amod") or not (toks[k].text.isalpha()):
        return False
    n = k
    while n <= i and toks[n].text.isalpha() and toks[n].text.islower():
        if toks[n].text in NAME_PARTICLES or toks[n].upos not in ("NOUN", "VERB", "ADJ", "PROPN"):
            return False  # "de Gaulle": a particle of the name
        n += 1
    if n > i or n == k:
        return False
    name = [toks[m].text for m in range(n, i + 1)]
    if n == k + 1 and toks[k].upos == "VERB" and toks[k].text.endswith("ing"):
        return name[0][:1].isupper()  # "training SPLADE": a verb and its object, whatever name
    acronym = any(len(w.rstrip(".")) > 1 and w.isupper() for w in name)
    worded = any(len(w) > 1 and not w.isupper() for w in name)  # "vitamin C" is no role + name
    return all(w[:1].isupper() for w in name) and worded and not acronym


def cut_in_quotes(v: DepView, start: int, label: str) -> bool:
    """Whether a name that opens quotation marks at token ``start`` ends before they close
    ('the film "Money Money, More Money"' read as "Money Money"): a title cut short."""
    toks = v.tokens
    if start == 0 or toks[start - 1].text not in QUOTES:
        return False
    close = next((j for j in range(start, len(toks)) if toks[j].text in QUOTES), None)
    if close is None or close == start:
        return False
    inner = v.sentence.text[toks[start].start : toks[close - 1].end]
    return len(_bare(label)) < len(_bare(inner))


def _bare(title: str) -> str:
    """The letters and digits of a title without a leading article ("Léon: The Professional"
    and "Léon The Professional" are one title)."""
    first, _, rest = title.strip().partition(" ")
    if first.lower() in ARTICLES and rest:
        title = rest
    return "".join(ch for ch in title if ch.isalnum())


def nation_word(tok: Token) -> bool:
    """A nationality or a country's abbreviation before a place noun, which says whose the
    place is ("the German protectorate of Togoland", "the U.S. state of Ohio")."""
    letters = tok.text.replace(".", "")
    return tok.ent_type == "NORP" or (letters.isalpha() and letters.isupper() and len(letters) <= 3)


def name_head_ending_at(v: DepView, name_tokens: Callable[[int], list[int]], j: int) -> int | None:
    """The head of the longest name that ends with token ``j`` ("the Federal Bureau of
    [Investigation]" → "Bureau"), climbing the parse while the name still ends there."""
    best, cand, seen = None, j, set()
    while cand is not None and cand <= j and cand not in seen:
        seen.add(cand)
        if v.tokens[cand].upos in NOUNS:
            if name_tokens(cand)[-1] != j:
                break
            best = cand
        cand = v.head(cand)
    return best
