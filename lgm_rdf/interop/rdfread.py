"""Read an RDF file of any common syntax into a small in-memory triple index.

pyoxigraph parses (Turtle, N-Triples, N3, RDF/XML, JSON-LD), an order of magnitude faster than
rdflib; rdflib reads what pyoxigraph rejects, e.g. files with a few malformed IRIs, whose triples
are then skipped (and counted). The syntax comes from the file suffix, else from the content.
"""

from __future__ import annotations

import logging
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from pyoxigraph import BlankNode, Literal, NamedNode, RdfFormat, parse

from lgm_rdf.errors import LgmError

__all__ = ["OntologyImportError", "TripleIndex", "parse_file", "sniff_format"]

Node = NamedNode | BlankNode | Literal
RawTriple = tuple[NamedNode | BlankNode, NamedNode, Node]


class OntologyImportError(LgmError, ValueError):
    """An ontology file cannot be read or parsed; nothing was written to the store."""


FORMATS = {"turtle": RdfFormat.TURTLE, "nt": RdfFormat.N_TRIPLES, "n3": RdfFormat.N3}
FORMATS |= {"xml": RdfFormat.RDF_XML, "json-ld": RdfFormat.JSON_LD}
SUFFIX_FORMATS = dict.fromkeys((".ttl", ".turtle"), "turtle") | {".n3": "n3", ".nt": "nt"}
SUFFIX_FORMATS |= dict.fromkeys((".rdf", ".owl", ".xml"), "xml")
SUFFIX_FORMATS |= dict.fromkeys((".jsonld", ".json"), "json-ld")
_XML_START = re.compile(r"^(<\?xml|<!|<[A-Za-z_][\w.\-]*(:[\w.\-]+)?[\s>/])")


def sniff_format(data: bytes) -> str:
    """Format name guessed from the start of a file (RDF/XML, JSON-LD, else Turtle)."""
    head = data[:4096].decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    if _XML_START.match(head):
        return "xml"
    return "json-ld" if head.startswith(("{", "[")) else "turtle"


def parse_file(file: Path) -> tuple[TripleIndex, list[str]]:
    """Parse an RDF file into an index of its triples, plus notes on skipped triples."""
    if file.is_dir():
        raise OntologyImportError(f"{file} is a directory; import one ontology file at a time")
    if not file.is_file():
        raise OntologyImportError(f"{file}: no such file")
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise OntologyImportError(f"{file}: cannot read it ({exc})") from exc
    head = data[:4096].decode("utf-8", "replace")
    owl_xml = re.search(r"<(owl:)?Ontology[\s>]", head) and "<rdf:" not in head
    if owl_xml or re.match(r"\s*(Prefix|Ontology)\(", head):
        syntax = "OWL/XML" if owl_xml else "OWL functional"
        raise OntologyImportError(
            f"{file}: {syntax} syntax is not supported; use RDF/XML or Turtle"
        )
    base = file.resolve().as_uri()
    errors: list[str] = []
    guesses = (SUFFIX_FORMATS.get(file.suffix.lower()), sniff_format(data))
    for fmt in dict.fromkeys(f for f in guesses if f):
        notes: list[str] = []
        try:
            triples = [
                (q.subject, q.predicate, q.object)
                for q in parse(data, format=FORMATS[fmt], base_iri=base)
                if isinstance(q.subject, NamedNode | BlankNode)
            ]
        except (SyntaxError, ValueError) as exc:
            errors.append(f"as {fmt}: {_one_line(exc)}")
            try:
                triples, skipped = _parse_with_rdflib(data, fmt, base)
            except Exception as exc2:  # rdflib raises many unrelated types on bad input
                errors.append(f"rdflib as {fmt}: {_one_line(exc2)}")
                continue
            if skipped:
                notes.append(f"{skipped} triples with malformed IRIs or literals were skipped")
        if not triples:
            raise OntologyImportError(f"{file}: contains no RDF triples (parsed as {fmt})")
        return TripleIndex(triples), notes
    raise OntologyImportError(f"{file}: cannot parse the ontology ({'; '.join(errors)})")


def _one_line(exc: BaseException) -> str:
    return (" ".join(str(exc).split()) or type(exc).__name__)[:300]


def _parse_with_rdflib(data: bytes, fmt: str, base: str) -> tuple[list[RawTriple], int]:
    """Parse with rdflib (lenient); returns pyoxigraph triples and how many were unusable."""
    import rdflib

    rdf = rdflib.Graph()
    logger = logging.getLogger("rdflib")  # it logs a warning for every malformed IRI
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        rdf.parse(data=data, format=fmt, publicID=base)
    finally:
        logger.setLevel(level)
    bnodes: dict[str, BlankNode] = {}

    def term(t: object) -> Node:
        if isinstance(t, rdflib.URIRef):
            return NamedNode(str(t))
        if isinstance(t, rdflib.BNode):
            return bnodes.setdefault(str(t), BlankNode())
        if isinstance(t, rdflib.Literal) and t.language:
            return Literal(str(t), language=t.language)
        if isinstance(t, rdflib.Literal) and t.datatype:
            return Literal(str(t), datatype=NamedNode(str(t.datatype)))
        return Literal(str(t))

    triples: list[RawTriple] = []
    for s, p, o in rdf:
        try:
            triples.append((term(s), term(p), term(o)))  # type: ignore[arg-type]
        except ValueError:
            continue
    return triples, len(rdf) - len(triples)


class TripleIndex:
    """The parsed triples, indexed by predicate and by (subject, predicate); deduplicated."""

    def __init__(self, triples: Iterable[RawTriple]) -> None:
        self.by_p: dict[NamedNode, dict[tuple[Node, Node], None]] = defaultdict(dict)
        self.by_sp: dict[tuple[Node, NamedNode], list[Node]] = defaultdict(list)
        for s, p, o in triples:
            if (s, o) not in self.by_p[p]:
                self.by_p[p][(s, o)] = None
                self.by_sp[(s, p)].append(o)

    def pairs(self, p: NamedNode) -> list[tuple[Node, Node]]:
        """(subject, object) of every triple with predicate ``p``."""
        return list(self.by_p.get(p, ()))

    def objects(self, s: Node, p: NamedNode) -> list[Node]:
        """Objects of ``s p ?o``, in file order."""
        return self.by_sp.get((s, p), [])

    def value(self, s: Node, p: NamedNode) -> Node | None:
        """The first object of ``s p ?o``, or None."""
        objects = self.objects(s, p)
        return objects[0] if objects else None
