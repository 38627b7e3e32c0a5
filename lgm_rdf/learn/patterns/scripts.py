"""A name followed in brackets by the same name in another script or language: an alias.

'the single "사랑해 (I Love You)"', "Tokyo Tower (東京タワー)", '"Dziewczyna z Łodzi" (The Girl
from Lodz, 2003)': Wikipedia-style prose gives a name's translation or transcription in brackets
right after it, without the "(Korean: ...)" label ``foreign`` reads. Two names written in
different scripts (Latin and Hangul, Kana, Cyrillic ...) cannot be one phrase and its gloss, so
the bracket names the same thing. A quoted title spelled with letters English does not use
("Ł", "ą") and followed by a bracketed title in plain English letters is its translation.
The same words spelled again in brackets with accents ("Krakow (Kraków)", "Sao Paulo (São
Paulo)") are one name in two spellings.
"""

from __future__ import annotations

import re
import unicodedata

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.nlp.concepts import junk_key
from lgm_rdf.nlp.wordlists import words
from lgm_rdf.ontology import normalise_label, without_accents, without_article

_OPEN_QUOTES = '"“«„'
_CLOSE_QUOTES = '"”»“'
# entity types of a bracket that locates or dates ("Malmö (Sweden)", "Łódź (1920)")
_PLACE_OR_TIME = frozenset({"GPE", "LOC", "DATE", "TIME", "CARDINAL", "ORDINAL"})
_SMALL_WORDS = words("a an the of in on at to for and or from with by into as is but")
# words of a bracket that names a release, an edition or a part, not the work
_RELEASE_WORDS = words(
    "version edit remix mix live part track soundtrack remastered remaster bonus demo "
    "acoustic instrumental extended edition reprise single"
)
_LATIN_WORD = re.compile(r"^[A-Za-z][A-Za-z'’.-]*$")
_MAX_NAME = 60  # characters of one name inside a bracket


