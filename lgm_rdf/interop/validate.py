"""Validate a knowledge base: SHACL shapes over the union graph, plus taxonomy/composition cycles.

SHACL Core runs with pyshacl, ``inference="none"``: the shapes describe exactly the triples the
writers assert, and RDFS entailment would hide errors rather than find them (the domain of
``lgm:mentions`` would, for example, type a node that lost its ``a nif:Sentence`` back into a
sentence), while the owlrl closure costs far more than the validation itself on a large KB. The
ontology is still passed as ``ont_graph`` so that its declarations are visible to the checks.

The SHACL-SPARQL constraints of ``shapes.ttl`` are not left to pyshacl, which re-parses the
query for every focus node (minutes on a few thousand sentences); each is run once, with
``$this`` unbound, on the store itself. The shapes are written so that this is equivalent.

Cycles in ``rdfs:subClassOf`` and ``lgm:partOf`` are found with SPARQL property paths on the
store (``queries/cycle_*.rq``). OWL cannot forbid them (a transitive property cannot be
asymmetric in OWL 2 DL, and a subclass cycle just means equivalence), but for the Language Graph
Model they are extraction errors that make concept expansion circular.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pyshacl
import rdflib
from pyoxigraph import BlankNode, Literal, NamedNode, Quad
from rdflib.collection import Collection

from lgm_rdf.ontology import PREFIXES, XSD_NS, load_query, ontology_text
from lgm_rdf.store.base import GraphStore, Term

SH = rdflib.Namespace("http://www.w3.org/ns/shacl#")

# (query file, the property it checks) for the cycle checks
CYCLE_CHECKS: tuple[tuple[str, str], ...] = (
    ("cycle_subclass", "rdfs:subClassOf"),
    ("cycle_partof", "lgm:partOf"),
)

_XSD_STRING = XSD_NS + "string"
_DISPLAY_PREFIXES = {**PREFIXES, "sh": str(SH)}
_TEMPLATE = re.compile(r"\{[?$](\w+)\}")


@dataclass
class ValidationReport:
    """Outcome of :func:`validate_store`; ``conforms`` means no SHACL violation and no cycle."""

    conforms: bool
    shacl_results: list[str] = field(default_factory=list)
    cycles: list[str] = field(default_factory=list)
    triples: int = 0
    reasoner: str | None = None  # HermiT's verdict on the OWL export (``reason=True``)
    reasoner_skipped: bool = False  # HermiT was asked for but could not run (no Java, …)

    @property
    def text(self) -> str:
        """The report as readable lines (what ``lgm validate`` prints)."""
        lines = [f"validated {self.triples} triples (union of all graphs)"]
        if self.shacl_results:
            lines.append(f"SHACL: {len(self.shacl_results)} result(s)")
            lines.extend(f"  {line}" for line in self.shacl_results)
        else:
            lines.append("SHACL: no problems")
        if self.cycles:
            lines.append(f"cycles: {len(self.cycles)}")
            lines.extend(f"  {line}" for line in self.cycles)
        else:
            lines.append("cycles: none")
        if self.reasoner is not None:
            lines.append(f"reasoner: {self.reasoner}")
        verdict = "conforms: yes" if self.conforms else "conforms: NO"
        if self.reasoner_skipped:
            verdict += " (SHACL shapes and cycles only: the reasoner was skipped)"
        lines.append(verdict)
        return "\n".join(lines)


@dataclass(frozen=True)
class SparqlCheck:
    """One SHACL-SPARQL constraint of ``shapes.ttl``, ready to run on a store."""

    shape: str
    severity: str  # "Violation", "Warning" or "Info"
    message: str
    query: str


def validate_store(store: GraphStore, reason: bool = False) -> ValidationReport:
    """Check the whole KB (union of its named graphs) against ``shapes.ttl`` and for cycles.

    ``reason=True`` also exports the concept graph as OWL and runs HermiT (owlready2 + Java)
    on it: an inconsistent ontology or unsatisfiable classes make the KB fail.
    """
    data = union_graph(store.quads())
    triples = len(data)
    core_ok, lines = shacl_check(data, sparql=False)
    sparql_lines = sparql_check(store)
    lines = sorted(set(lines) | set(sparql_lines))
    cycles = find_cycles(store)
    violations = any(line.startswith("Violation:") for line in sparql_lines)
    reasoner_ok, reasoner_text = _reason(store) if reason else (True, None)
    return ValidationReport(
        conforms=core_ok and not violations and not cycles and reasoner_ok is not False,
        shacl_results=lines,
        cycles=cycles,
        triples=triples,
        reasoner=reasoner_text,
        reasoner_skipped=reasoner_ok is None,
    )


def _reason(store: GraphStore) -> tuple[bool | None, str]:
    """Run HermiT on the OWL export; (passed, one-line verdict), passed ``None`` when HermiT
    could not run at all (no owlready2, no Java, a crash): the KB is then judged without it."""
    import tempfile

    from lgm_rdf.interop import export_owl, run_hermit

    with tempfile.TemporaryDirectory(prefix="lgm-reason-") as tmp:
        owl = Path(tmp) / "kb.owl"
        export_owl(store, owl)
        result = run_hermit(owl)
    if not result.ok:
        return None, f"skipped, HermiT could not run: {result.message}"
    if not result.consistent:
        return False, f"HermiT: the ontology is INCONSISTENT ({result.message})"
    if result.unsatisfiable:
        names = ", ".join(result.unsatisfiable[:10])
        return False, f"HermiT: {len(result.unsatisfiable)} unsatisfiable class(es): {names}"
    return True, (
        f"HermiT: consistent, no unsatisfiable classes, {result.inferred_subclass_count} "
        f"inferred subclass link(s), {result.seconds:.1f} s"
    )


def shacl_check(data: rdflib.Graph, sparql: bool = True) -> tuple[bool, list[str]]:
    """Run the shapes on ``data`` with pyshacl (``data`` is modified: the ontology is mixed in).

    ``sparql=False`` leaves out the SHACL-SPARQL constraints (see :func:`sparql_check`); they
    are slow in pyshacl on large graphs. Warnings are reported but do not make data fail.
    """
    conforms, results, _ = pyshacl.validate(
        data,
        shacl_graph=_shapes_graph() if sparql else _core_shapes_graph(),
        ont_graph=_ontology_graph(),
        inference="none",
        advanced=False,
        inplace=True,
        allow_warnings=True,
    )
    return bool(conforms), _result_lines(results)


def sparql_check(store: GraphStore) -> list[str]:
    """Run every SHACL-SPARQL constraint once over the store; one line per result."""
    lines = set()
    for check in sparql_checks():
        for row in store.select(check.query):
            focus = row.get("this")
            if focus is None:
                continue
            message = _TEMPLATE.sub(lambda m, r=row: _show_term(r.get(m.group(1))), check.message)
            value = row.get("value")
            shown = ""
            if value is not None and value != focus:
                shown = f" (value: {_show_value(value)})"
            lines.add(f"{check.severity}: {_show_term(focus)}: {message}{shown}")
    return sorted(lines)


@lru_cache(maxsize=1)
def sparql_checks() -> tuple[SparqlCheck, ...]:
    """The active SHACL-SPARQL constraints of ``shapes.ttl`` with their prefixes prepended."""
    graph = _shapes_graph()
    checks = []
    for shape, constraint in sorted(graph.subject_objects(SH.sparql), key=str):
        if graph.value(constraint, SH.deactivated) == rdflib.Literal(True):
            continue
        select = graph.value(constraint, SH.select)
        if select is None:
            continue
        prefixes = "".join(
            f"PREFIX {graph.value(d, SH.prefix)}: <{graph.value(d, SH.namespace)}>\n"
            for source in graph.objects(constraint, SH.prefixes)
            for d in sorted(graph.objects(source, SH.declare), key=str)
        )
        severity = graph.value(shape, SH.severity, default=SH.Violation)
        message = graph.value(constraint, SH.message) or graph.value(shape, SH.message)
        checks.append(
            SparqlCheck(
                shape=_compact(str(shape)),
                severity=str(severity).rsplit("#", 1)[-1],
                message=str(message or f"SPARQL constraint of {_compact(str(shape))} failed"),
                query=prefixes + str(select),
            )
        )
    return tuple(checks)


def find_cycles(store: GraphStore) -> list[str]:
    """One line per group of nodes that loops through ``rdfs:subClassOf`` or ``lgm:partOf``."""
    lines: list[str] = []
    for query, prop in CYCLE_CHECKS:
        rows = store.select(load_query(query))
        edges = [(row["source"], row["target"]) for row in rows]
        for members, cycle in _cycle_groups(edges):
            line = f"{prop} cycle: " + " → ".join(_show_term(t) for t in cycle)
            if len(members) > len(cycle) - 1:
                line += f" (one of several loops among {len(members)} nodes)"
            lines.append(line)
    return lines


def union_graph(quads: Iterable[Quad]) -> rdflib.Graph:
    """An rdflib graph of the triples of all ``quads`` (graph names dropped, duplicates merged).

    Quads with RDF 1.2 triple terms are skipped: SHACL in rdflib cannot represent them.
    """
    graph = rdflib.Graph()
    cache: dict[object, rdflib.term.Node] = {}

    def convert(term: object) -> rdflib.term.Node:
        node = cache.get(term)
        if node is None:
            node = cache[term] = _to_rdflib(term)
        return node

    def triples() -> Iterable[tuple[rdflib.term.Node, ...]]:
        for quad in quads:
            try:
                s = convert(quad.subject)
                p = convert(quad.predicate)
                o = convert(quad.object)
            except TypeError:
                continue
            yield s, p, o, graph

    graph.addN(triples())  # type: ignore[arg-type]
    return graph


# -- helpers ---------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _shapes_graph() -> rdflib.Graph:
    return rdflib.Graph().parse(data=ontology_text("shapes.ttl"), format="turtle")


@lru_cache(maxsize=1)
def _core_shapes_graph() -> rdflib.Graph:
    """The shapes with every SHACL-SPARQL constraint deactivated."""
    graph = rdflib.Graph()
    for triple in _shapes_graph():
        graph.add(triple)
    for constraint in set(graph.objects(None, SH.sparql)):
        graph.set((constraint, SH.deactivated, rdflib.Literal(True)))
    return graph


@lru_cache(maxsize=1)
def _ontology_graph() -> rdflib.Graph:
    return rdflib.Graph().parse(data=ontology_text("lgm.ttl"), format="turtle")


def _to_rdflib(term: object) -> rdflib.term.Node:
    if isinstance(term, NamedNode):
        return rdflib.URIRef(term.value)
    if isinstance(term, BlankNode):
        return rdflib.BNode(term.value)
    if isinstance(term, Literal):
        if term.language:
            return rdflib.Literal(term.value, lang=term.language)
        datatype = term.datatype.value
        if datatype == _XSD_STRING:
            return rdflib.Literal(term.value)
        return rdflib.Literal(term.value, datatype=rdflib.URIRef(datatype))
    raise TypeError(f"cannot convert {term!r} to rdflib")


def _result_lines(results: rdflib.Graph) -> list[str]:
    lines = set()
    for result in results.subjects(rdflib.RDF.type, SH.ValidationResult):
        severity = results.value(result, SH.resultSeverity, default=SH.Violation)
        focus_node = results.value(result, SH.focusNode)
        focus = _show_node(results, focus_node)
        path_node = results.value(result, SH.resultPath)
        path = f" {_show_node(results, path_node)}" if path_node is not None else ""
        messages = sorted(str(m) for m in results.objects(result, SH.resultMessage))
        component = results.value(result, SH.sourceConstraintComponent)
        message = " ".join(messages) or _show_node(results, component)
        value = results.value(result, SH.value)
        shown = ""
        if value is not None and value != focus_node:
            shown = f" (value: {_show_node(results, value)})"
        lines.add(f"{str(severity).rsplit('#', 1)[-1]}: {focus}{path}: {message}{shown}")
    return sorted(lines)


def _compact(iri: str) -> str:
    for prefix, namespace in _DISPLAY_PREFIXES.items():
        if iri.startswith(namespace) and len(iri) > len(namespace):
            return f"{prefix}:{iri[len(namespace) :]}"
    return iri


def _show_node(graph: rdflib.Graph, node: rdflib.term.Node | None) -> str:
    """Readable form of a result node, including SHACL paths given as blank nodes."""
    if node is None:
        return "?"
    if isinstance(node, rdflib.URIRef):
        return _compact(str(node))
    if isinstance(node, rdflib.Literal):
        if node.datatype is None:
            return repr(str(node))
        return f"{str(node)!r}^^{_compact(str(node.datatype))}"
    inverse = graph.value(node, SH.inversePath)
    if inverse is not None:
        return "^" + _show_node(graph, inverse)
    if graph.value(node, rdflib.RDF.first) is not None:
        return "/".join(_show_node(graph, step) for step in Collection(graph, node))
    return f"_:{node}"


def _show_term(term: Term | None) -> str:
    """Readable form of a pyoxigraph term: compact IRI, bare literal value, ``_:id``."""
    if term is None:
        return "?"
    if isinstance(term, NamedNode):
        return _compact(term.value)
    if isinstance(term, Literal):
        return term.value
    return str(term)


def _show_value(term: Term) -> str:
    """Like :func:`_show_term`, with literals quoted and typed as in pyshacl's results."""
    if isinstance(term, Literal):
        if term.language:
            return f"{term.value!r}@{term.language}"
        if term.datatype.value == _XSD_STRING:
            return repr(term.value)
        return f"{term.value!r}^^{_compact(term.datatype.value)}"
    return _show_term(term)


