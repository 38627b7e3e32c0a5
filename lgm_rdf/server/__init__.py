"""HTTP server of lgm_rdf (``lgm serve``): SPARQL 1.1 Protocol endpoint, JSON API, web page."""

from __future__ import annotations

from lgm_rdf.server.app import LgmServer

__all__ = ["LgmServer"]
