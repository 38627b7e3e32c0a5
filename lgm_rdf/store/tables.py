"""Verifying the block checksums of RocksDB table files (``*.sst``) directly, without RocksDB.

Oxigraph keeps a KB in RocksDB, whose table files are written once and never changed. Every
block of a block-based table is followed by a 5-byte trailer: its compression type and a
32-bit checksum of the block and that type byte. The file ends with a footer (53 bytes for
format versions 1 and later) that names the checksum type and leads, through the metaindex
block, to the index block, whose entries hold the offset and size of each data block.
Reading that map and checking every block's checksum costs a hash of the file: far cheaper
than reading the same data back through queries, so a KB's tables can be checked before a
query meets a damaged block (which can make Oxigraph's aggregates retry forever).

Supported: the block-based table format, format versions 2 to 7 (context-aware checksums
from 6 on; Oxigraph 0.5 writes 5 and 7), XXH3 checksums (what Oxigraph's RocksDB writes; the
``xxhash`` package), index blocks stored plain or LZ4-compressed. Anything else raises
``UnsupportedTable``, and the caller falls back to reading the store. Every checksum is
verified before a block is decoded, so a misread map can only give ``UnsupportedTable``,
never a sound file called damaged.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

BLOCK_BASED_MAGIC = 0x88E241B785F4CFF7
FOOTER_SIZE = 53  # checksum type, 40 bytes of handles or extended fields, version, magic
TRAILER = 5  # compression type + checksum after every block
EXTENDED_MAGIC = b"\x3e\x00\x7a\x00"  # part 2 of the footer from format version 6 on
XXH3 = 4  # the checksum type byte of XXH3 in a footer
LAST_BYTE_PRIME = 0x6B9083D9  # XXH3 checksums fold the trailer's type byte in with it
NO_COMPRESSION, LZ4, LZ4HC = 0, 4, 5
CHUNK = 8 << 20  # bytes read at a time
MASK32 = 0xFFFFFFFF


class TableDamaged(Exception):
    """A table file's bytes do not match their checksums (or the file is cut short)."""


class TableIncomplete(TableDamaged):
    """A table file with no footer at its end: cut short, or still being written."""


class UnsupportedTable(Exception):
    """A table file this module cannot read (another format, checksum or compression)."""


@dataclass
class TableReport:
    """What one table file held: blocks whose checksum matched, bytes they cover."""

    blocks: int = 0
    bytes: int = 0
    size: int = 0
    column_family: str | None = None  # Oxigraph's name of the index the file belongs to


def _varint(buf: bytes | memoryview, pos: int) -> tuple[int, int]:
    byte = buf[pos] if pos < len(buf) else 0x100
    if byte < 0x80:  # most varints of an index are one byte
        return byte, pos + 1
    value = shift = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise UnsupportedTable("a varint runs past its block")
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7


def _checksummer(kind: int) -> Callable[[memoryview], int]:
    """The function computing RocksDB's checksum of type ``kind`` over block + type byte.

    Only XXH3 (type 4, what Oxigraph's RocksDB writes) is supported: it is the one checked
    against real files. Other types raise ``UnsupportedTable``, so such a KB is probed by
    reading it rather than risk calling a sound file damaged.
    """
    if kind != XXH3:
        raise UnsupportedTable(f"checksum type {kind} (only XXH3, type {XXH3}, is checked)")
    try:
        import xxhash
    except ImportError:
        raise UnsupportedTable("the xxhash package is not installed") from None
    xxh3 = xxhash.xxh3_64_intdigest

    def xxh3_last(data: memoryview) -> int:  # XXH3 of all but the last byte, then that byte
        if not data:
            return 0
        return (xxh3(data[:-1]) & MASK32) ^ ((data[-1] * LAST_BYTE_PRIME) & MASK32)

    return xxh3_last


def context_modifier(base: int, offset: int) -> int:
    """What format version 6 adds to a block's checksum, from the file's base and the offset."""
    if base == 0:
        return 0
    return (base ^ (((offset & MASK32) + (offset >> 32)) & MASK32)) & MASK32


@dataclass
class _Footer:
    version: int
    checksum: Callable[[memoryview], int]
    base: int  # context checksum base (0 before format version 6)
    metaindex: tuple[int, int]
    index: tuple[int, int] | None  # in the metaindex from format version 6 on


