"""``lgm serve``: one process that owns the KB and serves SPARQL, /ask and the web page."""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import signal
import sys
import threading
from types import FrameType
from typing import Any

from lgm_rdf.settings import DEFAULT_KB, Settings

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
    p.add_argument(
        "--kb", metavar="DIR", help=f"knowledge-base directory (env LGM_KB, default ./{DEFAULT_KB})"
    )
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
    return p


def serve_settings(args: argparse.Namespace) -> Settings:
    """Settings from the environment, the KB option and the token variable."""
    token = os.environ.get(args.token_env) or None
    settings = Settings.from_env(kb=args.kb, nlp=getattr(args, "nlp", None))
    return dataclasses.replace(settings, server_token=token)  # only --token-env's variable counts


def cmd_serve(args: argparse.Namespace) -> int:
    """``lgm serve``: run until Ctrl-C (or SIGTERM), then close the store cleanly."""
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.server.app import LgmServer

    _setup_logging()
    log = logging.getLogger("lgm_rdf.server")
    settings = serve_settings(args)
    if settings.remote:
        raise ValueError("lgm serve needs a local KB directory, not a SPARQL server URL")
    graph = LanguageGraph(settings=settings)
    try:
        server = LgmServer(graph, (args.host, args.port), settings)
    except OSError as exc:
        graph.close()
        raise ValueError(
            f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}"
        ) from None

    def on_signal(signum: int, frame: FrameType | None) -> None:
        threading.Thread(target=server.shutdown, daemon=True).start()

    previous = signal.signal(signal.SIGTERM, on_signal)
    mode = "updates enabled (bearer token)" if settings.server_token else "read-only"
    if settings.server_token and len(settings.server_token) < 16:
        print("lgm: warning: the update token is short; use 16+ random characters", file=sys.stderr)
    print(f"lgm: serving {settings.kb} at {server.url}/ ({mode}); Ctrl-C stops", file=sys.stderr)
    log.info("SPARQL endpoint %s/sparql", server.url)
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.server_close()
        # let a write in progress finish its transaction before the store is closed
        acquired = server.state.write_lock.acquire(timeout=30)
        try:
            graph.close()
        finally:
            if acquired:
                server.state.write_lock.release()
        print("lgm: server stopped, knowledge base closed", file=sys.stderr)
    return 0


def _setup_logging() -> None:
    log = logging.getLogger("lgm_rdf.server")
    log.setLevel(logging.INFO)
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
        log.propagate = False
