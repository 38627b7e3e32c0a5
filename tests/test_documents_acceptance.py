"""Issue 13's acceptance: a directory of one PDF, one HTML page, one DOCX and one Latin-1 text
file (real files made by Chromium and LibreOffice) is learned in ONE `lgm learn` command, and
`lgm ask` cites sentences from each with their page or section."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from lgm_rdf.cli import main

DOCS = Path(__file__).resolve().parent / "data" / "documents"
FILES = ("report.pdf", "keepers.html", "history.docx", "phares-latin1.txt")


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("documents")
    for name in FILES:
        shutil.copy(DOCS / name, folder / name)
    path = tmp_path_factory.mktemp("kb") / "kb"
    assert main(["learn", str(folder), "--kb", str(path), "--no-progress"]) == 0
    return str(path)


def ask(kb: str, question: str, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    capsys.readouterr()
    assert main(["ask", question, "--kb", kb, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["supports"]


def cited(supports: list[dict], text: str) -> dict:
    return next(s for s in supports if text in s["text"])


def test_the_four_documents_are_learned_in_one_command(kb: str, capsys) -> None:
    assert main(["stats", "--kb", kb, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["documents"] == 4


def test_pdf_sentences_cite_file_and_page(kb: str, capsys) -> None:
    supports = ask(kb, "When was North Foreland automated?", capsys)
    s = cited(supports, "North Foreland, was automated in 1998")
    assert (s["page"], s["section"]) == (2, "Automation")
    assert s["citation"] == "report.pdf, p. 2, § Automation"
    assert s["source"].endswith("/report.pdf")
    fresnel = cited(ask(kb, "Who invented the Fresnel lens?", capsys), "compound lens")
    assert fresnel["citation"] == "report.pdf, p. 1, § Fresnel lenses"


def test_html_sentences_cite_file_and_section(kb: str, capsys) -> None:
    supports = ask(kb, "Who rowed out to rescue shipwrecked survivors?", capsys)
    s = cited(supports, "Grace Darling")
    assert s["page"] is None
    assert s["citation"] == "keepers.html, § Famous keepers"
    assert not any("cookies" in x["text"] for x in supports)


def test_docx_sentences_cite_file_and_section(kb: str, capsys) -> None:
    s = cited(ask(kb, "Who rebuilt the Eddystone Lighthouse?", capsys), "John Smeaton")
    assert s["citation"] == "history.docx, § Stone towers"


def test_latin1_sentences_are_decoded_and_cited(kb: str, capsys) -> None:
    supports = ask(kb, "Which lighthouse is the tallest traditional lighthouse in Europe?", capsys)
    s = cited(supports, "Île Vierge")
    assert s["citation"] == "phares-latin1.txt"
    assert s["title"] == "Phares de France"


def test_plain_output_shows_the_citation(kb: str, capsys) -> None:
    assert main(["ask", "When was North Foreland automated?", "--kb", kb]) == 0
    assert "— report.pdf, p. 2, § Automation" in capsys.readouterr().out


def test_raw_texts_and_records_are_cited_by_title(tmp_path: Path, spacy_nlp) -> None:
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.settings import Settings

    records = tmp_path / "lights.jsonl"
    records.write_text(
        json.dumps({"id": "r1", "title": "Lightships", "text": "A lightship is a ship."}) + "\n",
        encoding="utf-8",
    )
    with LanguageGraph(tmp_path / "kb", settings=Settings(), nlp=spacy_nlp) as lg:
        lg.learn(["Beacons\n\nA beacon is a signal fire.", records])
        beacon = cited(lg.ask("What is a beacon?").to_dict()["supports"], "signal fire")
        ship = cited(lg.ask("What is a lightship?").to_dict()["supports"], "lightship")
    assert (beacon["citation"], beacon["page"]) == ("Beacons", None)
    assert beacon["source"].startswith("text:")
    assert ship["citation"] == "Lightships" and ship["source"].endswith("lights.jsonl")