def _cycle_groups(edges: list[tuple[Term, Term]]) -> list[tuple[list[Term], list[Term]]]:
    """Group cycle edges into loops; each group comes with one shortest cycle through its first node.

    Every edge given lies on a cycle, so the weakly connected parts of the edge set are exactly
    the strongly connected groups.
    """
    successors: dict[Term, set[Term]] = {}
    parent: dict[Term, Term] = {}

    def find(node: Term) -> Term:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for source, target in edges:
        successors.setdefault(source, set()).add(target)
        parent[find(source)] = find(target)
    groups: dict[Term, list[Term]] = {}
    for node in parent:
        groups.setdefault(find(node), []).append(node)
    out = []
    for members in groups.values():
        members.sort(key=str)
        out.append((members, _shortest_cycle(members[0], successors)))
    out.sort(key=lambda group: str(group[0][0]))
    return out


def _shortest_cycle(start: Term, successors: dict[Term, set[Term]]) -> list[Term]:
    """Shortest path ``start → … → start`` (breadth first, successors visited in sorted order)."""
    previous: dict[Term, Term] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(successors.get(node, ()), key=str):
            if nxt == start:
                trace = []
                while node != start:
                    trace.append(node)
                    node = previous[node]
                return [start, *reversed(trace), start]
            if nxt not in previous:
                previous[nxt] = node
                queue.append(nxt)
    return [start, start]  # unreachable when every edge lies on a cycle
