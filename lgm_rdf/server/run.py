"""Run an ``LgmServer`` over one KB until Ctrl-C or SIGTERM, then close the store cleanly."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from types import FrameType

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.server.app import LgmServer
from lgm_rdf.settings import Settings


def serve_kb(settings: Settings, host: str, port: int) -> int:
    """Serve the KB of ``settings`` on ``host:port`` until stopped; returns the exit status."""
    _setup_logging()
    log = logging.getLogger("lgm_rdf.server")
    if settings.remote:
        raise ValueError("lgm serve needs a local KB directory, not a SPARQL server URL")
    graph = LanguageGraph(settings=settings)
    try:
        server = LgmServer(graph, (host, port), settings)
    except OSError as exc:
        graph.close()
        raise ValueError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None

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
