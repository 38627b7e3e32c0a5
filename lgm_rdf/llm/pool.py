"""Bounded-concurrency map for parallel LLM calls (e.g. MARKSUPPORTING over chunks)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def map_bounded(
    fn: Callable[[T], R],
    items: Iterable[T],
    concurrency: int,
    on_done: Callable[[], None] | None = None,
) -> list[R]:
    """``[fn(x) for x in items]`` with at most ``concurrency`` calls running at once.

    Results come back in input order. ``concurrency <= 1`` (or a single item) runs in the
    calling thread. If a call raises, items not started yet are cancelled, calls already
    running are allowed to finish, and the exception of the earliest failed item (in input
    order) is raised. ``on_done`` is called once per finished item (e.g. a progress bar).
    """
    work = list(items)
    if concurrency <= 1 or len(work) <= 1:
        results = []
        for item in work:
            results.append(fn(item))
            if on_done is not None:
                on_done()
        return results

    with ThreadPoolExecutor(max_workers=min(concurrency, len(work))) as pool:
        futures: list[Future[R]] = [pool.submit(fn, item) for item in work]
        if on_done is not None:
            for future in futures:
                future.add_done_callback(lambda f: None if f.cancelled() else on_done())
        _, pending = wait(futures, return_when=FIRST_EXCEPTION)
        if pending:  # something failed: do not start what is still queued
            for future in pending:
                future.cancel()
            wait(pending)
    for future in futures:
        if not future.cancelled() and future.exception() is not None:
            raise future.exception()  # type: ignore[misc]
    return [future.result() for future in futures]
