# Atomically replace the content of one named graph (one document, one transaction), and add
# quads to other graphs in the same transaction. The store layer fills the placeholders below:
# the graph's minted IRI, its triples, and whole GRAPH blocks for the other graphs; every term
# is serialised by pyoxigraph (which escapes every literal); nothing else is pasted.
DROP SILENT GRAPH %%GRAPH%% ;
INSERT DATA {
GRAPH %%GRAPH%% {
%%TRIPLES%%
}
%%ALSO%%
}
