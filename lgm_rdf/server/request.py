"""The parsed HTTP request handed to route handlers, and the server state they share."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

from lgm_rdf.server.http import FORM, media_type, parse_form
from lgm_rdf.settings import Settings
from lgm_rdf.store.isolation.pool import QueryPool


@dataclass
class Request:
    """One request: method, path, query-string parameters, headers and the body (read whole)."""

    method: str
    path: str
    params: dict[str, list[str]]
    headers: Message
    body: bytes = b""
    host: str = "127.0.0.1"

    @property
    def content_type(self) -> str:
        """The bare media type of the body."""
        return media_type(self.headers.get("Content-Type"))

    def all_params(self) -> dict[str, list[str]]:
        """Query-string parameters plus those of a form-encoded body."""
        merged = {k: list(v) for k, v in self.params.items()}
        if self.method == "POST" and self.content_type == FORM:
            for key, values in parse_form(self.body).items():
                merged.setdefault(key, []).extend(values)
        return merged


@dataclass
class ServerState:
    """What every handler needs: the graph, its settings, the write lock and the query pool."""

    graph: Any  # LanguageGraph (Any keeps this module free of the heavy import)
    settings: Settings
    pool: QueryPool
    write_lock: threading.Lock = field(default_factory=threading.Lock)

    def wrote(self) -> None:
        """After a write (under the write lock): later queries must see it."""
        self.pool.snapshots.refresh()

    @property
    def updates_enabled(self) -> bool:
        """True when an update token is configured."""
        return bool(self.settings.server_token)
