"""Untrusted SPARQL evaluated where it can be stopped: worker processes over read-only snapshots.

Used by the HTTP endpoint (``lgm serve``) and the MCP ``sparql`` tool (``lgm mcp``). Modules:
``pool`` (the workers, their lanes and deadlines), ``worker`` (a worker process: memory limit,
result cap), ``snapshots`` (checkpoints of the KB the workers read), ``results`` (collecting and
serialising a result), ``negotiation`` (result formats by media type), ``screening`` (what a
query's text says before it runs). Nothing here is imported by ``lgm_rdf.store`` itself, so a
worker process loads only what it needs.
"""
