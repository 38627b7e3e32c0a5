"""The ``lgm`` command line, run in-process against a real on-disk store."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lgm_rdf.cli import main

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("cli") / "kb"
    assert main(["learn", str(CORPUS), "--kb", str(path), "--no-progress"]) == 0
    return str(path)


def test_learn_prints_summary_and_relearn_is_a_noop(kb: str, capsys) -> None:
    assert main(["learn", str(CORPUS), "--kb", kb, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "0 learned, 4 unchanged" in out
    assert "sentences/s" in out


def test_stats_json(kb: str, capsys) -> None:
    assert main(["stats", "--kb", kb, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["documents"] == 4 and stats["sentences"] > 0


@pytest.mark.parametrize("fmt", ["table", "json", "csv"])
def test_sparql_formats(kb: str, fmt: str, capsys) -> None:
    query = "SELECT ?title WHERE { ?d a <https://w3id.org/lgm-rdf/ontology#Document> ; <http://purl.org/dc/terms/title> ?title } ORDER BY ?title"
    assert main(["sparql", query, "--kb", kb, "--format", fmt]) == 0
    out = capsys.readouterr().out
    if fmt == "json":
        assert len(json.loads(out)["results"]["bindings"]) == 4
    elif fmt == "csv":
        assert out.splitlines()[0] == "title" and len(out.splitlines()) == 5
    else:
        assert "(4 rows)" in out


def test_sparql_from_file_and_ask(kb: str, tmp_path: Path, capsys) -> None:
    rq = tmp_path / "q.rq"
    rq.write_text("ASK { ?s a <http://www.w3.org/2002/07/owl#Class> }", encoding="utf-8")
    assert main(["sparql", str(rq), "--kb", kb]) == 0
    assert capsys.readouterr().out.strip() == "true"


def test_malformed_sparql_is_a_clear_error(kb: str, capsys) -> None:
    assert main(["sparql", "SELECT WHERE {", "--kb", kb]) == 2
    assert "invalid SPARQL" in capsys.readouterr().err


def test_forget_unknown_document(kb: str, capsys) -> None:
    assert main(["forget", "No such title", "--kb", kb]) == 1
    assert "nothing removed" in capsys.readouterr().err


def test_export_nquads_to_file(kb: str, tmp_path: Path) -> None:
    out = tmp_path / "kb.nq"
    assert main(["export", "--kb", kb, "--format", "nquads", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").count(" .\n") > 100


def test_learn_empty_directory_fails_cleanly(tmp_path: Path, capsys) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "empty.md").write_text("", encoding="utf-8")
    code = main(["learn", str(tmp_path / "docs"), "--kb", str(tmp_path / "kb"), "--no-progress"])
    captured = capsys.readouterr()
    assert code == 1
    assert "empty file" in captured.err and "nothing to learn" in captured.err


def test_locked_kb_message(kb: str) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from lgm_rdf.store.oxigraph import OxigraphStore; s = OxigraphStore({kb!r}); print('ready', flush=True); input()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        done = subprocess.run(
            [sys.executable, "-m", "lgm_rdf.cli", "stats", "--kb", kb],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        holder.communicate("\n", timeout=30)
    assert done.returncode == 1
    assert "in use by another process" in done.stderr
    assert "Traceback" not in done.stderr


def test_help_explains_commands() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lgm_rdf.cli", "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    for word in ("learn", "sparql", "forget", "export", "validate", "--kb"):
        assert word in done.stdout
