"""Query isolation: untrusted SPARQL runs in worker processes that can really be stopped.

pyoxigraph cannot cancel a query, and a thread cannot be killed, so each query is sent to a
worker process (``lgm_rdf.store.isolation.worker``) that has a snapshot of the KB open
read-only and a memory limit. At the deadline the worker is killed (its CPU and memory are
freed at once) and a fresh one takes its place. There are two lanes:

* ``general``: ``workers`` processes for any query, at a lower CPU priority (nice 10) than
  the server itself; a query waits for a free one, but never past its deadline;
* ``reserve``: ``reserve`` processes kept for cheap queries (a single triple pattern or none,
  no sorting, grouping or paths; ``ASK {}`` is one) when every general worker is busy. A
  query in the reserve lane gets at most ``reserve_timeout`` seconds, so it cannot hold the
  lane either.

Workers are started by one long-lived thread, so ``PR_SET_PDEATHSIG`` kills them with the
server whatever ends it.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import lgm_rdf
from lgm_rdf.settings import Settings
from lgm_rdf.store.isolation.results import QueryLimitError
from lgm_rdf.store.isolation.screening import Dataset, is_cheap
from lgm_rdf.store.isolation.snapshots import Snapshots

LANES = ("general", "reserve")
# general workers yield the CPU to the server's front end and to the reserve lane, so a
# cheap request is not starved by runaway queries on a busy machine
NICENESS = {"general": 10, "reserve": 0}
RETIRE_AFTER = 5.0  # seconds an extra idle worker is kept before it is stopped
_READ = 65536


@dataclass
class QueryAnswer:
    """A worker's answer: the serialised result with its content type."""

    content_type: str
    body: bytes
    truncated: bool = False  # the result was cut at its cap (``evaluate(..., truncate=True)``)


class _Stopped(Exception):
    """The worker ended (killed at the deadline, out of memory, or the pool closed)."""


