"""A name given in another language inside brackets, or labelled as another name of the same
thing ("(former names: Tongzhou, Tungchow)"): an alias of the name before them.

"Boxing (Armenian: բռնցքամարտ "břntsk'amart")", "the Charter of the French Language (French:
La charte de la langue française)", "Apink (Korean: 에이핑크, Japanese: エーピンク)": the bracket
labels each of its names with a language, a script or a romanisation (``nlp.languages``), and
every name so labelled names what the words before the bracket name.
"""

from __future__ import annotations

import re

from lgm_rdf.learn.genre import looks_like_code
from lgm_rdf.learn.patterns.args import Arg, looks_like_acronym
from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.learn.patterns.opening import opening_title
from lgm_rdf.learn.patterns.spelling import abbreviates, acronym_matches
from lgm_rdf.learn.patterns.titles import title_arg
from lgm_rdf.learn.patterns.words import ARTICLES
from lgm_rdf.nlp.concepts import junk_key
from lgm_rdf.nlp.languages import names_a_language
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.nlp.wordlists import words
from lgm_rdf.ontology import normalise_label

# "Label: name" at the start of a piece of the bracket
_LABELLED = re.compile(r"^\s*([^\W\d][\w.\-/]*(?:\s+[^\W\d][\w.\-/]*){0,3})\s*:\s*(.*)$", re.S)
# a pronunciation inside a labelled name: "Den Haag [dɛn ˈɦaːx]", "/ˈbeɪdʒɪŋ/" (slashes with
# phonetic letters only: "Sarajevo / Сарајево / Saraybosna" are three names)
_PRONUNCIATION = re.compile(r"\[[^\]]*\]|/[^/]*[ˈˌːəɪʊɛɔæʃʒθðŋɡɑɒʌɜɐʁχɾɲʎɣβ][^/]*/")
# a label of other names of the same thing: "(former names: A, B)", "(nickname: C)"
_NAME_LABEL = re.compile(
    r"\s*(?:(?:former|other|alternative|alternate|previous|earlier|old)\s+)?(?:nick)?names?\s*$",
    re.I,
)
# the dates of a person's life, which a name in another language may follow: "1828 – 1910,"
_DATES = re.compile(r"^\s*\d")
# a romanisation written without a colon: "translit. Zlatoust", "tr. Moskva", "romanized as X"
_UNLABELLED_SCRIPT = re.compile(
    r"^\s*(?:translit|tr|romani[sz]ed|transliterated)\b\.?\s*(?:as\s+)?(.*)$", re.I | re.S
)
# a language named without a colon: "(in Greek Γoρδιoς)" (a name in another script or quoted),
# "(German for "Eastphalia University of Applied Sciences")" (a quoted translation)
_IN_LANGUAGE = re.compile(r"^\s*in\s+((?:[A-Z][a-z]+\s+)?[A-Z][a-z]+)\s+(\S.*)$", re.S)
_LANGUAGE_FOR = re.compile(r"^\s*((?:[A-Z][a-z]+\s+)?[A-Z][a-z]+)\s+for\s+(\S.*)$", re.S)
# a piece that glosses or dates rather than names: "meaning “new”", "lit. 'fist fight'", "born 3
# May 1976", "also written as A Pink", "or simply X"
_GLOSS = re.compile(
    r"^\s*(?:meaning|means|lit\b|literally|born|died|also|or\b|pronounced|officially|formerly|"
    r"short|abbreviated|abbr\b|translated|transl\b|i\.e\.|e\.g\.|see\b|from\b|c\.|\d)",
    re.I,
)
_INVISIBLE = "\u200e\u200f\u200b\ufeff"
_QUOTES = "\"'“”‘’«»„"
_QUOTED = re.compile(r"[\"“«„]([^\"”»“]+)[\"”»“]")
# words that end or head the name of a body whose acronym may come from its own language:
# "the Austrian People's Party (ÖVP)", "the Party of Democratic Action (SDA)"
_BODY_WORDS = words(
    "party union alliance front movement league federation confederation congress council "
    "association organisation organization committee assembly coalition bloc agency institute "
    "academy society commission ministry corporation company group network service army"
)
# words of a translated name that is the body's English name, not a gloss of its words
# ('(German for "Eastphalia University of Applied Sciences")'; 'Kraftwerk (German for "Power
# Station")' glosses a band's name)
_INSTITUTIONS = words("university college school seminary church cathedral museum library bank")
# an acronym of one word in brackets: capitals (diacritics allowed), a few lower-case letters
_ACRONYM = re.compile(r"^[A-ZÀ-Þ][A-Za-zÀ-ÿ]{1,6}$")


