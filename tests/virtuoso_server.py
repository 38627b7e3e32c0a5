"""Start and stop a Virtuoso Open-Source server on 127.0.0.1 for the remote-store tests.

Each server gets its own temporary database directory and ini file (free ports for SQL and
HTTP). After start-up the anonymous SPARQL user is allowed to update (the setting lgm_rdf
needs, see docs/scaling.md); everything binds 127.0.0.1 only.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from oxigraph_server import free_port, terminate

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
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
DirsAllowed = {dir}
[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {dir}
ServerThreads = 8
Charset = UTF-8
[SPARQL]
ResultSetMaxRows = 10000000
MaxQueryExecutionTime = 120
"""
# the anonymous SPARQL user may update (lgm_rdf writes through the SPARQL endpoint), and the
# sample graphs of a fresh database go (their rdfs:subClassOf triples would join the KB's
# union default graph); Virtuoso's own schema graph virtrdf# stays and lgm_rdf ignores it
SETUP = (
    'GRANT SPARQL_UPDATE TO "SPARQL"; '
    "SPARQL CLEAR GRAPH <http://www.w3.org/ns/ldp#>; "
    "SPARQL CLEAR GRAPH <http://localuriqaserver/sparql>;"
)


def virtuoso_binary() -> str | None:
    """The ``virtuoso-t`` server binary (Debian package ``virtuoso-opensource``), or None."""
    return shutil.which("virtuoso-t")


class VirtuosoServer:
    """One ``virtuoso-t`` process; ``url`` is its SPARQL endpoint once :meth:`start` returned."""

    def __init__(self, directory: Path) -> None:
        binary, isql = virtuoso_binary(), shutil.which("isql-vt") or shutil.which("isql")
        if binary is None or isql is None:
            raise FileNotFoundError("Virtuoso (virtuoso-t, isql-vt) is not installed")
        self.binary, self.isql = binary, isql
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.sql_port, self.http_port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.http_port}/sparql"
        (directory / "virtuoso.ini").write_text(
            INI.format(dir=directory, sql_port=self.sql_port, http_port=self.http_port)
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: float = 120.0) -> VirtuosoServer:
        """Launch the server in the foreground mode, wait until SPARQL answers, grant updates."""
        self.process = subprocess.Popen(
            [self.binary, "-f", "-c", str(self.directory / "virtuoso.ini")],
            cwd=self.directory,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        probe = self.url + "?" + urllib.parse.urlencode({"query": "ASK {}"})
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = (self.directory / "virtuoso.log").read_text(errors="replace")[-500:]
                raise RuntimeError(f"virtuoso-t exited: {log.strip()}")
            try:
                with urllib.request.urlopen(probe, timeout=2):
                    break
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        else:
            self.stop()
            raise RuntimeError(f"Virtuoso did not answer on {self.url}")
        subprocess.run(
            [self.isql, f"127.0.0.1:{self.sql_port}", "dba", "dba", f"exec={SETUP}"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        return self

    def stop(self) -> None:
        """Terminate the server (and wait for it)."""
        terminate(self.process, 20)
        self.process = None
