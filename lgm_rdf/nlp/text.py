"""The two text forms a sentence node stores besides its raw text (paper §3.1).

``resolved_text``: the raw sentence with a coreference mark after each resolved pronoun,
``"It [: Apple] is sweet."`` (meant for LLM prompts).
``lemma_text``: lower-case lemmas with the antecedent's key after each resolved pronoun,
``"it [: apple] be sweet ."`` (meant for lexical retrieval).
"""

from __future__ import annotations

from collections.abc import Mapping

from lgm_rdf.nlp.coref import Antecedent
from lgm_rdf.nlp.model import Sentence


def _insert_at(sentence: Sentence, i: int) -> int:
    """Character position right after token ``i``, never inside a multi-word token's text."""
    tokens, text = sentence.tokens, sentence.text
    pos = tokens[i].end
    shared = i + 1 < len(tokens) and tokens[i + 1].start < pos
    if shared:  # words of one surface token ("du" = "de" + "le"): go to the token's end
        later = [t.start for t in tokens[i + 1 :] if t.start >= pos]
        limit = min(later) if later else len(text)
        while pos < limit and not text[pos].isspace():
            pos += 1
    return min(pos, len(text))


def resolved_text(sentence: Sentence, antecedents: Mapping[int, Antecedent]) -> str:
    """Raw ``sentence.text`` with ``" [: Antecedent]"`` inserted right after each resolved token.

    ``antecedents`` maps token indices of the sentence to their antecedents; every other
    character of the sentence is kept as written. Example: ``"It [: Apple] is sweet."``.
    """
    text = sentence.text
    inserts: dict[int, list[str]] = {}
    for i in sorted(antecedents):
        if 0 <= i < len(sentence.tokens):
            inserts.setdefault(_insert_at(sentence, i), []).append(antecedents[i].text)
    out: list[str] = []
    last = 0
    for pos in sorted(inserts):
        out.append(text[last:pos])
        out.extend(f" [: {name}]" for name in inserts[pos])
        last = pos
    out.append(text[last:])
    return "".join(out)


def lemma_text(sentence: Sentence, antecedents: Mapping[int, Antecedent]) -> str:
    """Lemma form of a sentence for retrieval.

    Format: the lemma of every token (proper nouns included) lower-cased, tokens joined by
    single spaces, whitespace tokens dropped; after a resolved pronoun comes
    ``[: <antecedent key>]`` where the key is the antecedent's normalised lemma phrase, e.g.
    ``"Apples are sweet. It is red."`` -> ``"it [: apple] be red ."``.
    """
    words: list[str] = []
    for idx, tok in enumerate(sentence.tokens):
        lemma = " ".join((tok.lemma or tok.text).lower().split())
        if not lemma:
            continue
        words.append(lemma)
        ante = antecedents.get(idx)
        if ante is not None and ante.key:
            words.append(f"[: {ante.key}]")
    return " ".join(words)
