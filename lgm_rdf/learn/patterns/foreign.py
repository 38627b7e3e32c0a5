"""A name given in another language inside brackets: an alias of the name before them.

"Boxing (Armenian: բռնցքամարտ "břntsk'amart")", "the Charter of the French Language (French:
La charte de la langue française)", "Apink (Korean: 에이핑크, Japanese: エーピンク)": the bracket
labels each of its names with a language, a script or a romanisation (``nlp.languages``), and
every name so labelled names what the words before the bracket name.
"""

from __future__ import annotations

import re

from lgm_rdf.learn.patterns.args import Arg
from lgm_rdf.learn.patterns.base import RuleBase
from lgm_rdf.nlp.concepts import junk_key
from lgm_rdf.nlp.languages import names_a_language

# "Label: name" at the start of a piece of the bracket
_LABELLED = re.compile(r"^\s*([^\W\d][\w.\-]*(?:\s+[^\W\d][\w.\-]*){0,2})\s*:\s*(.*)$", re.S)
# a romanisation written without a colon: "translit. Zlatoust", "romanized Beijing"
_UNLABELLED_SCRIPT = re.compile(
    r"^\s*(?:translit|romani[sz]ed|transliterated)\b\.?\s*(.*)$", re.I | re.S
)
# a piece that glosses or dates rather than names: "meaning “new”", "lit. 'fist fight'", "born 3
# May 1976", "also written as A Pink", "or simply X"
_GLOSS = re.compile(
    r"^\s*(?:meaning|means|lit\b|literally|born|died|also|pronounced|officially|formerly|"
    r"short|abbreviated|abbr\b|translated|transl\b|i\.e\.|e\.g\.|see\b|from\b|c\.|\d)",
    re.I,
)
_INVISIBLE = "\u200e\u200f\u200b\ufeff"
_QUOTES = "\"'“”‘’«»„"
_QUOTED = re.compile(r"[\"“«„]([^\"”»“]+)[\"”»“]")


def _pieces(content: str) -> list[str]:
    """The names a bracket's ``content`` labels with a language, in order of writing."""
    names: list[str] = []
    for segment in content.split(";"):
        current: list[str] | None = None
        for piece in segment.split(","):
            labelled = _LABELLED.match(piece)
            script = _UNLABELLED_SCRIPT.match(piece)
            if (labelled and names_a_language(labelled.group(1))) or script:
                if current:
                    names.append(", ".join(current))
                current = [labelled.group(2) if labelled else script.group(1)]
            elif labelled or _GLOSS.match(piece) or current is None:
                if current:
                    names.append(", ".join(current))
                current = None  # "meaning “new”", "IATA: ALY": no name of the thing
            elif piece.strip()[:1].islower():
                current.append(piece.strip())  # 'German: Der Mann, der nicht liebt'
            else:
                names.append(", ".join(current))
                current = None  # "Parti communiste du Canada, CPC / PCC": another label
        if current:
            names.append(", ".join(current))
    return names


def _variants(name: str) -> list[str]:
    """The forms one labelled name gives: 'բռնցքամարտ "břntsk'amart"' is the word and its
    transliteration; "Predjamski grad or grad Predjama" two names."""
    out: list[str] = []
    quoted = _QUOTED.findall(name)
    bare = _QUOTED.sub(" ", name) if quoted else name
    for form in [*bare.split(" or "), *quoted]:
        form = " ".join(form.strip(_INVISIBLE + " \t").split())
        form = form.strip(_QUOTES + _INVISIBLE + " ").rstrip(".,;:").strip()
        if sum(c.isalpha() for c in form) >= 2:
            out.append(form)
    return out


class ForeignNameRules(RuleBase):
    """The rule ``foreign-name``."""

    def _foreign_names(self) -> None:
        """ "X (Language: Y)": Y is another name of X."""
        toks, text = self.v.tokens, self.sentence.text
        for p in range(1, len(toks) - 2):
            if toks[p].text != "(" or all(t.text != ":" for t in toks[p + 2 : p + 5]):
                continue  # the label is one to three words
            outer = self.b.name_before(p - 1) or self._capitalised_before(p)
            if outer is None or not (outer.is_name or outer.label[:1].isupper()):
                continue
            close = next((k for k in range(p + 1, len(toks)) if toks[k].text in "()"), None)
            end = toks[close].start if close is not None else len(text)
            start = toks[p].end
            for name in _pieces(text[start:end]):
                for form in _variants(name):
                    key = " ".join(form.lower().split())  # as written: no English lemmas
                    if not junk_key(key):
                        self._emit("alias", outer, Arg(key, form, True), 0.85)

    def _capitalised_before(self, p: int) -> Arg | None:
        """The capitalised words that open the sentence right before the bracket at ``p``
        ("Boxing (Armenian: ...)", the tagger's verb), when no name ends there."""
        toks = self.v.tokens
        if p > 4 or not all(t.text[:1].isupper() and t.text.isalpha() for t in toks[:p]):
            return None
        label = self.sentence.text[toks[0].start : toks[p - 1].end]
        return Arg(" ".join(label.lower().split()), label, True)
