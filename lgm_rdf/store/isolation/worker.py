"""A query worker process: evaluates untrusted SPARQL on a read-only snapshot of the KB.

Started by ``QueryPool`` as ``python -m lgm_rdf.store.isolation.worker PARENT_PID MEMORY_MB``.
Before each query it limits its data segment to its size then plus ``MEMORY_MB``, so a query that
needs more fails (a Rust allocation failure aborts the process) instead of eating the
machine. The parent kills it at the query's deadline. It reads one request per line on
stdin (JSON) and writes, per request, one JSON header line on stdout followed by the
body's bytes. It dies with its parent (``PR_SET_PDEATHSIG``) and ends at end of input.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import resource
import signal
import sys
from typing import IO, Any

from pyoxigraph import NamedNode, RdfFormat, Store

from lgm_rdf.ontology import PREFIXES
from lgm_rdf.store.isolation.negotiation import NotAcceptable
from lgm_rdf.store.isolation.results import QueryLimitError, choose_format, collect, write_result

_PR_SET_PDEATHSIG = 1


def limit_memory(megabytes: int) -> None:
    """Let the data segment (heap, anonymous mappings) grow by ``megabytes`` from its size now.

    Called before each query, once its snapshot is open: the budget is the query's own.
    """
    with open("/proc/self/status", encoding="ascii") as status:
        fields = dict(line.split(":", 1) for line in status if ":" in line)
    used = int(fields["VmData"].split()[0]) * 1024
    resource.setrlimit(resource.RLIMIT_DATA, (used + megabytes * 2**20, resource.RLIM_INFINITY))


def die_with_parent(parent: int) -> None:
    """Be killed when the server process ends, however it ends (Linux; elsewhere a no-op)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent ended before the line above ran
        os._exit(0)


class Snapshots:
    """The one snapshot a worker has open: reopened when the parent names a newer one."""

    def __init__(self) -> None:
        self.path = ""
        self.store: Store | None = None

    def open(self, path: str, kind: str) -> Store:
        """The store at ``path`` (a RocksDB directory, or an N-Quads file loaded in memory)."""
        if path != self.path or self.store is None:
            self.store = None  # release the old one first
            if kind == "nquads":
                store = Store()
                store.bulk_load(path=path, format=RdfFormat.N_QUADS)
            else:
                store = Store.read_only(path)
            self.store, self.path = store, path
        return self.store


def answer(
    snapshots: Snapshots, request: dict[str, Any], memory_mb: int
) -> tuple[dict[str, Any], bytes]:
    """Evaluate one request; the response header and body."""
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (resource.RLIM_INFINITY,) * 2)
        store = snapshots.open(request["snapshot"], request["kind"])
        limit_memory(memory_mb)
        options: dict[str, Any] = {"prefixes": PREFIXES}
        dataset = request.get("dataset")
        if dataset is None:
            options["use_default_graph_as_union"] = request.get("union", True)
        else:
            options["default_graph"] = [NamedNode(iri) for iri in dataset["default"]]
            options["named_graphs"] = [NamedNode(iri) for iri in dataset["named"]]
        result = store.query(request["query"], **options)
        evaluated = collect(result, request["max_results"], bool(request.get("truncate")))
        fmt = choose_format(evaluated.kind, request.get("accept"), request.get("formats", []))
        body = write_result(evaluated, fmt)
    except SyntaxError as exc:
        return {"status": 400, "message": f"malformed SPARQL query: {exc}"}, b""
    except QueryLimitError as exc:
        return {"status": exc.status, "message": str(exc)}, b""
    except NotAcceptable as exc:
        return {"status": 406, "message": str(exc)}, b""
    except ValueError as exc:  # e.g. an IRI of the dataset that is not an IRI
        return {"status": 400, "message": str(exc)}, b""
    except OSError as exc:
        return {"status": 500, "message": f"the knowledge base could not be read: {exc}"}, b""
    header = {"status": 200, "type": fmt.content_type, "length": len(body)}
    if evaluated.truncated:
        header["truncated"] = True
    return header, body


def serve(stdin: IO[bytes], stdout: IO[bytes], memory_mb: int) -> None:
    """Answer requests until the input ends."""
    snapshots = Snapshots()
    for line in stdin:
        try:
            header, body = answer(snapshots, json.loads(line), memory_mb)
        except MemoryError as exc:
            # Past its memory limit a query can fail anywhere, even in an error handler; drop
            # the traceback (and with it the frames holding the partial result) before
            # answering, or the answer itself would find no memory.
            _forget_frames(exc)
            resource.setrlimit(resource.RLIMIT_DATA, (resource.RLIM_INFINITY,) * 2)
            header, body = {"status": 503, "message": "memory"}, b""
        stdout.write(json.dumps(header).encode("utf-8") + b"\n" + body)
        stdout.flush()


def _forget_frames(exc: BaseException | None) -> None:
    """Clear the tracebacks of ``exc`` and of the exceptions it was raised while handling."""
    while exc is not None:
        exc.__traceback__ = None
        exc = exc.__context__ or exc.__cause__


def main(argv: list[str]) -> int:
    """Entry point: ``PARENT_PID MEMORY_MB``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    die_with_parent(int(argv[0]))
    serve(sys.stdin.buffer, sys.stdout.buffer, int(argv[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
