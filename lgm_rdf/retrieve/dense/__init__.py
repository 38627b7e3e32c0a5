"""The optional ``dense`` extra: sentence embeddings (all-MiniLM-L6-v2) kept in a vector index
beside the KB, keyed by sentence IRI. Nothing here imports torch or the index library until a
KB with ``Settings.dense`` is asked or learned into."""