def _pieces(content: str) -> list[str]:
    """The names a bracket's ``content`` labels with a language, in order of writing (a gloss
    or an etymology ends its part of the bracket: "from Ancient Greek: ..., romanized: ...")."""
    names: list[str] = []
    for segment in content.split(";"):
        current: list[str] = []
        listing = False  # after "former names:" each capitalised piece is one more name
        for piece in segment.split(","):
            labelled = _LABELLED.match(piece)
            script = _UNLABELLED_SCRIPT.match(piece)
            if (
                labelled
                and _NAME_LABEL.match(labelled.group(1))
                and labelled.group(2)[:1].isupper()
            ):
                names.extend(
                    [", ".join(current), labelled.group(2)] if current else [labelled.group(2)]
                )
                current, listing = [], labelled.group(1).strip().lower().endswith("s")
                continue  # "former name: X, Norland": one name, then something else
            listed = re.sub(r"^\s*(?:or|and)\s+", "", piece).strip()
            named = listed[:1].isupper() and not any(c.isdigit() for c in listed)
            if listing and not labelled and named and len(listed.split()) <= 5:
                names.append(listed)  # "former names: Nan-t'ung, Nantung, or Tungchow"
                continue
            listing = False
            if (named := _named_in_language(piece)) is not None:
                names.extend([", ".join(current), named] if current else [named])
                current = []  # 'German for "Eastphalia University", known as X': one name
                continue
            if _DATES.match(piece):
                if current:
                    names.append(", ".join(current))
                current = []  # "(9 September 1828 – 20 November 1910, Russian: ...)"
                continue
            if _GLOSS.match(piece):
                break  # "meaning “new”", "born 1976", "from Ancient Greek: ...": no more names
            if (labelled and _language_label(labelled.group(1))) or script:
                if current:
                    names.append(", ".join(current))
                current = [labelled.group(2) if labelled else script.group(1)]
            elif current and not labelled and piece.strip()[:1].islower():
                current.append(piece.strip())  # 'German: Der Mann, der nicht liebt'
            else:
                if current:
                    names.append(", ".join(current))
                current = []  # "IATA: ALY", "Parti communiste du Canada, CPC / PCC": no name
        if current:
            names.append(", ".join(current))
    return [name for name in names if name.strip()]


def _named_in_language(piece: str) -> str | None:
    """The name of a piece that names its language without a colon: "in Greek Γoρδιoς" (the
    name in another script or quoted: "in French Guiana" is a place), 'German for "Eastphalia
    University"' (a quoted name, capitalised, of a body or an institution, and nothing after
    it: a translated band's or phrase's name is a gloss); None for any other piece."""
    found = _IN_LANGUAGE.match(piece)
    if found and names_a_language(found.group(1)):
        name = found.group(2).strip()
        return name if not name.isascii() or name[:1] in _QUOTES else None
    found = _LANGUAGE_FOR.match(piece)
    if found and names_a_language(found.group(1)):
        name = found.group(2).strip()
        quoted = _QUOTED.fullmatch(name)
        said = {w.lower() for w in name.strip(_QUOTES).split()}
        body = bool(said & (_BODY_WORDS | _INSTITUTIONS))  # "University of Applied Sciences"
        return name if quoted and name[1:2].isupper() and body else None
    return None


def _language_label(label: str) -> bool:
    """A bracket label that names one language or several ("French", "Old English", "French
    and traditional English", "Czech/Slovak"): each conjunct a language, with at most one
    lower-case word before it ("traditional English")."""
    for part in re.split(r"\s+and\s+|\s*/\s*", label.strip()):
        words = part.split()
        if len(words) > 1 and words[0].islower() and not names_a_language(part):
            words = words[1:]  # "traditional English"
        if not names_a_language(" ".join(words)):
            return False
    return True


def _acronyms(content: str, names: list[str]) -> list[str]:
    """The bare acronyms a bracket of names gives besides the labelled names, each spelling
    the name before the bracket or one in it ("(French: Parti communiste du Canada, CPC /
    PCC)": "CPC" and "PCC"); not a labelled code ("IATA: YVR"), any other word, or one that
    reads as a common English word once lower-cased ("AN", "WHO": a concept of that key would
    catch every question's "who")."""
    out: list[str] = []
    for piece in re.split(r"[,;/]", content):
        word = piece.strip(_QUOTES + _INVISIBLE + " .")
        if ":" in piece or " " in word or not looks_like_acronym(word):
            continue
        if (key := normalise_label(word)) in STOP_WORDS or junk_key(key):
            continue
        if any(abbreviates(word, name) for name in names) and word not in out:
            out.append(word)
    return out


def _variants(name: str) -> list[str]:
    """The forms one labelled name gives: 'բռնցքամարտ "břntsk'amart"' is the word and its
    transliteration; "Predjamski grad or grad Predjama" two names."""
    out: list[str] = []
    name = _PRONUNCIATION.sub(" ", name)
    quoted = _QUOTED.findall(name)
    bare = _QUOTED.sub(" ", name) if quoted else name
    for form in [*re.split(r" or | / ", bare), *quoted]:
        form = " ".join(form.strip(_INVISIBLE + " \t").split())
        form = form.strip(_QUOTES + _INVISIBLE + " ").rstrip(".,;:").strip()
        code = len(form) <= 3 and form.isascii()  # "de", "fr": a language code
        gloss = form.isascii() and form.isalpha() and form.islower()  # "official": a word
        if sum(c.isalpha() for c in form) >= 2 and not code and not gloss:
            out.append(form)
    return out


