"""What ``LanguageGraph.learn`` accepts: paths, directories, raw texts and documents."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from lgm_rdf.learn.readers import (
    SUPPORTED_SUFFIXES,
    ReaderError,
    SourceDocument,
    read_paths,
    read_text,
)

PathOrText = str | Path | SourceDocument
_PATHLIKE_SUFFIXES = tuple(sorted(SUPPORTED_SUFFIXES))


def collect_documents(
    items: Iterable[PathOrText] | PathOrText,
    on_skip: Callable[[Path, str], None] | None = None,
    encoding: str | None = None,
) -> Iterator[SourceDocument]:
    """Paths (files, directories), raw texts and ``SourceDocument`` objects as documents.

    A ``Path`` or a string naming an existing path is read (text files in ``encoding`` if
    given, else in the detected one); a string that looks like a path but does not exist is an
    error; any other string is learned as text.
    """
    if isinstance(items, str | Path | SourceDocument):
        items = [items]
    for item in items:
        if isinstance(item, SourceDocument):
            yield item
        elif isinstance(item, Path) or _looks_like_path(item):
            yield from read_paths([item], on_skip=on_skip, encoding=encoding)
        else:
            digest = hashlib.sha256(item.encode("utf-8")).hexdigest()[:16]
            yield read_text(item, doc_id=f"text:{digest}")


def _looks_like_path(text: str) -> bool:
    """A string is a path if it exists, or is a single line ending in a known suffix."""
    if "\n" in text or len(text) > 4096:
        return False
    if Path(text).exists():
        return True
    if text.lower().endswith(_PATHLIKE_SUFFIXES) or text.endswith(("/", "\\")):
        raise ReaderError(f"{text}: no such file or directory")
    return False
