"""Virtuoso Open-Source (``virtuoso-t``) on 127.0.0.1: start, bulk-load N-Quads, stop.

Used by ``lgm bench serve`` (its Virtuoso column) and by the remote-store tests. Each server
gets its own database directory and ini file (free ports for SQL and HTTP, everything bound to
127.0.0.1). After start-up the two sample graphs of a fresh database are cleared (their
``rdfs:subClassOf`` triples would join the KB's union default graph); Virtuoso's own schema
graph ``virtrdf#`` stays and queries hide it (``VIRTUOSO_EXCLUDE``). ``grant_update`` lets the
anonymous SPARQL user update (what lgm_rdf needs to learn into it, see docs/scaling.md).

Loading uses Virtuoso's bulk loader through ``isql``: ``ld_dir`` registers the N-Quads file,
``rdf_loader_run`` loads it (each quad into its own graph; quads of the default graph into
``DEFAULT_GRAPH``, which the union default graph includes), ``checkpoint`` makes it durable.
The load is checked twice: no error in ``DB.DBA.LOAD_LIST``, and the number of quads the
SPARQL endpoint then counts equals the number in the file.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from lgm_rdf.bench.serving.setup import BenchError, free_port, terminate, wait_for_http
from lgm_rdf.store.sparql import VIRTUOSO_EXCLUDE

INI = """[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
FileExtend = 200
Striping = 0
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx
[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
CheckpointInterval = 0
NumberOfBuffers = {buffers}
MaxDirtyBuffers = {dirty}
DirsAllowed = {allowed}
[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {dir}
ServerThreads = 8
Charset = UTF-8
[SPARQL]
ResultSetMaxRows = 10000000
MaxQueryExecutionTime = 120
"""
SAMPLE_GRAPHS = ("http://www.w3.org/ns/ldp#", "http://localuriqaserver/sparql")
GRANT_UPDATE = 'GRANT SPARQL_UPDATE TO "SPARQL";'
# where the bulk loader puts quads of the default graph (part of the union default graph)
DEFAULT_GRAPH = "urn:lgm:bench:default-graph"
COUNT_QUADS = VIRTUOSO_EXCLUDE + "SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }"
INSTALL_HINT = "Debian package virtuoso-opensource"


def virtuoso_binary() -> str | None:
    """The ``virtuoso-t`` server binary (Debian package ``virtuoso-opensource``), or None."""
    return shutil.which("virtuoso-t")


def isql_binary() -> str | None:
    """Virtuoso's SQL client (``isql-vt`` on Debian, ``isql`` elsewhere), or None."""
    return shutil.which("isql-vt") or shutil.which("isql")


def missing_reason() -> str | None:
    """Why Virtuoso cannot run here (one line), or None when it can."""
    if virtuoso_binary() is None:
        return f"`virtuoso-t` is not installed ({INSTALL_HINT})"
    if isql_binary() is None:
        return f"Virtuoso's `isql-vt` client is not installed ({INSTALL_HINT})"
    return None


class VirtuosoServer:
    """One ``virtuoso-t`` process; ``url`` is its SPARQL endpoint once :meth:`start` returned.

    ``load_from`` is a directory the bulk loader may read (besides the database directory);
    ``buffers`` is ``NumberOfBuffers`` (8 KB pages of cache: raise it for big KBs).
    """

    def __init__(
        self, directory: Path, load_from: Path | None = None, buffers: int = 10000
    ) -> None:
        binary, isql = virtuoso_binary(), isql_binary()
        if binary is None or isql is None:
            raise FileNotFoundError(missing_reason())
        self.binary, self.isql_path = binary, isql
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.sql_port, self.http_port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.http_port}/sparql"
        allowed = ", ".join(str(d) for d in (directory, load_from) if d is not None)
        (directory / "virtuoso.ini").write_text(
            INI.format(
                dir=directory,
                sql_port=self.sql_port,
                http_port=self.http_port,
                buffers=buffers,
                dirty=buffers * 3 // 5,
                allowed=allowed,
            )
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: float = 120.0, grant_update: bool = True) -> VirtuosoServer:
        """Launch the server (foreground mode), wait until SPARQL answers, clear the samples."""
        self.process = subprocess.Popen(
            [self.binary, "-f", "-c", str(self.directory / "virtuoso.ini")],
            cwd=self.directory,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        proc = self.process
        try:
            wait_for_http(self.url + "?query=ASK%20%7B%7D", lambda: proc.poll() is None, wait)
        except BenchError as exc:
            self.stop()
            log = self.directory / "virtuoso.log"
            tail = log.read_text(errors="replace")[-500:] if log.exists() else ""
            raise BenchError(f"{exc}: {' '.join(tail.split())}") from None
        clear = " ".join(f"SPARQL CLEAR GRAPH <{g}>;" for g in SAMPLE_GRAPHS)
        self.isql((GRANT_UPDATE + " " if grant_update else "") + clear)
        return self

    def isql(self, sql: str, timeout: float = 600) -> str:
        """Run SQL statements as ``dba``; their output. An error of any statement raises."""
        done = subprocess.run(
            [self.isql_path, f"127.0.0.1:{self.sql_port}", "dba", "dba", f"exec={sql}"],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        output = done.stdout + done.stderr
        if done.returncode != 0 or "*** Error" in output:
            message = output[output.find("*** Error") :] if "*** Error" in output else output
            raise BenchError(f"Virtuoso isql failed: {' '.join(message.split())[:500]}")
        return output

    def bulk_load(self, nquads: Path, expected: int) -> None:
        """Load an N-Quads file with the bulk loader; check it holds ``expected`` quads after."""
        folder, name = (
            str(part).replace("'", "''") for part in (nquads.parent.resolve(), nquads.name)
        )
        self.isql(f"ld_dir('{folder}', '{name}', '{DEFAULT_GRAPH}'); rdf_loader_run(); checkpoint;")
        errors = self.isql(
            "SELECT ll_file, ll_error FROM DB.DBA.LOAD_LIST WHERE ll_error IS NOT NULL;"
        )
        if "0 Rows." not in errors:
            raise BenchError(f"Virtuoso's bulk loader failed: {' '.join(errors.split())[-500:]}")
        answer = httpx.post(
            self.url,
            data={"query": COUNT_QUADS},
            headers={"Accept": "application/sparql-results+json"},
            timeout=120,
            trust_env=False,
        )
        if answer.status_code != 200:
            raise BenchError(f"Virtuoso could not count its quads: HTTP {answer.status_code}")
        loaded = int(answer.json()["results"]["bindings"][0]["n"]["value"])
        if loaded != expected:
            raise BenchError(f"Virtuoso holds {loaded} quads after the bulk load, not {expected}")

    def stop(self) -> None:
        """Terminate the server (and wait for it)."""
        terminate(self.process, 20)
        self.process = None


@contextmanager
def virtuoso_server(nquads: Path, quads: int, workdir: Path) -> Iterator[str]:
    """A read-only Virtuoso serving ``nquads`` (bulk-loaded and checked); yields its URL."""
    server = VirtuosoServer(workdir / "virtuoso", load_from=nquads.parent.resolve())
    server.start(grant_update=False)
    try:
        server.bulk_load(nquads, quads)
        yield server.url
    finally:
        server.stop()
