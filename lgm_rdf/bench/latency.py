"""Latency summaries shared by the benchmarks that time many calls (query scale, serving)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50, p90, p99 (linear interpolation), max and mean of ``values``."""
    if not values:
        return {
            "p50": math.nan,
            "p90": math.nan,
            "p99": math.nan,
            "max": math.nan,
            "mean": math.nan,
        }
    ordered = sorted(values)

    def at(q: float) -> float:
        pos = q * (len(ordered) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(ordered) - 1)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    return {
        "p50": at(0.5),
        "p90": at(0.9),
        "p99": at(0.99),
        "max": ordered[-1],
        "mean": sum(ordered) / len(ordered),
    }