class Worker:
    """One worker process and its pipes."""

    def __init__(self, lane: str, memory_mb: int) -> None:
        self.lane = lane
        root = str(Path(lgm_rdf.__file__).resolve().parents[1])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "lgm_rdf.store.isolation.worker",
                str(os.getpid()),
                str(memory_mb),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=True,  # Ctrl-C in a terminal goes to the server only
        )
        with contextlib.suppress(OSError):  # at once: its start-up counts too
            os.setpriority(os.PRIO_PROCESS, self.process.pid, NICENESS[lane])
        self._out = self.process.stdout.fileno()  # type: ignore[union-attr]
        self._buffer = bytearray()
        self.idle_since = time.monotonic()

    def ask(self, request: dict[str, Any], deadline: float) -> tuple[dict[str, Any], bytes]:
        """Send one request; its header and body. Raises ``TimeoutError`` or ``_Stopped``."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            stdin.flush()
        except (BrokenPipeError, ValueError):
            raise _Stopped() from None
        self._read_until(lambda: b"\n" in self._buffer, deadline)
        end = self._buffer.index(b"\n")
        header = json.loads(bytes(self._buffer[:end]))
        del self._buffer[: end + 1]
        length = int(header.get("length", 0))
        self._read_until(lambda: len(self._buffer) >= length, deadline)
        body = bytes(self._buffer[:length])
        del self._buffer[:length]
        return header, body

    def _read_until(self, done: Any, deadline: float) -> None:
        while not done():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError()
            try:
                ready, _, _ = select.select([self._out], [], [], remaining)
            except (OSError, ValueError):
                raise _Stopped() from None
            if not ready:
                raise TimeoutError()
            chunk = os.read(self._out, _READ)
            if not chunk:
                raise _Stopped()
            self._buffer += chunk  # a bytearray grows in place

    def kill(self) -> None:
        """Stop the process now and reap it."""
        with contextlib.suppress(OSError):
            self.process.send_signal(signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=5)
        for pipe in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                pipe.close()  # type: ignore[union-attr]

    @property
    def aborted(self) -> bool:
        """True when the process ended by itself with SIGABRT (how Rust reports no memory)."""
        try:
            return self.process.wait(timeout=5) == -signal.SIGABRT
        except subprocess.TimeoutExpired:
            return False


class QueryPool:
    """Bounded, killable evaluation of user queries over snapshots of the KB."""

    def __init__(
        self,
        snapshots: Snapshots,
        timeout: float,
        max_results: int,
        workers: int = 4,
        reserve: int = 1,
        memory_mb: int = 1024,
        reserve_timeout: float = 2.0,
    ) -> None:
        self.snapshots = snapshots
        self.timeout = timeout
        self.max_results = max_results
        self.memory_mb = memory_mb
        self.reserve_timeout = reserve_timeout
        self._limit = {"general": max(1, workers), "reserve": max(0, reserve)}
        self._slots = {lane: threading.Semaphore(n) for lane, n in self._limit.items()}
        self._idle: dict[str, list[Worker]] = {lane: [] for lane in LANES}
        self._live = dict.fromkeys(LANES, 0)  # idle + busy + ordered
        self._busy: set[Worker] = set()
        self._cond = threading.Condition()
        self._orders: queue.Queue[str | None] = queue.Queue()
        self._failure: str | None = None
        self._closed = False
        self._spawner = threading.Thread(target=self._spawn_loop, name="lgm-spawner", daemon=True)
        self._spawner.start()

    @classmethod
    def of_store(cls, store: Any, settings: Settings, workers: int | None = None) -> QueryPool:
        """A pool over snapshots of ``store`` with the ``server_query_*`` limits of ``settings``."""
        return cls(
            Snapshots(store),
            timeout=settings.server_query_timeout,
            max_results=settings.server_max_results,
            workers=workers or settings.server_query_workers,
            memory_mb=settings.server_query_memory,
        )

    # -- evaluating -------------------------------------------------------------------------
    def evaluate(
        self,
        query: str,
        accept: str | None = None,
        formats: list[str] | None = None,
        dataset: Dataset | None = None,
        union: bool = True,
        max_results: int | None = None,
        truncate: bool = False,
    ) -> QueryAnswer:
        """Evaluate ``query``; raises ``QueryLimitError`` with the HTTP status on any failure.

        The default graph is the union of all named graphs (``union``) unless ``dataset``
        names the graphs; ``union=False`` leaves the dataset to the query's ``FROM``. A result
        over ``max_results`` (at most the pool's) is an error, or with ``truncate`` is cut there.
        """
        started = time.monotonic()
        lane = self._take_slot(is_cheap(query) and dataset is None, started)
        try:
            limit = self.timeout if lane == "general" else min(self.timeout, self.reserve_timeout)
            deadline = started + limit
            request: dict[str, Any] = {
                "query": query,
                "accept": accept,
                "formats": formats or [],
                "max_results": min(max_results or self.max_results, self.max_results),
                "truncate": truncate,
                "union": union,
            }
            if dataset is not None:
                request["dataset"] = {"default": dataset.default, "named": dataset.named}
            with self.snapshots.use() as (path, kind):
                request.update(snapshot=path, kind=kind)
                header, body = self._run(lane, request, deadline, limit)
        finally:
            self._slots[lane].release()
        if header["status"] != 200:
            if header.get("message") == "memory":
                raise QueryLimitError(503, self._memory_message())
            raise QueryLimitError(int(header["status"]), str(header.get("message", "")))
        return QueryAnswer(str(header["type"]), body, bool(header.get("truncated")))

    def _take_slot(self, cheap: bool, started: float) -> str:
        if self._closed:
            raise QueryLimitError(503, "the server is shutting down")
        reserve = cheap and self._limit["reserve"] > 0
        with self._cond:  # a cheap query does not wait for a general worker to start
            ready = bool(self._idle["general"]) or not (reserve and self._idle["reserve"])
        if ready and self._slots["general"].acquire(blocking=False):
            return "general"
        if reserve:
            reserve_wait = min(self.timeout, self.reserve_timeout)
            if self._slots["reserve"].acquire(timeout=reserve_wait):
                return "reserve"
        remaining = started + self.timeout - time.monotonic()
        if remaining > 0 and self._slots["general"].acquire(timeout=remaining):
            return "general"
        raise QueryLimitError(503, self._busy_message())

    def _run(
        self, lane: str, request: dict[str, Any], deadline: float, limit: float
    ) -> tuple[dict[str, Any], bytes]:
        worker = self._checkout(lane, deadline)
        try:
            header, body = worker.ask(request, deadline)
        except TimeoutError:
            self._discard(worker)
            raise QueryLimitError(503, self._timeout_message(lane, limit)) from None
        except _Stopped:
            aborted = worker.aborted
            self._discard(worker)
            if self._closed:
                raise QueryLimitError(503, "the server is shutting down") from None
            if aborted:
                raise QueryLimitError(503, self._memory_message()) from None
            raise QueryLimitError(500, "the query process failed (see the server log)") from None
        self._checkin(worker)
        return header, body

    # -- workers ----------------------------------------------------------------------------
    def _checkout(self, lane: str, deadline: float) -> Worker:
        with self._cond:
            while not self._idle[lane]:
                if self._closed:
                    raise QueryLimitError(503, "the server is shutting down")
                if self._failure:
                    raise QueryLimitError(500, self._failure)
                if self._live[lane] < self._limit[lane]:
                    self._order(lane)
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise QueryLimitError(503, self._busy_message())
                self._cond.wait(remaining)
            worker = self._idle[lane].pop()
            self._busy.add(worker)
            return worker

    def _checkin(self, worker: Worker) -> None:
        with self._cond:
            self._busy.discard(worker)
            if self._closed:
                worker.kill()
                return
            worker.idle_since = time.monotonic()
            self._idle[worker.lane].append(worker)
            self._cond.notify_all()

    def _discard(self, worker: Worker) -> None:
        """Kill ``worker`` and order a fresh one in its place."""
        worker.kill()
        with self._cond:
            self._busy.discard(worker)
            self._live[worker.lane] -= 1
            if not self._closed:
                self._order(worker.lane)

    def _order(self, lane: str) -> None:
        self._live[lane] += 1  # caller holds the condition's lock
        self._orders.put(lane)

    def _spawn_loop(self) -> None:
        while True:
            try:
                lane = self._orders.get(timeout=1.0)
            except queue.Empty:
                self._retire()
                continue
            if lane is None:
                return
            try:
                worker = Worker(lane, self.memory_mb)
            except OSError as exc:
                with self._cond:
                    self._live[lane] -= 1
                    self._failure = f"cannot start a query process: {exc}"
                    self._cond.notify_all()
                continue
            with self._cond:
                if self._closed:
                    worker.kill()
                    return
                self._idle[lane].append(worker)
                self._cond.notify_all()

    def _retire(self) -> None:
        """Stop idle workers beyond one per lane once they have idled ``RETIRE_AFTER`` s.

        After a burst the pool shrinks back, and a worker's memory goes back to the system.
        """
        now, retired = time.monotonic(), []
        with self._cond:
            for lane in LANES:
                idle = self._idle[lane]
                idle.sort(key=lambda w: w.idle_since)
                while len(idle) > 1 and now - idle[0].idle_since > RETIRE_AFTER:
                    retired.append(idle.pop(0))
                    self._live[lane] -= 1
        for worker in retired:
            worker.kill()

    def busy_pids(self) -> set[int]:
        """Process ids of the workers running a query now."""
        with self._cond:
            return {worker.process.pid for worker in self._busy}

    def warm(self) -> None:
        """Start one worker per lane now, so the first queries do not wait for one."""
        with self._cond:
            for lane in LANES:
                if self._limit[lane] and self._live[lane] == 0:
                    self._order(lane)

    def close(self) -> None:
        """Kill every worker (running queries answer 503) and drop the snapshots."""
        with self._cond:
            self._closed = True
            workers = [w for lane in LANES for w in self._idle[lane]] + list(self._busy)
            self._idle = {lane: [] for lane in LANES}
            self._cond.notify_all()
        self._orders.put(None)
        for worker in workers:
            worker.kill()
        self._spawner.join(timeout=5)
        self.snapshots.close()

    # -- messages ---------------------------------------------------------------------------
    def _timeout_message(self, lane: str, limit: float) -> str:
        if lane == "reserve":
            return (
                f"every query worker was busy, and the query did not finish within {limit:g} s "
                f"in the one kept for small queries; try again later or add a LIMIT"
            )
        return (
            f"the query did not finish within {limit:g} s (server_query_timeout); "
            f"narrow it or add a LIMIT"
        )

    def _memory_message(self) -> str:
        return (
            f"the query needed more than {self.memory_mb} MB of memory (server_query_memory); "
            f"narrow it or add a LIMIT"
        )

    def _busy_message(self) -> str:
        return (
            f"every query worker stayed busy for {self.timeout:g} s (server_query_workers); "
            f"try again later"
        )
