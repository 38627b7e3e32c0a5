"""Personalized PageRank (random walk with restart) over the KB graph, with ``scipy.sparse``.

The graph has one node per concept, sentence and document. Edges are undirected and weighted
(``edges`` below); a walker at a node moves to a neighbour with probability proportional to the
edge weight, and at every step returns to the seeds with probability ``1 - damping``. The
stationary distribution ``r`` solves ``r = (1 - d) s + d Pᵀ r`` where ``P`` is the row-normalised
weight matrix and ``s`` the seed distribution; a node without edges sends its mass back to the
seeds.

It is computed locally, by pushing residual mass outwards from the seeds (the "forward push"
of Andersen, Chung and Lang, 2006, in synchronous rounds of vectorised sparse operations): a
node whose residual exceeds ``tolerance`` times its number of edges keeps ``1 - d`` of it as
score and passes ``d`` of it to its neighbours. The work is bounded by about
``1 / (tolerance · (1 - d))`` edge visits whatever the graph's size, so a walk on a KB of a
million sentences costs what it costs on a small one; a concept with a huge fan-out spreads its
mass thinly and is only pushed while it holds enough of it. With a tiny tolerance the result is
the exact stationary vector.

A graph is written to one ``.npz`` file (the transition matrix, node IRIs and kinds, the KB
state token it was built for).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy import sparse

CONCEPT, SENTENCE, DOCUMENT = 0, 1, 2
KIND_NAMES = ("concept", "sentence", "document")
DAMPING = 0.5  # probability of walking on rather than restarting (HippoRAG 2 uses 0.5)
TOLERANCE = 1e-6  # residual per edge below which a node is not pushed (≤ 2M edge visits)
MAX_ROUNDS = 200
FILE_FORMAT = "2"  # of write_file: the row-stochastic P (format 1 held Pᵀ)


@dataclass
class PropagationGraph:
    """Nodes (IRI, kind) and the row-stochastic transition matrix ``P``."""

    nodes: list[str]
    kinds: np.ndarray  # int8 per node: CONCEPT, SENTENCE or DOCUMENT
    transition: sparse.csr_matrix  # P: row i holds the out-probabilities of node i
    state: str = ""  # the KB state token this graph was built for
    index: dict[str, int] = field(default_factory=dict, repr=False)
    degree: np.ndarray = field(default_factory=lambda: np.zeros(0), repr=False)

    def __post_init__(self) -> None:
        if not self.index:
            self.index = {iri: i for i, iri in enumerate(self.nodes)}
        self.degree = np.diff(self.transition.indptr).astype(np.float64)  # 0 = no edges

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
        return cls(names, np.asarray(kinds, dtype=np.int8), row_normalised(adjacency), state, index)

    def __len__(self) -> int:
        return len(self.nodes)

    @property
    def edges(self) -> int:
        """The number of directed (one-way) transitions, i.e. twice the undirected edges."""
        return int(self.transition.nnz)

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
        max_rounds: int = MAX_ROUNDS,
    ) -> np.ndarray:
        """Scores of the walk restarting at ``seeds`` (IRI → weight), by local forward push.

        A dense vector over the nodes, zero where the walk's pushed mass never arrived; it sums
        to 1 up to the residual left below ``tolerance`` (exact as ``tolerance`` → 0). All zeros
        when no seed is a node of the graph.
        """
        restart = self.seed_vector(seeds)
        seed_nodes = np.flatnonzero(restart)
        if not seed_nodes.size:
            return restart
        seed_share = restart[seed_nodes]
        score = np.zeros(len(self.nodes))
        residual = restart.copy()
        active = seed_nodes
        for _ in range(max_rounds):
            mass = residual[active]
            residual[active] = 0.0
            score[active] += (1.0 - damping) * mass
            passed = damping * mass
            rows = self.transition[active]  # the out-probabilities of the pushed nodes
            targets = rows.indices
            amounts = np.repeat(passed, np.diff(rows.indptr)) * rows.data
            touched, where = np.unique(targets, return_inverse=True)
            residual[touched] += np.bincount(where, weights=amounts, minlength=touched.size)
            stranded = passed[self.degree[active] == 0].sum()  # nodes without edges restart
            if stranded > 0:
                residual[seed_nodes] += stranded * seed_share
                touched = np.union1d(touched, seed_nodes)
            active = touched[residual[touched] > tolerance * np.maximum(self.degree[touched], 1)]
            if not active.size:
                break
        return score + (1.0 - damping) * residual  # what is left counts where it stands

    def score_of(self, scores: np.ndarray, iri: str) -> float:
        """The score of one node (0.0 for an IRI that is not a node)."""
        i = self.index.get(iri)
        return float(scores[i]) if i is not None else 0.0

    def best_score(self, scores: np.ndarray, kind: int) -> float:
        """The highest score of a node of one kind (0.0 when none has a score)."""
        picked = scores[self.kinds == kind]
        return float(picked.max()) if picked.size else 0.0

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
    def write_file(self, path: Path) -> None:
        """Write the whole graph (matrix, nodes, kinds, state) into one ``.npz`` file."""
        m = self.transition.tocsr()
        with path.open("wb") as handle:
            np.savez(
                handle,
                format=np.asarray(FILE_FORMAT),
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
        """The graph written by :meth:`write_file`; ``ValueError`` for another file format."""
        with np.load(path, allow_pickle=False) as f:
            if "format" not in f.files or str(f["format"]) != FILE_FORMAT:
                raise ValueError(f"{path}: not a propagation graph of format {FILE_FORMAT}")
            shape = (int(f["shape"][0]), int(f["shape"][1]))
            matrix = sparse.csr_matrix((f["data"], f["indices"], f["indptr"]), shape=shape)
            nodes = [str(n) for n in f["nodes"]]
            return cls(nodes, f["kinds"].astype(np.int8), matrix, str(f["state"]))


def row_normalised(adjacency: sparse.spmatrix) -> sparse.csr_matrix:
    """``P``: ``adjacency`` with each row divided by its sum (rows without weight stay empty)."""
    adjacency = sparse.csr_matrix(adjacency)
    out = np.asarray(adjacency.sum(axis=1)).ravel()
    inverse = np.divide(1.0, out, out=np.zeros_like(out), where=out > 0)
    return sparse.csr_matrix(sparse.diags(inverse) @ adjacency)
