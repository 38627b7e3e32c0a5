"""Damaged stores end every command with one line; check, backup and restore (issue 14)."""

from __future__ import annotations

import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from lgm_rdf.cli import main
from lgm_rdf.store.backup import backup_kb, restore_kb
from lgm_rdf.store.integrity import FULL_PROBE_QUADS, STATE_FILE, StoreDamagedError
from lgm_rdf.store.oxigraph import OxigraphStore
from lgm_rdf.store.tables import TableDamaged, verify_table

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
ROOT = Path(__file__).resolve().parents[1]
COUNT_ALL = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A KB learned from the example corpus (never modified by the tests)."""
    path = tmp_path_factory.mktemp("safety") / "kb"
    assert main(["learn", str(CORPUS), "--kb", str(path), "--no-progress"]) == 0
    cache = sqlite3.connect(str(path) + ".llm-cache.sqlite")
    cache.execute("CREATE TABLE answers (key TEXT, value TEXT)")
    cache.execute("INSERT INTO answers VALUES ('k', 'v')")
    cache.commit()
    cache.close()
    return path


def _copy(kb: Path, dest: Path) -> Path:
    shutil.copytree(kb, dest, ignore=shutil.ignore_patterns("LOCK", STATE_FILE))
    return dest


def _overwrite_middle(path: Path, seed: int = 7) -> None:
    """Overwrite 1 KB in the middle of a file with random bytes."""
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 2 - 512)
        f.write(random.Random(seed).randbytes(1024))


def _flip_in_a_data_block(path: Path) -> None:
    """Change one byte in the middle of a table file (data blocks fill its first part)."""
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 2)
        byte = f.read(1)[0]
        f.seek(size // 2)
        f.write(bytes([byte ^ 0x5A]))


def _big_tables(kb: Path) -> list[Path]:
    return sorted(p for p in kb.glob("*.sst") if p.stat().st_size > 10_240)


def _limited() -> None:  # the child may not eat the machine if a fix regresses
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def _lgm(
    *args: str, timeout: float = 90, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LGM_LLM_MODEL": "", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "lgm_rdf.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        preexec_fn=_limited,
    )


@pytest.mark.slow
def test_every_command_on_a_damaged_store_ends_with_one_line(kb: Path, tmp_path: Path) -> None:
    broken = _copy(kb, tmp_path / "broken")
    for table in _big_tables(broken):
        _overwrite_middle(table)
    doc = tmp_path / "new.txt"
    doc.write_text("Quinces are fruits.\n")
    commands = [
        ["stats"],
        ["sparql", COUNT_ALL],
        ["ask", "What grows on trees?"],
        ["concept", "apple"],
        ["export"],
        ["validate"],
        ["forget", "Apple tree"],
        ["learn", str(doc), "--no-progress"],
        ["check"],
        ["serve", "--port", "0"],
    ]
    for command in commands:
        done = _lgm(*command, "--kb", str(broken))
        errors = [line for line in done.stderr.splitlines() if line.startswith("lgm: error:")]
        assert done.returncode == 1, (command, done.stderr[-500:])
        assert len(errors) == 1 and "is damaged" in errors[0], (command, done.stderr[-500:])
        assert "Traceback" not in done.stderr, command


@pytest.mark.parametrize("damage", ["current", "truncated"])
def test_a_broken_current_file_or_truncated_table_is_one_line(
    kb: Path, tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = _copy(kb, tmp_path / "broken")
    if damage == "current":
        (broken / "CURRENT").write_bytes(b"garbage\x00\xff\n")
    else:
        table = _big_tables(broken)[0]
        with table.open("r+b") as f:
            f.truncate(table.stat().st_size // 3)
    for command in (["stats"], ["sparql", COUNT_ALL], ["check"], ["forget", "x"]):
        assert main([*command, "--kb", str(broken)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "is damaged" in err


def test_check_finds_damage_in_every_index(kb: Path, tmp_path: Path) -> None:
    """One damaged table at a time, whichever index it holds: check and the open probe see it."""
    tables = [p.name for p in _big_tables(kb)]
    assert len(tables) >= 5
    for name in tables:
        broken = tmp_path / name
        _copy(kb, broken)
        _overwrite_middle(broken / name)
        with pytest.raises(StoreDamagedError, match=name):
            OxigraphStore(broken, read_only=True)


@pytest.fixture(scope="module")
def large_kb(kb: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The learned KB plus a document graph of 15,000 quads, compacted into table files.

    Over ``FULL_PROBE_QUADS``, so before table files were verified the open probe read only
    the main indexes.
    """
    from pyoxigraph import Literal, NamedNode, Quad

    path = _copy(kb, tmp_path_factory.mktemp("large") / "kb")
    store = OxigraphStore(path)
    graph = NamedNode("urn:lgm:doc:bulk")
    store.add_quads(
        Quad(
            NamedNode(f"urn:x:s{i // 7}"),
            NamedNode(f"urn:x:p{i % 13}"),
            Literal(f"value number {i}"),
            graph,
        )
        for i in range(15_000)
    )
    store._store.flush()
    store._store.optimize()  # every index in table files, not in the write-ahead log
    assert len(store) > FULL_PROBE_QUADS
    store.close()
    return path


