"""Where a title that opens a sentence ends: the subject of a definition read off its words
where the parse lost it ("Build Me Up From Bones is the third studio album")."""

from __future__ import annotations

from lgm_rdf.learn.patterns.appositions import WORKS
from lgm_rdf.learn.patterns.args import Arg, looks_like_acronym
from lgm_rdf.learn.patterns.depview import DepView
from lgm_rdf.learn.patterns.extents import BRACKETS, MAX_TITLE, opening_adverb
from lgm_rdf.learn.patterns.name_runs import title_word
from lgm_rdf.learn.patterns.words import (
    ARTICLES,
    NAME_PARTICLES,
    OPENING_DETERMINERS,
    POST_NOMINALS,
    SENTENCE_ADVERBS,
    TITLE_FUNCTION_WORDS,
)

_SETTING = frozenset({"PERSON", "DATE", "TIME", "CARDINAL"})
_TITLE_MARKS = frozenset({":", "&", "'s", "’s", "'", "’", "!", "."})
_NO_OPENING = frozenset({"ADP", "SCONJ", "CCONJ", "ADV", "PRON", "INTJ", "AUX", "PART", "PUNCT"})


def opening_title(v: DepView, cop: int) -> list[int] | None:
    """The title-case name that fills the whole sentence before the copula ``cop``.

    Definitions open with the thing defined, and a title often defeats the parse: "Build Me Up
    From Bones is the third studio album" (a clause subject), "Comedians in Cars Getting Coffee
    is a talk show" (subject "Comedians"), "Act of War: Direct Action is a game". When every
    word before the copula is capitalised, a number, a title function word or a name particle,
    the whole run is the subject. Brackets right before the copula are left out ("Errol Nolan II
    (born 1991) is ..."), so are a set-off participle (", released in 2003,"), a bracket the
    sentence was cut in ("Monster from Mars) is") and honours after a name ("Donald Mackay
    CBE"). None for an opening adverbial ("In 2010 Smith was"), a determiner ("This Act is"),
    another comma, fewer than two words (but an acronym: "WXBT is", a name before a set-off
    participle: "Busan, also romanized as Pusan, is", or before brackets: "Lisbon (...) is"), "or" (two names: the alias
    rules read them) or a coordination before a plural verb ("Tom and Jerry are cats")."""
    toks = v.tokens
    if cop < 1 or v.lemma(cop) != "be":
        return None
    idx: list[int] = []
    k, set_off, bracketed = 0, False, False
    while k < cop:
        text = toks[k].text
        if text in BRACKETS:
            close = next((j for j in range(k + 1, cop) if toks[j].text == BRACKETS[text]), None)
            if close is None or not idx:
                return None
            k = close + 1
            bracketed = k == cop  # "Funchal (] ) is", "Lisbon ( ; Portuguese: ...) is"
            if k < cop and toks[k].text == "," and _set_off_participle(v, k, cop):
                break  # "Jung Eun-ji (born ...), better known by the mononym Eunji, is"
            if k < cop and toks[k].text not in BRACKETS:
                return None  # "Boxing (Armenian: ...) in Armenia is": the name is not all of it
            continue
        if text in BRACKETS.values() and k == cop - 1 and idx:
            break  # "Monster from Mars) is a 1953 film": the text was cut inside brackets
            # (a bracket opened before is skipped whole above: this one closes nothing)
        if text == "," and idx and _set_off_participle(v, k, cop):
            set_off = True
            break  # "Transfiguration of Vincent, released in 2003, is": the clause is no name
        lower = text.lower()
        piece = bool(idx) and v.after_hyphen(k)  # "Jung Eun-ji"
        if not (title_word(v, k) or text in _TITLE_MARKS or lower in NAME_PARTICLES or piece):
            return None
        if len(idx) >= MAX_TITLE:
            return None
        idx.append(k)
        k += 1
    while len(idx) > 2 and toks[idx[-1]].text.lower().strip(".") in POST_NOMINALS:
        idx.pop()
    # "[WXBT]ADV is a": an acronym the parse gave no subject's role
    acronym = len(idx) == 1 and looks_like_acronym(toks[idx[0]].text)
    acronym = acronym and v.rels[idx[0]] not in ("subj", "subjpass")
    # "Tolstoy, also spelled Tolstoi, was": one name before a set-off participle
    single = set_off and len(idx) == 1 and toks[idx[0]].upos == "PROPN"
    # "Lisbon (Portuguese: Lisboa) is": a singular name the brackets close right before "is"
    one = bracketed and len(idx) == 1 and toks[idx[0]].tag in ("NNP", "NN")
    single = single or (one and toks[idx[0]].ent_type not in ("DATE", "TIME"))  # not "Monday"
    if sum(toks[k].text[:1].isalnum() for k in idx) < 2 and not (
        acronym or single or _adjective_title(v, idx, cop)
    ):
        return None
    first, last = toks[idx[0]], toks[idx[-1]]
    if not first.text[:1].isupper() or first.text.lower() in OPENING_DETERMINERS:
        return None
    if opening_adverb(v, idx):
        return None  # "Overall Spain was": the name is the entity after the adverb
    if (first.upos in _NO_OPENING and not _titled_opening(v, idx, acronym)) or (
        first.upos == "DET" and first.text.lower() not in ARTICLES
    ):
        return None
    if not last.text[:1].isalnum() or last.text in TITLE_FUNCTION_WORDS or last.tag == "POS":
        return None
    if any(toks[j].text == "or" for j in idx):
        return None  # "The Lacy Dog or Blue Lacy Dog is a breed": two names of one thing
    if any(toks[j].text in ("and", "&") for j in idx) and not v.singular_verb(cop):
        return None
    return idx


