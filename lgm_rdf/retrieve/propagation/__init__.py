"""Graph propagation for asking: Personalized PageRank over the KB's concepts, sentences and
documents (``walk``), and the graph built from the store (``build``)."""
