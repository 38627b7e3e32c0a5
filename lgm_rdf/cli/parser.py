"""The argument parser of ``lgm``: the sub-commands in the order ``lgm --help`` lists them."""

from __future__ import annotations

import argparse

from lgm_rdf.cli.ask import add_ask_parser
from lgm_rdf.cli.bench import add_bench_parser
from lgm_rdf.cli.learning import (
    add_forget_parser,
    add_import_parser,
    add_learn_parser,
    add_link_parser,
)
from lgm_rdf.cli.reading import (
    add_concept_parser,
    add_export_parser,
    add_sparql_parser,
    add_stats_parser,
    add_validate_parser,
)
from lgm_rdf.cli.serve import add_serve_parser

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
    add_learn_parser(sub)
    add_link_parser(sub)
    add_ask_parser(sub)
    add_serve_parser(sub)
    add_stats_parser(sub)
    add_sparql_parser(sub)
    add_concept_parser(sub)
    add_forget_parser(sub)
    add_export_parser(sub)
    add_validate_parser(sub)
    add_import_parser(sub)
    add_bench_parser(sub)
    return parser
