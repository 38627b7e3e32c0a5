"""``lgm``'s entry point: parse, run the sub-command, turn user errors into one clear line."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence

from lgm_rdf.cli.ask import cmd_ask
from lgm_rdf.cli.bench import cmd_bench
from lgm_rdf.cli.guard import start_memory_guard
from lgm_rdf.cli.learning import cmd_forget, cmd_import, cmd_learn, cmd_link
from lgm_rdf.cli.mcp import cmd_mcp
from lgm_rdf.cli.output import error, read_query_arg, settings_from, sparql_syntax_message
from lgm_rdf.cli.parser import build_parser
from lgm_rdf.cli.reading import (
    cmd_concept,
    cmd_export,
    cmd_sparql,
    cmd_stats,
    cmd_validate,
    is_update,
)
from lgm_rdf.cli.safety import cmd_backup, cmd_check, cmd_restore
from lgm_rdf.cli.serve import cmd_serve
from lgm_rdf.errors import LgmError
from lgm_rdf.store.integrity import damaged, is_storage_failure

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
    "check": cmd_check,
    "backup": cmd_backup,
    "restore": cmd_restore,
    "mcp": cmd_mcp,
}
# commands that run without the memory guard (the server and benchmarks manage their own)
UNGUARDED = frozenset({"serve", "bench"})


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``lgm`` console script; returns the exit status."""
    command_line = argv is None  # the memory guard only for a real command line
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(levelname)s: %(message)s",
    )
    if not args.command:
        parser.print_help()
        return 2
    return run(args, guard=command_line)


def run(args: argparse.Namespace, guard: bool = False) -> int:
    """Run the parsed command; user errors print one clear line and return non-zero.

    ``guard`` starts the memory guard (``LGM_MEMORY_LIMIT_MB``) for commands other than
    ``serve`` and ``bench``: it ends the process, so it is only for a process of its own.
    """
    try:
        handler = COMMANDS[args.command]
        if guard and args.command not in UNGUARDED:
            start_memory_guard(settings_from(args).memory_limit_mb)
        return handler(args)
    except (LgmError, ValueError) as exc:
        error(str(exc))
        return 1
    except RuntimeError as exc:  # a storage failure met while reading results lazily
        if not is_storage_failure(exc):
            raise
        error(str(damaged(getattr(args, "kb", None), exc)))
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
            error(f"invalid SPARQL {sparql_syntax_message(exc)}")
        return 2
    except KeyboardInterrupt:
        error(
            "interrupted; documents already written are complete, the current one was not written"
        )
        return 130
