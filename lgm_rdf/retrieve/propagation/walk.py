"""Personalized PageRank (random walk with restart) over the KB graph, with ``scipy.sparse``.

The graph has one node per concept, sentence and document. Edges are undirected and weighted
(``edges`` below); a walker at a node moves to a neighbour with probability proportional to the
edge weight, and at every step returns to the seeds with probability ``1 - damping``. The
stationary distribution ``r`` solves ``r = (1 - d) s + d Pᵀ r`` where ``P`` is the row-normalised
weight matrix and ``s`` the seed distribution; a node without edges sends its mass back to the
seeds. Power iteration converges geometrically (``d^k``), so a few dozen sparse products are
exact to 1e-6 whatever the graph's size, and a concept with a huge fan-out only spreads its mass
thinly (row normalisation), it never costs more than one product.

A graph is saved as ``graph.npz`` (the transposed transition matrix, ``scipy.sparse.save_npz``)
plus ``nodes.json`` (node IRIs, kinds and the KB state token it was built for).
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy import sparse

CONCEPT, SENTENCE, DOCUMENT = 0, 1, 2
KIND_NAMES = ("concept", "sentence", "document")
DAMPING = 0.5  # probability of walking on rather than restarting (HippoRAG 2 uses 0.5)
TOLERANCE = 1e-4  # L1 change between iterations at which the walk stops (ranks, not digits)
MAX_ITERATIONS = 60
MATRIX_FILE = "graph.npz"
NODES_FILE = "nodes.json"


@dataclass
class PropagationGraph:
    """Nodes (IRI, kind) and the transposed row-stochastic transition matrix ``Pᵀ``."""

    nodes: list[str]
    kinds: np.ndarray  # int8 per node: CONCEPT, SENTENCE or DOCUMENT
    transition_t: sparse.csr_matrix  # Pᵀ: column j holds the out-probabilities of node j
    state: str = ""  # the KB state token this graph was built for
    index: dict[str, int] = field(default_factory=dict, repr=False)
    dangling: np.ndarray = field(default_factory=lambda: np.zeros(0, bool), repr=False)

    def __post_init__(self) -> None:
        if not self.index:
            self.index = {iri: i for i, iri in enumerate(self.nodes)}
        out_mass = np.asarray(self.transition_t.sum(axis=0)).ravel()
        self.dangling = out_mass <= 0

    @classmethod
    def from_edges(
        cls,
        nodes: Iterable[tuple[str, int]],
        edges: Iterable[tuple[str, str, float]],
        state: str = "",
    ) -> PropagationGraph:
        """A graph from ``(iri, kind)`` nodes and undirected ``(a, b, weight)`` edges.

        Parallel edges add up; edges naming an unknown node or with a weight ≤ 0 are ignored.
        """
        names: list[str] = []
        kinds: list[int] = []
        index: dict[str, int] = {}
        for iri, kind in nodes:
            if iri not in index:
                index[iri] = len(names)
                names.append(iri)
                kinds.append(kind)
        rows, cols, weights = array("l"), array("l"), array("d")  # compact at 10M edges
        for a, b, w in edges:
            i, j = index.get(a), index.get(b)
            if i is None or j is None or i == j or not w > 0:
                continue
            rows.extend((i, j))
            cols.extend((j, i))
            weights.extend((w, w))
        n = len(names)
        adjacency = sparse.coo_matrix(
            (
                np.frombuffer(weights, dtype=np.float64),
                (np.frombuffer(rows, dtype=np.int64), np.frombuffer(cols, dtype=np.int64)),
            ),
            shape=(n, n),
        ).tocsr()
        return cls(
            names, np.asarray(kinds, dtype=np.int8), transpose_normalised(adjacency), state, index
        )

    def __len__(self) -> int:
        return len(self.nodes)

    @property
    def edges(self) -> int:
        """The number of directed (one-way) transitions, i.e. twice the undirected edges."""
        return int(self.transition_t.nnz)

    def seed_vector(self, seeds: Mapping[str, float]) -> np.ndarray:
        """The restart distribution: the seeds' weights (unknown IRIs ignored), summing to 1."""
        s = np.zeros(len(self.nodes))
        for iri, weight in seeds.items():
            i = self.index.get(iri)
            if i is not None and weight > 0:
                s[i] += weight
        total = s.sum()
        return s / total if total > 0 else s

    def personalized_pagerank(
        self,
        seeds: Mapping[str, float],
        damping: float = DAMPING,
        tolerance: float = TOLERANCE,
        max_iterations: int = MAX_ITERATIONS,
    ) -> np.ndarray:
        """Stationary scores of the walk restarting at ``seeds`` (IRI → weight); sums to 1.

        All zeros when no seed is a node of the graph.
        """
        s = self.seed_vector(seeds)
        if not s.any():
            return s
        r = s.copy()
        for _ in range(max_iterations):
            walked = self.transition_t @ r
            lost = r[self.dangling].sum()  # mass at nodes without edges restarts
            nxt = (1.0 - damping) * s + damping * (walked + lost * s)
            delta = np.abs(nxt - r).sum()
            r = nxt
            if delta < tolerance:
                break
        return r

    def score_of(self, scores: np.ndarray, iri: str) -> float:
        """The score of one node (0.0 for an IRI that is not a node)."""
        i = self.index.get(iri)
        return float(scores[i]) if i is not None else 0.0

    def scores_of(self, scores: np.ndarray, kind: int) -> dict[str, float]:
        """The non-zero scores of the nodes of one kind, by IRI."""
        picked = np.flatnonzero((self.kinds == kind) & (scores > 0))
        return {self.nodes[i]: float(scores[i]) for i in picked}

    def top(self, scores: np.ndarray, kind: int, count: int) -> list[tuple[str, float]]:
        """The ``count`` best-scoring nodes of one kind, best first (ties by IRI order)."""
        mask = (self.kinds == kind) & (scores > 0)
        picked = np.flatnonzero(mask)
        if len(picked) > count:
            part = np.argpartition(-scores[picked], count - 1)[:count]
            picked = picked[part]
        ranked = sorted(picked, key=lambda i: (-scores[i], self.nodes[i]))
        return [(self.nodes[i], float(scores[i])) for i in ranked]

    # -- persistence ------------------------------------------------------------------------
    def save(self, directory: str | Path) -> None:
        """Write ``graph.npz`` and ``nodes.json`` into ``directory`` (created if missing)."""
        path = Path(directory)
        path.mkdir(parents=True, exist_ok=True)
        sparse.save_npz(path / MATRIX_FILE, self.transition_t.tocsr(), compressed=False)
        meta = {"state": self.state, "nodes": self.nodes, "kinds": self.kinds.tolist()}
        (path / NODES_FILE).write_text(json.dumps(meta), encoding="utf-8")

    def write_file(self, path: Path) -> None:
        """Write the whole graph (matrix, nodes, kinds, state) into one ``.npz`` file."""
        m = self.transition_t.tocsr()
        with path.open("wb") as handle:
            np.savez(
                handle,
                data=m.data,
                indices=m.indices,
                indptr=m.indptr,
                shape=np.asarray(m.shape),
                kinds=self.kinds,
                nodes=np.asarray(self.nodes, dtype=str),
                state=np.asarray(self.state),
            )

    @classmethod
    def read_file(cls, path: Path) -> PropagationGraph:
        """The graph written by :meth:`write_file`."""
        with np.load(path, allow_pickle=False) as f:
            shape = (int(f["shape"][0]), int(f["shape"][1]))
            matrix = sparse.csr_matrix((f["data"], f["indices"], f["indptr"]), shape=shape)
            nodes = [str(n) for n in f["nodes"]]
            return cls(nodes, f["kinds"].astype(np.int8), matrix, str(f["state"]))

    @classmethod
    def load(cls, directory: str | Path) -> PropagationGraph:
        """The graph saved in ``directory`` by :meth:`save`."""
        path = Path(directory)
        meta = json.loads((path / NODES_FILE).read_text(encoding="utf-8"))
        matrix = sparse.load_npz(path / MATRIX_FILE).tocsr()
        return cls(meta["nodes"], np.asarray(meta["kinds"], dtype=np.int8), matrix, meta["state"])


def transpose_normalised(adjacency: sparse.spmatrix) -> sparse.csr_matrix:
    """``Pᵀ`` for the row-normalised ``adjacency`` (rows without weight stay empty)."""
    adjacency = sparse.csr_matrix(adjacency)
    out = np.asarray(adjacency.sum(axis=1)).ravel()
    inverse = np.divide(1.0, out, out=np.zeros_like(out), where=out > 0)
    return sparse.csr_matrix(sparse.diags(inverse) @ adjacency).T.tocsr()
