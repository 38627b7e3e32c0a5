"""A bad file never stops the others (issue 14): long texts, symlink loops, unreadable files."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

import pytest

from lgm_rdf import LanguageGraph
from lgm_rdf.cli import main
from lgm_rdf.nlp.model import ParsedText
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.settings import Settings

GOOD = "Apples are fruits. An apple grows on an apple tree.\n"


def _long_paragraph(sentences: int) -> str:
    return " ".join(f"Tree number {n} grows many red apples." for n in range(sentences))


def test_a_text_over_the_parser_limit_is_split_and_learned(spacy_nlp: SpacyNLP) -> None:
    text = _long_paragraph(120)  # one paragraph of about 4,700 characters
    saved = spacy_nlp._nlp.max_length
    spacy_nlp._nlp.max_length = 1000  # spaCy refuses longer texts (E088)
    try:
        with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as lg:
            report = lg.learn([text])
            assert report.learned == 1 and report.skipped == []
            anchors = lg.sparql(
                "SELECT ?t WHERE { ?s a <http://persistence.uni-leipzig.org/nlp2rdf/"
                "ontologies/nif-core#Sentence> ; <http://persistence.uni-leipzig.org/nlp2rdf/"
                "ontologies/nif-core#anchorOf> ?t }"
            )
            learned = {row["t"].value for row in anchors}
    finally:
        spacy_nlp._nlp.max_length = saved
    assert learned == {f"Tree number {n} grows many red apples." for n in range(120)}


def test_parsed_pieces_keep_their_offsets(spacy_nlp: SpacyNLP) -> None:
    text = "First part is here.\n\n" + _long_paragraph(30)
    saved = spacy_nlp._nlp.max_length
    spacy_nlp._nlp.max_length = 300
    try:
        parsed = spacy_nlp.parse(text)
    finally:
        spacy_nlp._nlp.max_length = saved
    assert len(parsed.sentences) == 31
    for sentence in parsed.sentences:
        assert text[sentence.start : sentence.end] == sentence.text


def _bad_folder(root: Path) -> Path:
    folder = root / "docs"
    folder.mkdir()
    (folder / "good.txt").write_text(GOOD)
    os.symlink("loop.txt", folder / "loop.txt")  # a symlink loop
    os.symlink("/proc/self/mem", folder / "unreadable.txt")  # read() fails with EIO
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)  # pathological nesting
    os.mkfifo(folder / "pipe.md")  # not a regular file: must not block
    sub = folder / "sub"
    sub.mkdir()
    os.symlink("..", sub / "up")  # a directory loop
    return folder


def test_bad_files_are_named_and_skipped(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    folder = _bad_folder(tmp_path)
    with LanguageGraph(settings=Settings(), nlp=spacy_nlp, in_memory=True) as lg:
        report = lg.learn([folder])
        assert report.learned == 1
        skipped = {Path(where).name: reason for where, reason in report.skipped}
    assert set(skipped) == {"loop.txt", "unreadable.txt", "deep.json", "pipe.md"}
    assert "symlink loop" in skipped["loop.txt"]
    assert "nested too deeply" in skipped["deep.json"]


class _FailsOn:
    """The real spaCy backend, failing on texts holding a marker (a parser crash on one file)."""

    def __init__(self, nlp: SpacyNLP, marker: str) -> None:
        self.nlp, self.marker, self.name = nlp, marker, nlp.name

    def parse_many(self, texts: Iterable[str]) -> Iterable[ParsedText]:
        texts = list(texts)
        if any(self.marker in t for t in texts):
            raise ValueError("the parser crashed")
        return self.nlp.parse_many(texts)

    def parse(self, text: str) -> ParsedText:
        return next(iter(self.parse_many([text])))


def test_a_document_the_parser_fails_on_is_skipped(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    records = tmp_path / "r.jsonl"
    rows = [{"id": f"r{n}", "text": f"Record {n}: pears are fruits."} for n in range(3)]
    rows[1]["text"] = "POISON " + rows[1]["text"]
    records.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    nlp = _FailsOn(spacy_nlp, "POISON")
    with LanguageGraph(settings=Settings(), nlp=nlp, in_memory=True) as lg:  # type: ignore[arg-type]
        report = lg.learn([records])
        assert (report.learned, len(report.skipped)) == (2, 1)
        where, reason = report.skipped[0]
        assert "'r1'" in where and "the parser crashed" in reason
        assert lg.stats()["documents"] == 2


@pytest.mark.slow
def test_cli_learns_the_rest_and_exits_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = _bad_folder(tmp_path)
    (folder / "new\nline.txt").write_text("Pears are fruits.\n")
    kb = tmp_path / "kb"
    assert main(["learn", str(folder), "--kb", str(kb), "--no-progress"]) == 3
    captured = capsys.readouterr()
    assert "2 learned" in captured.out and "4 skipped" in captured.out
    errors = [line for line in captured.err.splitlines() if "skipped" in line]
    assert len(errors) == 4 and all("Traceback" not in line for line in errors)
    assert main(["stats", "--kb", str(kb), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["documents"] == 2
