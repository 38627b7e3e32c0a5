"""Virtuoso Open-Source on 127.0.0.1 for the remote-store tests: the library's launcher.

``lgm_rdf.bench.serving.virtuoso`` starts ``virtuoso-t`` with its own database directory and
ini file; ``start()`` lets the anonymous SPARQL user update (what the remote-store suite needs).
"""

from __future__ import annotations

from lgm_rdf.bench.serving.virtuoso import VirtuosoServer, virtuoso_binary

__all__ = ["VirtuosoServer", "virtuoso_binary"]
