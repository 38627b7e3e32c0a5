"""HTTP server of lgm_rdf (``lgm serve``): SPARQL 1.1 Protocol endpoint, JSON API, web page.

``LgmServer`` is imported on first use, so importing this package stays light. Users'
queries run in ``lgm_rdf.store.isolation`` (worker processes), shared with ``lgm mcp``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lgm_rdf.server.app import LgmServer

__all__ = ["LgmServer"]


def __getattr__(name: str) -> Any:
    if name == "LgmServer":
        from lgm_rdf.server.app import LgmServer

        return LgmServer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
