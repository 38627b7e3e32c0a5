"""Pronoun antecedents of a parsed section (DESIGN §4).

With coreference chains from the backend (Stanza) each third-person pronoun of a chain gets the
chain's representative mention. Without them the rule-based resolver of
:mod:`lgm_rdf.nlp.coref.rules` runs: pronoun -> most recent compatible subject, the section topic
as the default antecedent, number/person/gender agreement; pleonastic "it" ("it is known that",
"it rains") and first/second person pronouns are never resolved.
The mark format follows the paper: ``It [: Apple] is sweet.`` (see :mod:`lgm_rdf.nlp.text`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from lgm_rdf.nlp.concepts import phrase_key, surface, trim_span
from lgm_rdf.nlp.coref.entities import Antecedent
from lgm_rdf.nlp.coref.rules import _RuleResolver
from lgm_rdf.nlp.coref.syntax import pronoun_features
from lgm_rdf.nlp.model import ParsedText

A = TypeVar("A")


def resolve(parsed: ParsedText, topic: str | None = None) -> dict[tuple[int, int], Antecedent]:
    """Map ``(sentence index, pronoun token index)`` to the pronoun's antecedent.

    ``topic`` (a paragraph title or section heading) is the default antecedent when it agrees;
    a parenthesised disambiguator is dropped ("The Prestige (film)" -> "The Prestige"). A
    generic plural heading ("Varieties", "Parts of a tree") is no antecedent of "it", and a
    heading that starts with a preposition ("From orchard to glass") is none at all.
    """
    if parsed.chains:
        return _from_chains(parsed)
    return _RuleResolver(parsed, topic).run()


def _from_chains(parsed: ParsedText) -> dict[tuple[int, int], Antecedent]:
    """Antecedents from backend coreference chains (representative mention's text)."""
    out: dict[tuple[int, int], Antecedent] = {}
    sents = parsed.sentences
    for chain in parsed.chains:
        if not 0 <= chain.representative < len(chain.mentions):
            continue
        rep = chain.mentions[chain.representative]
        if not (0 <= rep.sentence < len(sents) and 0 <= rep.start < rep.end):
            continue
        rep_sent = sents[rep.sentence]
        rep_tokens = rep_sent.tokens[rep.start : rep.end]
        if not rep_tokens or all(t.upos in {"PRON", "DET", "PUNCT"} for t in rep_tokens):
            continue
        start, end = trim_span(rep_sent.tokens, rep.start, min(rep.end, len(rep_sent.tokens)))
        key = phrase_key(rep_sent.tokens[start:end]) if start < end else ""
        ante = Antecedent.of(surface(rep_sent, rep.start, min(rep.end, len(rep_sent.tokens))), key)
        for m in chain.mentions:
            if m is rep or m.end - m.start != 1 or not 0 <= m.sentence < len(sents):
                continue
            toks = sents[m.sentence].tokens
            if m.start < len(toks) and pronoun_features(toks[m.start]) is not None:
                out[(m.sentence, m.start)] = ante
    return out


def antecedents_by_sentence(
    links: Mapping[tuple[int, int], A],
) -> dict[int, dict[int, A]]:
    """``{(sentence, token): antecedent}`` regrouped as ``{sentence: {token: antecedent}}``."""
    grouped: dict[int, dict[int, A]] = {}
    for (sentence, token), antecedent in links.items():
        grouped.setdefault(sentence, {})[token] = antecedent
    return grouped
