# Remote store: add quads in one update. The store layer fills the placeholder with whole
# GRAPH blocks (and default-graph triples) serialised by pyoxigraph; nothing else is pasted.
INSERT DATA {
%%QUADS%%
}
