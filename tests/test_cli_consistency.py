"""Commands behave alike (issue 13, item 5): `lgm serve` refuses a missing KB unless told to
create one, `validate --reason` without Java reports SHACL and says the reasoner was skipped,
SPARQL syntax errors are one short line, a failed first learn leaves no KB, counts agree."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgm_rdf.cli import main
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.pipeline import LearnReport
from lgm_rdf.settings import Settings


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory, spacy_nlp) -> str:
    path = tmp_path_factory.mktemp("consistency") / "kb"
    with LanguageGraph(path, settings=Settings(), nlp=spacy_nlp) as lg:
        lg.learn("# Apple\n\nAn apple is a kind of fruit. The core is part of an apple.")
    return str(path)


def test_serve_refuses_a_missing_kb(tmp_path: Path, capsys) -> None:
    missing = tmp_path / "typo"
    assert main(["serve", "--kb", str(missing), "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"no knowledge base at {missing}" in err
    assert "lgm serve --create" in err
    assert not missing.exists()


def test_validate_reason_without_java_reports_shacl_and_the_skip(
    kb: str, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import lgm_rdf.interop.reasoner as reasoner

    real_which = reasoner.shutil.which
    monkeypatch.setattr(
        reasoner.shutil, "which", lambda name: None if name == "java" else real_which(name)
    )
    assert main(["validate", "--reason", "--kb", kb]) == 0
    out = capsys.readouterr().out
    assert "SHACL: no problems" in out
    assert "reasoner: skipped, HermiT could not run: HermiT needs Java" in out
    assert "conforms: yes (SHACL shapes and cycles only: the reasoner was skipped)" in out
    assert "conforms: NO" not in out


@pytest.mark.parametrize(
    ("query", "position"),
    [("SELECT ?", "line 1, column 9"), ("SELECT *\nWHERE { ?s ?p ?o . ?", "line 2, column 21")],
)
def test_sparql_syntax_error_is_one_short_line(kb: str, query: str, position: str, capsys) -> None:
    assert main(["sparql", query, "--kb", kb]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"lgm: error: invalid SPARQL at {position}: expected ")
    assert err.count("\n") == 1 and len(err) < 200
    assert "\\u{" not in err and "..=" not in err


def test_failed_first_learn_leaves_no_kb(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    import lgm_rdf.learn.pipeline as pipeline

    def missing(name: str) -> str:
        raise FileNotFoundError(f"no SPARQL query file {name}.rq")

    monkeypatch.setattr(pipeline, "load_query", missing)
    doc = tmp_path / "a.md"
    doc.write_text("# A\n\nAn apple is a fruit.\n", encoding="utf-8")
    kb = tmp_path / "kb"
    assert main(["learn", str(doc), "--kb", str(kb), "--no-progress"]) == 1
    assert "no SPARQL query file" in capsys.readouterr().err
    assert not kb.exists()


def test_failed_learn_keeps_an_existing_kb(
    kb: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import lgm_rdf.learn.pipeline as pipeline

    monkeypatch.setattr(pipeline, "load_query", lambda name: (_ for _ in ()).throw(OSError("x")))
    doc = tmp_path / "b.md"
    doc.write_text("# B\n\nA pear is a fruit.\n", encoding="utf-8")
    assert main(["learn", str(doc), "--kb", kb, "--no-progress"]) == 1
    assert Path(kb).is_dir() and any(Path(kb).iterdir())


def test_summary_counts_agree_with_their_nouns() -> None:
    one = LearnReport(documents=1, learned=1, sentences=1, seconds=1.0)
    assert "(1 sentence/s)" in one.summary()
    many = LearnReport(documents=1, learned=1, sentences=30, seconds=1.0)
    assert "(30 sentences/s)" in many.summary()
    llm = {"calls": 1, "cached_calls": 0, "prompt_tokens": 10, "completion_tokens": 1}
    assert (
        "LLM: 1 call, 0 answered from cache, 10 prompt + 1 completion token"
        in LearnReport(llm=llm).summary()
    )


def test_learn_encoding_option(tmp_path: Path, capsys) -> None:
    doc = tmp_path / "notes.txt"
    doc.write_bytes("Notes\n\nThe café sells crêpes.\n".encode("latin-1"))
    kb = tmp_path / "kb"
    assert main(["learn", str(doc), "--kb", str(kb), "--encoding", "nope", "--no-progress"]) == 1
    assert "unknown text encoding 'nope'" in capsys.readouterr().err
    assert not kb.exists()
    assert main(["learn", str(doc), "--kb", str(kb), "--encoding", "utf-8", "--no-progress"]) == 1
    assert "not utf-8 text" in capsys.readouterr().err
    assert not kb.exists()
    assert main(["learn", str(doc), "--kb", str(kb), "--encoding", "latin-1", "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["sparql", "SELECT ?t WHERE { ?s <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#anchorOf> ?t }", "--kb", str(kb), "--format", "csv"]) == 0  # fmt: skip
    assert "The café sells crêpes." in capsys.readouterr().out
