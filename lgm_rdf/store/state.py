"""The state token of a KB on disk: one name for "the KB exactly as it is now".

Every write through a store (learn, forget, import, SPARQL Update) first marks the token
*dirty*, then writes, then gives the KB a fresh random token. A reader only trusts a clean
token, so anything derived from the KB and filed under its token (the persisted indexes of
asking, ``<kb>/indexes/``) is used only while no write has happened since. The token lives in
``<kb>/indexes/STATE``, survives restarts, and a write interrupted half-way leaves it dirty
(nothing cached is trusted) until the next read-write open gives the KB a fresh one.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

INDEX_DIR = "indexes"
STATE_FILE = "STATE"
DIRTY = "dirty-"


def new_token() -> str:
    """A fresh, never-repeated token."""
    return secrets.token_hex(12)


class StateFile:
    """The token file of one KB directory (``<kb>/indexes/STATE``)."""

    def __init__(self, kb: Path) -> None:
        self.kb = kb
        self.directory = kb / INDEX_DIR
        self.path = self.directory / STATE_FILE

    def read(self) -> str | None:
        """The token as written, or ``None`` when there is none (or it cannot be read)."""
        try:
            return self.path.read_text(encoding="ascii").strip() or None
        except (OSError, UnicodeDecodeError):
            return None

    def write(self, token: str) -> bool:
        """Replace the token atomically (a reader sees the old one or the new one)."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            tmp = self.directory / f".{STATE_FILE}.{os.getpid()}.partial"
            tmp.write_text(token + "\n", encoding="ascii")
            os.replace(tmp, self.path)
            return True
        except OSError:
            return False

    def clean(self, token: str | None) -> str | None:
        """``token`` if it names a settled state, else ``None``."""
        return token if token and not token.startswith(DIRTY) else None

    def open_read_write(self) -> str | None:
        """At a read-write open (this process holds the store's lock): the current clean token,
        or a fresh one when there is none or a write was interrupted."""
        token = self.clean(self.read())
        if token is None:
            token = new_token()
            if not self.write(token):
                return None
        return token

    def open_read_only(self) -> str | None:
        """Before a read-only open: the clean token, creating one for a KB that has none
        (a KB written before tokens existed). ``None`` when the directory is not writable."""
        token = self.read()
        if token is None and self.kb.is_dir():  # never create a KB that is not there
            candidate = new_token()
            with contextlib.suppress(OSError):
                self.directory.mkdir(parents=True, exist_ok=True)
                # exclusive create: never overwrite a token a writer put there meanwhile
                with open(self.path, "x", encoding="ascii") as handle:
                    handle.write(candidate + "\n")
            token = self.read()
        return self.clean(token)

    def begin_write(self) -> None:
        """Mark the KB as being written: nothing cached is trusted until ``end_write``."""
        self.write(DIRTY + new_token())

    def end_write(self) -> str | None:
        """The write is committed: give the KB a fresh token (returned)."""
        token = new_token()
        return token if self.write(token) else None
