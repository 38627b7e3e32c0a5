"""Concept expansion on a small hand-built concept graph (aliases, taxonomy, part-of, cycles)."""

from __future__ import annotations

from pyoxigraph import NamedNode, Quad

from lgm_rdf.ontology import LGM, OWL, RDFS
from lgm_rdf.retrieve.expand import expand_concepts
from lgm_rdf.settings import Settings
from lgm_rdf.store.oxigraph import OxigraphStore

G = NamedNode("urn:test:graph")


def c(name: str) -> NamedNode:
    return NamedNode(f"urn:lgm:concept:{name}")


def store_of(*triples: tuple[str, NamedNode, str]) -> OxigraphStore:
    store = OxigraphStore(None)
    store.add_quads(Quad(c(s), p, c(o), G) for s, p, o in triples)
    return store


def reached(store: OxigraphStore, seed: str, **settings: object) -> dict[str, tuple[str, int]]:
    s = Settings().with_(**settings)
    out = expand_concepts(store, [(c(seed), 1.0, seed)], s)
    return {e.concept.rsplit(":", 1)[1]: (e.via, e.distance) for e in out}


def test_alias_of_a_parent_and_ancestors() -> None:
    store = store_of(
        ("apple", RDFS.subClassOf, "fruit"),
        ("fruit", OWL.sameAs, "fruit_produce"),
        ("fruit_produce", RDFS.subClassOf, "food"),
        ("food", RDFS.subClassOf, "thing_eaten"),
    )
    got = reached(store, "apple", expand_depth=2)
    assert got["apple"] == ("self", 0)
    assert got["fruit"] == ("parent", 1)
    assert got["fruit_produce"] == ("parent", 1)  # an alias of the parent is a parent too
    assert got["food"] == ("parent", 2)  # reached through the parent's alias
    assert "thing_eaten" not in got  # beyond the depth
    assert "thing_eaten" in reached(store, "apple", expand_depth=3)


def test_children_components_transitive_and_wholes() -> None:
    store = store_of(
        ("apple", RDFS.subClassOf, "fruit"),
        ("core", LGM.partOf, "apple"),
        ("seed", LGM.partOf, "core"),
        ("apple", LGM.partOf, "orchard"),
    )
    assert reached(store, "fruit")["apple"] == ("child", 1)
    got = reached(store, "apple")
    assert got["core"] == ("component", 1)
    assert got["seed"] == ("component", 1)  # partOf is transitive
    assert got["orchard"] == ("whole", 1)
    # children and components are not followed beyond the first step
    assert "seed" not in reached(store, "fruit", expand_depth=3)


def test_cycles_terminate() -> None:
    store = store_of(
        ("a", RDFS.subClassOf, "b"),
        ("b", RDFS.subClassOf, "a"),
        ("a", OWL.sameAs, "b"),
        ("b", LGM.partOf, "a"),
        ("a", LGM.partOf, "b"),
    )
    got = reached(store, "a", expand_depth=5)
    assert set(got) == {"a", "b"}


def test_cap_keeps_the_nearest() -> None:
    triples = [(f"kind{i}", RDFS.subClassOf, "animal") for i in range(30)]
    triples += [("animal", RDFS.subClassOf, "organism")]
    store = store_of(*triples)
    got = reached(store, "animal", max_expanded_concepts=5)
    assert len(got) == 5
    assert got["animal"] == ("self", 0)
    assert got["organism"] == ("parent", 1)  # a parent weighs more than a child
