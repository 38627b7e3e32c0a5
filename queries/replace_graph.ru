# Atomically replace the content of one named graph (one document, one transaction).
# The store layer fills the two placeholders below: the graph's minted IRI and the triples,
# each term serialised by pyoxigraph (which escapes every literal); nothing else is pasted.
DROP SILENT GRAPH %%GRAPH%% ;
INSERT DATA { GRAPH %%GRAPH%% {
%%TRIPLES%%
} }
