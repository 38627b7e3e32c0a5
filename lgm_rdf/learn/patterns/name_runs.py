"""Names that run on past where the parse ended them: a title past a capitalised preposition or
article ("the Task Force on Traffic Capacity Across the Chesapeake Bay"), a quoted nickname
before the surname ('Thomas Massey "Tom" McEwen'), and the rest of a name the parse hung beside
it ("a party named [Poland]oprd [Together]oprd"). ``extents.name_extent`` applies them.
"""

from __future__ import annotations

from lgm_rdf.learn.patterns.depview import QUOTES, DepView
from lgm_rdf.learn.patterns.words import TITLE_FUNCTION_WORDS
from lgm_rdf.nlp.wordlists import HYPHENS


def title_word(v: DepView, k: int) -> bool:
    """A word a title may hold: capitalised, a number, or a lower-case function word."""
    text = v.tokens[k].text
    return text[:1].isupper() or text.isdigit() or text in TITLE_FUNCTION_WORDS or text in HYPHENS


def _title_run(v: DepView, idx: list[int], i: int) -> list[int]:
    """A name that goes on past a capitalised preposition or article: "the Task Force on
    Traffic Capacity Across the Chesapeake Bay" (mid-sentence such words are capitalised only
    in titles); the run ends at its last capitalised word, and at "and" / "or" when the name
    (head ``i``) is a later item of a list set off by commas ("Lake James, Chimney Rock Park
    and The Biltmore Estate": two items; "In 1980, Echo and The Bunnymen were" is one name)."""
    toks, hi, end, signal = v.tokens, idx[-1] + 1, idx[-1], False
    listed = idx[0] > 0 and toks[idx[0] - 1].text == "," and v.rels[i] == "conj"
    while hi < len(toks) and title_word(v, hi) and toks[hi].upos != "PUNCT":
        if listed and toks[hi].upos == "CCONJ":
            break
        text = toks[hi].text
        if text[:1].isupper():
            end = hi
            function = toks[hi].upos in ("ADP", "DET", "CCONJ") and not text.isupper()
            signal = signal or function  # an all-capital line ("DAMAGES OR ...") is no title
        hi += 1
    return list(range(idx[0], end + 1)) if signal else idx


def _nickname_run(v: DepView, idx: list[int]) -> list[int]:
    """'Thomas Massey "Tom" McEwen': a quoted nickname followed by the surname continues the
    name the parse ended before the quotes."""
    toks, q = v.tokens, idx[-1] + 1
    if q >= len(toks) or toks[q].text not in QUOTES:
        return idx
    close = next((k for k in range(q + 1, min(q + 5, len(toks))) if toks[k].text in QUOTES), None)
    end = close
    while end is not None and end + 1 < len(toks) and toks[end + 1].upos == "PROPN":
        if not toks[end + 1].text[:1].isupper():
            break
        end += 1
    if close is None or end is None or end == close:
        return idx
    return list(range(idx[0], end + 1))


def _split_sibling(v: DepView, i: int, k: int) -> bool:
    """The capitalised word ``k`` right after the name ``i`` is the rest of it that the parse hung
    beside it, in the same relation to the same head ("named [Poland]oprd [Together]oprd")."""
    tok = v.tokens[k]
    if not tok.text[:1].isupper() or tok.upos in ("PUNCT", "CCONJ", "ADP", "DET", "PRON"):
        return False
    return v.head(k) == v.head(i) and v.rels[k] == v.rels[i] and v.head(i) not in (None, i)


def name_run(v: DepView, idx: list[int], i: int) -> list[int]:
    """The tokens ``idx`` of the name headed by ``i`` with the runs that continue it."""
    idx = _nickname_run(v, _title_run(v, idx, i))
    nxt = idx[-1] + 1
    while nxt < len(v.tokens) and _split_sibling(v, i, nxt):
        idx, nxt = [*idx, nxt], nxt + 1  # "a party named [Poland]oprd [Together]oprd"
    return idx
