"""The concept-graph stage of learning: extract → (reflect) → confidence → write CRG → link.

Only prose sentences are sources of relations: a sentence with a block role (a reference list,
a table, a template, ...) is handed to the extractors without its text, and anything an
extractor still says about it is dropped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from pyoxigraph import NamedNode

from lgm_rdf.learn.compound import compound_heads
from lgm_rdf.learn.confidence import (
    RulePrecision,
    assertion_bar,
    clamp,
    load_precision,
    statement_confidence,
    with_support,
)
from lgm_rdf.learn.crg import (
    CheckedRelation,
    MentionLinker,
    asserted,
    relation_triple,
    write_relations,
)
from lgm_rdf.learn.genre import document_genre
from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.learn.reflect import Reflector
from lgm_rdf.learn.relations import Relation, RelationExtractor, extract_noting_failures
from lgm_rdf.learn.srg import DocumentGraph
from lgm_rdf.ontology import load_query
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.values import with_values

SUPPORT_BATCH = 200  # relations per support query


class ConceptGraphStage:
    """A ``GraphEnricher`` adding the CRG of one document to its graph before the write."""

    def __init__(
        self,
        store: GraphStore,
        extractors: Sequence[RelationExtractor],
        reflector: Reflector | None = None,
        compound_heads: bool = True,
        precision: RulePrecision | None = None,
        min_confidence: float = 0.0,
        target_precision: float = 0.0,
    ) -> None:
        self.store = store
        self.extractors = list(extractors)
        self.reflector = reflector
        self.compound_heads = compound_heads
        self.precision = precision if precision is not None else load_precision()
        self.min_confidence = min_confidence
        self.target_precision = target_precision
        self.linker = MentionLinker(store)
        self.counts: Counter[str] = Counter()

    def __call__(self, doc: SourceDocument, graph: DocumentGraph) -> None:
        """Extract, check and write the relations of ``graph``'s sentences."""
        sentences, antecedents = graph.parsed()  # non-prose sentences come without tokens
        prose = [learned.role == "prose" for learned in graph.sentences]
        relations: list[Relation] = []
        seen: set[tuple[str, str, str, int, str]] = set()
        for extractor in self.extractors:
            found = graph.found.get(extractor.name)
            if found is None:  # not extracted where the document was parsed
                found, failures = extract_noting_failures(extractor, sentences, antecedents)
                graph.failures.extend(failures)
            for rel in found:
                key = (rel.type, rel.a, rel.b, rel.sentence, rel.extractor)
                if key not in seen and 0 <= rel.sentence < len(prose) and prose[rel.sentence]:
                    seen.add(key)
                    relations.append(rel)
        if self.compound_heads:
            relations += compound_heads(relations)
        if self.reflector is not None:
            checked = self.reflector.check(relations, graph)
        else:
            checked = [CheckedRelation(rel) for rel in relations]
        genre = document_genre((s.sentence.text, s.role) for s in graph.sentences)
        self.counts[f"documents read as {genre}"] += 1
        checked = self._with_confidence(checked, graph, genre)
        bar = assertion_bar(self.precision, genre, self.min_confidence, self.target_precision)
        self.counts[f"documents asserted at confidence {bar:g} or more"] += 1
        counts = write_relations(graph, checked, bar)
        for item in checked:
            self.counts[f"{item.relation.type} ({item.verdict})"] += 1
        self.counts["relations asserted"] += counts["relations"]
        if counts["withheld"]:
            self.counts["relations withheld (low confidence)"] += counts["withheld"]
        # the concepts of the asserted relations: what `lgm link` finds again in the KB
        keys = [
            key
            for item in checked
            if asserted(item, bar)
            for src, _, tgt in [relation_triple(item.relation)]
            if src and tgt and src != tgt
            for key in (src, tgt)
        ]
        self.counts["mention links added"] += self.linker.link(graph, keys)

    def _with_confidence(
        self, checked: list[CheckedRelation], graph: DocumentGraph, genre: str
    ) -> list[CheckedRelation]:
        """Each relation with its confidence (``learn.confidence``): rule precision in
        ``genre``, verdict, and the other stored documents that state it."""
        support = self._support(checked, graph)
        out = []
        for item in checked:
            rel = item.relation
            p = self.precision.precision(rel.extractor, rel.rule, genre)
            c = with_support(statement_confidence(p, item.verdict), support.get(_triple(rel), 0))
            out.append(replace(item, relation=replace(rel, confidence=clamp(c))))
        return out

    def _support(
        self, checked: list[CheckedRelation], graph: DocumentGraph
    ) -> dict[tuple[str, str, str], int]:
        """How many other stored documents state each relation (not invalid)."""
        triples = list(dict.fromkeys(_triple(item.relation) for item in checked))
        if not triples:
            return {}
        minter, doc = graph.minter, graph.iri
        query = load_query("relation_support")
        out: dict[tuple[str, str, str], int] = {}
        for start in range(0, len(triples), SUPPORT_BATCH):
            block = triples[start : start + SUPPORT_BATCH]
            rows = [[minter.concept(s), NamedNode(p), minter.concept(o), doc] for s, p, o in block]
            for row in self.store.select(with_values(query, ["s", "p", "o", "doc"], rows)):
                key = (row["s"].value, row["p"].value, row["o"].value)
                out[key] = int(row["documents"].value)
        by_iri = {
            (minter.concept(s).value, p, minter.concept(o).value): (s, p, o) for s, p, o in triples
        }
        return {by_iri[k]: n for k, n in out.items() if k in by_iri}


def _triple(rel: Relation) -> tuple[str, str, str]:
    """(source key, property IRI, target key) of a relation as stored."""
    src, prop, tgt = relation_triple(rel)
    return src, prop.value, tgt
