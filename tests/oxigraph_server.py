"""Start and stop an ``oxigraph serve`` process on 127.0.0.1 for the remote-store tests."""

from __future__ import annotations

import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

from lgm_rdf.bench.serving.setup import free_port, oxigraph_binary, terminate

__all__ = ["OxigraphServer", "free_port", "oxigraph_binary", "terminate"]


class OxigraphServer:
    """One ``oxigraph serve`` process; ``url`` is its base URL once :meth:`start` returned."""

    def __init__(self, location: Path | None, union: bool = True) -> None:
        binary = oxigraph_binary()
        if binary is None:
            raise FileNotFoundError("the `oxigraph` server binary is not installed")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = [binary, "serve", "--bind", f"127.0.0.1:{self.port}"]
        if location is not None:
            self.args += ["--location", str(location)]
        if union:
            self.args.append("--union-default-graph")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, wait: float = 30.0) -> OxigraphServer:
        """Launch the server and wait until it answers HTTP."""
        self.process = subprocess.Popen(
            self.args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"oxigraph serve exited: {err.strip()}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=1):
                    return self
            except (urllib.error.URLError, OSError):
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"oxigraph serve did not answer on {self.url}")

    def stop(self) -> None:
        """Terminate the server process (and wait for it)."""
        terminate(self.process, 10)
        if self.process is not None and self.process.stderr:
            self.process.stderr.close()
        self.process = None
