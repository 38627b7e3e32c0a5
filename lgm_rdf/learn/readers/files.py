"""Files and directories: existence, sorted recursive walking, reading, decoding and text
normalisation."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from lgm_rdf.learn.readers.model import ReaderError


def existing(path: str | Path) -> Path:
    """``path`` (with ``~`` expanded) if it exists; raises ``ReaderError`` otherwise."""
    p = Path(path).expanduser()
    if not p.exists():
        raise ReaderError("no such file or directory", p)
    return p


def walk(root: Path) -> list[Path]:
    """Files under ``root``, sorted by relative path; hidden names and symlink loops skipped."""
    found: list[Path] = []
    visited: set[Path] = set()

    def visit(d: Path) -> None:
        real = d.resolve()
        if real in visited:
            return
        visited.add(real)
        try:
            entries = sorted(d.iterdir(), key=lambda e: e.name)
        except OSError:
            return
        for e in entries:
            if e.name.startswith("."):
                continue
            if e.is_dir():
                visit(e)
            else:
                found.append(e)

    visit(root)
    return sorted(found, key=lambda f: f.relative_to(root).parts)


def read_bytes(p: Path) -> bytes:
    """The bytes of file ``p``; ``ReaderError`` if it cannot be read or holds only whitespace."""
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise ReaderError(f"cannot read: {exc.strerror or exc}", p) from exc
    if not data.strip():
        raise ReaderError("empty file", p)
    return data


def decode(p: Path, encoding: str | None = None) -> str:
    """The text of file ``p`` (encoding detected unless given), newlines normalised;
    ``ReaderError`` if binary, undecodable or empty."""
    from lgm_rdf.learn.readers.encoding import decode_bytes

    text = normalise_newlines(decode_bytes(read_bytes(p), p, encoding))
    if not text.strip():
        raise ReaderError("empty file", p)
    return text


def normalise_newlines(text: str) -> str:
    """``text`` without a byte-order mark, with ``\\n`` newlines, NFC-normalised."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return unicodedata.normalize("NFC", text)


def clean_text(text: str) -> str:
    """Collapse whitespace (newlines included) to single spaces."""
    return " ".join(text.split())
