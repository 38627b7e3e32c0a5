"""The concept-graph stage of learning: extract → (reflect) → write CRG → link mentions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from lgm_rdf.learn.crg import CheckedRelation, MentionLinker, relation_triple, write_relations
from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.learn.reflect import Reflector
from lgm_rdf.learn.relations import Relation, RelationExtractor
from lgm_rdf.learn.srg import DocumentGraph
from lgm_rdf.store.base import GraphStore


class ConceptGraphStage:
    """A ``GraphEnricher`` adding the CRG of one document to its graph before the write."""

    def __init__(
        self,
        store: GraphStore,
        extractors: Sequence[RelationExtractor],
        reflector: Reflector | None = None,
    ) -> None:
        self.extractors = list(extractors)
        self.reflector = reflector
        self.linker = MentionLinker(store)
        self.counts: Counter[str] = Counter()

    def __call__(self, doc: SourceDocument, graph: DocumentGraph) -> None:
        """Extract, check and write the relations of ``graph``'s sentences."""
        sentences, antecedents = graph.parsed()
        relations: list[Relation] = []
        seen: set[tuple[str, str, str, int, str]] = set()
        for extractor in self.extractors:
            found = graph.found.get(extractor.name)
            if found is None:
                found = extractor.extract(sentences, antecedents)
            for rel in found:
                key = (rel.type, rel.a, rel.b, rel.sentence, rel.extractor)
                if key not in seen:
                    seen.add(key)
                    relations.append(rel)
        if self.reflector is not None:
            checked = self.reflector.check(relations, graph)
        else:
            checked = [CheckedRelation(rel) for rel in relations]
        counts = write_relations(graph, checked)
        for item in checked:
            self.counts[f"{item.relation.type} ({item.verdict})"] += 1
        self.counts["relations asserted"] += counts["relations"]
        # the concepts of the asserted relations: what `lgm link` finds again in the KB
        keys = [
            key
            for item in checked
            if item.verdict != "invalid"
            for src, _, tgt in [relation_triple(item.relation)]
            if src and tgt and src != tgt
            for key in (src, tgt)
        ]
        self.counts["mention links added"] += self.linker.link(graph, keys)
