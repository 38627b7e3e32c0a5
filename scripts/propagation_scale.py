#!/usr/bin/env python3
"""Cost of the propagation step (Personalized PageRank) on KB-shaped graphs of 10k/100k/1M
sentences: ~8 Zipf-distributed mentions per sentence, documents of 8 sentences, next-sentence
and same-document edges, 0.4 relations per sentence; seeds drawn log-uniformly over concept
frequency ranks (as lgm bench query draws them)."""

import json
import math
import sys
import time

import numpy as np
from scipy import sparse

from lgm_rdf.bench.query.shape import default_vocabulary
from lgm_rdf.retrieve.propagation.walk import (
    CONCEPT,
    DOCUMENT,
    SENTENCE,
    PropagationGraph,
    row_normalised,
)

rng = np.random.default_rng(7)
out = []
SIZES = [int(a) for a in sys.argv[1:]] or [10_000, 100_000, 1_000_000]
for n in SIZES:
    t0 = time.perf_counter()
    V = default_vocabulary(n)
    D = n // 8
    # node ids: concepts [0, V), sentences [V, V+n), documents [V+n, V+n+D)
    ranks = np.arange(1, V + 1)
    p = 1.0 / ranks
    p /= p.sum()
    m = rng.choice(V, size=(n, 8), p=p)
    s_ids = np.repeat(np.arange(V, V + n), 8)
    c_ids = m.ravel()
    doc_of = V + n + np.minimum(np.arange(n) // 8, D - 1)
    nxt_a = np.arange(V, V + n - 1)
    nxt_b = nxt_a + 1
    R = int(0.4 * n)
    ra = rng.choice(V, R, p=p)
    rb = rng.choice(V, R, p=p)
    rows = np.concatenate([s_ids, np.arange(V, V + n), nxt_a, ra])
    cols = np.concatenate([c_ids, doc_of, nxt_b, rb])
    w = np.concatenate([np.ones(len(s_ids)), np.full(n, 0.2), np.full(n - 1, 0.2), np.full(R, 0.5)])
    N = V + n + D
    A = sparse.coo_matrix(
        (np.concatenate([w, w]), (np.concatenate([rows, cols]), np.concatenate([cols, rows]))),
        shape=(N, N),
    ).tocsr()
    kinds = np.concatenate(
        [np.full(V, CONCEPT), np.full(n, SENTENCE), np.full(D, DOCUMENT)]
    ).astype(np.int8)
    nodes = [f"n{i}" for i in range(N)]
    g = PropagationGraph(nodes, kinds, row_normalised(A))
    build = time.perf_counter() - t0
    times = []
    for k in range(23):
        r = int(math.exp(rng.uniform(0, math.log(V)))) - 1
        t = time.perf_counter()
        sc = g.personalized_pagerank({f"n{r}": 1.0})
        g.top(sc, SENTENCE, 400)
        if k >= 3:
            times.append(1000 * (time.perf_counter() - t))
    times.sort()
    row = {
        "sentences": n,
        "nodes": N,
        "edges": int(A.nnz // 2),
        "build_s": round(build, 1),
        "ppr_p50_ms": round(times[len(times) // 2], 1),
        "ppr_p90_ms": round(times[int(len(times) * 0.9)], 1),
        "matrix_mb": round(
            (g.transition.data.nbytes + g.transition.indices.nbytes + g.transition.indptr.nbytes)
            / 1e6
        ),
    }
    print(row, flush=True)
    out.append(row)
print(json.dumps(out))
