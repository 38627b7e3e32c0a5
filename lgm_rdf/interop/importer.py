"""Import an external SKOS / OWL / RDFS ontology into its own named graph of the KB.

The file is read by ``rdfread.parse_file`` and mapped onto the LGM concept graph (DESIGN §3):

* concepts: named ``owl:Class``, ``skos:Concept`` and ``rdfs:Class`` resources, and the named ends
  of mapped relations, keep their IRIs and are declared ``a owl:Class``; deprecated classes
  (``owl:deprecated true``) are left out;
* labels: one preferred label (``skos:prefLabel`` before ``rdfs:label``; English, then untagged,
  then any language) becomes the normalised ``rdfs:label``; every other label, and the preferred
  label as written when normalising changed it, becomes a plain ``skos:altLabel``; a class
  without any label is named after its IRI's local name when that looks like words;
* relations: see ``RELATION_MAP`` and ``RESTRICTION_PART``; part-of / has-part restrictions and
  named members of intersections in ``rdfs:subClassOf`` / ``owl:equivalentClass`` are mapped,
  other anonymous class expressions are skipped (and counted in the report's notes);
* each mapped relation gets a provenance ``owl:Axiom`` (extractor ``import``), and each concept
  an ``owl:sameAs`` link to the learned concept minted from each of its labels (extractor
  ``label-match``), so sentences learned about "apple" reach the imported class.

Everything goes into ONE named graph, written in one atomic ``replace_graph`` call.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from pyoxigraph import BlankNode, Literal, NamedNode, Quad

from lgm_rdf.interop.rdfread import Node, OntologyImportError, TripleIndex, parse_file
from lgm_rdf.ontology import (
    DCTERMS,
    LGM,
    OWL,
    OWL_NS,
    PROV,
    RDF,
    RDF_NS,
    RDF_TYPE,
    RDFS,
    RDFS_NS,
    RELATION_PROPERTIES,
    SKOS,
    XSD,
    XSD_NS,
    IriMinter,
    normalise_label,
)
from lgm_rdf.store.base import GraphStore

__all__ = ["ImportReport", "OntologyImportError", "import_ontology"]

_BUILTIN = (OWL_NS, RDF_NS, RDFS_NS, XSD_NS)
_SCHEMAS = ("http://schema.org/", "https://schema.org/")
_OBO = "http://purl.obolibrary.org/obo/"
CONCEPT_TYPES = (OWL.Class, SKOS.Concept, RDFS.Class)
PREF_LABELS, ALT_LABELS = (SKOS.prefLabel, RDFS.label), (SKOS.altLabel, SKOS.hiddenLabel)
FILLERS = (OWL.someValuesFrom, OWL.allValuesFrom)
PART_OF = [LGM.partOf, DCTERMS.isPartOf, *(NamedNode(s + "isPartOf") for s in _SCHEMAS)]
HAS_PART = [LGM.hasPart, DCTERMS.hasPart, *(NamedNode(s + "hasPart") for s in _SCHEMAS)]
BROADER = [SKOS.broader, SKOS.broaderTransitive, SKOS.broadMatch, RDFS.subClassOf]
NARROWER = [SKOS.narrower, SKOS.narrowerTransitive, SKOS.narrowMatch]

# property -> (LGM relation kind, inverted?)
RELATION_MAP: dict[NamedNode, tuple[str, bool]] = {
    **dict.fromkeys(BROADER, ("inheritance", False)),
    **dict.fromkeys(NARROWER, ("inheritance", True)),
    **dict.fromkeys([SKOS.exactMatch, OWL.equivalentClass, OWL.sameAs], ("alias", False)),
    **dict.fromkeys(PART_OF, ("composition", False)),
    **dict.fromkeys(HAS_PART, ("composition", True)),
}
# restriction properties read as composition -> inverted? (has-part restrictions are)
RESTRICTION_PART: dict[NamedNode, bool] = {
    **dict.fromkeys([NamedNode(_OBO + "BFO_0000050"), *PART_OF], False),
    **dict.fromkeys([NamedNode(_OBO + "BFO_0000051"), *HAS_PART], True),
}
_PROPERTY = RELATION_PROPERTIES
PREF_CONFIDENCE, ALT_CONFIDENCE = "1", "0.9"  # shortest decimal forms (see decimal_literal)
# terms written for every axiom, built once (the namespace objects build a new node per access)
_AXIOM, _SOURCE, _PROP, _TARGET = (
    OWL.Axiom,
    OWL.annotatedSource,
    OWL.annotatedProperty,
    OWL.annotatedTarget,
)
_DERIVED, _VERDICT, _VALID = PROV.wasDerivedFrom, LGM.verdict, LGM.Valid
_EXTRACTOR, _CONF = LGM.extractor, LGM.confidence
_LITERALS = {x: Literal(x) for x in ("import", "label-match")}
_LITERALS |= {x: Literal(x, datatype=XSD.decimal) for x in (PREF_CONFIDENCE, ALT_CONFIDENCE)}
_CLASS, _LABEL, _ALT, _SAME = OWL.Class, RDFS.label, SKOS.altLabel, OWL.sameAs
_ID_LIKE = re.compile(r"^[A-Za-z]{0,10}[_:]?\d+$")


@dataclass
class ImportReport:
    """What one import wrote: counts per kind and notes on what was skipped."""

    graph: NamedNode
    name: str
    source: str
    concepts: int = 0
    inheritance: int = 0
    composition: int = 0
    alias: int = 0
    label_links: int = 0
    triples: int = 0
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One line for people: ``imported food.ttl into <...>: 12 concepts, ...``."""
        return (
            f"imported {self.name} into <{self.graph.value}>: {self.concepts} concepts, "
            f"{self.inheritance} inheritance, {self.composition} composition, {self.alias} alias, "
            f"{self.label_links} label links, {self.triples} triples"
        )


