"""Block checksums of RocksDB table files, read without RocksDB (``lgm_rdf.store.tables``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.store.oxigraph import OxigraphStore
from lgm_rdf.store.tables import (
    FOOTER_SIZE,
    TableDamaged,
    UnsupportedTable,
    _lz4_block,
    verify_table,
)

INDEXES = {"spog", "posg", "ospg", "gspo", "gpos", "gosp", "id2str"}


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of 6,000 quads in one named graph, every index in table files."""
    path = tmp_path_factory.mktemp("tables") / "kb"
    store = OxigraphStore(path)
    graph = NamedNode("urn:lgm:doc:t")
    store.add_quads(
        Quad(NamedNode(f"urn:s{i % 97}"), NamedNode(f"urn:p{i % 11}"), Literal(f"v {i}"), graph)
        for i in range(6_000)
    )
    store._store.flush()
    store._store.optimize()
    store.close()
    return path


def test_every_byte_of_every_table_is_accounted_for(kb: Path) -> None:
    """Blocks with their trailers plus the footer make up each file exactly."""
    families = set()
    for table in kb.glob("*.sst"):
        report = verify_table(table)
        assert report.bytes + FOOTER_SIZE == report.size == table.stat().st_size
        assert report.blocks >= 3  # a data block, the index, the metaindex at least
        families.add(report.column_family)
    assert families >= INDEXES  # format version 5 (quads) and 7 (id2str) both read


def _damaged_copy(kb: Path, tmp_path: Path, index: str, at: float) -> Path:
    table = next(p for p in kb.glob("*.sst") if verify_table(p).column_family == index)
    copy = tmp_path / table.name
    shutil.copy(table, copy)
    data = bytearray(copy.read_bytes())
    data[int(len(data) * at)] ^= 0x01
    copy.write_bytes(bytes(data))
    return copy


@pytest.mark.parametrize("index", ["posg", "id2str"])
@pytest.mark.parametrize("at", [0.0, 0.3, 0.5, 0.9])
def test_one_flipped_bit_is_found(kb: Path, tmp_path: Path, index: str, at: float) -> None:
    with pytest.raises(TableDamaged, match=f"checksum mismatch.*{index}|checksum mismatch"):
        verify_table(_damaged_copy(kb, tmp_path, index, at))


def test_a_cut_file_or_a_bad_footer_is_damage(kb: Path, tmp_path: Path) -> None:
    table = next(iter(kb.glob("*.sst")))
    cut = tmp_path / "cut.sst"
    cut.write_bytes(table.read_bytes()[: table.stat().st_size // 2])
    with pytest.raises(TableDamaged, match="magic"):
        verify_table(cut)
    tiny = tmp_path / "tiny.sst"
    tiny.write_bytes(b"\0" * 20)
    with pytest.raises(TableDamaged, match="too short"):
        verify_table(tiny)


def test_another_checksum_type_is_not_guessed(kb: Path, tmp_path: Path) -> None:
    """A footer naming CRC32C (type 1): not checked, so never called damaged by mistake."""
    table = next(p for p in kb.glob("*.sst") if verify_table(p).column_family == "spog")
    data = bytearray(table.read_bytes())
    data[-FOOTER_SIZE] = 1
    other = tmp_path / "crc.sst"
    other.write_bytes(bytes(data))
    with pytest.raises(UnsupportedTable, match="checksum type 1"):
        verify_table(other)


def test_lz4_blocks_decode_by_the_format() -> None:
    """Literals, a back-reference overlapping its own output, long lengths, a bad offset."""
    # "abc", then 9 bytes copied from 3 back (overlapping), then the literal "X"
    assert _lz4_block(memoryview(b"\x35abc\x03\x00\x10X"), 13) == b"abcabcabcabcX"
    # 20 literals (15 + 5 in an extra byte), then 19 + 4 = 23 bytes of offset 1 (a run)
    block = b"\xff\x05" + b"0123456789abcdefghij" + b"\x01\x00\x04" + b"\x10!"
    assert _lz4_block(memoryview(block), 20 + 23 + 1) == b"0123456789abcdefghij" + b"j" * 23 + b"!"
    with pytest.raises(UnsupportedTable):
        _lz4_block(memoryview(b"\x14a\x05\x00"), 9)  # points before the start
