"""Splitting ranked candidate sentences into chunks of at most K characters (Algorithm 1, CHUNK)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from lgm_rdf.retrieve.model import Candidate

T = TypeVar("T")


def chunk_by_size(items: Sequence[T], k: int, size: Callable[[T], int]) -> list[list[T]]:
    """Consecutive groups of ``items`` whose sizes (plus one separator between items) fit in ``k``.

    Order is kept and an item is never split: an item larger than ``k`` on its own forms a
    chunk by itself. ``k`` must be at least 1.
    """
    if k < 1:
        raise ValueError(f"chunk size must be at least 1 character, not {k}")
    chunks: list[list[T]] = []
    current: list[T] = []
    used = 0
    for item in items:
        length = size(item)
        if current and used + 1 + length > k:
            chunks.append(current)
            current, used = [], 0
        used += length + (1 if current else 0)
        current.append(item)
    if current:
        chunks.append(current)
    return chunks


def chunk_candidates(candidates: Sequence[Candidate], k: int) -> list[list[Candidate]]:
    """Ranked candidates in chunks of at most ``k`` characters of original text, rank order kept.

    Each chunk satisfies ``text_length(chunk) <= k`` unless it is one sentence longer than ``k``.
    """
    return chunk_by_size(candidates, k, lambda c: len(c.text))
