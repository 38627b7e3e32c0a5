"""Concept expansion through the concept graph (paper eq. 2-4) with SPARQL property paths.

From the linked seed concepts, breadth-first: the alias closure (``owl:sameAs`` both ways,
``expand_aliases.rq``), then one query per step (``expand_step.rq``) for the parents, children,
components (``lgm:partOf``, transitive) and wholes of everything reached so far. Walking steps in Python keeps the distance of
every concept, makes cycles harmless (a concept is visited once) and lets the set be capped,
nearest and strongest first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from pyoxigraph import NamedNode

from lgm_rdf.ontology import RELATION_PROPERTIES, load_query
from lgm_rdf.retrieve.model import ExpandedConcept, PathStep
from lgm_rdf.settings import Settings
from lgm_rdf.store.base import GraphStore, Term
from lgm_rdf.store.values import with_values

# how much of a seed's weight a relation passes on (per step)
ROLE_WEIGHT = {"alias": 0.9, "parent": 0.6, "child": 0.5, "component": 0.5, "whole": 0.4}
# beyond the first step only parents are followed (ancestors up to the expansion depth);
# the aliases of anything reached are always taken, at the same distance
SPREAD_ROLES = frozenset({"child", "component"})
SPREAD = 3  # up to this many children (components) keep the full weight; more share it
FOLLOW_FURTHER = frozenset({"alias", "parent"})
RDFS_SUBCLASS = RELATION_PROPERTIES["inheritance"].value
LGM_PART_OF = RELATION_PROPERTIES["composition"].value


def expand_concepts(
    store: GraphStore,
    seeds: Sequence[tuple[NamedNode, float, str]],
    settings: Settings,
    labels: Mapping[str, str] | None = None,
) -> list[ExpandedConcept]:
    """The seeds (``(concept, link strength, question phrase)``) and what they reach.

    Returns at most ``settings.max_expanded_concepts`` concepts, nearest first, then by weight;
    each carries how it was reached (``self`` for a seed) and its distance in steps.
    ``labels`` (IRI → label, e.g. the concept index's) names what is reached.
    """
    labels = labels or {}
    best = {c.concept: c for c in seed_concepts(seeds, labels)}
    cap = max(1, settings.max_expanded_concepts)
    frontier = _add_aliases(store, list(best.values()), best, cap, labels)
    step = load_query("expand_step")
    for depth in range(1, max(0, settings.expand_depth) + 1):
        if not frontier or len(best) >= cap:
            break
        by_iri = {c.concept: c for c in frontier}
        rows = store.select(with_values(step, ["from"], [[NamedNode(c.concept)] for c in frontier]))
        chosen: dict[str, tuple[float, ExpandedConcept, Mapping[str, Term]]] = {}
        children: Counter[str] = Counter(
            r["from"].value for r in rows if r["role"].value in SPREAD_ROLES
        )
        for row in sorted(rows, key=lambda r: (r["from"].value, r["to"].value, r["role"].value)):
            source = by_iri.get(row["from"].value)
            to = row["to"].value
            role = row["role"].value
            if source is None or to in best or (depth > 1 and role not in FOLLOW_FURTHER):
                continue
            weight = source.weight * ROLE_WEIGHT[role]
            if role in SPREAD_ROLES:  # one of many children says little about the parent
                weight *= min(1.0, SPREAD / children[source.concept])
            if to not in chosen or weight > chosen[to][0]:
                chosen[to] = (weight, source, row)
        room = cap - len(best)
        kept = sorted(chosen.items(), key=lambda kv: (-kv[1][0], labels.get(kv[0], kv[0])))[:room]
        # the confidences of the relations followed, read for the kept concepts only (a parent
        # with thousands of children would otherwise send thousands of statements)
        confidences = relation_confidences(store, [_statement(row) for _, (_, _, row) in kept])
        ranked = [
            source.step(
                to,
                labels.get(to, to),
                row["role"].value,
                weight,
                source.distance + 1,
                source.confidence * confidences.get(_statement(row), 1.0),
            )
            for to, (weight, source, row) in kept
        ]
        for c in ranked:
            best[c.concept] = c
        frontier = _add_aliases(store, ranked, best, cap, labels)
    return sorted(best.values(), key=lambda c: (c.distance, -c.weight, c.label))


def seed_concepts(
    seeds: Sequence[tuple[NamedNode, float, str]], labels: Mapping[str, str] | None = None
) -> list[ExpandedConcept]:
    """The seeds (``(concept, link strength, question phrase)``) as concepts at distance 0,
    each once with its strongest link: where expansion starts, and all that the
    ``no_expansion`` ablation keeps."""
    labels = labels or {}
    best: dict[str, ExpandedConcept] = {}
    for concept, strength, phrase in seeds:
        old = best.get(concept.value)
        if old is None or strength > old.weight:
            label = labels.get(concept.value, concept.value)
            best[concept.value] = ExpandedConcept(
                concept.value, label, "self", 0, phrase, strength, (PathStep(label, "self"),)
            )
    return list(best.values())


# the asserted statement behind each role of expand_step.rq: (subject, property, object) names
_STATEMENT = {
    "parent": ("from", RDFS_SUBCLASS, "to"),
    "child": ("to", RDFS_SUBCLASS, "from"),
    "component": ("to", LGM_PART_OF, "from"),
    "whole": ("from", LGM_PART_OF, "to"),
}


def _statement(row: Mapping[str, Term]) -> tuple[str, str, str]:
    """The (subject, property, object) IRIs of the relation an ``expand_step`` row followed."""
    subject, prop, obj = _STATEMENT[row["role"].value]
    return row[subject].value, prop, row[obj].value


def relation_confidences(
    store: GraphStore, statements: Sequence[tuple[str, str, str]]
) -> dict[tuple[str, str, str], float]:
    """The best ``lgm:confidence`` of each asserted (subject, property, object) relation that
    has a valid axiom (``relation_confidence.rq``); relations without one are left out."""
    unique = sorted(set(statements))
    if not unique:
        return {}
    rows = store.select(
        with_values(
            load_query("relation_confidence"),
            ["s", "p", "o"],
            [[NamedNode(s), NamedNode(p), NamedNode(o)] for s, p, o in unique],
        )
    )
    return {
        (r["s"].value, r["p"].value, r["o"].value): float(r["confidence"].value)
        for r in rows
        if r.get("confidence") is not None
    }


def _add_aliases(
    store: GraphStore,
    concepts: list[ExpandedConcept],
    best: dict[str, ExpandedConcept],
    cap: int,
    labels: Mapping[str, str],
) -> list[ExpandedConcept]:
    """``concepts`` and their aliases (added to ``best`` at the same distance), within the cap."""
    if not concepts:
        return []
    by_iri = {c.concept: c for c in concepts}
    rows = store.select(
        with_values(load_query("expand_aliases"), ["from"], [[NamedNode(i)] for i in by_iri])
    )
    out = list(concepts)
    for row in rows:
        source = by_iri.get(row["from"].value)
        to = row["to"].value
        if source is None or to in best or len(best) >= cap:
            continue
        via = "alias" if source.via == "self" else source.via
        label = labels.get(to, to)
        alias = source.step(
            to, label, "alias", source.weight * ROLE_WEIGHT["alias"], source.distance
        )
        alias = replace(alias, via=via)  # an alias keeps the relation that reached its namesake
        best[to] = alias
        out.append(alias)
    return out