def _table_of(kb: Path, index: str) -> Path:
    found = [p for p in kb.glob("*.sst") if verify_table(p).column_family == index]
    assert len(found) == 1, (index, found)
    return found[0]


@pytest.mark.slow
def test_one_byte_in_a_secondary_index_of_a_large_kb_is_found_at_open(
    large_kb: Path, tmp_path: Path
) -> None:
    """posg is read by no probe query, but Oxigraph's COUNT on it loops on a bad block."""
    broken = _copy(large_kb, tmp_path / "broken")
    table = _table_of(broken, "posg")
    _flip_in_a_data_block(table)
    with pytest.raises(TableDamaged, match="checksum mismatch.*posg"):
        verify_table(table)
    for command in (
        ["stats"],
        ["sparql", "SELECT (COUNT(*) AS ?n) WHERE { ?s <urn:x:p12> ?o }"],
        ["sparql", COUNT_ALL],
    ):
        done = _lgm(*command, "--kb", str(broken))
        assert done.returncode == 1, (command, done.stderr[-500:])
        assert done.stderr.count("\n") == 1, (command, done.stderr[-500:])
        assert "is damaged" in done.stderr and table.name in done.stderr
        assert "posg" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.slow
def test_the_memory_guard_ends_a_command_meeting_damage_after_its_check(
    large_kb: Path, tmp_path: Path
) -> None:
    """Bit rot after a file was verified (same size and time): the guard of `lgm` ends it."""
    rotten = _copy(large_kb, tmp_path / "rotten")
    OxigraphStore(rotten, read_only=True).close()  # every table file verified and remembered
    table = _table_of(rotten, "posg")
    before = table.stat()
    _flip_in_a_data_block(table)
    os.utime(table, ns=(before.st_atime_ns, before.st_mtime_ns))
    done = _lgm(
        "sparql",
        "SELECT (COUNT(*) AS ?n) WHERE { ?s <urn:x:p12> ?o }",
        "--kb",
        str(rotten),
        env={"LGM_MEMORY_LIMIT_MB": "500"},
    )
    assert done.returncode == 1, done.stderr[-500:]
    assert done.stderr.count("\n") == 1 and "stopped at" in done.stderr, done.stderr[-500:]


def test_table_files_are_verified_once(large_kb: Path, tmp_path: Path) -> None:
    """A sound file's checksums are remembered by name, size and time; a changed file is not."""
    copy = _copy(large_kb, tmp_path / "copy")
    OxigraphStore(copy, read_only=True).close()
    remembered = (copy / STATE_FILE).read_text().splitlines()[1:]
    tables = sorted(p.name for p in copy.glob("*.sst"))
    assert sorted(line.split()[0] for line in remembered) == tables
    table = _table_of(copy, "ospg")
    _flip_in_a_data_block(table)  # a new modification time: checked again
    with pytest.raises(StoreDamagedError, match=f"{table.name}: block checksum mismatch"):
        OxigraphStore(copy, read_only=True)


