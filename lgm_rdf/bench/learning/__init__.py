"""Learning benchmark (``lgm bench learn``): throughput per stage against spaCy parsing alone."""
