"""A concept's neighbourhood in the CRG: labels, aliases, parents, children, components."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from pyoxigraph import Literal, NamedNode

from lgm_rdf.ontology import LGM_NS, load_query, normalise_label
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.values import with_values

ROLES = ("alias", "parent", "child", "component", "whole")


@dataclass(frozen=True)
class Link:
    """One related concept with the evidence of the relation."""

    concept: str
    label: str
    verdict: str
    extractor: str
    confidence: float | None
    evidence: str | None
    text: str | None
    withheld: bool = False  # recorded, not asserted: its confidence is under the KB's minimum


@dataclass
class ConceptView:
    """What ``lgm concept NAME`` prints."""

    iri: str
    label: str
    alt_labels: list[str]
    mentions: int
    links: dict[str, list[Link]] = field(default_factory=dict)
    # the named-entity classes documents gave it (lgm:entityClass: "GPE", "PERSON", ...)
    entity_classes: list[str] = field(default_factory=list)
    inherited_parts: list[tuple[str, str]] = field(default_factory=list)  # (part, via ancestor)


def find_concepts(store: GraphStore, name: str) -> list[NamedNode]:
    """Concepts whose label or alternative label is ``name`` (case- and space-insensitive).

    A plural or inflected name falls back to its lemma-like form by the same key the
    learner uses (``normalise_label``); exact label matches come first.
    """
    rows = store.select(load_query("concept_by_name"), {"name": Literal(normalise_label(name))})
    return [row["concept"] for row in rows]  # type: ignore[misc]


def concept_view(store: GraphStore, concept: NamedNode) -> ConceptView:
    """Labels, entity classes, direct relations (with evidence) and inherited components of one
    concept."""
    labels = store.select(load_query("concept_labels"), {"concept": concept})
    label = labels[0]["label"].value if labels else concept.value
    alts = labels[0].get("alts") if labels else None
    view = ConceptView(
        iri=concept.value,
        label=label,
        alt_labels=sorted(a for a in alts.value.split("\x1f") if a) if alts else [],
        mentions=int(labels[0]["mentions"].value) if labels else 0,
    )
    classes = with_values(load_query("entity_classes"), ["concept"], [[concept]])
    view.entity_classes = sorted({row["class"].value for row in store.select(classes)})
    links: dict[str, list[Link]] = defaultdict(list)
    for row in store.select(load_query("concept_relations"), {"concept": concept}):
        verdict = row["verdict"].value.removeprefix(LGM_NS).lower()
        confidence = row.get("confidence")
        links[row["role"].value].append(
            Link(
                concept=row["other"].value,
                label=row["otherLabel"].value if "otherLabel" in row else row["other"].value,
                verdict=verdict,
                extractor=row["extractor"].value,
                confidence=float(confidence.value) if confidence is not None else None,
                evidence=row["evidence"].value if "evidence" in row else None,
                text=row["text"].value if "text" in row else None,
                withheld=row.get("withheld") is not None and row["withheld"].value == "true",
            )
        )
    view.links = {role: links[role] for role in ROLES if role in links}
    for row in store.select(load_query("concept_inherited_parts"), {"concept": concept}):
        part = row.get("partLabel") or row["part"]
        via = row.get("ancestorLabel") or row["ancestor"]
        view.inherited_parts.append((part.value, via.value))
    return view
