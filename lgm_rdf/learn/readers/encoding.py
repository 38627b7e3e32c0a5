"""Bytes to text: byte-order marks, UTF-8, UTF-16/32 without a mark, and legacy encodings
detected with charset-normalizer; ``encoding=`` overrides detection."""

from __future__ import annotations

import codecs
from pathlib import Path

from lgm_rdf.learn.readers.model import ReaderError

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Western European text decodes "plausibly" in several code pages; prefer Windows-1252 (a
# superset of Latin-1's printable range) when the detector rates it about as well as its pick.
_WESTERN = ("cp1252", "latin_1", "iso8859_15")
_CHAOS_MARGIN = 0.1


def check_encoding(name: str) -> str:
    """The canonical codec name of ``name``; ``ValueError`` for an unknown encoding."""
    try:
        return codecs.lookup(name).name
    except LookupError as exc:
        raise ValueError(f"unknown text encoding {name!r}") from exc


def decode_bytes(data: bytes, where: Path | str, encoding: str | None = None) -> str:
    """Decode a text file's bytes; ``ReaderError`` if they are not text.

    With ``encoding`` the bytes must decode in it; otherwise a byte-order mark decides, then
    UTF-8, then UTF-16 without a mark (ASCII-range text with every other byte zero), then
    charset-normalizer's best guess.
    """
    if encoding is not None:
        try:
            text = data.decode(check_encoding(encoding))
        except UnicodeDecodeError as exc:
            raise ReaderError(f"not {encoding} text (byte {exc.start})", where) from exc
    else:
        text = _detect(data, where)
    return text


def _detect(data: bytes, where: Path | str) -> str:
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec)
            except UnicodeDecodeError as exc:
                raise ReaderError(f"broken {codec} text after its byte-order mark", where) from exc
    if b"\x00" not in data:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    else:
        wide = _utf16_without_bom(data)
        if wide is not None:
            return wide
        raise ReaderError("binary file, not text", where)
    return _legacy(data, where)


def _utf16_without_bom(data: bytes) -> str | None:
    if len(data) % 2:
        return None
    even_zeros = data[0::2].count(0)
    odd_zeros = data[1::2].count(0)
    half = len(data) // 2
    codec = (
        "utf-16-be" if even_zeros > 0.4 * half else "utf-16-le" if odd_zeros > 0.4 * half else None
    )
    if codec is None:
        return None
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    return text if "\x00" not in text else None


def _legacy(data: bytes, where: Path | str) -> str:
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data))
    if not matches:
        raise ReaderError("binary file or unknown text encoding (try --encoding)", where)
    best = matches[0]
    for match in matches:
        names = {match.encoding, *match.could_be_from_charset}
        if names & set(_WESTERN) and match.chaos <= best.chaos + _CHAOS_MARGIN:
            return (
                data.decode("cp1252", errors="strict")
                if _cp1252_ok(data)
                else data.decode("latin_1")
            )
    return str(best)


def _cp1252_ok(data: bytes) -> bool:
    try:
        data.decode("cp1252")
    except UnicodeDecodeError:
        return False
    return True
