"""Which parsed sentences are prose: the block role of each sentence, and prose-only views.

A sentence takes the role of the block it starts in; a prose sentence that quotes a prompt,
holds a placeholder or states a schema with variables is a ``template`` on its own
(:func:`lgm_rdf.learn.readers.roles.sentence_role`). Non-prose sentences are stored with their
role but are never a source of relations, concepts or pronoun antecedents: coreference runs on
:func:`prose_only`, a copy of the parse in which they have no tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from lgm_rdf.learn.readers.model import Section
from lgm_rdf.learn.readers.roles import PROSE, sentence_role
from lgm_rdf.learn.srg import sentence_blocks
from lgm_rdf.nlp.model import ParsedText, Sentence


def sentence_roles(section: Section, sentences: Sequence[Sentence]) -> list[str]:
    """The role of every sentence of ``section`` (offsets are in the section text)."""
    return [
        sentence_role(sentence.text, block.role if block is not None else PROSE)
        for sentence, block in zip(sentences, sentence_blocks(section, sentences), strict=True)
    ]


def prose_only(parsed: ParsedText, roles: Sequence[str]) -> ParsedText:
    """``parsed`` with the tokens of non-prose sentences removed (indices stay the same) and
    coreference chains cut to their prose mentions."""
    if all(r == PROSE for r in roles):
        return parsed
    sentences = [
        s if k >= len(roles) or roles[k] == PROSE else replace(s, tokens=())
        for k, s in enumerate(parsed.sentences)
    ]
    chains = []
    for chain in parsed.chains:
        if not 0 <= chain.representative < len(chain.mentions):
            continue
        rep = chain.mentions[chain.representative]
        kept = [m for m in chain.mentions if m.sentence < len(roles) and roles[m.sentence] == PROSE]
        if rep in kept and len(kept) > 1:
            chains.append(replace(chain, mentions=tuple(kept), representative=kept.index(rep)))
    return ParsedText(sentences=sentences, chains=chains)
