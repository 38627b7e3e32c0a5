"""Open the store a ``--kb`` value names: a SPARQL server URL or an embedded store directory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgm_rdf.settings import is_url
from lgm_rdf.store.base import GraphStore


def open_store(kb: str | Path | None, read_only: bool = False, **opts: Any) -> GraphStore:
    """An http(s) URL gives a :class:`SparqlStore` (``opts``: ``update_url``, ``token``,
    ``timeout``); anything else the embedded :class:`OxigraphStore` at that path
    (``None``: in memory).
    """
    if isinstance(kb, str) and is_url(kb):
        from lgm_rdf.store.sparql import SparqlStore

        return SparqlStore(kb, read_only=read_only, **opts)
    from lgm_rdf.store.oxigraph import OxigraphStore

    if opts:
        raise TypeError(f"options {sorted(opts)} only apply to a SPARQL server URL")
    return OxigraphStore(kb, read_only=read_only)
