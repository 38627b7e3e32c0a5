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
