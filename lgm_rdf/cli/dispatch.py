"""``lgm``'s entry point: parse, run the sub-command, turn user errors into one clear line."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence

from lgm_rdf.cli.ask import cmd_ask
from lgm_rdf.cli.bench import cmd_bench
from lgm_rdf.cli.learning import cmd_forget, cmd_import, cmd_learn, cmd_link
from lgm_rdf.cli.output import error, read_query_arg
from lgm_rdf.cli.parser import build_parser
from lgm_rdf.cli.reading import (
    cmd_concept,
    cmd_export,
    cmd_sparql,
    cmd_stats,
    cmd_validate,
    is_update,
)
from lgm_rdf.cli.serve import cmd_serve
from lgm_rdf.errors import LgmError

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "learn": cmd_learn,
    "link": cmd_link,
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
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Run the parsed command; user errors print one clear line and return non-zero."""
    try:
        handler = COMMANDS[args.command]
        return handler(args)
    except (LgmError, ValueError) as exc:
        error(str(exc))
        return 1
    except BrokenPipeError:  # `lgm ... | head` closed our output: not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as exc:
        error(f"{exc.strerror or exc}: {exc.filename}" if exc.filename else str(exc))
        return 1
    except SyntaxError as exc:
        if args.command == "sparql" and is_update(read_query_arg(args.query)):
            error(
                "`lgm sparql` runs queries only (SELECT, ASK, CONSTRUCT, DESCRIBE); the KB is read-only here"
            )
        else:
            error(f"invalid SPARQL: {exc}")
        return 2
    except KeyboardInterrupt:
        error(
            "interrupted; documents already written are complete, the current one was not written"
        )
        return 130
