"""Chunking ranked candidates by K characters: order kept, never split, long sentences alone."""

from __future__ import annotations

import random

import pytest

from lgm_rdf.retrieve.chunking import chunk_by_size, chunk_candidates
from lgm_rdf.retrieve.model import Candidate, text_length


def _candidate(i: int, length: int) -> Candidate:
    return Candidate(f"urn:s{i}", "x" * length, "", "urn:d", "", i, "c", "self")


def test_chunks_fit_k_and_keep_order() -> None:
    rng = random.Random(3)
    items = [_candidate(i, rng.randint(1, 60)) for i in range(200)]
    chunks = chunk_candidates(items, 100)
    assert [c for chunk in chunks for c in chunk] == items
    assert all(text_length(chunk) <= 100 for chunk in chunks)
    # greedy: the next sentence would not have fitted in the previous chunk
    for before, after in zip(chunks, chunks[1:], strict=False):
        assert text_length([*before, after[0]]) > 100


def test_exact_fit_and_separator_counted() -> None:
    items = [_candidate(0, 49), _candidate(1, 50), _candidate(2, 1)]
    chunks = chunk_candidates(items, 100)
    assert [len(chunk) for chunk in chunks] == [2, 1]  # 49 + 1 + 50 = 100; + 2 more is over


def test_long_sentence_is_its_own_chunk() -> None:
    items = [_candidate(0, 10), _candidate(1, 500), _candidate(2, 10), _candidate(3, 10)]
    chunks = chunk_candidates(items, 50)
    assert [[c.sentence for c in chunk] for chunk in chunks] == [
        ["urn:s0"],
        ["urn:s1"],
        ["urn:s2", "urn:s3"],
    ]


def test_edge_cases() -> None:
    assert chunk_candidates([], 10) == []
    assert chunk_by_size(["ab", "cd", "e"], 2, len) == [["ab"], ["cd"], ["e"]]
    with pytest.raises(ValueError):
        chunk_by_size(["a"], 0, len)
