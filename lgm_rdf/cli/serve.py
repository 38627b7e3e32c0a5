"""``lgm serve``: one process that owns the KB and serves SPARQL, /ask and the web page."""

from __future__ import annotations

import argparse
import dataclasses
import os
from pathlib import Path
from typing import Any

from lgm_rdf.cli.output import add_kb
from lgm_rdf.errors import LgmError
from lgm_rdf.settings import Settings

DEFAULT_PORT = 8088
TOKEN_ENV = "LGM_SERVER_TOKEN"


def add_serve_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``serve`` sub-command to the ``lgm`` sub-parsers ``sub``."""
    p = sub.add_parser(
        "serve",
        help="serve the KB over HTTP: SPARQL endpoint, /ask, /concept and a web page",
        description=(
            "Serve the KB: SPARQL 1.1 query endpoint at /sparql (read-only), /ask, /concept and "
            "a web page at /. SPARQL Update (/update) and /learn are enabled only when an update "
            f"token is set in the environment (${TOKEN_ENV}, or the variable named by "
            "--token-env) and sent as 'Authorization: Bearer <token>'."
        ),
    )
    add_kb(p)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 = any)"
    )
    p.add_argument(
        "--token-env",
        metavar="VAR",
        default=TOKEN_ENV,
        help=f"environment variable holding the update token (default {TOKEN_ENV}); "
        "the token itself is never given on the command line",
    )
    p.add_argument(
        "--nlp", choices=["spacy", "stanza"], help="NLP backend (default spacy; env LGM_NLP)"
    )
    p.add_argument(
        "--create",
        action="store_true",
        help="start an empty KB if the directory does not exist (otherwise that is an error)",
    )
    return p


def serve_settings(args: argparse.Namespace) -> Settings:
    """Settings from the environment, the KB option and the token variable."""
    token = os.environ.get(args.token_env) or None
    settings = Settings.from_env(kb=args.kb, nlp=getattr(args, "nlp", None))
    return dataclasses.replace(settings, server_token=token)  # only --token-env's variable counts


def cmd_serve(args: argparse.Namespace) -> int:
    """``lgm serve``: run until Ctrl-C (or SIGTERM), then close the store cleanly."""
    from lgm_rdf.server.run import serve_kb

    settings = serve_settings(args)
    if not settings.remote and not args.create and not Path(settings.kb).is_dir():
        raise LgmError(
            f"no knowledge base at {settings.kb} (create one with `lgm learn`, point --kb / "
            "LGM_KB at an existing one, or start an empty one with `lgm serve --create`)"
        )
    return serve_kb(settings, args.host, args.port)
