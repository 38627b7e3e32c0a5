"""Readers of real documents made by real tools (tests/data/documents/make_documents.sh):
a PDF printed by headless Chromium, a DOCX written by LibreOffice, a web page with
boilerplate, text in Latin-1 and UTF-16; plus the document model they share."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from lgm_rdf.learn.readers import (
    BLOCK_ROLES,
    Block,
    ReaderError,
    Section,
    SourceDocument,
    read_file,
    read_path,
    read_text,
)

DOCS = Path(__file__).resolve().parent / "data" / "documents"
# sources/history.html, printed to plain.pdf by Chromium and written to history.docx by LibreOffice
HISTORY = (
    "A short history of lighthouses",
    [
        ("A short history of lighthouses", 1),
        ("The Pharos of Alexandria", 2),
        ("Stone towers", 2),
        ("Materials", 3),
    ],
)


def blocks(doc: SourceDocument, role: str | None = None) -> list[Block]:
    return [b for s in doc.sections for b in s.blocks if role is None or b.role == role]


def text_of(doc: SourceDocument) -> str:
    return "\n".join(s.text for s in doc.sections)


# -- PDF -------------------------------------------------------------------------------------


def test_pdf_with_outline_pages_and_running_header_footer() -> None:
    (doc,) = read_file(DOCS / "report.pdf")
    assert doc.title == "Lighthouse Optics and Automation"  # from the PDF metadata
    heads = [(s.title, s.level) for s in doc.sections]
    assert heads == [
        ("Lighthouse Optics and Automation", 1),
        ("Fresnel lenses", 2),
        ("Automation", 2),
        ("Light characteristics", 2),
    ]
    first_prose = {s.title: next(b for b in s.blocks if b.role == "prose") for s in doc.sections}
    assert first_prose["Fresnel lenses"].page == 1
    assert first_prose["Automation"].page == 2
    assert first_prose["Light characteristics"].page == 3
    assert first_prose["Fresnel lenses"].text.startswith("A Fresnel lens is a kind of compound")
    # a paragraph wrapped over three lines is one block, joined with spaces
    assert "Fresnel in 1822. The lens consists" in first_prose["Fresnel lenses"].text
    running = blocks(doc, "header_footer")
    assert {b.page for b in running} == {1, 2, 3}
    assert all(b.role == "header_footer" for b in running)
    assert not any("1/3" in b.text for b in blocks(doc, "prose"))
    assert "\ufb01" not in text_of(doc)  # the "ﬁ" ligature of Chromium's footer is expanded


def test_pdf_without_outline_takes_headings_from_font_sizes() -> None:
    (doc,) = read_file(DOCS / "plain.pdf")
    assert (doc.title, [(s.title, s.level) for s in doc.sections]) == HISTORY
    assert not blocks(doc, "header_footer")
    assert all(b.page == 1 for b in blocks(doc))


def test_broken_and_textless_pdfs_are_reader_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.4\nthis is not a PDF body\n")
    with pytest.raises(ReaderError, match=r"bad\.pdf: .*PDF"):
        read_file(bad)
    import pypdf

    writer = pypdf.PdfWriter()
    writer.add_blank_page(width=595, height=842)  # a page with no text, as a scan has
    scan = tmp_path / "scan.pdf"
    with scan.open("wb") as out:
        writer.write(out)
    with pytest.raises(ReaderError, match=r"scan\.pdf: no text found \(a scanned PDF needs OCR"):
        read_file(scan)


# -- HTML ------------------------------------------------------------------------------------


def test_html_main_content_without_boilerplate() -> None:
    (doc,) = read_file(DOCS / "keepers.html")
    assert doc.title == "Lighthouse keepers"  # og:title, not "… | Coastal Heritage Society"
    assert [(s.title, s.level) for s in doc.sections] == [
        ("Lighthouse keepers", 1),
        ("Daily work", 2),
        ("Famous keepers", 2),
        ("Signals", 2),
    ]
    text = text_of(doc)
    for boilerplate in (
        "cookies",
        "Donate",
        "Privacy policy",
        "Fog signals",
        "All rights",
        "History",
    ):
        assert boilerplate not in text
    prose = blocks(doc, "prose")
    # inline markup is gone and leaves no stray spaces before punctuation
    assert prose[0].text.startswith("A lighthouse keeper was the person who tended the lamp")
    assert "from the lantern glass." in prose[0].text
    assert [b.text for b in blocks(doc, "caption")] == [
        "An oil lamp of the kind keepers trimmed every evening."
    ]
    assert [b.text for b in blocks(doc, "table")] == [
        "Keeper: William Darling; Lighthouse: Longstone; Years: 1815–1860",
        "Keeper: Ida Lewis; Lighthouse: Lime Rock; Years: 1857–1911",
    ]
    assert [b.text for b in blocks(doc, "code")] == [
        "1911-03-02 06:00 wind NW 5 visibility good lamp out"
    ]


def test_html_without_main_drops_navigation_and_link_lists(tmp_path: Path) -> None:
    page = tmp_path / "plain.htm"
    page.write_text(
        "<html><head><title>Tides</title></head><body>"
        "<div id='menu'><a href='/'>Home</a> <a href='/a'>About</a></div>"
        "<h1>Tides</h1><p>A <b>tide</b> is the rise and fall of the sea.</p>"
        "<div><a href='/x'>Next page</a> | <a href='/y'>Previous page</a></div>"
        "<footer>Site footer</footer></body></html>",
        encoding="utf-8",
    )
    (doc,) = read_file(page)
    assert doc.title == "Tides"
    assert [b.text for b in blocks(doc)] == ["A tide is the rise and fall of the sea."]


# -- DOCX ------------------------------------------------------------------------------------


def test_docx_headings_from_styles_and_tables() -> None:
    (doc,) = read_file(DOCS / "history.docx")
    assert (doc.title, [(s.title, s.level) for s in doc.sections]) == HISTORY
    assert [b.text for b in blocks(doc, "table")] == [
        "Tower: Smeaton's Tower; Built: 1759",
        "Tower: Bell Rock; Built: 1810",
    ]
    assert all(b.page is None for b in blocks(doc))


def test_docx_written_by_python_docx_title_and_caption(tmp_path: Path) -> None:
    import docx

    d = docx.Document()
    d.core_properties.title = ""
    d.add_paragraph("Beacons", style="Title")
    d.add_paragraph("A beacon is a fire lit on a hill as a signal.")
    d.add_heading("Chains of beacons", level=1)
    d.add_paragraph("Beacons on hilltops passed warnings across a country.")
    d.add_paragraph("Figure 1. A beacon on a hill.", style="Caption")
    path = tmp_path / "beacons.docx"
    d.save(str(path))
    (doc,) = read_file(path)
    assert doc.title == "Beacons"
    assert [(s.title, s.level) for s in doc.sections] == [("Beacons", 1), ("Chains of beacons", 1)]
    assert [b.text for b in blocks(doc, "caption")] == ["Figure 1. A beacon on a hill."]


def test_not_a_docx_is_a_reader_error(tmp_path: Path) -> None:
    fake = tmp_path / "fake.docx"
    fake.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(ReaderError, match="cannot read DOCX"):
        read_file(fake)


# -- text encodings and titles ---------------------------------------------------------------


def test_latin1_text_is_detected_and_the_encoding_can_be_given() -> None:
    (doc,) = read_file(DOCS / "phares-latin1.txt")
    assert doc.title == "Phares de France"
    assert "Phare de l'Île Vierge" in text_of(doc)
    assert "« Versailles de la mer »" in text_of(doc)
    (given,) = read_file(DOCS / "phares-latin1.txt", encoding="latin-1")
    assert given.content_hash == doc.content_hash
    with pytest.raises(ReaderError, match=r"not utf-8 text"):
        read_file(DOCS / "phares-latin1.txt", encoding="utf-8")


def test_utf16_text_with_and_without_byte_order_mark(tmp_path: Path) -> None:
    (doc,) = read_file(DOCS / "fog-utf16.txt")
    assert doc.title == "Fog signals"
    assert "a diaphone, a kind of compressed-air horn" in text_of(doc)
    bare = tmp_path / "bare.txt"
    bare.write_bytes("Fog horns sound in fog.".encode("utf-16-le"))
    assert text_of(read_file(bare)[0]) == "Fog horns sound in fog."


@pytest.mark.parametrize(
    ("encoding", "text"),
    [
        ("cp1252", "Le phare est très célèbre à cause de sa façade; voilà pourquoi."),
        ("cp1251", "Маяк стоит на скалистом берегу моря и светит ночью кораблям."),
    ],
)
def test_legacy_encodings_are_detected(tmp_path: Path, encoding: str, text: str) -> None:
    f = tmp_path / "legacy.txt"
    f.write_bytes(text.encode(encoding))
    assert text_of(read_file(f)[0]) == text


def test_binary_and_unknown_encodings(tmp_path: Path) -> None:
    f = tmp_path / "blob.txt"
    f.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(ReaderError, match="binary"):
        read_file(f)
    with pytest.raises(ValueError, match="unknown text encoding"):
        read_file(DOCS / "phares-latin1.txt", encoding="no-such-codec")


def test_txt_title_skips_rules_and_urls_and_markup_is_removed(tmp_path: Path) -> None:
    f = tmp_path / "paper.txt"
    f.write_text(
        "---\nhttps://example.org/paper.pdf\n**Concept Graphs for Retrieval**\n\n"
        "We use **concept graphs** and [OWL](https://www.w3.org/OWL/) with <em>care</em>.\n",
        encoding="utf-8",
    )
    (doc,) = read_file(f)
    assert doc.title == "Concept Graphs for Retrieval"
    assert "We use concept graphs and OWL with care." in text_of(doc)
    assert "**" not in text_of(doc) and "](" not in text_of(doc) and "<em>" not in text_of(doc)


def test_a_long_first_line_is_no_title(tmp_path: Path) -> None:
    f = tmp_path / "notes.txt"
    f.write_text("word " * 40 + "\n\nShort line.\n", encoding="utf-8")
    assert read_file(f)[0].title == "notes"


# -- missing parser libraries ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "module", "package"),
    [("report.pdf", "pypdf", "pypdf"), ("history.docx", "docx", "python-docx"),
     ("keepers.html", "bs4", "beautifulsoup4")],
)  # fmt: skip
def test_a_missing_parser_names_the_package_to_install(
    monkeypatch: pytest.MonkeyPatch, name: str, module: str, package: str
) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # import fails as if not installed
    with pytest.raises(ReaderError, match=rf"needs the '{package}' package: pip install {package}"):
        read_file(DOCS / name)


# -- the shared model ------------------------------------------------------------------------


def test_sentences_cite_the_page_they_start_on() -> None:
    from lgm_rdf.learn.srg import sentence_blocks
    from lgm_rdf.nlp.model import Sentence

    section = Section("T", 1, (Block("One. Two.", page=3), Block("Footer", "header_footer", 4)))
    sentences = [Sentence("One.", 0, ()), Sentence("Two.", 5, ()), Sentence("Footer", 11, ())]
    found = sentence_blocks(section, sentences)
    assert [(b.page, b.role) for b in found] == [(3, "prose"), (3, "prose"), (4, "header_footer")]
    assert sentence_blocks(Section("T", 0, (Block("A."),)), sentences[:1])[0].page is None
    assert sentence_blocks(Section("T", 0), sentences[:1]) == [None]
    assert set(BLOCK_ROLES) >= {"prose", "table", "code", "caption", "header_footer"}


def test_content_hash_of_plain_prose_is_unchanged_by_blocks() -> None:
    """Documents of plain prose hash as before blocks existed (no needless re-learning)."""
    doc = read_text("Apples are sweet.\n\nThey grow on trees.", "d")
    legacy = [doc.title, [[s.title, s.level, s.text, None] for s in doc.sections]]
    data = json.dumps(legacy, ensure_ascii=False, separators=(",", ":"))
    assert doc.content_hash == hashlib.sha256(data.encode("utf-8")).hexdigest()
    paged = SourceDocument("d", doc.title, "d", (Section("T", 0, (Block("A.", page=2),)),))
    unpaged = SourceDocument("d", doc.title, "d", (Section("T", 0, (Block("A."),)),))
    assert paged.content_hash != unpaged.content_hash


def test_directory_reads_every_format(tmp_path: Path) -> None:
    import shutil

    for name in ("report.pdf", "keepers.html", "history.docx", "phares-latin1.txt"):
        shutil.copy(DOCS / name, tmp_path / name)
    titles = sorted(d.title for d in read_path(tmp_path))
    assert titles == [
        "A short history of lighthouses",
        "Lighthouse Optics and Automation",
        "Lighthouse keepers",
        "Phares de France",
    ]


def test_pdf_paragraph_over_a_page_break_is_one_block_cited_at_its_start() -> None:
    from lgm_rdf.learn.readers.builder import SectionBuilder
    from lgm_rdf.learn.readers.pdf import _emit, _Line

    lines = [
        _Line("A lamp burns oil and its light goes", 11.0, 120.0, 1),
        _Line("Page 1", 8.0, 20.0, 1, "header_footer"),
        _Line(
            "through the lens. Keepers trimmed the wicks of the lamp every even-", 11.0, 700.0, 2
        ),
        _Line("ing before sunset.", 11.0, 687.0, 2),
        _Line("A new paragraph starts here.", 11.0, 650.0, 2),
    ]
    builder = SectionBuilder()
    _emit(lines, [], builder)
    doc = builder.document("d", "d", None, "d")
    prose = [(b.text, b.page) for b in blocks(doc, "prose")]
    assert prose == [
        (
            "A lamp burns oil and its light goes through the lens. Keepers trimmed the wicks of "
            "the lamp every evening before sunset.",
            1,
        ),
        ("A new paragraph starts here.", 2),
    ]
    assert [(b.text, b.page) for b in blocks(doc, "header_footer")] == [("Page 1", 1)]