def opening_title_word(v: DepView, child: Arg, n: int) -> bool:
    """ "Rumours is the eleventh studio album by Fleetwood Mac", "Parachutes is the debut album
    by Coldplay": one capitalised word that opens the sentence, which the tagger took for a
    common noun, is a title when the predicate singles out one work (``n``, ranked or owned):
    no kind of thing is the eleventh album by someone, only a work with a name."""
    first = v.tokens[0] if len(v) else None
    if first is None or first.upos != "NOUN" or v.rels[0] not in ("subj", "subjpass"):
        return False
    if v.kids[0] or v.lemma(n) not in WORKS:
        return False  # "Early work is ...": words of its own make a description
    return child.label == first.text and first.text[:1].isupper() and first.text[1:].islower()


def _adjective_title(v: DepView, idx: list[int], cop: int) -> bool:
    """ "[Untouchable]acomp is a South Korean television series": one capitalised adjective
    with no words of its own opens the sentence, the parse read it as the predicate, and the
    copula has an indefinite noun predicate as well: a one-word title, not a description."""
    if idx != [0] or v.tokens[0].upos != "ADJ" or v.rels[0] != "acomp" or v.kids[0]:
        return False
    return any(v.determiner(a) in ("a", "an") for a in v.children(cop, "attr") if a > cop)


def _titled_opening(v: DepView, idx: list[int], acronym: bool) -> bool:
    """A first word of a closed class that still opens the name ``idx``: a preposition where
    the parse found no subject, no person and no date ("Over My Dead Body is a novel", not "In
    May Smith was a waiter") or an adverb before a lower-case one ("Live in Japan is"), a
    name's word the tagger took for another ("[Will]AUX Wallner"), an acronym ("[WXBT]ADV"),
    any word before a capitalised verb or pronoun, which only a title writes so ("We Move")."""
    first = v.tokens[idx[0]]
    if acronym or first.ent_type == "PERSON":
        return True
    if any(
        v.tokens[k].upos in ("VERB", "AUX", "PRON") and v.tokens[k].text != "I" for k in idx[1:]
    ):
        return True  # "We Move is", "Live Like You Were Dying is" (not "So I was a teacher")
    setting = any(
        v.rels[k] in ("subj", "subjpass") or v.tokens[k].ent_type in _SETTING for k in idx
    )
    if first.upos == "ADV" and len(idx) > 2 and v.tokens[idx[1]].upos == "ADP":
        # "Live in Japan is an album", "Back in Black is": an adverb a preposition follows
        deictic = first.text.lower() in SENTENCE_ADVERBS  # "Here in London is a museum"
        return v.tokens[idx[1]].text.islower() and not (setting or deictic)
    return first.upos == "ADP" and not setting


def _set_off_participle(v: DepView, comma: int, cop: int) -> bool:
    """A participle clause between ``comma`` and a comma right before ``cop`` (", released in
    2003,"), with no other comma in it, where the parse found no name as the subject of ``cop``
    (then the copula rule reads the name as the parse has it)."""
    toks, first = v.tokens, comma + 1
    if first >= cop - 1 or toks[cop - 1].text != "," or not toks[first].text.islower():
        return False
    if any(
        v.rels[k] == "subj" and v.head(k) == cop and toks[k].upos == "PROPN" for k in range(comma)
    ):
        return False
    inside = [t.text for t in toks[first : cop - 1]]
    while toks[first].upos == "ADV" and first + 1 < cop - 1:
        first += 1  # ", better known as ...,", ", also commonly known as ...,"
    # a regular participle the parse took for the main verb ("Tolstoy, also [spelled]VBD X,")
    participle = toks[first].tag in ("VBN", "VBG") or (
        toks[first].tag == "VBD" and toks[first].text.endswith("ed")
    )
    return participle and "," not in inside
