"""The ``lgm`` command line."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from lgm_rdf.settings import DEFAULT_KB

EPILOG = """\
The knowledge base (KB) is an Oxigraph store in a directory: --kb DIR, or LGM_KB, default ./lgm_kb.
No LLM is needed; set LGM_LLM_MODEL (and OPENAI_BASE_URL, OPENAI_API_KEY for any
OpenAI-compatible server) to use --extractor llm|both and --reflect.
Examples:
  lgm learn data/corpus/               learn every .md/.txt/.json(l) file under data/corpus/
  lgm stats                            count documents, sentences, concepts, relations
  lgm ask "What are apples rich in?"   answer with cited sentences (--explain shows the hops)
  lgm serve --port 8088                SPARQL endpoint, /ask and a web page on 127.0.0.1
  lgm concept apple                    aliases, parents, children, components, with evidence
  lgm sparql 'SELECT * WHERE { ?s ?p ?o } LIMIT 5'
  lgm forget "Christopher Nolan"       drop one document (by title, id, path or IRI)
  lgm import thesaurus.ttl             bring in an OWL / SKOS ontology
  lgm export --format owl -o kb.owl    the concept graph for owlready2 / Protege
  lgm validate --reason                SHACL shapes, cycles and the HermiT reasoner
"""


def _add_kb(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--kb", metavar="DIR", help=f"knowledge-base directory (env LGM_KB, default ./{DEFAULT_KB})"
    )


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``lgm`` with all its sub-commands."""
    parser = argparse.ArgumentParser(
        prog="lgm",
        description="Language Graph Model on RDF: learn documents into a concept graph, query it.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("learn", help="learn files or directories into the KB")
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=".txt .md .json .jsonl files, HotpotQA/MuSiQue files or directories",
    )
    _add_kb(p)
    p.add_argument(
        "--nlp", choices=["spacy", "stanza"], help="NLP backend (default spacy; env LGM_NLP)"
    )
    p.add_argument("--force", action="store_true", help="re-learn documents even if unchanged")
    p.add_argument(
        "--extractor",
        choices=["pattern", "llm", "both"],
        help="relation extractor: dependency patterns (default, no LLM), the LLM, or both",
    )
    p.add_argument(
        "--reflect", action="store_true", help="let the LLM check each relation (paper §3.2.3)"
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="parse and extract but write nothing and call no LLM; estimate LLM calls and tokens",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")

    from lgm_rdf.cli_ask import add_ask_parser
    from lgm_rdf.server.cli import add_serve_parser

    add_ask_parser(sub)
    add_serve_parser(sub)

    p = sub.add_parser("stats", help="counts of documents, sentences, concepts and relations")
    _add_kb(p)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("sparql", help="run a SPARQL query (union of all graphs as default graph)")
    p.add_argument("query", help="the query text, or a path to a .rq file")
    _add_kb(p)
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")

    p = sub.add_parser(
        "concept", help="a concept's aliases, parents, children and components, with evidence"
    )
    p.add_argument("name", help="concept label or alias, e.g. apple")
    _add_kb(p)
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser(
        "forget", help="remove one document (title, id, path or IRI) and nothing else"
    )
    p.add_argument("doc")
    _add_kb(p)

    p = sub.add_parser("export", help="write the KB as RDF")
    _add_kb(p)
    p.add_argument(
        "--format",
        default="turtle",
        choices=["turtle", "ntriples", "nquads", "trig", "rdfxml", "jsonld", "owl", "skos"],
        help="owl: concept graph as OWL RDF/XML (owlready2, Protégé); skos: as SKOS Turtle; "
        "nquads/trig keep the named graphs; the others write the union graph",
    )
    p.add_argument("-o", "--output", help="file to write (default: standard output)")

    p = sub.add_parser("validate", help="check the KB against the SHACL shapes and for cycles")
    _add_kb(p)
    p.add_argument(
        "--reason",
        action="store_true",
        help="also run the HermiT reasoner (owlready2 + Java) on the OWL export",
    )

    p = sub.add_parser("import", help="import an OWL or SKOS ontology into its own named graph")
    p.add_argument("file", help="Turtle, RDF/XML, N-Triples or JSON-LD file")
    _add_kb(p)
    p.add_argument("--name", help="name of the import graph (default: the file name)")
    p.add_argument(
        "--no-lemmatise",
        action="store_true",
        help="link labels to learned concepts by normalised text only (faster for big thesauri)",
    )

    from lgm_rdf.cli_bench import add_bench_parser

    add_bench_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lgm`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s: %(message)s",
    )
    if not args.command:
        parser.print_help()
        return 2
    from lgm_rdf.cli_commands import run

    return run(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