def test_check_reports_a_sound_kb(kb: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--kb", str(kb)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("knowledge base: sound")
    assert "documents: 4 checked" in out


def test_check_reports_an_incomplete_document_graph(
    kb: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = _copy(kb, tmp_path / "copy")
    store = OxigraphStore(copy)
    graph = store.named_graphs()[0]
    sentence = next(
        q.subject for q in store.quads(graph) if q.subject.value.endswith("/sentence/1")
    )
    lost = [q for q in store.quads(graph) if q.subject == sentence]
    # the public API has no partial delete: remove the quads directly
    for quad in lost:
        store._store.remove(quad)
    store.close()
    assert main(["check", "--kb", str(copy)]) == 1
    out = capsys.readouterr().out
    assert "NOT sound" in out
    assert f"{graph.value}: " in out and "sentences" in out and "triples" in out


def test_memory_guard_stops_a_query_looping_over_a_damaged_store(kb: Path, tmp_path: Path) -> None:
    """Without the open probe, Oxigraph's COUNT loops on a bad block; the guard ends it."""
    broken = _copy(kb, tmp_path / "broken")
    for table in _big_tables(broken):
        _overwrite_middle(table)
    code = (
        "from lgm_rdf.cli.guard import start_memory_guard\n"
        "from pyoxigraph import Store\n"
        "start_memory_guard(400)\n"
        f"store = Store.read_only({str(broken)!r})\n"
        f"print(list(store.query({COUNT_ALL!r}, use_default_graph_as_union=True)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=_limited,
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "stopped at" in done.stderr


def test_backup_and_restore(kb: Path, tmp_path: Path) -> None:
    live = _copy(kb, tmp_path / "live")
    shutil.copy(str(kb) + ".llm-cache.sqlite", str(live) + ".llm-cache.sqlite")
    quads = len(OxigraphStore(live, read_only=True))

    idle = backup_kb(live, tmp_path / "idle-copy")
    assert (idle.method, idle.quads) == ("checkpoint", quads)

    # in use: another handle holds the lock and has written something not yet flushed
    from pyoxigraph import Literal, NamedNode, Quad

    holder = OxigraphStore(live)
    extra = Quad(NamedNode("urn:x"), NamedNode("urn:p"), Literal("late"), NamedNode("urn:g"))
    holder.add_quads([extra])
    busy = backup_kb(live, tmp_path / "busy-copy")
    assert (busy.method, busy.quads) == ("snapshot copy", quads + 1)
    assert busy.cache is not None
    rows = sqlite3.connect(busy.cache).execute("SELECT value FROM answers").fetchall()
    assert rows == [("v",)]
    with pytest.raises(Exception, match="in use"):
        restore_kb(tmp_path / "busy-copy", live)
    holder.close()

    # the KB gets damaged; the backup brings it back and the damaged one is kept aside
    for table in _big_tables(live):
        _overwrite_middle(table)
    restored = restore_kb(tmp_path / "busy-copy", live)
    assert restored.quads == quads + 1
    assert any(p.name.startswith("live.replaced-") for p in restored.kept)
    store = OxigraphStore(live, read_only=True)
    assert extra in set(store.quads())
    store.close()


def test_backup_refuses_an_existing_destination(kb: Path, tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    assert main(["backup", str(tmp_path / "taken"), "--kb", str(kb)]) == 1


def test_restore_refuses_a_damaged_backup(kb: Path, tmp_path: Path) -> None:
    bad = _copy(kb, tmp_path / "bad-backup")
    for table in _big_tables(bad):
        _overwrite_middle(table)
    target = _copy(kb, tmp_path / "target")
    with pytest.raises(StoreDamagedError):
        restore_kb(bad, target)
    assert len(OxigraphStore(target, read_only=True)) > 0  # untouched


def test_without_xxhash_the_open_probe_reads_the_store(
    kb: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Table files that cannot be hashed: a warning, then the store is read (small: fully)."""
    sound = _copy(kb, tmp_path / "sound")
    broken = _copy(kb, tmp_path / "broken")
    _flip_in_a_data_block(_table_of(broken, "posg"))
    monkeypatch.setitem(sys.modules, "xxhash", None)  # import fails
    OxigraphStore(sound, read_only=True).close()
    assert "cannot verify the table files" in caplog.text and "xxhash" in caplog.text
    with pytest.raises(StoreDamagedError, match="posg|Corruption"):
        OxigraphStore(broken, read_only=True)


def test_a_half_written_table_file_is_not_damage(kb: Path, tmp_path: Path) -> None:
    """A table file with no footer yet (being written, or left by a killed writer) is skipped."""
    copy = _copy(kb, tmp_path / "copy")
    table = _big_tables(copy)[0]
    (copy / "999999.sst").write_bytes(table.read_bytes()[: table.stat().st_size // 2])
    store = OxigraphStore(copy, read_only=True)
    assert len(store) > 0
    store.close()
    remembered = (copy / STATE_FILE).read_text().splitlines()[1:]
    assert remembered and not any(line.startswith("999999.sst") for line in remembered)
