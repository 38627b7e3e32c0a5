"""Moving documents learned under the old, folding IRI scheme to their exact-id IRIs.

Before document identity became injective, a document's IRI folded runs of whitespace to ``_``
(so ``a b.txt`` and ``a_b.txt`` shared one IRI). Documents written since record their exact id
as ``dcterms:identifier``; those without it are legacy. Re-learning a legacy document writes it
under its new IRI and drops the old graph, so no duplicate is left behind.
"""

from __future__ import annotations

from pyoxigraph import NamedNode

from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.store.base import GraphStore


class LegacyDocuments:
    """The legacy documents of a store (IRI → source), read once per learn run."""

    def __init__(self, store: GraphStore, minter: IriMinter) -> None:
        self.minter = minter
        rows = store.select(load_query("legacy_documents"))
        self.sources = {r["doc"].value: r["source"].value for r in rows}

    def claim(self, doc: SourceDocument, new_iri: NamedNode, taken: set[str]) -> NamedNode | None:
        """The legacy graph ``doc`` replaces, or ``None``; a claimed graph is not claimed again.

        A legacy graph is ``doc``'s when its IRI is ``doc``'s old IRI, it came from the same
        source, and no document of this run owns that IRI under the new scheme (``taken``).
        """
        old = self.minter.legacy_document(doc.id)
        if old.value == new_iri.value or old.value in taken:
            return None
        if self.sources.get(old.value) != doc.source:
            return None
        del self.sources[old.value]
        return old

    def displaced(self, doc: SourceDocument, new_iri: NamedNode) -> str | None:
        """The source of a legacy document of ANOTHER source stored at ``new_iri``, if any.

        Writing ``doc`` replaces it (the old scheme had folded both names to one IRI); the
        caller says so, so that the other source can be learned again.
        """
        source = self.sources.get(new_iri.value)
        if source is None or source == doc.source:
            return None
        del self.sources[new_iri.value]
        return source
