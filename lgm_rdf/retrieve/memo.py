"""A bounded memo for per-question analyses (parses, links, nearest sentences)."""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class BoundedCache(OrderedDict[K, V]):
    """A dict that forgets its oldest entries beyond ``size`` (thread-safe enough for CPython:
    a lost entry only means a question is parsed again)."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            try:
                self.popitem(last=False)
            except KeyError:  # emptied by another thread meanwhile
                break
