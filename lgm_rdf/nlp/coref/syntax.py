"""Syntactic tests of the rule-based coreference resolver (spaCy and UD labels alike)."""

from __future__ import annotations

from lgm_rdf.nlp.concepts import governed_by
from lgm_rdf.nlp.coref.lexicon import (
    KIND_NOUNS,
    PLACE_NOUNS,
    PLEONASTIC_VERBS,
    PRONOUNS,
    RAISING_ADJECTIVES,
)
from lgm_rdf.nlp.model import Sentence, Token

_SUBJECT_RELS = ("nsubj", "nsubjpass", "nsubj:pass")
_POSS = frozenset({"poss", "nmod:poss"})
_OBJECT_RELS = frozenset({"dobj", "obj", "iobj", "pobj", "obl", "attr", "dative"})
_CLAUSE_RELS = frozenset({"ccomp", "csubj", "csubjpass", "csubj:pass", "xcomp", "advcl"})
_OF_HEADS = KIND_NOUNS | {"one"}


def pronoun_features(tok: Token) -> tuple[str, str] | None:
    """(number, gender) of a third-person personal or possessive pronoun, else ``None``."""
    if tok.upos not in {"PRON", "DET"} or "Person=1" in tok.feats or "Person=2" in tok.feats:
        return None
    return PRONOUNS.get(tok.text.lower())


def _depth(tokens: tuple[Token, ...], i: int) -> int:
    depth = 0
    while tokens[i].head != i and depth < len(tokens):
        i = tokens[i].head
        depth += 1
    return depth


def _children(tokens: tuple[Token, ...], i: int) -> list[Token]:
    return [t for t in tokens if t.head == i and t.i != i]


def is_pleonastic(tokens: tuple[Token, ...], i: int) -> bool:
    """True for an "it" that refers to nothing ("it rains", "it is said that", "it seems")."""
    tok = tokens[i]
    if tok.deprel == "expl":
        return True
    if not tok.deprel.startswith("nsubj"):
        return False
    head = tokens[tok.head]
    if head.lemma.lower() in PLEONASTIC_VERBS:
        return True
    # the predicate: the verb/adjective itself, or a copula's adjective/noun complement
    preds = [head] + [c for c in _children(tokens, head.i) if c.deprel in {"acomp", "attr"}]
    clauses = [c for p in preds for c in _children(tokens, p.i) if c.deprel in _CLAUSE_RELS]
    for pred in preds:
        for clause in (c for c in clauses if c.i > pred.i):
            marks = {t.text.lower() for t in _children(tokens, clause.i)}
            finite_that = bool(marks & {"that", "whether", "if"})
            infinitive = "to" in marks and clause.deprel != "advcl"
            if pred.upos == "ADJ" and pred.lemma.lower() not in RAISING_ADJECTIVES:
                if finite_that or "to" in marks:  # "it is difficult (for X) to say"
                    return True
            elif pred.tag == "VBN" or pred.upos == "NOUN":
                if finite_that and clause.deprel != "advcl":
                    return True
            elif pred.lemma.lower() == "take" and infinitive:
                return True
    return _not_until(tokens, i)


def _not_until(tokens: tuple[Token, ...], i: int) -> bool:
    """ "It was not until 1990 that ..." """
    words = [t.text.lower() for t in tokens[i + 1 : i + 5]]
    return "until" in words and "not" in words


def _category_lemmas(tokens: tuple[Token, ...], tok: Token) -> list[str]:
    """Lemmas a copula/apposition complement names: "a singer and actress", "one of the bands"."""
    members = [tok]
    frontier = [tok]
    while frontier:
        for child in _children(tokens, frontier.pop().i):
            if child.deprel == "conj" and child.upos in {"NOUN", "PROPN"}:
                members.append(child)
                frontier.append(child)
    lemmas: list[str] = []
    for member in members:
        lemma = member.lemma.lower()
        if lemma in _OF_HEADS:  # "one of the bands", "a species of plant"
            for prep in _children(tokens, member.i):
                if prep.text.lower() == "of":
                    lemmas += [
                        c.lemma.lower() for c in _children(tokens, prep.i) if c.upos == "NOUN"
                    ]
        if lemma != "one":
            lemmas.append(lemma)
    return lemmas


def _in_title(tokens: tuple[Token, ...], i: int) -> bool:
    """A capitalised pronoun inside a sentence belongs to a title: "She's Fine, She's Mine"."""
    if not tokens[i].text[:1].isupper() or i == 0:
        return False
    before = [t.text for t in tokens[:i] if t.upos != "SPACE"]
    if not before or before[-1] in {".", "!", "?", ";", ":"}:
        return False  # a new sentence inside the sentence
    quotes = sum(t in {'"', "“", "”", "''", "``"} for t in before)
    parens = before.count("(") - before.count(")")
    return quotes % 2 == 1 or parens > 0 or before[-1][:1].isupper()


