"""Export the concept graph as an OWL 2 ontology (RDF/XML) or as a SKOS thesaurus (Turtle).

Only the concept graph is exported: concepts with their labels and the asserted inheritance,
composition and alias relations (read with ``queries/interop_concepts.rq`` and
``queries/interop_relations.rq``). Sentences, documents and provenance axioms stay in the KB;
relations judged invalid exist only as axiom nodes and are therefore never exported.

OWL mapping (a pure TBox that owlready2, Protégé and HermiT load):

* concept            ``c a owl:Class ; rdfs:label ... ; skos:altLabel ...``
* inheritance        ``child rdfs:subClassOf parent``; a concept without a named parent gets
                     ``rdfs:subClassOf owl:Thing``
* composition        ``part rdfs:subClassOf [ owl:onProperty lgm:partOf ; owl:someValuesFrom whole ]``
                     ("every part is part of some whole"), with ``lgm:partOf`` a transitive
                     object property. The KB's plain ``part lgm:partOf whole`` is NOT repeated:
                     it would be a property assertion between the punned individuals, which
                     says nothing about the classes and makes reasoners treat every concept as
                     an individual too.
* alias              ``a owl:equivalentClass b`` (instead of ``owl:sameAs``, which between
                     classes only relates the punned individuals and is ignored for classes)
* confidence         each exported relation axiom is annotated with ``lgm:confidence`` (an OWL 2
                     axiom annotation: an ``owl:Axiom`` node naming source, property and target),
                     the best confidence of its provenance axioms in the KB; none for a relation
                     without one (imported)

SKOS mapping: a ``skos:ConceptScheme``; concepts are ``skos:Concept`` with ``skos:prefLabel``
(one per language) and ``skos:altLabel``; inheritance -> ``skos:broader``, alias ->
``skos:exactMatch``, composition -> ``dcterms:isPartOf``; concepts without a broader concept
are the scheme's top concepts.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import IO

from pyoxigraph import BlankNode, Literal, NamedNode, RdfFormat, Triple, serialize

from lgm_rdf.fileio import atomic_write
from lgm_rdf.ontology import (
    DCTERMS,
    LGM,
    LGM_NS,
    NIF_NS,
    OWL,
    OWL_NS,
    PREFIXES,
    RDF_NS,
    RDF_TYPE,
    RDFS,
    RDFS_NS,
    RELATION_PROPERTIES,
    SKOS,
    XSD_NS,
    IriMinter,
    load_query,
)
from lgm_rdf.store.base import GraphStore

__all__ = ["export_owl", "export_skos"]

Label = Literal
_KINDS = {prop.value: kind for kind, prop in RELATION_PROPERTIES.items()}


# classes of these vocabularies are part of the model, not concepts (owl:Thing, lgm:Document, ...)
VOCABULARIES = (OWL_NS, RDF_NS, RDFS_NS, XSD_NS, LGM_NS, NIF_NS)


def is_concept(term: object) -> bool:
    """A named class outside the OWL/RDF(S)/XSD, lgm and NIF vocabularies."""
    return isinstance(term, NamedNode) and not term.value.startswith(VOCABULARIES)


class _ConceptGraph:
    """Concepts (with labels) and asserted relations read from a store, sorted."""

    def __init__(self, store: GraphStore) -> None:
        self.labels: dict[NamedNode, list[Label]] = {}
        self.alt_labels: dict[NamedNode, list[Label]] = defaultdict(list)
        rows = store.select(load_query("interop_concepts"))
        rows.sort(key=lambda r: (r["concept"].value, str(r.get("property")), str(r.get("value"))))
        for row in rows:
            concept = row["concept"]
            if not is_concept(concept):
                continue
            labels = self.labels.setdefault(concept, [])  # type: ignore[arg-type]
            value, prop = row.get("value"), row.get("property")
            if not isinstance(value, Literal) or prop is None:
                continue
            if prop == RDFS.label:
                labels.append(value)
            else:
                self.alt_labels[concept].append(value)  # type: ignore[index]
        self.relations: dict[str, list[tuple[NamedNode, NamedNode]]] = {
            k: [] for k in _KINDS.values()
        }
        self.confidence: dict[tuple[NamedNode, NamedNode], Literal] = {}
        self.annotations: list[BlankNode] = []
        rows = store.select(load_query("interop_relations"))
        rows.sort(key=lambda r: (r["property"].value, r["source"].value, r["target"].value))
        for row in rows:
            if is_concept(row["source"]) and is_concept(row["target"]):
                kind = _KINDS[row["property"].value]
                pair = (row["source"], row["target"])
                self.relations[kind].append(pair)  # type: ignore[arg-type]
                if isinstance(conf := row.get("confidence"), Literal):
                    self.confidence[pair] = conf  # type: ignore[index]

    def counts(self) -> dict[str, int]:
        """Number of concepts and of relations per kind."""
        return {"concepts": len(self.labels), **{k: len(v) for k, v in self.relations.items()}}


def export_owl(
    store: GraphStore, out: IO[bytes] | str | Path, minter: IriMinter | None = None
) -> dict[str, int]:
    """Write the concept graph as OWL 2 RDF/XML to ``out`` (a binary stream, or a path written
    atomically); returns counts of concepts, relations per kind and triples written."""
    cg = _ConceptGraph(store)
    ontology = NamedNode(f"{(minter or IriMinter()).base}export")
    triples: list[Triple] = [
        Triple(ontology, RDF_TYPE, OWL.Ontology),
        Triple(ontology, RDFS.label, Literal("lgm_rdf concept graph", language="en")),
        Triple(
            ontology,
            RDFS.comment,
            Literal(
                "Concepts, inheritance, composition (lgm:partOf restrictions) and aliases "
                "(owl:equivalentClass) exported from an lgm_rdf knowledge base.",
                language="en",
            ),
        ),
        Triple(SKOS.altLabel, RDF_TYPE, OWL.AnnotationProperty),
        Triple(LGM.partOf, RDF_TYPE, OWL.ObjectProperty),
        Triple(LGM.partOf, RDF_TYPE, OWL.TransitiveProperty),
        Triple(LGM.partOf, RDFS.label, Literal("part of", language="en")),
    ]
    for concept in sorted(cg.labels, key=lambda c: c.value):
        triples.append(Triple(concept, RDF_TYPE, OWL.Class))
        triples.extend(Triple(concept, RDFS.label, lab) for lab in cg.labels[concept])
        alts = dict.fromkeys(cg.alt_labels.get(concept, []))
        triples.extend(Triple(concept, SKOS.altLabel, lab) for lab in alts)
    with_parent: set[NamedNode] = set()
    triples.append(Triple(LGM.confidence, RDF_TYPE, OWL.AnnotationProperty))
    for child, parent in cg.relations["inheritance"]:
        triples.append(Triple(child, RDFS.subClassOf, parent))
        triples += _annotated(cg, (child, parent), RDFS.subClassOf, parent)
        with_parent.add(child)
    for n, (part, whole) in enumerate(cg.relations["composition"]):
        restriction = BlankNode(f"partOf{n}")
        triples += [
            Triple(part, RDFS.subClassOf, restriction),
            Triple(restriction, RDF_TYPE, OWL.Restriction),
            Triple(restriction, OWL.onProperty, LGM.partOf),
            Triple(restriction, OWL.someValuesFrom, whole),
        ]
        triples += _annotated(cg, (part, whole), RDFS.subClassOf, restriction)
    for a, b in cg.relations["alias"]:
        triples.append(Triple(a, OWL.equivalentClass, b))
        triples += _annotated(cg, (a, b), OWL.equivalentClass, b)
    for concept in sorted(set(cg.labels) - with_parent, key=lambda c: c.value):
        triples.append(Triple(concept, RDFS.subClassOf, OWL.Thing))
    _write(out, serialize(triples, None, RdfFormat.RDF_XML, prefixes=PREFIXES))
    return {**cg.counts(), "triples": len(triples)}


def _annotated(
    cg: _ConceptGraph,
    pair: tuple[NamedNode, NamedNode],
    prop: NamedNode,
    target: NamedNode | BlankNode,
) -> list[Triple]:
    """The OWL 2 axiom annotation carrying the confidence of the exported axiom
    ``pair[0] prop target`` (nothing when the relation has no confidence)."""
    conf = cg.confidence.get(pair)
    if conf is None:
        return []
    node = BlankNode(f"ax{len(cg.annotations)}")
    cg.annotations.append(node)
    return [
        Triple(node, RDF_TYPE, OWL.Axiom),
        Triple(node, OWL.annotatedSource, pair[0]),
        Triple(node, OWL.annotatedProperty, prop),
        Triple(node, OWL.annotatedTarget, target),
        Triple(node, LGM.confidence, conf),
    ]


def export_skos(
    store: GraphStore, out: IO[bytes] | str | Path, minter: IriMinter | None = None
) -> dict[str, int]:
    """Write the concept graph as a SKOS concept scheme in Turtle to ``out`` (a binary stream,
    or a path written atomically); returns counts of concepts, relations and triples."""
    cg = _ConceptGraph(store)
    scheme = NamedNode(f"{(minter or IriMinter()).base}scheme")
    triples: list[Triple] = [
        Triple(scheme, RDF_TYPE, SKOS.ConceptScheme),
        Triple(scheme, SKOS.prefLabel, Literal("lgm_rdf concept scheme", language="en")),
    ]
    has_broader = {child for child, _ in cg.relations["inheritance"]}
    tops: list[Triple] = []
    for concept in sorted(cg.labels, key=lambda c: c.value):
        triples += [Triple(concept, RDF_TYPE, SKOS.Concept), Triple(concept, SKOS.inScheme, scheme)]
        prefs = _one_per_language(cg.labels[concept])
        triples.extend(Triple(concept, SKOS.prefLabel, lab) for lab in prefs)
        triples.extend(
            Triple(concept, SKOS.altLabel, lab) for lab in _alts(cg, concept) if lab not in prefs
        )
        if concept not in has_broader:
            triples.append(Triple(concept, SKOS.topConceptOf, scheme))
            tops.append(Triple(scheme, SKOS.hasTopConcept, concept))
    mapping = {
        "inheritance": SKOS.broader,
        "alias": SKOS.exactMatch,
        "composition": DCTERMS.isPartOf,
    }
    for kind, prop in mapping.items():
        triples.extend(Triple(a, prop, b) for a, b in cg.relations[kind])
    triples += tops
    _write(out, serialize(triples, None, RdfFormat.TURTLE, prefixes=PREFIXES))
    return {**cg.counts(), "triples": len(triples)}


def _alts(cg: _ConceptGraph, concept: NamedNode) -> list[Label]:
    """Alternative labels plus the extra ``rdfs:label`` values, without the preferred ones."""
    prefs = _one_per_language(cg.labels[concept])
    extra = [lab for lab in cg.labels[concept] if lab not in prefs]
    return list(dict.fromkeys([*cg.alt_labels.get(concept, []), *extra]))


def _one_per_language(labels: list[Label]) -> list[Label]:
    """The first label (in sort order) of each language tag (SKOS: one prefLabel per language)."""
    chosen: dict[str | None, Label] = {}
    for lab in sorted(labels, key=lambda lit: (lit.language or "", lit.value)):
        chosen.setdefault(lab.language.lower() if lab.language else None, lab)
    return list(chosen.values())


def _write(out: IO[bytes] | str | Path, data: bytes | None) -> None:
    """Write ``data`` to a stream, or atomically to a path (temporary file + rename)."""
    payload = data or b""
    if isinstance(out, str | Path):
        atomic_write(out, lambda handle: handle.write(payload))
    else:
        out.write(payload)
