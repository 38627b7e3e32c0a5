"""Tests for the document readers (lgm_rdf.learn.readers)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from lgm_rdf.learn.readers import (
    Block,
    ReaderError,
    Section,
    SourceDocument,
    read_path,
    read_paths,
    read_text,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "corpus"
SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
HOTPOT_DEV = SHARED_DATA / "hotpotqa_dev50.json"
MUSIQUE_DEV = SHARED_DATA / "musique_dev50.json"


def collect(paths: list[Path]) -> tuple[list[SourceDocument], list[tuple[Path, str]]]:
    skipped: list[tuple[Path, str]] = []
    docs = list(read_paths(paths, on_skip=lambda p, r: skipped.append((p, r))))
    return docs, skipped


# --- plain text ---------------------------------------------------------------------------------


def test_txt_title_paragraphs_and_id(tmp_path: Path) -> None:
    f = tmp_path / "apples.txt"
    f.write_text("\n\nAll about apples\n\nApples are a type\nof fruit.\n\n\n  It is sweet.  \n")
    (doc,) = read_path(f)
    assert doc.id == f.resolve().as_posix()
    assert doc.source == doc.id
    assert doc.title == "All about apples"
    (section,) = doc.sections
    assert section.title == "All about apples" and section.level == 0
    # one block per paragraph, no page; a short line without a full stop is a heading
    assert section.blocks == (
        Block("All about apples", role="heading"),
        Block("Apples are a type of fruit."),
        Block("It is sweet."),
    )
    assert section.text == "All about apples\n\nApples are a type of fruit.\n\nIt is sweet."


def test_txt_long_first_line_uses_stem(tmp_path: Path) -> None:
    f = tmp_path / "long.txt"
    f.write_text("word " * 40 + "\n\nSecond paragraph.")
    (doc,) = read_path(f)
    assert doc.title == "long"
    assert doc.sections[0].title == "long"


def test_bom_and_crlf_tolerated(tmp_path: Path) -> None:
    f = tmp_path / "bom.txt"
    f.write_bytes("\ufeffTitle line\r\n\r\nBody text.\r\n".encode())
    (doc,) = read_path(f)
    assert doc.title == "Title line"
    assert doc.sections[0].text == "Title line\n\nBody text."


# --- Markdown -----------------------------------------------------------------------------------

MARKDOWN = """Preamble with *emphasis* and a [link text](https://example.org/x "t").

# Apples

The **apple** is `Malus domestica`; snake_case_words stay. ***Strong*** and ~~struck~~ text.
A wrapped
line.

<!-- an HTML comment
over two lines -->

```python
print("code is dropped")
```

## Parts ##

An apple consists of:

- the peel
- the flesh, which is
  eaten
* [x] the core!

Colour
------

Red &amp; green <b>skins</b>, see <https://example.org> and ![a photo](apple.png) \\*kept\\*.

###### Deep
tiny
"""


def test_markdown_sections_levels_and_markup(tmp_path: Path) -> None:
    f = tmp_path / "apple.md"
    f.write_text(MARKDOWN)
    (doc,) = read_path(f)
    assert doc.title == "Apples"
    assert [(s.title, s.level) for s in doc.sections] == [
        ("Apples", 0),
        ("Apples", 1),
        ("Parts", 2),
        ("Colour", 2),
        ("Deep", 6),
    ]
    pre, apples, parts, colour, deep = doc.sections
    assert pre.text == "Preamble with emphasis and a link text."
    prose = [b.text for b in apples.blocks if b.role == "prose"]
    assert " ".join(prose) == (
        "The apple is Malus domestica; snake_case_words stay. Strong and struck text. "
        "A wrapped line."
    )
    # code is kept as a block of its own, with its role (stored, never a source of relations)
    assert [b.text for b in apples.blocks if b.role == "code"] == ['print("code is dropped")']
    assert "comment" not in "".join(s.text for s in doc.sections)
    assert parts.text == (
        "An apple consists of:\n\nthe peel.\nthe flesh, which is eaten.\nthe core!"
    )
    assert colour.text == "Red & green skins, see https://example.org and a photo *kept*."
    assert deep.text == "tiny"


def test_markdown_without_headings_uses_stem(tmp_path: Path) -> None:
    f = tmp_path / "notes.markdown"
    f.write_text("Just a paragraph with _emphasis_.\n\n- one\n- two.\n")
    (doc,) = read_path(f)
    assert doc.title == "notes"
    assert doc.sections == (
        Section("notes", 0, (Block("Just a paragraph with emphasis."), Block("one.\ntwo."))),
    )


def test_markdown_only_code_is_skipped(tmp_path: Path) -> None:
    f = tmp_path / "code.md"
    f.write_text("```\nonly code\n```\n")
    docs, skipped = collect([f])
    assert docs == []
    assert skipped == [(f, "no text found")]


def test_read_text_plain_and_markdown() -> None:
    plain = read_text("Apples are sweet.\n\nThey grow on trees.", "mem:1")
    assert plain.id == "mem:1" and plain.source == "mem:1"
    assert plain.title == "Apples are sweet."
    assert plain.sections[0].text == "Apples are sweet.\n\nThey grow on trees."
    md = read_text("# Fruit\nFruits contain vitamins.\n## Apples\nApples are sweet.", "mem:2")
    assert md.title == "Fruit"
    assert [(s.title, s.level, s.text) for s in md.sections] == [
        ("Fruit", 1, "Fruits contain vitamins."),
        ("Apples", 2, "Apples are sweet."),
    ]
    titled = read_text("Some text.", "mem:3", title="Given")
    assert titled.title == "Given" and titled.sections[0].title == "Given"
    with pytest.raises(ReaderError, match="empty text"):
        read_text("  \n ", "mem:4")


# --- JSON / JSONL records -----------------------------------------------------------------------


def test_jsonl_records(tmp_path: Path) -> None:
    f = tmp_path / "recs.jsonl"
    lines = [
        {"id": "a1", "title": "Apple", "text": "Apples are sweet."},
        {"text": "No id or title here."},
        {"id": 7, "text": "# Head\nMarkdown body."},
    ]
    f.write_text("\n".join(json.dumps(x) for x in lines[:2]) + "\n\n" + json.dumps(lines[2]))
    docs = list(read_path(f))
    assert [(d.id, d.title) for d in docs] == [("a1", "Apple"), ("recs#2", "recs#2"), ("7", "7")]
    assert docs[0].sections == (Section("Apple", 0, (Block("Apples are sweet."),)),)
    assert docs[2].sections == (Section("Head", 1, (Block("Markdown body."),)),)
    assert {d.source for d in docs} == {f.resolve().as_posix()}


def test_json_list_and_documents_key(tmp_path: Path) -> None:
    a = tmp_path / "list.json"
    a.write_text(json.dumps([{"id": "x", "text": "One."}, {"id": "y", "text": "Two."}]))
    b = tmp_path / "wrapped.json"
    b.write_text(json.dumps({"documents": [{"title": "T", "text": "Three."}]}))
    assert [d.id for d in read_path(a)] == ["x", "y"]
    (doc,) = read_path(b)
    assert (doc.id, doc.title, doc.sections[0].text) == ("wrapped#1", "T", "Three.")


def test_invalid_json_reports_line(tmp_path: Path) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_text('{"id": "ok", "text": "Fine."}\n{"id": broken\n')
    with pytest.raises(ReaderError, match=r"bad\.jsonl: invalid JSON on line 2"):
        list(read_path(f))
    docs, skipped = collect([f])
    assert docs == [] and skipped[0][0] == f and "line 2" in skipped[0][1]
    g = tmp_path / "bad.json"
    g.write_text('[{"text": "x"},\n  oops]')
    with pytest.raises(ReaderError, match="invalid JSON at line 2"):
        list(read_path(g))


def test_record_without_text_is_an_error(tmp_path: Path) -> None:
    f = tmp_path / "notext.jsonl"
    f.write_text('{"id": "a", "body": "wrong key"}\n')
    with pytest.raises(ReaderError, match=r'line 1: missing "text"'):
        list(read_path(f))


# --- HotpotQA and MuSiQue -----------------------------------------------------------------------


def hotpot_item(qid: str, context: list) -> dict:
    return {"_id": qid, "question": "q?", "answer": "a", "supporting_facts": [], "context": context}


def test_hotpotqa_paragraphs_dedup_and_variants(tmp_path: Path) -> None:
    f = tmp_path / "hotpot.json"
    items = [
        hotpot_item("1", [["Apple", ["Apples are fruit.", " They are sweet. ", "  "]]]),
        hotpot_item("2", [["Apple", ["Apples are fruit.", "They are sweet."]], ["Pear", ["P."]]]),
        hotpot_item("3", [["Apple", ["A different text."]], ["Empty", [" "]]]),
        hotpot_item("4", [["Apple", ["Yet another."]], ["Apple", ["A different text."]]]),
    ]
    f.write_text(json.dumps(items))
    docs = list(read_path(f))
    assert [d.id for d in docs] == ["Apple", "Pear", "Apple (2)", "Apple (3)"]
    assert all(d.title == d.sections[0].title for d in docs)
    assert {d.title for d in docs} == {"Apple", "Pear"}
    first = docs[0].sections[0]
    (block,) = first.blocks
    assert block.sentences == ("Apples are fruit.", "They are sweet.")
    assert first.text == "Apples are fruit. They are sweet."
    assert first.level == 0
    assert docs[0].source == f.resolve().as_posix()


def test_musique_jsonl(tmp_path: Path) -> None:
    f = tmp_path / "musique.jsonl"
    rows = [
        {
            "id": "2hop_1",
            "question": "q?",
            "paragraphs": [
                {
                    "idx": 0,
                    "title": "Oak",
                    "paragraph_text": "The oak is a tree. ",
                    "is_supporting": True,
                },
                {"idx": 1, "title": "Pine", "paragraph_text": "Pines are conifers."},
            ],
        },
        {
            "id": "2hop_2",
            "paragraphs": [
                {"idx": 0, "title": "Oak", "paragraph_text": "The oak is a tree."},
                {"idx": 1, "title": "Oak", "paragraph_text": "Oaks grow acorns."},
            ],
        },
    ]
    f.write_text("\n".join(json.dumps(r) for r in rows))
    docs = list(read_path(f))
    assert [d.id for d in docs] == ["Oak", "Pine", "Oak (2)"]
    assert docs[0].sections == (Section("Oak", 0, (Block("The oak is a tree."),)),)
    assert docs[0].sections[0].blocks[0].sentences is None


@pytest.mark.skipif(not HOTPOT_DEV.exists(), reason="HotpotQA dev sample not available")
def test_hotpotqa_dev_sample_counts() -> None:
    raw = json.loads(HOTPOT_DEV.read_text(encoding="utf-8"))
    unique = {(t, tuple(s.strip() for s in ss if s.strip())) for q in raw for t, ss in q["context"]}
    docs = list(read_path(HOTPOT_DEV))
    assert len(docs) == len(unique)
    assert len({d.title for d in docs}) == len({t for t, _ in unique})
    assert len({d.id for d in docs}) == len(docs)
    assert all(d.sections[0].blocks[0].sentences for d in docs)


@pytest.mark.skipif(not MUSIQUE_DEV.exists(), reason="MuSiQue dev sample not available")
def test_musique_dev_sample_counts() -> None:
    raw = json.loads(MUSIQUE_DEV.read_text(encoding="utf-8"))
    unique = {(p["title"], p["paragraph_text"].strip()) for q in raw for p in q["paragraphs"]}
    docs = list(read_path(MUSIQUE_DEV))
    assert len(docs) == len(unique)
    assert len({d.id for d in docs}) == len(docs)
    per_title = Counter(d.title for d in docs)
    assert sum(per_title.values()) > len(per_title)  # the sample repeats titles with other text


# --- directories, bad files ---------------------------------------------------------------------


def test_directory_recursive_sorted_hidden_skipped(tmp_path: Path) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "z.txt").write_text("Zed.")
    (tmp_path / "a.md").write_text("# A\nAy.")
    (tmp_path / "c.txt").write_text("Cee.")
    (tmp_path / ".hidden.txt").write_text("Hidden.")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "x.txt").write_text("Hidden too.")
    (tmp_path / "b" / ".secret").mkdir()
    (tmp_path / "b" / ".secret" / "y.md").write_text("Hidden three.")
    docs, skipped = collect([tmp_path])
    assert [Path(d.id).relative_to(tmp_path.resolve()).as_posix() for d in docs] == [
        "a.md",
        "b/z.txt",
        "c.txt",
    ]
    assert skipped == []
    assert [d.id for d in read_path(tmp_path)] == [d.id for d in docs]


def test_bad_files_reported_and_skipped(tmp_path: Path) -> None:
    (tmp_path / "good.txt").write_text("Apples are sweet.")
    (tmp_path / "empty.txt").write_text("  \n\t\n")
    (tmp_path / "nul.txt").write_bytes(b"abc\x00def")
    (tmp_path / "latin1.md").write_bytes("caf\xe9".encode("latin-1"))
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n")
    (tmp_path / "README").write_text("no suffix")
    docs, skipped = collect([tmp_path])
    # a Latin-1 file is decoded (encoding detected), not skipped
    assert [(d.title, d.sections[0].text) for d in docs] == [
        ("Apples are sweet.", "Apples are sweet."),
        ("latin1", "café"),
    ]
    reasons = {p.name: r for p, r in skipped}
    assert reasons["empty.txt"] == "empty file"
    assert reasons["nul.txt"] == "binary file, not text"
    assert "latin1.md" not in reasons
    assert reasons["image.png"].startswith("unsupported file type '.png'")
    assert reasons["README"].startswith("unsupported file type (no suffix)")
    # a single explicitly named bad file is reported, not raised
    docs, skipped = collect([tmp_path / "nul.txt"])
    assert docs == [] and skipped == [(tmp_path / "nul.txt", "binary file, not text")]
    # read_path is strict about a named file
    with pytest.raises(ReaderError, match=r"empty\.txt: empty file"):
        read_path(tmp_path / "empty.txt")


def test_default_on_skip_logs_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "empty.md").write_text("")
    assert list(read_paths([tmp_path])) == []
    assert "empty.md: empty file" in caplog.text


def test_missing_path_raises_at_call_time(tmp_path: Path) -> None:
    with pytest.raises(ReaderError, match="no such file or directory"):
        read_paths([tmp_path / "nope"])
    with pytest.raises(ReaderError, match="nope"):
        read_path(tmp_path / "nope")


def test_same_file_twice_read_once(tmp_path: Path) -> None:
    f = tmp_path / "one.txt"
    f.write_text("Only once.")
    docs, _ = collect([tmp_path, f])
    assert len(docs) == 1


# --- content hash, hostile names, example corpus ------------------------------------------------


def test_content_hash_stable_and_sensitive() -> None:
    a = read_text("# T\nApples are sweet.", "a")
    b = read_text("# T\nApples are sweet.", "other-id")
    assert a.content_hash == b.content_hash  # id/source are not content
    assert len(a.content_hash) == 64
    assert read_text("# T\nApples are sour.", "a").content_hash != a.content_hash
    assert read_text("## T\nApples are sweet.", "a").content_hash != a.content_hash
    retitled = SourceDocument(a.id, "Other", a.source, a.sections)
    assert retitled.content_hash != a.content_hash
    # framing is unambiguous: moving text between title and body changes the hash
    s1 = SourceDocument("x", "ab", "s", (Section("c", 0, (Block("d"),)),))
    s2 = SourceDocument("x", "a", "s", (Section("bc", 0, (Block("d"),)),))
    assert s1.content_hash != s2.content_hash
    pre = SourceDocument("x", "t", "s", (Section("t", 0, (Block("a b", sentences=("a", "b")),)),))
    plain = SourceDocument("x", "t", "s", (Section("t", 0, (Block("a b"),)),))
    assert pre.content_hash != plain.content_hash
    # a block's role and page count; the default ones leave the hash as it was
    table = SourceDocument("x", "t", "s", (Section("t", 0, (Block("a b", role="table"),)),))
    paged = SourceDocument("x", "t", "s", (Section("t", 0, (Block("a b", page=1),)),))
    assert len({plain.content_hash, table.content_hash, paged.content_hash}) == 3


def test_hostile_names(tmp_path: Path) -> None:
    d = tmp_path / "dir with 'quotes' & \"double\""
    d.mkdir()
    f = d / "Äpfel – süß <x>.md"
    f.write_text("# Äpfel \"süß\" 'n' <b>\nEin Apfel ist süß.\n", encoding="utf-8")
    docs, skipped = collect([d])
    assert skipped == []
    (doc,) = docs
    assert doc.id == f.resolve().as_posix()
    assert doc.title == "Äpfel \"süß\" 'n'"
    assert doc.sections[0].text == "Ein Apfel ist süß."
    j = d / 'we"ird name.jsonl'
    j.write_text(json.dumps({"id": "a'b\"c>\nd", "text": "x"}) + "\n", encoding="utf-8")
    (rec,) = read_path(j)
    assert rec.id == "a'b\"c>\nd"  # kept exactly: ids are identities (issue 14)
    assert rec.title == "a'b\"c> d"


def test_example_corpus() -> None:
    files = sorted(p for p in DATA.glob("*.md") if p.name != "README.md")
    assert 3 <= len(files) <= 4
    docs = list(read_paths(files))
    words = sum(len(s.text.split()) for d in docs for s in d.sections)
    assert 300 <= words <= 700
    text = " ".join(s.text for d in docs for s in d.sections)
    assert "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet." in text
    for phrase in ("It is sweet.", "also known as", "short for", "is a kind of", "is a type of"):
        assert phrase in text
    for phrase in ("consists of", "is made of", "is part of"):
        assert phrase in text
    assert all(any(s.level > 1 for s in d.sections) for d in docs)