def script(text: str) -> str:
    """The script most letters of ``text`` are written in ("LATIN", "HANGUL", "CJK",
    "CYRILLIC" ...; "" without letters); Kana and CJK ideographs count as one script."""
    counts: dict[str, int] = {}
    for ch in text:
        if not ch.isalpha():
            continue
        name = unicodedata.name(ch, "").split(" ")[0]
        name = "CJK" if name in ("HIRAGANA", "KATAKANA", "CJK") else name
        counts[name] = counts.get(name, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else ""


def _foreign_latin(text: str) -> bool:
    """Latin letters English does not write ("Łodzi", "Śląskiego", "ñ"): not English."""
    return any(ch.isalpha() and not ch.isascii() for ch in text) and script(text) == "LATIN"


def folded(text: str) -> str:
    """``text`` without its accents and marks, in lower case and single spaces ("vāstu
    śāstra" -> "vastu sastra"): what two spellings of one name share."""
    return " ".join(without_accents(text).lower().split())


def _english_title(words: list[str]) -> bool:
    """Words of a title in plain English letters, each capitalised but the small ones."""
    return len(words) >= 2 and all(
        _LATIN_WORD.match(w) and (w[:1].isupper() or w in _SMALL_WORDS) for w in words
    )


def _open_quote(text: str) -> int:
    """Where the quotation still open at the end of ``text`` opens (-1 if none is open)."""
    curly_open, curly_close = text.rfind("“"), text.rfind("”")
    straight = text.count('"')
    if straight % 2:
        return max(text.rfind('"'), curly_open if curly_open > curly_close else -1)
    return curly_open if curly_open > curly_close else -1


class ScriptNameRules(RuleBase):
    """The rules ``other-script-name`` and ``respelled-name``."""

    def _other_script_names(self) -> None:
        """ "X (Y)" where X and Y are written in different scripts, or X is a quoted title in
        foreign Latin letters and Y a title in English letters: Y is another name of X."""
        toks = self.v.tokens
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(":
                continue
            inner = self._inner_name(p)
            if inner is None:
                continue
            outer, quoted = self._outer_name(p, script(inner[0]) == "LATIN")
            if outer is None:
                continue
            if not self._same_name(outer, quoted, inner[0], inner[1]):
                continue
            a, b = (without_article(normalise_label(form)) for form in (outer, inner[0]))
            if a != b and not junk_key(a) and not junk_key(b):
                self.rule = "other-script-name"
                self._emit("alias", Arg(a, outer, True), Arg(b, inner[0], True), 0.8)

    def _respelled_names(self) -> None:
        """ "Krakow (Kraków)", "Sao Paulo (São Paulo)": a capitalised name right before a
        bracket spelled again inside it with accents or marks (the two the same once those are
        taken away) is one name in two spellings: an alias. Only letters count; the bracket
        holds nothing else but a comma or a semicolon after the name. Common words are not
        respelled but other words ("rose (rosé)", "resume (résumé)")."""
        toks, text = self.v.tokens, self.sentence.text
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(":
                continue
            end = next((k for k in range(p + 1, len(toks)) if toks[k].text in ",;)"), None)
            if end is None or end == p + 1:
                continue
            inner = text[toks[p + 1].start : toks[end - 1].end]
            count = len(inner.split())
            if p - count < 0 or not all(ch.isalpha() or ch in " -'" for ch in inner):
                continue
            outer = text[toks[p - count].start : toks[p - 1].end]
            if any(not ch.isascii() for ch in outer) or folded(outer) != folded(inner):
                continue
            if len(outer.split()) != count or inner.isascii():
                continue  # the same words, token for token; the bracket adds marks
            if not (outer[:1].isupper() and inner[:1].isupper()):
                continue  # "rose (rosé)", "resume (résumé)": other words, not one name
            a, b = normalise_label(outer), normalise_label(inner)
            if not junk_key(a) and not junk_key(b):
                self.rule = "respelled-name"
                self._emit("alias", Arg(a, outer, True), Arg(b, inner, True), 0.85)

    def _same_name(self, outer: str, quoted: bool, inner: str, inner_tokens: list) -> bool:
        """Whether ``inner`` (in brackets after ``outer``) is ``outer`` in another script
        ("사랑해 (I Love You)", "Tokyo Tower (東京タワー)"), or the English title of a quoted
        title in foreign Latin letters, which is not where or when it is ("Łódź (Lodz
        Voivodeship)")."""
        outer_script, inner_script = script(outer), script(inner)
        if not outer_script or not inner_script:
            return False
        if outer_script != inner_script:
            return "LATIN" in (outer_script, inner_script)
        if not (quoted and _foreign_latin(outer) and _english_title(inner.split())):
            return False
        names = [t.ent_type for t in inner_tokens if t.text[:1].isupper()]
        # "Łódź (Lodz Voivodeship)": where it is; '"Tú" (Columbia Records)', '"Amélie"
        # (Jean-Pierre Jeunet)': who issued or made it
        return not all(kind in _PLACE_OR_TIME | {"ORG", "PERSON"} for kind in names)

    def _inner_name(self, p: int) -> tuple[str, list] | None:
        """The name that opens the bracket at ``p`` (up to a comma, a semicolon or the
        bracket's end), with its tokens; none for a label ("Korean: ...") or a gloss."""
        toks, text = self.v.tokens, self.sentence.text
        end = next((k for k in range(p + 1, len(toks)) if toks[k].text in (",", ";", ")")), None)
        if end is None or end == p + 1 or toks[end].text == ";":
            return None
        if any(toks[k].text in (":", "(") for k in range(p + 1, end)):
            return None  # labelled ("Korean: ..."): the rule ``foreign-name``
        if toks[end].text == "," and not self._closes_soon(end):
            return None
        name = text[toks[p + 1].start : toks[end - 1].end].strip(_OPEN_QUOTES + _CLOSE_QUOTES)
        if not name or len(name) > _MAX_NAME or name[:1].islower():
            return None  # "(born 1970)", "(in German)": no name
        inside = [toks[k] for k in range(p + 1, end)]
        if any(t.text.lower() in _RELEASE_WORDS for t in inside):
            return None  # '"Déjà Vu" (Radio Edit)', '(Live in Berlin)': which release
        return name, inside

    def _closes_soon(self, comma: int) -> bool:
        """After the name's comma only a year or a number runs to the bracket's end
        ("(The Girl from Lodz, 2003)")."""
        toks = self.v.tokens
        rest = []
        for k in range(comma + 1, len(toks)):
            if toks[k].text == ")":
                return len(rest) <= 2 and all(t.text.isdigit() for t in rest)
            rest.append(toks[k])
        return False

    def _outer_name(self, p: int, latin_inner: bool) -> tuple[str | None, bool]:
        """The name right before the bracket at ``p`` and whether it is quoted: a quoted
        title that closes there, one still open there and written in a script other than
        Latin ('"사랑해 (I Love You)"'; not 'He said "we visited Tokyo (東京)'), a run of words
        in such a script, or, before a ``latin_inner`` name of no other script, a name the
        parse gives."""
        toks, text = self.v.tokens, self.sentence.text
        before = text[: toks[p].start].rstrip()
        start = _open_quote(before[:-1]) if before[-1:] in _CLOSE_QUOTES else -1
        if start >= 0 and len(before) - start <= _MAX_NAME:
            return before[start + 1 : -1].strip() or None, True  # '"Il Sorpasso" (The ...)'
        start = _open_quote(before)
        if start >= 0 and len(before) - start <= _MAX_NAME:
            opened = before[start + 1 :].strip()
            return (opened if script(opened) not in ("", "LATIN") else None), True
        k = p - 1
        while k >= 0 and script(toks[k].text) not in ("", "LATIN"):
            k -= 1
        if k < p - 1:
            return text[toks[k + 1].start : toks[p - 1].end], False
        if latin_inner:
            return None, False  # a Latin name after a Latin one: no other script
        name = self.b.name_before(p - 1)
        return (name.label if name is not None and name.is_name else None), False
