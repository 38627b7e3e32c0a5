"""Personalized PageRank over the KB graph: exact scores on a hand-built graph, persistence,
and the graph built from a real store (mentions, documents, relations with confidence)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pyoxigraph import NamedNode

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.retrieve.propagation.build import RELATION, build_graph
from lgm_rdf.retrieve.propagation.walk import CONCEPT, DOCUMENT, SENTENCE, PropagationGraph
from lgm_rdf.settings import Settings

NODES = [("c1", CONCEPT), ("c2", CONCEPT), ("s1", SENTENCE), ("s2", SENTENCE)]
NODES += [("s3", SENTENCE), ("d", DOCUMENT), ("lonely", CONCEPT)]
EDGES = [
    ("c1", "s1", 1.0),
    ("c1", "s2", 2.0),
    ("c2", "s2", 1.0),
    ("c2", "s3", 1.0),
    ("s1", "s2", 0.5),
    ("d", "s1", 0.3),
    ("d", "s2", 0.3),
    ("d", "s3", 0.3),
]


def expected_scores(seeds: dict[str, float], damping: float) -> np.ndarray:
    """The stationary vector solved directly: (I - d Pᵀ) r = (1 - d) s, with a node without
    edges jumping back to the seeds (dense numpy, independent of the sparse code)."""
    names = [n for n, _ in NODES]
    at = {n: i for i, n in enumerate(names)}
    size = len(names)
    weights = np.zeros((size, size))
    for a, b, w in EDGES:
        weights[at[a], at[b]] += w
        weights[at[b], at[a]] += w
    s = np.zeros(size)
    for name, value in seeds.items():
        s[at[name]] = value
    s /= s.sum()
    moves = np.array([row / row.sum() if row.sum() else s for row in weights])
    return np.linalg.solve(np.eye(size) - damping * moves.T, (1 - damping) * s)


@pytest.mark.parametrize("damping", [0.5, 0.85])
def test_scores_equal_the_solved_linear_system(damping: float) -> None:
    graph = PropagationGraph.from_edges(NODES, EDGES)
    seeds = {"c1": 3.0, "lonely": 1.0}
    got = graph.personalized_pagerank(seeds, damping=damping, tolerance=1e-15, max_rounds=500)
    want = expected_scores(seeds, damping)
    assert np.allclose(got, want, atol=1e-10)
    assert got.sum() == pytest.approx(1.0)
    assert graph.top(got, SENTENCE, 2) == [("s2", got[3]), ("s1", got[2])]
    assert set(graph.scores_of(got, DOCUMENT)) == {"d"}


def test_default_tolerance_keeps_the_ranking() -> None:
    graph = PropagationGraph.from_edges(NODES, EDGES)
    rough = graph.personalized_pagerank({"c2": 1.0})
    exact = expected_scores({"c2": 1.0}, 0.5)
    assert np.abs(rough - exact).sum() < 1e-3
    assert list(np.argsort(-rough)) == list(np.argsort(-exact))


def test_no_known_seed_gives_zeros() -> None:
    graph = PropagationGraph.from_edges(NODES, EDGES)
    assert not graph.personalized_pagerank({"unknown": 1.0}).any()
    assert graph.score_of(graph.personalized_pagerank({"c1": 1.0}), "unknown") == 0.0


def test_a_hub_spreads_its_mass_thinly() -> None:
    # "film" is mentioned by 1,000 sentences, "nolan" by two; seeded equally, each of the
    # hub's sentences gets far less than a sentence of the specific concept
    nodes = [("film", CONCEPT), ("nolan", CONCEPT)] + [(f"s{i}", SENTENCE) for i in range(1002)]
    edges = [("film", f"s{i}", 1.0) for i in range(1000)]
    edges += [("nolan", "s1000", 1.0), ("nolan", "s1001", 1.0), ("film", "s1000", 1.0)]
    graph = PropagationGraph.from_edges(nodes, edges)
    scores = graph.personalized_pagerank({"film": 1.0, "nolan": 1.0})
    assert graph.top(scores, SENTENCE, 1)[0][0] == "s1000"  # mentions both
    assert graph.score_of(scores, "s1001") > 50 * graph.score_of(scores, "s5")


def test_written_and_read_files_give_the_same_scores(tmp_path: Path) -> None:
    graph = PropagationGraph.from_edges(NODES, EDGES, state="token-1")
    graph.write_file(tmp_path / "propagation.npz")
    loaded = PropagationGraph.read_file(tmp_path / "propagation.npz")
    assert loaded.state == "token-1"
    assert loaded.nodes == graph.nodes and list(loaded.kinds) == list(graph.kinds)
    seeds = {"c1": 1.0}
    assert np.array_equal(loaded.personalized_pagerank(seeds), graph.personalized_pagerank(seeds))


def test_a_file_of_another_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.npz"
    np.savez(path, data=np.zeros(1))  # the first format had no "format" entry
    with pytest.raises(ValueError, match="format"):
        PropagationGraph.read_file(path)


def test_the_walk_stays_local_on_a_large_graph() -> None:
    # a chain of 200,000 sentences hanging off one concept: the walk from the far end's
    # concept never reaches the concept at the other end, and pushes only what it must
    size = 200_000
    nodes = [("near", CONCEPT), ("far", CONCEPT)] + [(f"s{i}", SENTENCE) for i in range(size)]
    edges = [(f"s{i}", f"s{i + 1}", 1.0) for i in range(size - 1)]
    edges += [("near", "s0", 1.0), ("far", f"s{size - 1}", 1.0)]
    graph = PropagationGraph.from_edges(nodes, edges)
    scores = graph.personalized_pagerank({"near": 1.0})
    assert np.count_nonzero(scores) < 100
    assert graph.score_of(scores, "far") == 0.0
    assert graph.top(scores, SENTENCE, 1)[0][0] == "s0"
    assert scores.sum() == pytest.approx(1.0, abs=1e-4)


TEXT = (
    "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet. "
    "Malus domestica, also known as the apple tree, grows wild in Kazakhstan."
)


def test_graph_built_from_a_store(spacy_nlp: SpacyNLP) -> None:
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(TEXT)
    retriever = lg.retriever
    graph = build_graph(lg.store, retriever.index)
    kinds = {graph.nodes[i]: int(k) for i, k in enumerate(graph.kinds)}
    apple = next(iri for iri, label in retriever.index.labels.items() if label == "apple")
    fruit = next(iri for iri, label in retriever.index.labels.items() if label == "fruit")
    assert kinds[apple] == CONCEPT and kinds[fruit] == CONCEPT
    assert sum(1 for k in kinds.values() if k == SENTENCE) == 4
    assert sum(1 for k in kinds.values() if k == DOCUMENT) == 1
    # the walk from "apple" reaches "fruit" through the subclass edge and the sentences
    scores = graph.personalized_pagerank({apple: 1.0})
    assert graph.score_of(scores, fruit) > 0
    # the retriever's graph is the same, and is rebuilt after a change
    assert retriever.propagation.nodes == graph.nodes
    lg.learn("Pears are a type of fruit.")
    assert len(lg.retriever.propagation) > len(graph)


def test_relation_edges_follow_the_axiom_confidence(spacy_nlp: SpacyNLP) -> None:
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(TEXT)
    index = lg.retriever.index
    apple = NamedNode(next(i for i, label in index.labels.items() if label == "apple"))
    fruit = NamedNode(next(i for i, label in index.labels.items() if label == "fruit"))

    def weight() -> float:
        graph = build_graph(lg.store, index)
        row = graph.transition[graph.index[apple.value]].toarray().ravel()
        total_out = row.sum()
        return row[graph.index[fruit.value]] / total_out

    learned = weight()  # the learner's confidence for the rule (below 1)
    lg.update(SET_CONFIDENCE.replace("VALUE", "0.1"))
    low = weight()
    lg.update(SET_CONFIDENCE.replace("INSERT { GRAPH ?g { ?axiom lgm:confidence VALUE } }", ""))
    absent = weight()  # no confidence at all counts as 1.0
    assert 0 < low < learned < absent
    assert RELATION["parent"] > 0


SET_CONFIDENCE = """
PREFIX lgm: <https://w3id.org/lgm-rdf/ontology#>
PREFIX owl: <http://www.w3.org/2002/07/owl#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
DELETE { GRAPH ?g { ?axiom lgm:confidence ?old } }
INSERT { GRAPH ?g { ?axiom lgm:confidence VALUE } }
WHERE {
  GRAPH ?g {
    ?axiom owl:annotatedSource <urn:lgm:concept:apple> ;
           owl:annotatedProperty rdfs:subClassOf ;
           owl:annotatedTarget <urn:lgm:concept:fruit> ;
           lgm:confidence ?old .
  }
}
"""


def test_the_graph_is_cached_beside_the_kb_until_it_changes(tmp_path: Path, spacy_nlp) -> None:
    kb = tmp_path / "kb"
    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn(TEXT)
        built = lg.retriever.propagation
    saved = list((kb / "indexes").glob("propagation.*.npz"))
    assert len(saved) == 1
    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings(), read_only=True) as lg:
        loaded = lg.retriever.propagation  # read back, not rebuilt
        assert loaded.nodes == built.nodes and list(loaded.kinds) == list(built.kinds)
        assert (loaded.transition != built.transition).nnz == 0
        seeds = {built.nodes[0]: 1.0}
        assert np.allclose(loaded.personalized_pagerank(seeds), built.personalized_pagerank(seeds))
    with LanguageGraph(kb, nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn("Pears are a type of fruit.")
        grown = lg.retriever.propagation  # the KB changed: built again, not the old file
        assert len(grown) > len(built)
        assert grown.nodes == build_graph(lg.store, lg.retriever.index).nodes
    assert len(list((kb / "indexes").glob("propagation.*.npz"))) == 1  # the old one removed
