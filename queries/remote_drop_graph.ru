# Remote store: remove one named graph; the placeholder is the graph's IRI serialised by pyoxigraph.
DROP SILENT GRAPH %%GRAPH%%
