"""Reflection (paper §3.2.3): an LLM judges each candidate relation from the OTHER sentences."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from lgm_rdf.learn.crg import CheckedRelation, relation_triple
from lgm_rdf.learn.relations import Relation
from lgm_rdf.learn.srg import DocumentGraph
from lgm_rdf.llm.base import ChatModel, Message, UsageMeter
from lgm_rdf.llm.jsonout import complete_json
from lgm_rdf.llm.pool import map_bounded
from lgm_rdf.llm.prompting import load_prompt
from lgm_rdf.ontology import load_query
from lgm_rdf.store.base import GraphStore

log = logging.getLogger(__name__)
VERDICT_WORDS = ("valid", "invalid", "unknown")
DESCRIBE = {
    "inheritance": 'Candidate (inheritance): "{a}" is a kind of "{b}".',
    "composition": 'Candidate (composition): "{a}" has "{b}" as a part.',
    "alias": 'Candidate (alias): "{a}" and "{b}" are names of the same thing.',
}


def _valid_verdict(value: Any) -> bool:
    return isinstance(value, dict) and str(value.get("verdict", "")).lower() in VERDICT_WORDS


class Reflector:
    """Gives each candidate a verdict: valid, invalid or unknown.

    Evidence is every other sentence (stored KB plus the document being learned) that
    mentions either concept, without the sentence the relation was extracted from. With no
    such sentence there is nothing to judge: the verdict is ``unknown`` and no call is made.
    An answer that stays unusable after one retry also counts as ``unknown`` (kept
    provisionally, as the paper does with undecidable relations).
    """

    def __init__(
        self,
        chat: ChatModel,
        store: GraphStore,
        max_evidence: int = 12,
        concurrency: int = 4,
        meter: UsageMeter | None = None,
    ) -> None:
        self.chat = chat
        self.store = store
        self.max_evidence = max_evidence
        self.concurrency = concurrency
        self.meter = meter or UsageMeter()

    def evidence(
        self,
        relation: Relation,
        graph: DocumentGraph,
        stored: dict[str, list[tuple[str, str]]] | None = None,
    ) -> list[str]:
        """Other sentences mentioning the relation's concepts, both concepts first.

        ``stored`` memoises the KB's sentences per concept across the relations of one
        document (one query per concept, not per relation).
        """
        stored = {} if stored is None else stored
        own = graph.sentences[relation.sentence]
        source_key, _, target_key = relation_triple(relation)
        scored: dict[str, tuple[int, str]] = {}
        for learned in graph.sentences:
            if learned is own:
                continue
            keys = {m.key for m in learned.concepts} | {a.key for a in learned.antecedents.values()}
            hits = (source_key in keys) + (target_key in keys)
            if hits:
                scored[learned.iri.value] = (hits, learned.resolved)
        for key in (source_key, target_key):
            if key not in stored:
                stored[key] = self._stored_sentences(key, graph)
            for iri, text in stored[key]:
                hits, text = scored.get(iri, (0, text))
                scored[iri] = (hits + 1, text)
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], kv[0]))
        return [text for _, (_, text) in ranked[: self.max_evidence]]

    def _stored_sentences(self, key: str, graph: DocumentGraph) -> list[tuple[str, str]]:
        """(IRI, resolved text) of stored sentences of OTHER documents mentioning ``key``."""
        rows = self.store.select(
            load_query("sentences_of_concept"), {"concept": graph.minter.concept(key)}
        )
        own_prefix = graph.iri.value + "/"
        return [
            (row["sentence"].value, row["text"].value)
            for row in rows
            if not row["sentence"].value.startswith(own_prefix)
        ]

    def messages(self, relation: Relation, evidence: Sequence[str]) -> list[Message]:
        """Chat messages asking for the verdict on one relation."""
        label_a = relation.a_label or relation.a
        label_b = relation.b_label or relation.b
        lines = [DESCRIBE[relation.type].format(a=label_a, b=label_b), "", "Sentences:"]
        lines += [f"- {text}" for text in evidence]
        return [
            {"role": "system", "content": load_prompt("reflect")},
            {"role": "user", "content": "\n".join(lines)},
        ]

    def judge(self, relation: Relation, evidence: Sequence[str]) -> CheckedRelation:
        """The verdict on one relation, given its evidence (``unknown`` without any)."""
        if not evidence:
            return CheckedRelation(relation, "unknown")
        value, usage = complete_json(
            self.chat, self.messages(relation, evidence), validate=_valid_verdict, expect=dict
        )
        self.meter.add(usage)
        verdict = str(value["verdict"]).lower() if value else "unknown"
        return CheckedRelation(relation, verdict)

    def check(self, relations: Sequence[Relation], graph: DocumentGraph) -> list[CheckedRelation]:
        """Verdicts on all relations of one document.

        Evidence is gathered first, in the calling thread (the store is only read from
        there); the LLM calls then run with bounded concurrency.
        """
        stored: dict[str, list[tuple[str, str]]] = {}
        evidence = [self.evidence(r, graph, stored) for r in relations]
        pairs = list(zip(relations, evidence, strict=True))
        return map_bounded(lambda pair: self.judge(*pair), pairs, self.concurrency)
