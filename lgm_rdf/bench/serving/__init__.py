"""Serving benchmark (``lgm bench serve``): SPARQL endpoint latency of ``lgm serve`` against
``oxigraph serve`` on the same KB."""