def copula_subject(tokens: tuple[Token, ...], tok: Token) -> Token | None:
    """The subject X of "X is (a) ``tok``" (spaCy attr or UD cop), else ``None``."""
    if tok.deprel == "attr" and tokens[tok.head].lemma.lower() in {"be", "become"}:
        kids = _children(tokens, tok.head)
        if [c for c in kids if c.deprel == "attr"][0] is not tok:
            return None  # only the first complement: "X is a linebacker ..., the team he ..."
    elif any(c.deprel == "cop" for c in _children(tokens, tok.i)):
        kids = _children(tokens, tok.i)
    else:
        return None
    subs = [c for c in kids if c.deprel in {"nsubj", "nsubj:outer"}]
    return subs[0] if subs else None


def clause_mate(sent: Sentence, tok: Token, subject_head: int) -> bool:
    """Is pronoun ``tok`` an object of the subject's own verb ("Nolan praised him")?

    Also through a controlled verb ("the band decided to put it out") and for the subject of a
    verbless small clause ("which makes it the lowest capital")."""
    tokens = sent.tokens
    verb = tokens[subject_head].head
    small = tok.deprel == "nsubj" and tokens[tok.head].upos in {"NOUN", "ADJ", "PROPN"}
    if small and tokens[tok.head].deprel in {"ccomp", "xcomp", "oprd"}:
        tok = tokens[tok.head]
    if tok.deprel not in {"dobj", "obj", "iobj", "dative", "pobj", "obl", "ccomp", "xcomp", "oprd"}:
        return False
    gov = tok.head if tok.deprel != "pobj" else tokens[tok.head].head
    if tok.deprel == "pobj" and tokens[gov].upos in {"NOUN", "PROPN", "PRON"}:
        return False  # inside a noun phrase: "a picture of him", "bakers like it"
    for _ in range(4):
        if gov == verb:
            return True
        if tokens[gov].deprel not in {"xcomp", "conj"} or tokens[gov].head == gov:
            break
        if any(c.deprel.startswith(_SUBJECT_RELS) for c in _children(tokens, gov)):
            break  # a conjoined clause of its own: "X is waste, but farmers feed it"
        gov = tokens[gov].head
    return False


def may_bind(sent: Sentence, tok: Token, subject_head: int) -> bool:
    """May a subject earlier in the sentence be the antecedent of pronoun ``tok``?

    Not a clause mate (:func:`clause_mate`), nor a subject inside a relative clause that does
    not contain the pronoun ("where the campaign originated, it was used")."""
    tokens = sent.tokens
    if clause_mate(sent, tok, subject_head):
        return False
    verb = tokens[subject_head].head
    relative = tokens[subject_head].text.lower() in {"who", "which", "that"}
    if tokens[verb].deprel in {"relcl", "acl:relcl"} and not relative:
        return governed_by(tokens, tok.i, verb)
    return True


def _plural(sent: Sentence, span: tuple[Token, ...], head: Token, label: str) -> bool:
    """Is a noun phrase plural? ("the Beatles" yes, "Banks" and "Stokes" no)."""
    plural = "Number=Plur" in head.feats or head.tag in {"NNS", "NNPS"}
    if plural and head.upos == "PROPN":
        plural = span[0].i > 0 and sent.tokens[span[0].i - 1].text.lower() == "the"
    return plural and label not in {"GPE", "LOC", "ORG", "FAC", "PERSON", "PER"}


def _subject_plural(sent: Sentence, subject: Token) -> bool:
    """The number of a subject as its verb tells it ("pterocarya is"), else as tagged."""
    verb = sent.tokens[subject.head]
    for tok in [verb, *_children(sent.tokens, verb.i)]:
        if tok.upos in {"AUX", "VERB"} and tok.tag in {"VBZ", "VBP"}:
            return tok.tag == "VBP"
        if tok.upos in {"AUX", "VERB"} and tok.text.lower() in {"was", "were"}:
            return tok.text.lower() == "were"
    return _plural(sent, (subject,), subject, "")


def _of_owner(tokens: tuple[Token, ...], head: int) -> int | None:
    """The name X in "the population of X" (spaCy prep/pobj or UD nmod/case), if any."""
    if tokens[head].upos != "NOUN":
        return None
    for child in _children(tokens, head):
        if child.i < head:
            continue
        if child.deprel == "prep" and child.text.lower() == "of":  # spaCy
            names = [c for c in _children(tokens, child.i) if c.deprel == "pobj"]
        elif child.deprel == "nmod" and any(  # UD
            c.deprel == "case" and c.text.lower() == "of" for c in _children(tokens, child.i)
        ):
            names = [child]
        else:
            continue
        if names and names[0].upos == "PROPN":
            return names[0].i
    return None


def places_subject(sent: Sentence, tok: Token) -> bool:
    """Is ``tok`` the subject of "located" / "situated" ("It is located on the river") or of a
    copula whose noun says what place it is ("It is a rural town", "It is the county seat of
    X", "It is part of Y"; not "It was a record")?"""
    if tok.deprel not in _SUBJECT_RELS:
        return False
    verb = sent.tokens[tok.head]
    if verb.lemma in ("locate", "situate"):
        return True
    if verb.lemma != "be":
        return False
    nouns = {t.i for t in _children(sent.tokens, verb.i) if t.deprel == "attr"}
    words = {t.lemma.lower() for t in sent.tokens if t.i in nouns or t.head in nouns}
    return bool(words & PLACE_NOUNS)
