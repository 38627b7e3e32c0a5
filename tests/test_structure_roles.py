"""Document structure roles: non-prose regions are stored with a role and never learned from."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgm_rdf import LanguageGraph, Settings
from lgm_rdf.learn.readers import read_text
from lgm_rdf.learn.readers.roles import block_role, sentence_role, template_like

PAPER = """Graph Stores for Question Answering

Ada Lovelace

Analytical Engine Institute

London, United Kingdom

ada@example.org

Abstract

A graph store is a database. Oxigraph is a graph database. Large language models (LLMs) are
neural networks, and LLMs answer questions.

Table 1: Results of the graph stores

Store\tRecall\tF1
Oxigraph\t0.91\t0.88
Fuseki\t0.89\t0.87

Prompt templates used in the appendix: A is a type of B. A, in [culture/language] known as B.
Find pictures containing {object}.

References

- [1] Aidan Hogan, Eva Blomqvist, and Michael Cochez. Knowledge graph and knowledge reasoning:
  A systematic review. ACM Computing Surveys, 54(4):1-37, 2021. doi: 10.1145/3447772.
- [2] Zirui Guo and Chao Huang. Graph retrieval-augmented generation: A survey, 2025. URL
  <https://arxiv.org/abs/2410.05779>.
"""

ROLE = """
PREFIX lgm: <https://w3id.org/lgm-rdf/ontology#>
PREFIX nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#>
SELECT ?text ?role WHERE { ?s nif:anchorOf ?text . OPTIONAL { ?s lgm:blockRole ?role } }
"""
EVIDENCE = """
PREFIX owl: <http://www.w3.org/2002/07/owl#>
PREFIX prov: <http://www.w3.org/ns/prov#>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX lgm: <https://w3id.org/lgm-rdf/ontology#>
PREFIX nif: <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#>
SELECT ?source ?target ?text ?role ?extractor ?confidence WHERE {
  ?ax owl:annotatedSource ?s ; owl:annotatedTarget ?t ; prov:wasDerivedFrom ?e ;
      lgm:extractor ?extractor ; lgm:confidence ?confidence .
  ?s rdfs:label ?source . ?t rdfs:label ?target . ?e nif:anchorOf ?text .
  OPTIONAL { ?e lgm:blockRole ?role }
}
"""
LABELS = "SELECT DISTINCT ?l WHERE { ?c a <http://www.w3.org/2002/07/owl#Class> ; <http://www.w3.org/2000/01/rdf-schema#label> ?l }"


@pytest.fixture(scope="module")
def learned(tmp_path_factory: pytest.TempPathFactory, spacy_nlp) -> LanguageGraph:
    root = tmp_path_factory.mktemp("roles")
    (root / "paper.txt").write_text(PAPER, encoding="utf-8")
    lg = LanguageGraph(root / "kb", settings=Settings(), nlp=spacy_nlp)
    lg.learn([root / "paper.txt"])
    yield lg
    lg.close()


def _local(term: object) -> str:
    return str(getattr(term, "value", "")).rsplit("#", 1)[-1]


def test_no_relation_has_evidence_outside_prose(learned: LanguageGraph) -> None:
    rows = list(learned.store.select(EVIDENCE))
    assert rows, "the prose states relations"
    assert [r for r in rows if r.get("role") is not None] == []
    pairs = {(r["source"].value, r["target"].value) for r in rows}
    assert ("oxigraph", "graph database") in pairs  # the parent keeps its modifier
    assert ("graph database", "database") in pairs  # ... and the compound gives its head
    assert ("graph store", "database") in pairs
    heads = [r for r in rows if r["extractor"].value == "compound-head"]
    assert heads and all(r["source"].value != "knowledge graph" for r in heads)
    for r in rows:
        assert 0.0 < float(r["confidence"].value) <= 1.0


def test_non_prose_sentences_are_stored_with_their_role(learned: LanguageGraph) -> None:
    roles = {r["text"].value: _local(r.get("role")) for r in learned.store.select(ROLE)}
    by_role: dict[str, list[str]] = {}
    for text, role in roles.items():
        by_role.setdefault(role, []).append(text)
    assert any("Hogan" in t for t in by_role["ReferenceRole"])
    assert any("ada@example.org" in t for t in by_role["AffiliationRole"])
    assert any("Analytical Engine Institute" in t for t in by_role["AffiliationRole"])
    assert any("Oxigraph" in t for t in by_role["TableRole"])
    assert any("Table 1" in t for t in by_role["CaptionRole"])
    assert any("{object}" in t for t in by_role["TemplateRole"])
    assert any("[culture/language]" in t for t in by_role["TemplateRole"])
    assert any("Oxigraph is a graph database" in t for t in by_role[""])


def test_no_concept_from_non_prose_or_junk(learned: LanguageGraph) -> None:
    labels = {r["l"].value for r in learned.store.select(LABELS)}
    assert "llm" in labels and "llms" not in labels  # an acronym plural is one concept
    for junk in ("review", "survey", "culture/language", "object", "picture", "ada lovelace"):
        assert junk not in labels, junk
    assert not any(c in label for label in labels for c in "[]{}<>_@")


def test_learned_kb_conforms(learned: LanguageGraph) -> None:
    assert learned.validate().conforms


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("Figure 3: Workflow of the model", "caption"),
        ("12", "header_footer"),
        ("[3] A. Smith and B. Jones. Graphs. In Proceedings of KDD, 2020.", "reference"),
        ("name\tvalue\nalpha\t1\nbeta\t2", "table"),
        ("def f(x):\n    return x\nprint(f(2))", "code"),
        ("$$E = m c^2 + \\\\frac{a}{b}$$", "equation"),
        ('{"role": "system", "content": "You are a helper."}', "template"),
        ("The cello is a bowed string instrument.", "prose"),
        ("Vitamin C and vitamin D are vitamins found in fruit and in fish.", "prose"),
        # an API reference's field list is a table written as lines
        ("key: String, the key.\ncallback: Function, the callback.", "table"),
        ("key: String The key.\nlifetime: Number After how long it expires.", "table"),
        ("timeout: Integer|null (default 30)\nretries: Number, how often", "table"),
        # definitions and notes written in prose are prose
        ("init: Creates a new project.\nbuild: Builds it.", "prose"),
        ("Note: The cache is a dictionary.\nWarning: It is kept on disk.", "prose"),
        ("key: String, the key.", "prose"),  # one line is no list
        # one cited work on its own line, authors written initials first and joined by "and"
        (
            "T. Ylonen and C. Lonvick, The Secure Shell (SSH) Protocol Architecture, RFC 4251, "
            "January 2006.",
            "reference",
        ),
        (
            "M. Bellare, T. Kohno, and C. Namprempre, The Secure Shell (SSH) Transport Layer "
            "Encryption Modes, RFC 4344, January 2006.",
            "reference",
        ),
        ("T. S. Eliot and W. H. Auden, both poets, met in London in 1930.", "prose"),
        ("The client conforms to RFC 4251 and RFC 4253 since 2006.", "prose"),
        (
            "J. R. R. Tolkien and C. S. Lewis, friends at Oxford, met in 1926 and discussed the "
            "press coverage.",
            "prose",
        ),
        (
            "The SSH protocol is described in RFC 4251, RFC 4252, and RFC 4253 (2006).\n"
            "Implementations follow RFC 4254, RFC 4256, published in 2006.",
            "prose",
        ),
        # "name: Word ..." lines that are no field list: the word after the colon is no type
        ("spoiler: Darth Vader is Luke's father.\nverdict: Guilty. The jury agreed.", "prose"),
        ("alice: Hello, how are you?\nbob: Fine. Thanks.", "prose"),
        ("hits: Map<string, number> - hit counts.\nmisses: Map<string, number> - misses.", "table"),
    ],
)
def test_block_roles_from_text(text: str, role: str) -> None:
    assert block_role(text) == role


@pytest.mark.parametrize(
    ("text", "template"),
    [
        ("A is a type of B.", True),
        ("X consists of Y and Z.", True),
        ("Use {name} here.", True),
        ("It [: Apple] is sweet.", True),
        ("A dog is an animal.", False),
        ("The song was written by M. Ward and B. Smith.", False),
        ("Plan B and Type A are names.", False),
        ("The temperature was 5 °F (−15 °C) in January.", False),
    ],
)
def test_templates_by_sentence(text: str, template: bool) -> None:
    assert template_like(text) is template
    assert sentence_role(text, "prose") == ("template" if template else "prose")


def test_markdown_code_and_tables_have_roles() -> None:
    doc = read_text(
        "# Tool\n\nTool is a library.\n\n```python\nx = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
        "tool",
    )
    roles = [b.role for s in doc.sections for b in s.blocks]
    assert roles == ["prose", "code", "table"]


def test_markdown_badges_are_no_prose() -> None:
    """A row of badges (images, each inside a link) reads as a row of labels, not a sentence
    that would run into the prose after it."""
    doc = read_text(
        "# Tool\n\n[![CI](https://ci.example/b.svg)](https://ci.example)\n"
        "[![pypi](https://pypi.example/v.svg)](https://pypi.example) ![license](l.svg)\n\n"
        "Tool is a library for parsing logs.\n",
        "tool",
    )
    blocks = [(b.role, b.text) for s in doc.sections for b in s.blocks]
    assert blocks[0][0] == "table" and "pypi" in blocks[0][1]
    assert blocks[1] == ("prose", "Tool is a library for parsing logs.")


def test_a_markdown_paragraph_of_images_is_a_caption() -> None:
    """An image on its own, its alt text wrapped over two lines, described a logo ("a fun
    cartoon logo made of glob characters") and was read as prose (a composition was learned
    from it); an image inside a sentence keeps its alt text in the sentence."""
    doc = read_text(
        "# Tool\n\nTool finds files.\n\n![a small drawing made of\nstars](https://x.example/l.png)"
        "\n\nClick the ![gear](g.png) icon to open the settings.\n",
        "tool",
    )
    blocks = [(b.role, b.text) for s in doc.sections for b in s.blocks]
    assert ("caption", "a small drawing made of stars") in blocks
    assert ("prose", "Click the gear icon to open the settings.") in blocks


def test_a_short_note_has_no_front_matter(tmp_path: Path) -> None:
    doc = read_text("Apples\n\nApples are fruits.", "note")
    from lgm_rdf.learn.readers.roles import assign_roles

    assert [b.role for s in assign_roles(doc).sections for b in s.blocks] == ["heading", "prose"]


def test_plain_text_fence_after_a_list_marker_closes_the_block() -> None:
    from lgm_rdf.learn.readers.plain import plain_blocks

    text = (
        "A cat is an animal.\n\n```\nx = 1\n```\n\nRules:\n- Keep it short.\n- ```\n\n"
        "Quoted output: a bird is a pet.\n\n```\n\nA dog is an animal.\n\n"
        "Run ```ls``` to list the files.\n"
    )
    roles = [b.role for b in plain_blocks(text)]
    assert roles == ["prose", "code", "code", "code", "code", "prose", "prose"]


def test_a_line_in_capitals_heads_the_text_under_it() -> None:
    """Manual pages and plain-text documents put a heading in capitals right above its text;
    read as one paragraph, "DESCRIPTION" was glued to the first concept ("description ssh")."""
    from lgm_rdf.learn.readers.plain import plain_blocks

    text = (
        "NAME\n     frob — polish a repository\n\n"
        "DESCRIPTION\n     frob (the polisher) is a program for tidying repositories.\n"
        "     It removes stale branches.\n\n"
        "EXIT STATUS\nThe frob utility exits 0 on success.\n\n"
        "NASA\nlaunched a rocket that day.\n"
    )
    blocks = [(b.role, b.text) for b in plain_blocks(text)]
    assert blocks[:6] == [
        ("heading", "NAME"),
        ("prose", "frob — polish a repository"),
        ("heading", "DESCRIPTION"),
        (
            "prose",
            "frob (the polisher) is a program for tidying repositories. It removes stale branches.",
        ),
        ("heading", "EXIT STATUS"),
        ("prose", "The frob utility exits 0 on success."),
    ]
    # a capital word wrapped onto its own line, then the sentence goes on: no heading
    assert blocks[6:] == [("prose", "NASA launched a rocket that day.")]


def test_manual_page_running_lines_are_header_footer(tmp_path: Path, spacy_nlp) -> None:
    """A manual page rendered as text opens with a running header ("FROB(1)  General Commands
    Manual  FROB(1)") and ends with a footer; read as a heading, the header became the title
    and the antecedent of "It" ("frob general commands manual frob ⊑ tool"). The page is
    titled by its command, the two lines are header_footer, and a word the typesetter
    hyphenated at a line end is one word again."""
    from lgm_rdf.learn.readers.plain import first_line_title, plain_blocks

    text = (
        "FROB(1)\t\t\tGeneral Commands Manual\t\t\tFROB(1)\n\n"
        "NAME\n       frob - polish a repository\n\n"
        "DESCRIPTION\n       It is a tool that tidies repositories and removes stale\n"
        "       branches in the fol\u2010\n       lowing order. It is a fact that most\n"
        "       repositories grow.\n\n"
        "frob 1.2\t\t\t  2024-05-01\t\t\tFROB(1)\n"
    )
    assert first_line_title(text) == "frob"
    blocks = [(b.role, b.text) for b in plain_blocks(text)]
    assert blocks[0] == ("header_footer", "FROB(1) General Commands Manual FROB(1)")
    assert blocks[-1] == ("header_footer", "frob 1.2 2024-05-01 FROB(1)")
    assert (
        "prose",
        "It is a tool that tidies repositories and removes stale branches in the following order."
        " It is a fact that most repositories grow.",
    ) in blocks
    # a BSD page's footer starts and ends with one word around its date
    assert block_role("BSD\t\t\tMarch 3, 2021\t\t\tBSD") == "header_footer"
    # a sentence that ends with a page reference is prose, with or without its full stop; so
    # are a formula and a name repeated around a year
    assert block_role("See the manual of the archiver for details, as in tar(1).") == "prose"
    assert block_role("The cp command is a copy tool like cp(1)") == "prose"
    assert block_role("The result is f(2)") == "prose"
    assert block_role("Paris  founded 1900  Paris") == "prose"
    assert first_line_title("Paris  founded 1900  Paris\n\nParis is a city.\n") != "paris"
    assert block_role("Net::DNS(3pm)  User Contributed Perl Documentation  Net::DNS(3pm)") == (
        "header_footer"
    )
    # a word with a hyphen of its own is not joined at a line end: groff writes real hyphens
    # with the same character
    from lgm_rdf.learn.readers.files import clean_text

    assert (
        clean_text("the state\u2010of\u2010the\u2010\nart")
        == "the state\u2010of\u2010the\u2010 art"
    )
    path = tmp_path / "man_frob.txt"
    path.write_text(text, encoding="utf-8")
    lg = LanguageGraph(tmp_path / "kb", settings=Settings(), nlp=spacy_nlp)
    try:
        lg.learn([path])
        pairs = {(r["source"].value, r["target"].value) for r in lg.store.select(EVIDENCE)}
    finally:
        lg.close()
    assert ("frob", "tool") in pairs, pairs
    assert not any("manual" in a for a, _ in pairs), pairs
    # "It is a fact that ...": the "it" stands for the clause, not for the command
    assert ("frob", "fact") not in pairs, pairs
