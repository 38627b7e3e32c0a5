"""The block model of the readers and how the learner parses a section's blocks."""

from __future__ import annotations

import pytest

from lgm_rdf.learn.pipeline import Learner
from lgm_rdf.learn.readers import BLOCK_ROLES, Block, Section, SourceDocument, read_text
from lgm_rdf.learn.srg import DocumentGraph
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.ontology import IriMinter
from lgm_rdf.store.oxigraph import OxigraphStore


def test_block_defaults_and_roles() -> None:
    block = Block("Apples are sweet.")
    assert (block.role, block.page, block.sentences) == ("prose", None, None)
    assert "prose" in BLOCK_ROLES and "table" in BLOCK_ROLES
    assert Block("x", role="reference", page=3).page == 3
    with pytest.raises(ValueError, match="unknown block role"):
        Block("x", role="poem")


def test_readers_make_one_block_per_paragraph_and_one_per_list() -> None:
    doc = read_text("# Fruit\n\nApples are sweet.\n\n- red\n- green\n\nPears are soft.", "f")
    (section,) = doc.sections
    assert [b.text for b in section.blocks] == [
        "Apples are sweet.",
        "red.\ngreen.",
        "Pears are soft.",
    ]
    assert section.text == "Apples are sweet.\n\nred.\ngreen.\n\nPears are soft."


def _learned(doc: SourceDocument, nlp) -> list[Sentence]:
    seen: list[Sentence] = []

    def record(_: SourceDocument, graph: DocumentGraph) -> None:
        seen.extend(learned.sentence for learned in graph.sentences)

    store = OxigraphStore(None)
    Learner(store, nlp, IriMinter(), enrichers=[record]).learn([doc])
    store.close()
    return seen


def test_prose_section_is_parsed_whole(spacy_nlp) -> None:
    doc = read_text("Apples are sweet. They grow on trees.\n\nPears are soft.", "p")
    (section,) = doc.sections
    expected = spacy_nlp.parse(section.text).sentences
    assert _learned(doc, spacy_nlp) == expected


def test_mixed_blocks_keep_section_offsets(spacy_nlp) -> None:
    presplit = ("Oaks are trees.", "They live long")  # the second is one sentence as given
    blocks = (
        Block("Birches are trees. They have white bark."),
        Block(" ".join(presplit), sentences=presplit),
        Block("Elms are tall."),
    )
    section = Section("Trees", 0, blocks)
    doc = SourceDocument("t", "Trees", "t", (section,))
    sentences = _learned(doc, spacy_nlp)
    assert [s.text for s in sentences] == [
        "Birches are trees.",
        "They have white bark.",
        "Oaks are trees.",
        "They live long",
        "Elms are tall.",
    ]
    for s in sentences:
        assert section.text[s.start : s.end] == s.text
        assert [t.i for t in s.tokens] == list(range(len(s.tokens)))


def test_other_roles_and_page_breaks_end_a_prose_run() -> None:
    from lgm_rdf.learn.prepare import parse_segments

    blocks = (
        Block("A lamp burns oil"),  # no full stop: parsed with the next prose block of its page
        Block("in the lantern.", page=None),
        Block("Keeper: Ida Lewis; Years: 1857–1911", "table"),
        Block("Keeper: William Darling", "table"),
        Block("Page 2 of 3", "header_footer", page=2),
        Block("Lenses focus light.", page=2),
        Block("Lamps use oil.", page=2),
        Block("Mirrors help too.", page=3),
    )
    segments = parse_segments(Section("S", 1, blocks))
    assert [s.texts for s in segments] == [
        ["A lamp burns oil\n\nin the lantern."],
        ["Keeper: Ida Lewis; Years: 1857–1911"],
        ["Keeper: William Darling"],
        ["Page 2 of 3"],
        ["Lenses focus light.\n\nLamps use oil."],
        ["Mirrors help too."],
    ]
    text = Section("S", 1, blocks).text
    assert all(text[s.start :].startswith(s.texts[0]) for s in segments)
