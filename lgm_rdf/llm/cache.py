"""Persistent LLM answer cache (SQLite) and the :class:`CachedChatModel` wrapper using it."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lgm_rdf.llm.base import ChatModel, Completion, LLMError, Message, Usage

_SCHEMA = """
CREATE TABLE IF NOT EXISTS llm_cache (
    key TEXT PRIMARY KEY,
    model TEXT NOT NULL,
    text TEXT NOT NULL,
    prompt_tokens INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    created REAL NOT NULL
)
"""


def cache_key(
    model: str,
    messages: Sequence[Message],
    json_mode: bool,
    temperature: float | None = None,
    max_tokens: int | None = None,
) -> str:
    """SHA-256 over everything that changes an answer: model, messages, JSON mode, parameters."""
    blob = json.dumps(
        {
            "model": model,
            "messages": [{"role": m["role"], "content": m["content"]} for m in messages],
            "json": bool(json_mode),
            "temperature": temperature,
            "max_tokens": max_tokens,
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class LLMCache:
    """Key → completion store in one SQLite file (WAL mode; safe across threads and processes).

    One connection is shared by all threads behind a lock; other processes using the same
    file are serialised by SQLite itself (``busy_timeout``).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(
                str(self.path), check_same_thread=False, isolation_level=None, timeout=30.0
            )
            self._setup()
        except (OSError, sqlite3.Error) as exc:
            raise LLMError(f"cannot open the LLM cache {self.path}: {exc}") from exc

    def _setup(self) -> None:
        """WAL mode and schema; retried because switching to WAL on a brand-new file can
        report 'database is locked' at once (no busy wait) when others open it too."""
        deadline = time.monotonic() + 30.0
        delay = 0.005
        while True:
            try:
                mode = self._conn.execute("PRAGMA journal_mode").fetchone()[0]
                if str(mode).lower() != "wal":
                    self._conn.execute("PRAGMA journal_mode=WAL")
                self._conn.execute("PRAGMA synchronous=NORMAL")
                self._conn.execute(_SCHEMA)
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 0.2)

    def get(self, key: str) -> Completion | None:
        """The stored completion for ``key`` (with its original token counts), or ``None``."""
        with self._lock:
            row = self._conn.execute(
                "SELECT text, prompt_tokens, completion_tokens FROM llm_cache WHERE key = ?",
                (key,),
            ).fetchone()
        if row is None:
            return None
        text, prompt_tokens, completion_tokens = row
        return Completion(text=text, usage=Usage(prompt_tokens, completion_tokens, calls=1))

    def put(self, key: str, completion: Completion, model: str = "") -> None:
        """Store (or replace) the completion for ``key``."""
        with self._lock:
            self._conn.execute(
                "INSERT OR REPLACE INTO llm_cache VALUES (?, ?, ?, ?, ?, ?)",
                (
                    key,
                    model,
                    completion.text,
                    completion.usage.prompt_tokens,
                    completion.usage.completion_tokens,
                    time.time(),
                ),
            )

    def __len__(self) -> int:
        with self._lock:
            return int(self._conn.execute("SELECT COUNT(*) FROM llm_cache").fetchone()[0])

    def clear(self) -> None:
        """Forget every cached answer."""
        with self._lock:
            self._conn.execute("DELETE FROM llm_cache")

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._conn.close()

    def __enter__(self) -> LLMCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class CachedChatModel:
    """Wraps any :class:`ChatModel` so a prompt already answered is never sent again.

    A hit returns ``Completion(cached=True)`` whose usage has ``calls=0``,
    ``cached_calls=1`` and zero tokens (nothing was spent). ``params`` are the
    generation parameters that take part in the key; by default the inner model's
    ``temperature`` and ``max_tokens`` attributes. Errors are never cached.
    """

    def __init__(
        self, inner: ChatModel, cache: LLMCache, params: Mapping[str, Any] | None = None
    ) -> None:
        self.inner = inner
        self.cache = cache
        if params is None:
            params = {
                "temperature": getattr(inner, "temperature", None),
                "max_tokens": getattr(inner, "max_tokens", None),
            }
        self.params = dict(params)

    @property
    def model(self) -> str:  # type: ignore[override]
        """The inner model's name."""
        return self.inner.model

    def key(self, messages: Sequence[Message], json: bool = False) -> str:
        """The cache key of one prompt (endpoint, model, messages, JSON mode, parameters).

        The endpoint takes part so that the same model name on two servers never shares
        answers.
        """
        endpoint = getattr(self.inner, "endpoint", None)
        return cache_key(
            f"{self.model}@{endpoint}" if endpoint else self.model,
            messages,
            json,
            temperature=self.params.get("temperature"),
            max_tokens=self.params.get("max_tokens"),
        )

    def lookup(self, messages: Sequence[Message], json: bool = False) -> Completion | None:
        """The cached answer to a prompt, if any, without calling the model."""
        return self.cache.get(self.key(messages, json))

    def complete(self, messages: Sequence[Message], json: bool = False) -> Completion:
        """Answer from the cache when possible, else ask the inner model and store its answer."""
        key = self.key(messages, json)
        hit = self.cache.get(key)
        if hit is not None:
            return Completion(text=hit.text, usage=Usage(cached_calls=1), cached=True)
        completion = self.inner.complete(messages, json=json)
        self.cache.put(key, completion, model=self.model)
        return completion
