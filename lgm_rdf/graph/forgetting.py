"""Forgetting documents: every name a user may give one, including IRIs of older versions."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.store.base import GraphStore


def forget_documents(store: GraphStore, minter: IriMinter, doc: str) -> list[str]:
    """Drop the documents (or imported ontologies) named ``doc``; returns their IRIs.

    ``doc`` may be a title, id, source path (also of a deleted file) or IRI, or the name of
    an imported ontology; a document learned before identity was injective is found under
    its folded IRI.
    """
    from pyoxigraph import Literal

    keys = {
        doc,
        minter.document(doc).value,
        minter.imported(doc).value,
        os.path.abspath(doc),
    }
    with contextlib.suppress(OSError, RuntimeError):  # RuntimeError: a symlink loop
        keys.add(str(Path(doc).resolve()))  # works for deleted files too
    dropped: list[str] = []
    for key in sorted(keys):
        for row in store.select(load_query("document_by_label"), {"key": Literal(key)}):
            if store.drop_graph(row["doc"]):  # type: ignore[arg-type]
                dropped.append(row["doc"].value)
    # a document learned before identity was injective, under its folded IRI
    legacy = minter.legacy_document(doc)
    from lgm_rdf.learn.identity import LegacyDocuments

    legacy_sources = LegacyDocuments(store, minter).sources
    if legacy.value in legacy_sources and store.drop_graph(legacy):
        dropped.append(legacy.value)
    return dropped
