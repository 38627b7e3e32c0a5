"""Implementations of the ``lgm`` sub-commands (argument parsing lives in ``cli.py``)."""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path

from pyoxigraph import QueryBoolean, QueryResultsFormat, QuerySolutions

from lgm_rdf.cli_ask import cmd_ask
from lgm_rdf.cli_bench import cmd_bench
from lgm_rdf.cli_output import print_json, print_table, read_query_arg, settings_from, write_csv
from lgm_rdf.errors import LgmError
from lgm_rdf.graph import LanguageGraph, collect_documents
from lgm_rdf.server.cli import cmd_serve


def _err(message: str) -> None:
    print(f"lgm: error: {message}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Run the parsed command; user errors print one clear line and return non-zero."""
    try:
        handler = COMMANDS[args.command]
        return handler(args)
    except (LgmError, ValueError) as exc:
        _err(str(exc))
        return 1
    except BrokenPipeError:  # `lgm ... | head` closed our output: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        _err(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        return 1
    except SyntaxError as exc:
        if args.command == "sparql" and _is_update(read_query_arg(args.query)):
            _err(
                "`lgm sparql` runs queries only (SELECT, ASK, CONSTRUCT, DESCRIBE); the KB is read-only here"
            )
        else:
            _err(f"invalid SPARQL: {exc}")
        return 2
    except KeyboardInterrupt:
        _err("interrupted; documents already written are complete, the current one was not written")
        return 130


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


def _is_update(query: str) -> bool:
    """Does this text look like a SPARQL Update rather than a query?"""
    words = [w.upper() for w in query.split()]
    while words and words[0] in ("PREFIX", "BASE"):
        words = words[3:] if words[0] == "PREFIX" else words[2:]
    return bool(words) and words[0] in _UPDATE_WORDS


def cmd_learn(args: argparse.Namespace) -> int:
    """``lgm learn PATH...``"""
    from tqdm import tqdm

    settings = settings_from(args)
    if settings.extractor == "pattern" and not settings.reflect and not settings.llm_configured:
        print(
            "lgm: no LLM configured (LGM_LLM_MODEL unset): offline pattern extraction",
            file=sys.stderr,
        )

    def on_skip(path: Path, reason: str) -> None:
        print(f"lgm: skipped {path}: {reason}", file=sys.stderr)

    docs = list(collect_documents([Path(p) for p in args.paths], on_skip=on_skip))
    if not docs:
        _err("nothing to learn (no readable documents); the KB is unchanged")
        return 1
    # a dry run must not create nor lock a KB: an existing one is opened read-only
    exists = settings.remote or Path(settings.kb).exists()
    with LanguageGraph(
        settings=settings,
        in_memory=args.dry_run and not exists,
        read_only=args.dry_run and exists,
    ) as lg:
        bar = tqdm(total=len(docs), unit="doc", desc="learning", disable=args.no_progress or None)
        with bar:
            report = lg.run_learner(
                docs, force=args.force, progress=bar.update, dry_run=args.dry_run
            )
        print(report.summary())
        if not args.dry_run:
            print(f"knowledge base: {settings.kb}")
    return 0


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
        _err(f"no concept named {args.name!r} in the knowledge base")
        return 1
    if args.json:
        print_json([dataclasses.asdict(v) for v in views])
        return 0
    for view in views:
        print(f"{view.label}  <{view.iri}>  mentioned by {view.mentions} sentence(s)")
        if view.alt_labels:
            print(f"  written as: {', '.join(view.alt_labels)}")
        if not view.links and not view.inherited_parts:
            print("  no recorded relations")
        for role, links in view.links.items():
            print(f"  {ROLE_TITLES[role]}:")
            for link in links:
                mark = "" if link.verdict in ("valid", "unchecked") else f" [{link.verdict}]"
                print(f"    {link.label}{mark}  ({link.extractor})")
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


def cmd_forget(args: argparse.Namespace) -> int:
    """``lgm forget DOC``"""
    settings = settings_from(args)
    if not settings.remote and not Path(settings.kb).is_dir():
        _err(f"no knowledge base at {settings.kb}; nothing removed")
        return 1
    with LanguageGraph(settings=settings) as lg:
        dropped = lg.forget(args.doc)
    if not dropped:
        _err(f"no document matches {args.doc!r} (try `lgm sparql` to list titles); nothing removed")
        return 1
    for iri in dropped:
        print(f"forgot {iri}")
    return 0


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


def cmd_import(args: argparse.Namespace) -> int:
    """``lgm import FILE``"""
    from lgm_rdf.interop import OntologyImportError

    with LanguageGraph(settings=settings_from(args)) as lg:
        try:
            report = lg.import_ontology(args.file, name=args.name, lemmatise=not args.no_lemmatise)
        except OntologyImportError as exc:
            _err(f"{exc} (the KB is unchanged)")
            return 1
    print(report.summary())
    return 0


COMMANDS = {
    "learn": cmd_learn,
    "stats": cmd_stats,
    "sparql": cmd_sparql,
    "concept": cmd_concept,
    "forget": cmd_forget,
    "export": cmd_export,
    "validate": cmd_validate,
    "import": cmd_import,
    "bench": cmd_bench,
    "ask": cmd_ask,
    "serve": cmd_serve,
}
