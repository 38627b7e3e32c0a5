"""Benchmarks behind ``lgm bench``, one package per thing measured: retrieval, learning,
extraction (relations, coreference), query scale, serving and QA. ``datasets`` (where the
shared development data lives) and ``latency`` (percentile summaries) serve several of them."""
