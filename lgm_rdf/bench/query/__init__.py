"""Query-scale benchmark (``lgm bench query``): expansion and candidate latency on synthetic KBs."""
