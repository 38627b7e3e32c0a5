"""map_bounded ordering, concurrency bound and failure handling; ScriptedChatModel basics."""

from __future__ import annotations

import threading
import time

import pytest

from lgm_rdf.llm.base import ChatModel, Usage, UsageMeter
from lgm_rdf.llm.pool import map_bounded
from lgm_rdf.llm.scripted import ScriptedChatModel


def test_results_in_input_order() -> None:
    def slow_square(x: int) -> int:
        time.sleep(0.001 * (20 - x))  # later items finish first
        return x * x

    assert map_bounded(slow_square, range(20), concurrency=8) == [x * x for x in range(20)]
    assert map_bounded(slow_square, [], concurrency=8) == []
    assert map_bounded(slow_square, [3], concurrency=8) == [9]
    assert map_bounded(slow_square, range(5), concurrency=1) == [x * x for x in range(5)]


@pytest.mark.parametrize("limit", [1, 3])
def test_at_most_n_run_at_once(limit: int) -> None:
    lock = threading.Lock()
    running = 0
    peak = 0

    def work(x: int) -> int:
        nonlocal running, peak
        with lock:
            running += 1
            peak = max(peak, running)
        time.sleep(0.01)
        with lock:
            running -= 1
        return x

    done: list[int] = []
    assert map_bounded(work, range(12), concurrency=limit, on_done=lambda: done.append(1)) == list(
        range(12)
    )
    assert peak == limit
    assert len(done) == 12


def test_failure_propagates_and_stops_queued_work() -> None:
    started: list[int] = []

    def work(x: int) -> int:
        started.append(x)
        if x == 1:
            raise ValueError("item 1 failed")
        time.sleep(0.01)
        return x

    with pytest.raises(ValueError, match="item 1 failed"):
        map_bounded(work, range(50), concurrency=2)
    assert len(started) < 50


def test_scripted_model_records_and_runs_out() -> None:
    model = ScriptedChatModel(["one", "two"], model="fake")
    assert isinstance(model, ChatModel)
    first = model.complete([{"role": "user", "content": "hello there"}], json=True)
    assert first.text == "one" and first.usage.calls == 1 and first.usage.prompt_tokens > 0
    assert model.complete([{"role": "user", "content": "again"}]).text == "two"
    assert model.calls[0] == [{"role": "user", "content": "hello there"}]
    assert model.json_flags == [True, False]
    with pytest.raises(AssertionError, match="ran out"):
        model.complete([{"role": "user", "content": "third"}])


def test_scripted_function_under_concurrency() -> None:
    model = ScriptedChatModel(lambda msgs: msgs[-1]["content"].upper())
    meter = UsageMeter()

    def ask(text: str) -> str:
        out = model.complete([{"role": "user", "content": text}])
        meter.add(out.usage)
        return out.text

    words = [f"w{i}" for i in range(30)]
    assert map_bounded(ask, words, concurrency=6) == [w.upper() for w in words]
    assert meter.total.calls == 30 and len(model.calls) == 30
    assert meter.reset().calls == 30 and meter.total == Usage()


def test_usage_addition() -> None:
    total = Usage(1, 2, 3, 4) + Usage(10, 20, 30, 40)
    assert total == Usage(11, 22, 33, 44)
    assert total.total_tokens == 33
    assert total.as_dict()["cached_calls"] == 44