def import_ontology(
    store: GraphStore,
    path: str | Path,
    minter: IriMinter,
    name: str | None = None,
    *,
    label_key: Callable[[str], str] | None = None,
) -> ImportReport:
    """Import the ontology file ``path`` into the named graph ``minter.imported(name)``.

    ``name`` defaults to the file name; importing again under the same name replaces the
    graph. ``label_key`` optionally maps a label to the concept key before normalisation (pass
    a lemmatiser so that "Apples" links to the learned concept "apple"). Raises
    ``OntologyImportError`` (and writes nothing) when the file cannot be read or parsed.
    """
    file = Path(path)
    index, notes = parse_file(file)
    name = name or file.name
    graph = minter.imported(name)
    source = str(file.resolve())
    report = ImportReport(graph=graph, name=name, source=source, notes=notes)
    mapper = _Mapper(index, minter, graph, label_key or (lambda text: text))
    mapper.run(report)
    header = [
        Quad(graph, RDF_TYPE, OWL.Ontology, graph),
        Quad(graph, DCTERMS.source, Literal(source), graph),
        Quad(graph, RDFS.label, Literal(name), graph),
    ]
    quads = header + [Quad(s, p, o, graph) for s, p, o in mapper.triples]
    report.triples = store.replace_graph(graph, quads)
    return report