def read_footer(tail: bytes, size: int) -> _Footer:
    """Decode the footer from the file's last ``FOOTER_SIZE`` bytes (``size``: the file's)."""
    if size < FOOTER_SIZE or len(tail) < FOOTER_SIZE:
        raise TableIncomplete(f"{size} bytes is too short for a table file")
    (magic,) = struct.unpack_from("<Q", tail, FOOTER_SIZE - 8)
    if magic != BLOCK_BASED_MAGIC:
        raise TableIncomplete(f"bad table magic number {magic:#x}")
    (version,) = struct.unpack_from("<I", tail, FOOTER_SIZE - 12)
    if not 2 <= version <= 7:
        raise UnsupportedTable(f"table format version {version}")
    kind = tail[0]
    checksum = _checksummer(kind)
    footer_offset = size - FOOTER_SIZE
    if version < 6:
        meta_offset, pos = _varint(tail, 1)
        meta_size, pos = _varint(tail, pos)
        index_offset, pos = _varint(tail, pos)
        index_size, pos = _varint(tail, pos)
        return _Footer(version, checksum, 0, (meta_offset, meta_size), (index_offset, index_size))
    if tail[1:5] != EXTENDED_MAGIC:
        raise TableDamaged("bad extended magic number in the footer")
    stored, base, meta_size = struct.unpack_from("<III", tail, 5)
    blank = bytearray(tail[:FOOTER_SIZE])
    blank[5:9] = b"\0\0\0\0"
    computed = (checksum(memoryview(blank)) + context_modifier(base, footer_offset)) & MASK32
    if computed != stored:
        raise TableDamaged(f"footer checksum mismatch at offset {footer_offset}")
    meta_end = footer_offset - TRAILER
    return _Footer(version, checksum, base, (meta_end - meta_size, meta_size), None)


def _lz4_length(src: memoryview, pos: int, length: int) -> tuple[int, int]:
    """A length of 15 in a token goes on in the bytes after it, while they are 255."""
    if length == 15:
        while True:
            extra = src[pos]
            pos += 1
            length += extra
            if extra != 255:
                break
    return length, pos


def _lz4_block(src: memoryview, out_size: int) -> bytes:
    """Decode one raw LZ4 block (the LZ4 block format: literal runs and back-references)."""
    out = bytearray()
    pos, end = 0, len(src)
    try:
        while pos < end:
            token = src[pos]
            run, pos = _lz4_length(src, pos + 1, token >> 4)
            out += src[pos : pos + run]
            pos += run
            if pos >= end:
                break
            back = src[pos] | (src[pos + 1] << 8)
            length, pos = _lz4_length(src, pos + 2, token & 15)
            if back == 0 or back > len(out):
                raise UnsupportedTable("an LZ4 back-reference points before the block")
            start = len(out) - back
            for k in range(length + 4):  # may overlap what it writes
                out.append(out[start + k])
    except IndexError:
        raise UnsupportedTable("an LZ4 block ends inside a sequence") from None
    if len(out) != out_size:
        raise UnsupportedTable("an LZ4 block decodes to another size than it declares")
    return bytes(out)


def _contents(raw: memoryview, kind: int) -> memoryview:
    """The uncompressed bytes of a block whose trailer says ``kind``."""
    if kind == NO_COMPRESSION:
        return raw
    if kind in (LZ4, LZ4HC):
        out_size, pos = _varint(raw, 0)
        return memoryview(_lz4_block(raw[pos:], out_size))
    raise UnsupportedTable(f"an index block compressed with type {kind}")


def block_entries(block: memoryview) -> dict[bytes, memoryview]:
    """The entries of a block that stores value lengths (metaindex, properties), by key."""
    limit = _entries_end(block)
    entries: dict[bytes, memoryview] = {}
    key = b""
    pos = 0
    while pos < limit:
        shared, pos = _varint(block, pos)
        fresh, pos = _varint(block, pos)
        length, pos = _varint(block, pos)
        key = key[:shared] + bytes(block[pos : pos + fresh])
        pos += fresh
        entries[key] = block[pos : pos + length]
        pos += length
    if pos != limit:
        raise UnsupportedTable("a block entry runs past the block")
    return entries


def _handle(value: memoryview) -> tuple[int, int]:
    offset, pos = _varint(value, 0)
    size, _ = _varint(value, pos)
    return offset, size


def _unzigzag(n: int) -> int:
    return (n >> 1) ^ -(n & 1)


