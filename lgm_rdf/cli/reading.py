"""``lgm stats``, ``sparql``, ``concept``, ``export`` and ``validate``: commands that only read."""

from __future__ import annotations

import argparse
import dataclasses
import sys

from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions

from lgm_rdf.cli.output import (
    add_kb,
    error,
    print_json,
    print_table,
    read_query_arg,
    settings_from,
    write_csv,
)
from lgm_rdf.graph import LanguageGraph


def add_stats_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``stats`` sub-command's arguments."""
    p = sub.add_parser("stats", help="counts of documents, sentences, concepts and relations")
    add_kb(p)
    p.add_argument("--json", action="store_true", help="print JSON")


def add_sparql_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``sparql`` sub-command's arguments."""
    p = sub.add_parser("sparql", help="run a SPARQL query (union of all graphs as default graph)")
    p.add_argument("query", help="the query text, or a path to a .rq file")
    add_kb(p)
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")


def add_concept_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``concept`` sub-command's arguments."""
    p = sub.add_parser(
        "concept", help="a concept's aliases, parents, children and components, with evidence"
    )
    p.add_argument("name", help="concept label or alias, e.g. apple")
    add_kb(p)
    p.add_argument("--json", action="store_true", help="print JSON")


def add_export_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``export`` sub-command's arguments."""
    p = sub.add_parser("export", help="write the KB as RDF")
    add_kb(p)
    p.add_argument(
        "--format",
        default="turtle",
        choices=["turtle", "ntriples", "nquads", "trig", "rdfxml", "jsonld", "owl", "skos"],
        help="owl: concept graph as OWL RDF/XML (owlready2, Protégé); skos: as SKOS Turtle; "
        "nquads/trig keep the named graphs; the others write the union graph",
    )
    p.add_argument("-o", "--output", help="file to write (default: standard output)")


def add_validate_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``validate`` sub-command's arguments."""
    p = sub.add_parser("validate", help="check the KB against the SHACL shapes and for cycles")
    add_kb(p)
    p.add_argument(
        "--reason",
        action="store_true",
        help="also run the HermiT reasoner (owlready2 + Java) on the OWL export",
    )


_UPDATE_WORDS = (
    "INSERT",
    "DELETE",
    "LOAD",
    "CLEAR",
    "DROP",
    "CREATE",
    "ADD",
    "MOVE",
    "COPY",
    "WITH",
)


def is_update(query: str) -> bool:
    """Does this text look like a SPARQL Update rather than a query?"""
    words = [w.upper() for w in query.split()]
    while words and words[0] in ("PREFIX", "BASE"):
        words = words[3:] if words[0] == "PREFIX" else words[2:]
    return bool(words) and words[0] in _UPDATE_WORDS


def _open(args: argparse.Namespace) -> LanguageGraph:
    """The KB of a command that only reads: read-only, and it must exist."""
    return LanguageGraph(settings=settings_from(args), read_only=True)


def cmd_stats(args: argparse.Namespace) -> int:
    """``lgm stats``"""
    settings = settings_from(args)
    with _open(args) as lg:
        stats = lg.stats()
    if args.json:
        print_json(stats)
    else:
        print(f"knowledge base: {settings.kb}")
        for key, value in stats.items():
            print(f"  {key:<12} {value}")
    return 0


def cmd_sparql(args: argparse.Namespace) -> int:
    """``lgm sparql QUERY|FILE.rq``"""
    query = read_query_arg(args.query)
    with _open(args) as lg:
        result = lg.sparql(query)
        if isinstance(result, QueryBoolean):
            print("true" if bool(result) else "false")
        elif isinstance(result, QuerySolutions):
            _print_solutions(result, args.format)
        else:
            from pyoxigraph import RdfFormat, serialize

            from lgm_rdf.ontology import PREFIXES

            sys.stdout.write(
                serialize(result, format=RdfFormat.TURTLE, prefixes=PREFIXES).decode("utf-8")
            )
    return 0


def _print_solutions(result: QuerySolutions, fmt: str) -> None:
    if fmt == "json":
        sys.stdout.write(result.serialize(format=QueryResultsFormat.JSON).decode("utf-8") + "\n")
        return
    header = [v.value for v in result.variables]
    rows = []
    for solution in result:
        row = []
        for name in header:
            term = solution[name]
            row.append("" if term is None else (term.value if fmt == "csv" else _show(term)))
        rows.append(row)
    if fmt == "csv":
        write_csv(header, rows)
    else:
        print_table(header, rows)
        print(f"({len(rows)} row{'s' if len(rows) != 1 else ''})")


def _show(term: object) -> str:
    from pyoxigraph import Literal

    return term.value if isinstance(term, Literal) else str(term)  # type: ignore[attr-defined]


def cmd_concept(args: argparse.Namespace) -> int:
    """``lgm concept NAME``"""
    with _open(args) as lg:
        views = lg.concept(args.name)
    if not views:
        error(f"no concept named {args.name!r} in the knowledge base")
        return 1
    if args.json:
        print_json([dataclasses.asdict(v) for v in views])
        return 0
    for view in views:
        print(f"{view.label}  <{view.iri}>  mentioned by {view.mentions} sentence(s)")
        if view.alt_labels:
            print(f"  written as: {', '.join(view.alt_labels)}")
        if view.entity_classes:
            print(f"  named entity: {', '.join(view.entity_classes)}")
        if not view.links and not view.inherited_parts:
            print("  no recorded relations")
        for role, links in view.links.items():
            print(f"  {ROLE_TITLES[role]}:")
            for link in links:
                mark = "" if link.verdict in ("valid", "unchecked") else f" [{link.verdict}]"
                mark += " [withheld: low confidence]" if link.withheld else ""
                conf = "" if link.confidence is None else f", confidence {link.confidence:.2f}"
                print(f"    {link.label}{mark}  ({link.extractor}{conf})")
                if link.text:
                    print(f"      evidence: {link.text}")
                elif link.evidence:
                    print(f"      evidence: <{link.evidence}>")
        if view.inherited_parts:
            print("  inherited components:")
            for part, via in view.inherited_parts:
                print(f"    {part}  (via {via})")
    return 0


ROLE_TITLES = {
    "alias": "aliases (owl:sameAs)",
    "parent": "parents (rdfs:subClassOf)",
    "child": "children",
    "component": "components (lgm:partOf this)",
    "whole": "part of",
}


def cmd_export(args: argparse.Namespace) -> int:
    """``lgm export``"""
    with _open(args) as lg:
        if args.output:
            lg.export(args.output, format=args.format)
            print(f"wrote {args.output}", file=sys.stderr)
        else:
            lg.export(sys.stdout.buffer, format=args.format)
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    """``lgm validate``"""
    with _open(args) as lg:
        report = lg.validate(reason=args.reason)
    print(report.text)
    return 0 if report.conforms and not report.cycles else 1
