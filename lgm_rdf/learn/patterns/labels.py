"""The dependency labels of spaCy (ClearNLP style) and Universal Dependencies v2, each mapped to
the one internal name the pattern rules use."""

from __future__ import annotations

from lgm_rdf.nlp.model import Token

# internal name of every dependency label we care about (spaCy and UD v2 alike)
LABELS: dict[str, str] = {
    "nsubj": "subj",
    "nsubjpass": "subjpass",
    "nsubj:pass": "subjpass",
    "dobj": "obj",
    "obj": "obj",
    "attr": "attr",
    "cop": "cop",
    "prep": "prep",
    "agent": "prep",
    "pobj": "pobj",
    "pcomp": "pobj",
    "obl": "obl",
    "nmod": "nmod",
    "case": "case",
    "fixed": "fixed",
    "compound": "compound",
    "flat": "flat",
    "compound:prt": "prt",
    "prt": "prt",
    "appos": "appos",
    "conj": "conj",
    "cc": "cc",
    "preconj": "cc",
    "amod": "amod",
    "det": "det",
    "predet": "det",
    "det:predet": "det",
    "nummod": "nummod",
    "poss": "poss",
    "nmod:poss": "poss",
    "neg": "neg",
    "advmod": "advmod",
    "acl": "acl",
    "relcl": "acl",
    "acl:relcl": "acl",
    "oprd": "xcomp",
    "xcomp": "xcomp",
    "aux": "aux",
    "auxpass": "auxpass",
    "aux:pass": "auxpass",
    "mark": "mark",
    "punct": "punct",
    "ccomp": "ccomp",
    "csubj": "ccomp",
    "parataxis": "ccomp",
    "nmod:npmod": "npmod",
    "obl:npmod": "npmod",
    "npadvmod": "npmod",
}
NEGATIONS = frozenset({"not", "n't", "never", "no", "neither", "nor", "none", "nobody", "nothing"})


def canonical(tok: Token) -> str:
    """Internal label of ``tok`` (subtypes fall back to their base label)."""
    label = tok.deprel.lower()
    name = LABELS.get(label) or LABELS.get(label.split(":")[0], label.split(":")[0])
    if name == "advmod" and tok.lemma.lower() in NEGATIONS:
        return "neg"
    return name
