"""The subject a copula joined by "and" to an earlier verb shares with it, where the parse gives
the copula none of its own ("Tom Hale served in the Senate and was a county judge", "Wellington
is the main port and is the capital"). Left out where whose subject it is stays unsure: a verb of
a subordinate or restrictive relative clause ("although he had made appearances, and was one of
the first", "a horse that won the Derby and is a vet"), a verb with a clause of its own before
the copula ("The report found the drug works and is a safe treatment"), an aside the parse made
the clause ("X, referred to as Y, is a Z"), a subject that does not agree with the copula."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lgm_rdf.learn.patterns.depview import DepView


def shared_subject(v: DepView, i: int) -> list[int]:
    """The subject tokens copula ``i`` shares with the verb it is joined to ([] if none)."""
    h = v.head(i)
    if v.rels[i] != "conj" or h is None or v.lemma(i) != "be" or v.children(i, "expl"):
        return []
    subjects = v.children(h, "subj")
    if not subjects or v.rels[h] == "advcl" or v.children(h, "mark"):
        return []
    s = subjects[0]
    if v.rels[h] == "acl" and (s == 0 or v.tokens[s - 1].text != ","):
        return []  # a restrictive clause: the copula may be the main clause's
    if any(v.rels[c] == "ccomp" and h < c < i for c in v.kids[h]):
        return []  # "found the drug works and is": the copula may be the reported clause's
    if "," in [t.text for t in v.tokens[max(v.subtree(s)) : h]] and v.lemma(h) != "be":
        return []  # "X, referred to as Y, is a Z": the parse made the aside the clause
    if v.tokens[h].tag == "VBN" and not v.children(h, "aux", "auxpass"):
        return []  # "X (1751-1818) called Y, was a Z"
    plural = v.tokens[i].text.lower() in ("are", "were")
    if not v.children(s, "conj") and v.tokens[s].upos != "PRON" and v.is_plural(s) != plural:
        return []  # the copula does not agree with the subject
    return subjects


def aside_subject(v: DepView, i: int) -> list[int]:
    """The name copula ``i`` is said of when the parse made the participle set off after it
    the copula's subject, and the name the participle's ("Ben Pakulski (born 1981),
    [nicknamed]csubj the Pak-Man, is a bodybuilder"); [] for anything else."""
    if v.lemma(i) != "be" or v.children(i, "subj"):
        return []
    for k in v.kids[i]:
        if v.tokens[k].deprel != "csubj" or v.tokens[k].tag != "VBN" or k > i:
            continue
        names = [s for s in v.children(k, "subj") if s < k and v.tokens[s].upos == "PROPN"]
        start = min(v.subtree(k) - set().union(*(v.subtree(s) for s in names)))
        end = max(v.subtree(k))
        set_off = v.tokens[start - 1].text == "," and v.tokens[end].text == ","
        if len(names) == 1 and set_off:
            return names
    return []


def aside_of(v: DepView, i: int) -> list[int]:
    """The name the participle ``i`` is set off after when the parse made it the subject of the
    copula that follows ([] otherwise; ``aside_subject``)."""
    h = v.head(i)
    return aside_subject(v, h) if h is not None else []


def stated_subject(v: DepView, i: int) -> list[int]:
    """The subject of copula ``i`` that has none of its own: the one it shares with the verb
    it is joined to (``shared_subject``) or the name before an aside (``aside_subject``)."""
    return shared_subject(v, i) or aside_subject(v, i)
