"""Candidates of very common concepts are bounded by the store (LIMIT), not read and cut later."""

from __future__ import annotations

from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.ontology import LGM, NIF, XSD
from lgm_rdf.retrieve.candidates import fetch_candidates
from lgm_rdf.retrieve.model import ExpandedConcept
from lgm_rdf.store.oxigraph import OxigraphStore

DOC = NamedNode("urn:lgm:doc:d")
COMMON, RARE = NamedNode("urn:lgm:concept:thing"), NamedNode("urn:lgm:concept:rare")


class CountingStore(OxigraphStore):
    """Counts the rows each SELECT returns."""

    def __init__(self) -> None:
        super().__init__(None)
        self.rows: list[int] = []

    def select(self, query, bindings=None):  # type: ignore[no-untyped-def]
        rows = super().select(query, bindings)
        self.rows.append(len(rows))
        return rows


def _store(sentences: int) -> CountingStore:
    store = CountingStore()
    quads = []
    for i in range(sentences):
        s = NamedNode(f"urn:lgm:doc:d/sentence/{i}")
        quads += [
            Quad(s, LGM.mentions, COMMON, DOC),
            Quad(s, NIF.anchorOf, Literal(f"Sentence {i}."), DOC),
            Quad(s, NIF.referenceContext, DOC, DOC),
            Quad(s, LGM.position, Literal(str(i), datatype=XSD.integer), DOC),
        ]
        if i % 100 == 0:
            quads.append(Quad(s, LGM.mentions, RARE, DOC))
    store.add_quads(quads)
    return store


def test_common_concepts_are_limited_in_the_query() -> None:
    store = _store(2000)
    expanded = [
        ExpandedConcept(COMMON.value, "thing", "self", 0, "thing"),
        ExpandedConcept(RARE.value, "rare", "self", 0, "rare"),
    ]
    hits = fetch_candidates(store, expanded, limit=50)
    assert len(hits) == 50
    assert store.rows and max(store.rows) <= 50  # the store never sent more than the cap
    before = len(store.rows)
    unbounded = fetch_candidates(store, expanded)
    # the (sentence, concept) pairs in one read, then each sentence's row once
    assert len(unbounded) == 2000 and store.rows[before:] == [2020, 500, 500, 500, 500]
    assert len(unbounded["urn:lgm:doc:d/sentence/100"].matched) == 2
    excluded = frozenset(list(unbounded)[:10])
    assert len(fetch_candidates(store, expanded, exclude=excluded, limit=50)) == 50


def test_rows_come_from_the_cache_when_given() -> None:
    store = _store(300)
    expanded = [ExpandedConcept(RARE.value, "rare", "self", 0, "rare")]
    cache: dict = {}
    first = fetch_candidates(store, expanded, cache=cache)
    assert set(cache) == set(first) and len(first) == 3
    before = len(store.rows)
    again = fetch_candidates(store, expanded, cache=cache)
    assert store.rows[before:] == [3]  # only the pairs were read again
    assert again == first and all(h.matched for h in again.values())
    assert all(not h.matched for h in cache.values())  # the cached rows stay without concepts


def test_only_the_rows_of_the_best_candidates_are_read() -> None:
    store = _store(300)  # every sentence mentions "thing", sentences 0, 100, 200 also "rare"
    expanded = [
        ExpandedConcept(COMMON.value, "thing", "self", 0, "thing", 0.2),
        ExpandedConcept(RARE.value, "rare", "self", 0, "rare", 1.0),
    ]
    before = len(store.rows)
    hits = fetch_candidates(
        store,
        expanded,
        read_at_most=3,
        priority=lambda concepts: sum(c.weight for c in concepts),
    )
    # the three sentences that mention both concepts rank first; only their rows are read
    assert sorted(hits) == [f"urn:lgm:doc:d/sentence/{i}" for i in (0, 100, 200)]
    assert store.rows[before:] == [303, 3]
    assert all(len(h.matched) == 2 for h in hits.values())
