"""Run an ``LgmServer`` over one KB until Ctrl-C or SIGTERM, then close the store cleanly."""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
from types import FrameType

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.server.app import LgmServer
from lgm_rdf.settings import Settings

STOP_WAIT = 3.0  # seconds a write in progress may take to finish when the server stops


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
    server.state.pool.warm()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.server_close()  # kills the query workers
        _close_graph(graph, server.state.write_lock)
    return 0


def _close_graph(graph: LanguageGraph, write_lock: threading.Lock) -> None:
    """Close the store once a write in progress has committed; never wait past ``STOP_WAIT``.

    A write still running then is abandoned: the process ends at once, that transaction is
    not committed, every earlier one is on disk, and the system releases the KB's lock.
    """
    if not write_lock.acquire(timeout=STOP_WAIT):
        print(
            f"lgm: a write was still running after {STOP_WAIT:g} s and was abandoned "
            "(everything written before it is kept)",
            file=sys.stderr,
            flush=True,
        )
        os._exit(1)
    try:
        graph.close()
    finally:
        write_lock.release()
    print("lgm: server stopped, knowledge base closed", file=sys.stderr)


def _setup_logging() -> None:
    log = logging.getLogger("lgm_rdf.server")
    log.setLevel(logging.INFO)
    if not log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(handler)
        log.propagate = False