class ForeignNameRules(RuleBase):
    """The rules ``foreign-name`` and ``foreign-acronym``."""

    def _foreign_acronyms(self) -> None:
        """ "The Austrian People's Party (ÖVP)", "the Socialist Party of Austria (SPÖ)": the
        acronym in brackets after the English name of a body (a party, a union, an agency ...)
        that its letters do not spell is the acronym of the body's name in its own language,
        another name of it. Not a place ("the Labour Party (UK)") nor letters that share no
        initial with the name ("Scuderia Ferrari (ITA)"), nor an acronym the name or its last
        words spell."""
        toks = self.v.tokens
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(" or toks[p + 2].text != ")":
                continue
            short = toks[p + 1]
            if not _ACRONYM.match(short.text) or not looks_like_acronym(short.text):
                continue
            if short.ent_type in ("GPE", "NORP", "LOC"):
                continue
            outer = self.b.name_before(p - 1)
            if outer is None or not outer.is_name:
                continue
            spoken = outer.label.split()
            if any(acronym_matches(short.text, " ".join(spoken[k:])) for k in range(len(spoken))):
                continue  # spelled by the name or its end ("the Warriors of the National
                # Basketball Association (NBA)"): the rule ``acronym``'s
            initials = {w[0].lower() for w in spoken if w[:1].isupper()}
            if len(spoken) < 2 or not {w.lower() for w in spoken} & _BODY_WORDS:
                continue
            if not initials & {c.lower() for c in short.text}:
                continue
            self.rule = "foreign-acronym"
            self._emit("alias", outer, self.b.arg(p + 1, "name"), 0.8)

    def _foreign_names(self) -> None:
        """ "X (Language: Y)": Y is another name of X."""
        toks = self.v.tokens
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(" or not self._labelled_bracket(p):
                continue
            outer = (
                self._opening_title_before(p)
                or self.b.name_before(p - 1)
                or self._capitalised_before(p)
            )
            if outer is None or not (outer.is_name or outer.label[:1].isupper()):
                continue
            content = self._bracket_content(p)
            names = _pieces(content)
            for name in names:
                for form in _variants(name):
                    key = normalise_label(form)  # as written: no English lemmas
                    if not junk_key(key):
                        self._emit("alias", outer, Arg(key, form, True), 0.85)
            for short in _acronyms(content, [outer.label, *names]):
                self._emit("alias", outer, Arg(normalise_label(short), short, True), 0.85)

    def _bracket_content(self, p: int) -> str:
        """The text of the bracket opened at ``p``, up to its end (``_bracket_end``) or the end
        of the sentence."""
        toks, text = self.v.tokens, self.sentence.text
        close = self._bracket_end(p)
        return text[toks[p].end : toks[close].start if close is not None else len(text)]

    def _bracket_end(self, p: int) -> int | None:
        """The token that ends the bracket opened at ``p``: its ")" or another "(" (none inside a
        pronunciation in square brackets: "[sjuˈða(ð) ðe ˈmexiko]")."""
        toks, square = self.v.tokens, 0
        for k in range(p + 1, len(toks)):
            text = toks[k].text
            square += (text == "[") - (text == "]")
            if square <= 0 and text in ("(", ")"):
                return k
        return None

    def _labelled_bracket(self, p: int) -> bool:
        """The bracket opened at ``p`` holds a label of one to four words and a colon, at its
        start or after a ";" or a "," in it ("(12 May 1866 – 1925; Chinese: 孫中山)"), or a
        piece that names its language without one ("(in Greek Γoρδιoς)", ``_named_in_language``)."""
        toks, start = self.v.tokens, p + 1
        content = self._bracket_content(p)
        if any(
            _named_in_language(piece) for part in content.split(";") for piece in part.split(",")
        ):
            return True
        for k in range(p + 1, len(toks)):
            text = toks[k].text
            if text in ("(", ")"):
                return False
            if text in (";", ","):
                start = k + 1
            elif text == ":" and 1 <= k - start <= 4:
                return True
        return False

    def _opening_title_before(self, p: int) -> Arg | None:
        """The title-case name that opens a definition and ends right before the bracket at
        ``p`` (``opening_title``: "Left Grouping of the Valencian Country (in Catalan: ...) was
        a political group", where the tagger took "Left" for a verb)."""
        v = self.v
        cop = next((k for k in range(p + 1, len(v)) if v.lemma(k) == "be"), None)
        idx = opening_title(v, cop) if cop is not None else None
        if not idx or idx[-1] != p - 1:
            return None
        return title_arg(v, idx)

    def _capitalised_before(self, p: int) -> Arg | None:
        """The capitalised words that open the sentence right before the bracket at ``p``
        ("Boxing (Armenian: ...)", the tagger's verb), when no name ends there."""
        toks = self.v.tokens
        first = 1 if toks[0].text.lower() in ARTICLES else 0  # "The Running (French: ...)"
        if p > 4 or first >= p or not all(t.text[:1].isupper() for t in toks[:p]):
            return None
        if not all(t.text.isalpha() for t in toks[:p]) or looks_like_code(self.sentence.text):
            return None
        label = self.sentence.text[toks[first].start : toks[p - 1].end]
        return Arg(normalise_label(label), label, True)
