"""Exporting a KB: RDF syntaxes of the store, OWL and SKOS of the concept graph."""

from __future__ import annotations

import io
from pathlib import Path
from typing import IO

from lgm_rdf.fileio import atomic_write
from lgm_rdf.ontology import IriMinter
from lgm_rdf.store.base import GraphStore


def export_kb(
    store: GraphStore, minter: IriMinter, target: str | Path | IO[bytes] | None, format: str
) -> bytes | None:
    """Serialise ``store`` to a path or stream (``LanguageGraph.export``); ``None`` → bytes."""
    if format in ("owl", "skos"):
        from lgm_rdf.interop import export_owl, export_skos

        writer = export_owl if format == "owl" else export_skos
        if target is None:
            buffer = io.BytesIO()
            writer(store, buffer, minter)
            return buffer.getvalue()
        writer(store, target, minter)
        return None
    if target is None:
        buffer = io.BytesIO()
        store.dump(buffer, format)
        return buffer.getvalue()
    if isinstance(target, str | Path):
        atomic_write(target, lambda out: store.dump(out, format))
        return None
    store.dump(target, format)
    return None