class _Reader:
    """Reads a table file's blocks in file order, a large chunk at a time."""

    def __init__(self, fd: int, footer: _Footer, report: TableReport) -> None:
        self.fd, self.footer, self.report = fd, footer, report
        self.start, self.data = 0, memoryview(b"")

    def block(self, offset: int, size: int) -> memoryview:
        """The verified block at ``offset`` followed by its compression type byte."""
        self.blocks([(offset, size)])
        at = offset - self.start
        return self.data[at : at + size + 1]

    def blocks(self, handles: list[tuple[int, int]]) -> None:
        """Verify the blocks at ``handles`` (in file order, for sequential reads)."""
        checksum, base = self.footer.checksum, self.footer.base
        last = self.report.size - FOOTER_SIZE
        unpack = struct.Struct("<I").unpack_from
        data, start = self.data, self.start
        for offset, size in handles:
            end = offset + size + TRAILER
            if not (start <= offset and end <= start + len(data)):
                if end > last:
                    raise TableDamaged(f"a block handle points past the end ({offset}+{size})")
                data = memoryview(os.pread(self.fd, max(CHUNK, end - offset), offset))
                start = offset
                if len(data) < end - offset:
                    raise TableDamaged("the file ends inside a block")
            at = offset - start
            (stored,) = unpack(data, at + size + 1)
            if base:
                stored = (stored - context_modifier(base, offset)) & MASK32
            if stored != checksum(data[at : at + size + 1]):
                raise TableDamaged(f"block checksum mismatch at offset {offset} (size {size})")
            self.report.bytes += size + TRAILER
        self.report.blocks += len(handles)
        self.data, self.start = data, start


def verify_table(path: Path) -> TableReport:
    """Check every block's checksum in the table file at ``path``.

    Raises ``TableDamaged`` at the first mismatch (or a file cut short), ``UnsupportedTable``
    for a file this module cannot map, ``OSError`` when it cannot be read.
    """
    fd = os.open(path, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        report = TableReport(size=size)
        tail = os.pread(fd, FOOTER_SIZE, max(0, size - FOOTER_SIZE))
        footer = read_footer(tail, size)
        reader = _Reader(fd, footer, report)
        metaindex = reader.block(*footer.metaindex)
        meta = block_entries(_contents(metaindex[:-1], metaindex[-1]))
        properties = meta.pop(b"rocksdb.properties", None)
        if properties is not None:
            raw = reader.block(*_handle(properties))
            name = block_entries(_contents(raw[:-1], raw[-1])).get(b"rocksdb.column.family.name")
            if name is not None:
                report.column_family = bytes(name).decode("utf-8", "replace")
        try:
            _verify_blocks(reader, footer, meta)
        except TableDamaged as exc:
            if report.column_family:
                raise TableDamaged(f"{exc}, a table of the {report.column_family} index") from None
            raise
        return report
    finally:
        os.close(fd)


def _verify_blocks(reader: _Reader, footer: _Footer, meta: dict[bytes, memoryview]) -> None:
    """The index block, every data block it lists, and the other meta blocks."""
    index = footer.index
    if index is None:
        if b"rocksdb.index" not in meta:
            raise UnsupportedTable("no index block in the metaindex")
        index = _handle(meta.pop(b"rocksdb.index"))
    raw = reader.block(*index)
    data = index_handles(bytes(_contents(raw[:-1], raw[-1])), footer.version >= 4)
    _check_tiling(data, index)
    reader.blocks(data)
    for value in meta.values():
        reader.block(*_handle(value))


def index_handles(block: bytes, delta: bool) -> list[tuple[int, int]]:
    """The (offset, size) of every data block an index block lists, keys skipped.

    With ``delta`` (format version 4 on) an entry stores no value length: a full handle when
    it shares no key prefix with the entry before, else the signed change of size, the
    offset following the block before.
    """
    limit = _entries_end(block)
    handles: list[tuple[int, int]] = []
    pos, offset, size = 0, 0, 0
    while pos < limit:
        shared, pos = _varint(block, pos)
        fresh, pos = _varint(block, pos)
        if delta:
            pos += fresh
            if shared and handles:
                change, pos = _varint(block, pos)
                offset, size = offset + size + TRAILER, size + _unzigzag(change)
            else:
                offset, pos = _varint(block, pos)
                size, pos = _varint(block, pos)
        else:
            length, pos = _varint(block, pos)
            pos += fresh
            offset, size = _handle(block[pos : pos + length])
            pos += length
        handles.append((offset, size))
    if pos != limit:
        raise UnsupportedTable("an index entry runs past the block")
    return handles


def _entries_end(block: bytes | memoryview) -> int:
    """Where a block's entries end (its restart array and restart count follow)."""
    if len(block) < 4:
        raise UnsupportedTable("a block too small for its restart count")
    (restarts,) = struct.unpack_from("<I", block, len(block) - 4)
    restarts &= 0x7FFFFFFF  # the top bit marks a data block's hash index
    limit = len(block) - 4 - 4 * restarts
    if limit < 0:
        raise UnsupportedTable("a block's restart array is larger than the block")
    return limit


def _check_tiling(data: list[tuple[int, int]], index: tuple[int, int]) -> None:
    """Data blocks must follow each other from offset 0, else the map was misread."""
    expected = 0
    for offset, size in data:
        if offset != expected:
            raise UnsupportedTable("the index's data blocks do not follow each other")
        expected = offset + size + TRAILER
    if expected > index[0]:
        raise UnsupportedTable("the data blocks overlap the index block")