# -- mapping ------------------------------------------------------------------------------
class _Mapper:
    """Maps the parsed triples onto LGM triples (a list without duplicates)."""

    def __init__(
        self, index: TripleIndex, minter: IriMinter, graph: NamedNode, key: Callable[[str], str]
    ) -> None:
        self.index, self.minter, self.graph, self.key = index, minter, graph, key
        self.triples: list[tuple[NamedNode, NamedNode, NamedNode | Literal]] = []
        self.declared: set[NamedNode] = set()
        self.concepts: dict[NamedNode, None] = {}
        self.relations: dict[tuple[NamedNode, str, NamedNode], None] = {}
        self.skipped_anonymous: set[Node] = set()
        self.counts = dict.fromkeys(("builtin", "self", "deprecated", "no_label"), 0)

    def add(self, s: NamedNode, p: NamedNode, o: NamedNode | Literal) -> None:
        self.triples.append((s, p, o))

    def concept(self, term: Node) -> NamedNode | None:
        """``term`` if it is a named, non-built-in resource, else None (built-ins counted)."""
        if not isinstance(term, NamedNode):
            return None
        if term.value.startswith(_BUILTIN):
            self.counts["builtin"] += 1
            return None
        return term

    def axiom(
        self, s: NamedNode, p: NamedNode, o: NamedNode, extractor: str, confidence: str
    ) -> None:
        """The plain triple (unless already written) and its provenance axiom (verdict valid)."""
        ax = self.minter.axiom(s.value, p.value, o.value, extractor, self.graph.value)
        if extractor == "import" or (s, "alias", o) not in self.relations:
            self.triples.append((s, p, o))
        self.triples += [(ax, RDF_TYPE, _AXIOM), (ax, _SOURCE, s), (ax, _PROP, p)]
        self.triples += [(ax, _TARGET, o), (ax, _DERIVED, self.graph), (ax, _VERDICT, _VALID)]
        self.triples += [(ax, _EXTRACTOR, _LITERALS[extractor]), (ax, _CONF, _LITERALS[confidence])]

    def relate(self, a: Node, kind: str, b: Node) -> None:
        """Record ``a kind b`` between two named resources (declaring them as concepts)."""
        src, tgt = self.concept(a), self.concept(b)
        if src is None or tgt is None:
            return
        if src == tgt:
            self.counts["self"] += 1
            return
        self.concepts[src] = self.concepts[tgt] = None
        self.relations[(src, kind, tgt)] = None

    def run(self, report: ImportReport) -> None:
        """Map everything and fill in ``report``'s counts and notes."""
        deprecated = {
            s
            for s, o in self.index.pairs(OWL.deprecated)
            if isinstance(o, Literal) and o.value.lower() in ("true", "1")
        }
        typed = {s for s, kind in self.index.pairs(RDF_TYPE) if kind in CONCEPT_TYPES}
        self.counts["deprecated"] = len(typed & deprecated)
        for subject in typed - deprecated:
            if (iri := self.concept(subject)) is not None:
                self.concepts[iri] = None
        for prop, (kind, inverted) in RELATION_MAP.items():
            expressions = prop in (RDFS.subClassOf, OWL.equivalentClass)
            for a, b in self.index.pairs(prop):
                if a in deprecated or b in deprecated:
                    continue
                if expressions and (isinstance(a, BlankNode) or isinstance(b, BlankNode)):
                    self.expression_axiom(a, prop, b)
                else:
                    self.relate(b, kind, a) if inverted else self.relate(a, kind, b)
        for src, kind, tgt in self.relations:
            self.axiom(src, _PROPERTY[kind], tgt, "import", PREF_CONFIDENCE)
            setattr(report, kind, getattr(report, kind) + 1)
        for iri in sorted(self.concepts, key=lambda c: c.value):
            report.label_links += self.declare(iri)
        report.concepts = len(self.concepts)
        report.notes.extend(self.notes())

    def expression_axiom(self, a: Node, prop: NamedNode, b: Node) -> None:
        """``a ⊑ b`` / ``a ≡ b`` where one side is an anonymous class expression."""
        if isinstance(a, BlankNode):  # an equivalence written the other way round, or a GCI
            if prop != OWL.equivalentClass or not isinstance(b, NamedNode):
                self.skipped_anonymous.add(a)
                return
            a, b = b, a
        mapped = False
        for kind, target, inverted in self.expression(b):
            mapped = True
            self.relate(target, kind, a) if inverted else self.relate(a, kind, target)
        if not mapped:
            self.skipped_anonymous.add(b)

    def expression(self, node: Node) -> Iterable[tuple[str, Node, bool]]:
        """Mappable parts of a class expression: part-of/has-part restrictions, intersections."""
        prop = self.index.value(node, OWL.onProperty)
        if prop is not None:
            if prop in RESTRICTION_PART:
                for filler_prop in FILLERS:
                    for filler in self.index.objects(node, filler_prop):
                        if isinstance(filler, NamedNode):
                            yield "composition", filler, RESTRICTION_PART[prop]  # type: ignore[index]
            return
        for member in _rdf_list(self.index, self.index.value(node, OWL.intersectionOf)):
            if isinstance(member, NamedNode):
                yield "inheritance", member, False
            else:
                parts = list(self.expression(member))
                if not parts:
                    self.skipped_anonymous.add(member)
                yield from parts

    def declare(self, iri: NamedNode) -> int:
        """Declare a concept with its labels and link it to learned concepts; returns links."""
        self.add(iri, RDF_TYPE, _CLASS)
        pref, alts = _labels(self.index, iri)
        confidence = PREF_CONFIDENCE
        if pref is None:
            pref, confidence = _local_name_label(iri.value), ALT_CONFIDENCE
            if pref is None:
                self.counts["no_label"] += 1
                return 0
        key = normalise_label(self.key(pref))
        if not key:
            return 0
        self.add(iri, _LABEL, Literal(key))
        written = {key}
        for alt in [pref, *alts]:
            text = " ".join(alt.split())
            if text and text not in written:
                written.add(text)
                self.add(iri, _ALT, Literal(text))
        targets: dict[str, str] = {key: confidence}
        for alt in alts:
            targets.setdefault(normalise_label(self.key(alt)), ALT_CONFIDENCE)
        links = 0
        for label, conf in targets.items():
            minted = self.minter.concept(label) if label else iri
            if minted == iri:  # no label, or the concept's own IRI (e.g. re-imported export)
                continue
            if minted not in self.concepts and minted not in self.declared:
                self.declared.add(minted)
                self.add(minted, RDF_TYPE, _CLASS)
                self.add(minted, _LABEL, Literal(label))
            self.axiom(iri, _SAME, minted, "label-match", conf)
            links += 1
        return links

    def notes(self) -> list[str]:
        """Human-readable notes on what was skipped or guessed."""
        messages = {
            "builtin": "references to OWL/RDF(S)/XSD built-in terms (e.g. owl:Thing) were ignored",
            "self": "relations of a concept to itself were ignored",
            "deprecated": "deprecated classes (owl:deprecated true) were left out",
            "no_label": "concepts have no label and were not linked to learned concepts",
            "anonymous": "anonymous class expressions were skipped "
            "(only part-of/has-part restrictions and intersections are mapped)",
        }
        self.counts["anonymous"] = len(self.skipped_anonymous)
        out = [f"{self.counts[k]} {text}" for k, text in messages.items() if self.counts[k]]
        if not self.concepts:
            out.append("no concepts found (no owl:Class, skos:Concept or rdfs:Class)")
        return out


