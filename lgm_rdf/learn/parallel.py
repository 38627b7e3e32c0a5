"""Learning on several cores: worker processes prepare documents, the parent writes them.

Each worker loads its own NLP pipeline once and turns batches of documents into
``DocumentGraph`` objects (parsing, coreference, concepts, SRG quads and the relations of the
extractors that need nothing but the parse). The parent receives the batches in input order
and runs everything that reads or writes the store (mention links, LLM extraction,
reflection, the atomic write of each document), so the quads are the same as with one process.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from lgm_rdf.learn.prepare import DocumentPreparer, local_extractors
from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.learn.srg import DocumentGraph
from lgm_rdf.ontology import IriMinter
from lgm_rdf.settings import Settings

POLL_SECONDS = 0.1
WINDOW_PER_WORKER = 2  # batches handed out per worker at most (one running, one waiting)
_WORKER: dict[str, DocumentPreparer] = {}


def available_cores() -> int:
    """The cores this process may run on (the default number of learn workers)."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13+
    if counter is not None:
        return max(1, counter() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _start_worker(settings: Settings, coref: bool) -> None:
    """Worker initialiser: ignore Ctrl-C (the parent decides) and load the NLP pipeline."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from lgm_rdf.nlp.factory import make_nlp

    _WORKER["preparer"] = DocumentPreparer(
        make_nlp(settings),
        IriMinter(settings.base_iri),
        extractors=local_extractors(settings.extractor),
        coref=coref,
    )


def _prepare(docs: list[SourceDocument]) -> list[DocumentGraph]:
    return _WORKER["preparer"].prepare(docs)


class WorkerPool:
    """``workers`` processes preparing batches of documents; results come back in order.

    At most ``window`` batches (default ``WINDOW_PER_WORKER`` per worker) are submitted and
    not yet returned at any time, so memory stays bounded whatever the size of the corpus.

    Started with the ``spawn`` method (no inherited store handles or threads). Ctrl-C is
    ignored in the workers: the parent polls ``should_stop`` and ends them at once.
    """

    def __init__(
        self, settings: Settings, workers: int, coref: bool = True, window: int = 0
    ) -> None:
        if workers < 1:
            raise ValueError("the number of learn workers must be at least 1")
        self.window = window if window > 0 else WINDOW_PER_WORKER * workers
        context = multiprocessing.get_context("spawn")
        # children inherit an ignored SIGINT, so a Ctrl-C during their start-up is harmless
        previous = signal.getsignal(signal.SIGINT)
        in_main = _is_main_thread()
        if in_main:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self._pool = context.Pool(workers, _start_worker, (settings, coref))
        finally:
            if in_main:
                signal.signal(signal.SIGINT, previous)
        self.workers = workers

    def prepare(
        self,
        batches: Iterable[list[SourceDocument]],
        should_stop: Callable[[], bool] | None = None,
    ) -> Iterator[list[DocumentGraph]]:
        """The prepared graphs of each batch, in the order of ``batches``.

        ``batches`` is read lazily: at most ``window`` batches are in the workers' hands or
        waiting to be taken (the input is never copied whole into the pool, and prepared
        results never pile up while this process is writing). Stops early (without waiting
        for the workers) once ``should_stop()`` is true. If reading ``batches`` fails, the
        batches already handed out are yielded first, then the error is raised.
        """
        source = iter(batches)
        in_flight: deque[Any] = deque()
        failure: BaseException | None = None
        while True:
            while failure is None and len(in_flight) < self.window:
                try:
                    batch = next(source)
                except StopIteration:
                    break
                except Exception as exc:  # keep what is already handed out, then re-raise
                    failure = exc
                    break
                in_flight.append(self._pool.apply_async(_prepare, (batch,)))
            if not in_flight:
                break
            head = in_flight[0]
            while not head.ready():
                if should_stop is not None and should_stop():
                    return
                head.wait(POLL_SECONDS)
            if should_stop is not None and should_stop():
                return
            in_flight.popleft()
            yield head.get()
        if failure is not None:
            raise failure

    def close(self) -> None:
        """End the workers now (work in progress is dropped)."""
        self._pool.terminate()
        self._pool.join()

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def kill_workers_now() -> None:
    """Kill every worker process of this process at once (before an immediate exit).

    Also ends multiprocessing's resource tracker, which would otherwise warn about the
    semaphores of the pool that an immediate exit leaves behind.
    """
    for child in multiprocessing.active_children():
        child.kill()
    from multiprocessing import resource_tracker

    tracker = getattr(resource_tracker, "_resource_tracker", None)
    pid = getattr(tracker, "_pid", None)
    if pid:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _is_main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()
