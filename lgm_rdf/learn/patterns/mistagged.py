"""Class nouns the small tagger gave another tag, told by where they stand: after a determiner
or a number and only modifiers ("the Hindi [films]VERB "Amar Deep"", "their debut [single]ADJ
"X"") a word is a noun whatever its tag (used by the quoted-title rule of ``titles.py``); and
participles of naming verbs the tagger took for a past tense (``misread_participle``)."""

from __future__ import annotations

from lgm_rdf.learn.patterns.args import is_year
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.words import SERIAL_PARTS, WORK_WHOLES

_MISTAGGED = frozenset({"VERB", "PROPN"})  # tags the small model gives class nouns


def noun_by_position(v: DepView, k: int) -> bool:
    """A lower-case word ``k`` the tagger did not take for a noun, but in a noun's place: after
    a determiner or number and only modifiers, a year among them ("the Hindi [films]VERB "Amar
    Deep"", "the new 2011 YTV [show]VERB "X"")."""
    toks = v.tokens
    tok = toks[k]
    work = tok.upos == "ADJ" and tok.text in SERIAL_PARTS  # "their debut [single]ADJ"
    if not tok.text.isalpha() or not tok.text.islower() or not (tok.upos in _MISTAGGED or work):
        return False
    if tok.tag in ("VBN", "VBD", "VBG"):
        return False  # 'a song in 1967 called "X"': a participle, no noun
    for j in range(k - 1, max(-1, k - 5), -1):
        if toks[j].upos == "DET" and v.lemma(j) not in ("that", "which", "this"):
            return True
        if toks[j].tag in ("POS", "PRP$"):  # an owner: "their debut [single]ADJ"; a work
            return tok.text in SERIAL_PARTS | WORK_WHOLES  # noun ("The fans [chant]VERB")
        if toks[j].upos == "NUM" and not is_year(toks[j].text):
            return True
        modifier = toks[j].upos == "VERB" and v.rels[j] == "amod"  # "his [hit]VERB single"
        if toks[j].upos not in ("ADJ", "PROPN", "NOUN") and not (is_year(toks[j].text) or modifier):
            return False
    return False


def misread_participle(v: DepView, i: int) -> int | None:
    """The noun a naming participle ``i`` describes where the tagger read a past tense with it
    as the subject: "(a tactic sometimes [referred]VBD to as contextomy)". Only with "as" and
    no object, no auxiliary and an indefinite noun ("A man called John" stays a call)."""
    tok = v.tokens[i]
    if tok.tag != "VBD" or v.lemma(i) not in ("know", "refer") or not v.pp_objects(i, "as"):
        return None
    if v.children(i, "aux", "auxpass", "obj"):
        return None
    subjects = v.children(i, "subj")
    ok = len(subjects) == 1 and v.tokens[subjects[0]].upos == "NOUN"
    return subjects[0] if ok and v.determiner(subjects[0]) in ("a", "an") else None