def _rdf_list(index: TripleIndex, head: Node | None) -> list[Node]:
    """Members of an RDF collection (cycle-safe)."""
    items: list[Node] = []
    seen: set[Node] = set()
    while head is not None and head != RDF.nil and head not in seen:
        seen.add(head)
        items.extend(index.objects(head, RDF.first)[:1])
        head = index.value(head, RDF.rest)
    return items


def _labels(index: TripleIndex, subject: NamedNode) -> tuple[str | None, list[str]]:
    """(preferred label, other labels) of a resource, as written."""
    candidates: list[tuple[int, int, str, str]] = []
    for order, prop in enumerate(PREF_LABELS):
        for lit in index.objects(subject, prop):
            if isinstance(lit, Literal) and lit.value.strip():
                lang = (lit.language or "").lower()
                rank = 0 if lang == "en" or lang.startswith("en-") else 1 if not lang else 2
                candidates.append((rank, order, lang, lit.value))
    candidates.sort()
    pref = candidates[0][3] if candidates else None
    others = [c[3] for c in candidates[1:]]
    for prop in ALT_LABELS:
        others += sorted(o.value for o in index.objects(subject, prop) if isinstance(o, Literal))
    return pref, [t for t in dict.fromkeys(others) if t.strip() and t != pref]


def _local_name_label(iri: str) -> str | None:
    """Words of an IRI's local name (``AppleTree`` -> "Apple Tree"), unless it looks like an id."""
    local = unquote(re.split(r"[#/:]", iri.rstrip("/#"))[-1])
    if not local or _ID_LIKE.match(local) or sum(c.isalpha() for c in local) < 3:
        return None
    words = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", local)
    return " ".join(re.split(r"[_\-\s.]+", words)).strip() or None
