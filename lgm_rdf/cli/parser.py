"""The argument parser of ``lgm``: the sub-commands in the order ``lgm --help`` lists them."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from lgm_rdf import __version__
from lgm_rdf.cli.ask import add_ask_parser
from lgm_rdf.cli.bench import add_bench_parser
from lgm_rdf.cli.learning import (
    add_forget_parser,
    add_import_parser,
    add_learn_parser,
    add_link_parser,
)
from lgm_rdf.cli.mcp import add_mcp_parser
from lgm_rdf.cli.reading import (
    add_concept_parser,
    add_export_parser,
    add_sparql_parser,
    add_stats_parser,
    add_validate_parser,
)
from lgm_rdf.cli.safety import add_safety_parsers
from lgm_rdf.cli.serve import add_serve_parser

EPILOG = """\
The knowledge base (KB) is an Oxigraph store in a directory: --kb DIR, or LGM_KB, default ./lgm_kb.
No LLM is needed; set LGM_LLM_MODEL (and OPENAI_BASE_URL, OPENAI_API_KEY for any
OpenAI-compatible server) to use --extractor llm|both and --reflect.
Examples:
  lgm learn data/corpus/               learn every .md .rst .txt .pdf .html .docx .json(l) file below
  lgm stats                            count documents, sentences, concepts, relations
  lgm ask "What are apples rich in?"   answer with cited sentences (--explain shows the hops)
  lgm serve --port 8088                SPARQL endpoint, /ask and a web page on 127.0.0.1
  lgm mcp --kb kb/                     serve the KB to MCP hosts (agents) over stdio
  lgm concept apple                    aliases, parents, children, components, with evidence
  lgm sparql 'SELECT * WHERE { ?s ?p ?o } LIMIT 5'
  lgm forget "Christopher Nolan"       drop one document (by title, id, path or IRI)
  lgm import thesaurus.ttl             bring in an OWL / SKOS ontology
  lgm export --format owl -o kb.owl    the concept graph for owlready2 / Protege
  lgm validate --reason                SHACL shapes, cycles and the HermiT reasoner
  lgm check                            read every block; every document graph complete
  lgm backup kb-copy/                  consistent copy of the KB and its LLM cache
"""


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser of ``lgm`` with all its sub-commands (given the arguments to parse,
    the benchmarks' own options are only set up for ``lgm bench``)."""
    parser = argparse.ArgumentParser(
        prog="lgm",
        description="Language Graph Model on RDF: learn documents into a concept graph, query it.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log more detail")
    parser.add_argument("--version", action="version", version=f"lgm {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_learn_parser(sub)
    add_link_parser(sub)
    add_ask_parser(sub)
    add_serve_parser(sub)
    add_mcp_parser(sub)
    add_stats_parser(sub)
    add_sparql_parser(sub)
    add_concept_parser(sub)
    add_forget_parser(sub)
    add_export_parser(sub)
    add_validate_parser(sub)
    add_import_parser(sub)
    add_safety_parsers(sub)
    add_bench_parser(sub, full=argv is None or "bench" in argv)
    return parser
