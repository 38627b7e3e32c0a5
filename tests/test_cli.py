"""The ``lgm`` command line, run in-process against a real on-disk store."""

from __future__ import annotations

import json
import re
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
    assert re.search(r"\d+ sentences?/s\)", out)


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


def test_locked_kb_message(kb: str, tmp_path: Path) -> None:
    """Writers get a clear message while another process holds the KB; readers still work."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"from lgm_rdf.store.oxigraph import OxigraphStore; s = OxigraphStore({kb!r}); "
            "print('ready', flush=True); input()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    doc = tmp_path / "new.txt"
    doc.write_text("Quinces are a kind of fruit.", encoding="utf-8")
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        learn = subprocess.run(
            [sys.executable, "-m", "lgm_rdf.cli", "learn", str(doc), "--kb", kb],
            capture_output=True,
            text=True,
            timeout=120,
        )
        stats = subprocess.run(
            [sys.executable, "-m", "lgm_rdf.cli", "stats", "--kb", kb],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        holder.communicate("\n", timeout=30)
    assert learn.returncode == 1
    assert "in use by another process" in learn.stderr
    assert "Traceback" not in learn.stderr
    assert stats.returncode == 0 and "documents" in stats.stdout


def test_read_only_commands_do_not_create_a_kb(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "typo-kb"
    assert main(["stats", "--kb", str(missing)]) == 1
    assert "no knowledge base at" in capsys.readouterr().err
    assert not missing.exists()


def test_mistyped_path_is_an_error_not_a_document(tmp_path: Path, capsys) -> None:
    kb = tmp_path / "kb"
    assert main(["learn", "nosuchdir", "--kb", str(kb), "--no-progress"]) == 1
    assert "no such file" in capsys.readouterr().err


def test_dry_run_creates_nothing(tmp_path: Path, capsys) -> None:
    kb = tmp_path / "kb"
    assert main(["learn", str(CORPUS), "--kb", str(kb), "--dry-run", "--no-progress"]) == 0
    assert "would" in capsys.readouterr().out
    assert not kb.exists()


def test_missing_query_file_and_prefixes(kb: str, capsys) -> None:
    assert main(["sparql", "nothere.rq", "--kb", kb]) == 1
    assert "no such query file" in capsys.readouterr().err
    assert main(["sparql", "SELECT (COUNT(*) AS ?n) WHERE { ?s a lgm:Document }", "--kb", kb]) == 0
    assert "4" in capsys.readouterr().out


def test_export_to_missing_directory_is_a_clear_error(kb: str, tmp_path: Path, capsys) -> None:
    target = tmp_path / "no" / "such" / "dir" / "kb.ttl"
    assert main(["export", "--kb", kb, "-o", str(target)]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_help_explains_commands() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "lgm_rdf.cli", "--help"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    for word in ("learn", "sparql", "forget", "export", "validate", "--kb"):
        assert word in done.stdout


def test_more_user_mistakes_are_one_line_errors(kb: str, tmp_path: Path, capsys) -> None:
    assert main(["forget", "x", "--kb", str(tmp_path / "nokb")]) == 1
    assert not (tmp_path / "nokb").exists()
    assert main(["sparql", "INSERT DATA { <urn:a> <urn:b> <urn:c> }", "--kb", kb]) == 2
    assert "runs queries only" in capsys.readouterr().err
    assert main(["export", "--kb", kb, "--format", "owl", "-o", str(tmp_path)]) == 1
    assert "is a directory" in capsys.readouterr().err
    assert main(["import", str(tmp_path), "--kb", str(tmp_path / "kb2")]) == 1
    assert "is a directory" in capsys.readouterr().err


def test_learn_min_confidence_withholds_and_rejects_bad_values(tmp_path: Path, capsys) -> None:
    """``--min-confidence 1`` asserts nothing the patterns find (no rule is certain): every
    relation is recorded as withheld; a value outside [0, 1] is a usage error."""
    kb = str(tmp_path / "kb")
    assert main(["learn", str(CORPUS), "--kb", kb, "--no-progress", "--min-confidence", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"relations withheld \(low confidence\)\D+[1-9]", out), out
    query = (
        "SELECT (COUNT(*) AS ?n) WHERE { ?s <http://www.w3.org/2000/01/rdf-schema#subClassOf> ?o ."
        " FILTER (?o != <http://www.w3.org/2002/07/owl#Thing>) }"
    )
    assert main(["sparql", query, "--kb", kb, "--format", "csv"]) == 0
    assert capsys.readouterr().out.split()[-1] == "0"
    with pytest.raises(SystemExit) as exc:
        main(["learn", str(CORPUS), "--kb", kb, "--min-confidence", "1.5"])
    assert exc.value.code == 2
    assert "between 0 and 1" in capsys.readouterr().err
