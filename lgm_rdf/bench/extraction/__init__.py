"""Extraction benchmarks: relation patterns (``lgm bench relations``) and pronoun coreference
(``lgm bench coref``, with its hand-judged gold ``coref_gold.jsonl``)."""
