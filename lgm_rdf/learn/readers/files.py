"""Files and directories: existence, sorted recursive walking, reading, decoding and text
normalisation."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from lgm_rdf.learn.readers.model import ReaderError


def existing(path: str | Path) -> Path:
    """``path`` (with ``~`` expanded) if it exists; raises ``ReaderError`` otherwise."""
    p = Path(path).expanduser()
    if not p.exists() and not p.is_symlink():  # a looping link exists; it is reported later
        raise ReaderError("no such file or directory", p)
    return p


def walk(root: Path, on_skip: Callable[[Path, str], None] | None = None) -> list[Path]:
    """Files under ``root``, sorted by relative path; hidden names and symlink loops skipped.

    Directories that cannot be listed and entries that cannot be resolved (symlink loops) are
    reported with ``on_skip(path, reason)`` when given.
    """
    found: list[Path] = []
    visited: set[Path] = set()
    report = on_skip or (lambda path, reason: None)

    def visit(d: Path) -> None:
        real = resolved(d)
        if real is None:
            report(d, "symlink loop or unresolvable path")
            return
        if real in visited:
            return
        visited.add(real)
        try:
            entries = sorted(d.iterdir(), key=lambda e: e.name)
        except OSError as exc:
            report(d, f"cannot list directory: {exc.strerror or exc}")
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


def resolved(path: Path) -> Path | None:
    """``path`` with symlinks resolved, or ``None`` for a symlink loop or an unreadable link."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop (Python < 3.13)
        return None


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


# a word broken at a line end by the typesetter: the hyphen groff writes (U+2010) or a soft
# hyphen, then the word goes on in lower case on the next line ("fol‐\n  lowing"); not a word
# that has a hyphen of its own already ("state‐of‐the‐\nart": groff writes real hyphens so too)
_LINE_BREAK_HYPHEN = re.compile(
    r"(?<![^\s(\"'“‘])([^\W\d_][^\s\u2010]*)[\u2010\u00ad][ \t]*\n[ \t]*(?=[a-z])"
)


# a quotation as tokenised corpora write it (HotpotQA, MuSiQue, Penn Treebank tools): two grave
# accents open it, two apostrophes close it, often with the space on the wrong side
# ("``Friends in Low Places ''is a song", "are called`` Cool American''"); the parser reads
# neither as a quotation mark
_TYPEWRITER_QUOTE = re.compile(r"(\w)?``[ \t]?((?:[^`'\n]|'(?!'))+?)[ \t]?''(?=([^\s.,;:!?)\]])?)")


def typewriter_quotes(text: str) -> str:
    """``text`` with each quotation opened by two grave accents and closed by two apostrophes
    written with plain double quotes, set off by spaces from the words around it; a text that
    keeps a grave accent after that uses them for code ("Pass ``sep=''`` to") and is left as
    it is."""

    def plain(m: re.Match[str]) -> str:
        before = f"{m.group(1)} " if m.group(1) else ""
        return f'{before}"{m.group(2)}"' + (" " if m.group(3) else "")

    written = _TYPEWRITER_QUOTE.sub(plain, text)
    return text if "`" in written else written  # a grave accent left over marks code: "``sep=''``"


def clean_text(text: str) -> str:
    """Collapse whitespace (newlines included) to single spaces, joining a word that a
    typesetter hyphenated at a line end (see ``_LINE_BREAK_HYPHEN``)."""
    return " ".join(_LINE_BREAK_HYPHEN.sub(r"\1", text).split())
