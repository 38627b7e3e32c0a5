"""Precision guards for documentation prose: statements that look like taxonomy but are not.

Each case is a sentence written for this test, the relations it must give and those it must
not give. The classes come from judged samples of learned documentation (docs/benchmarks.md
§17, §23): roles filled in context, evaluative predicates, insertions read as parts, classes in
brackets read as names, lists that belong to another noun, identifiers and names in -s.
"""

from __future__ import annotations

import pytest

from lgm_rdf.learn.patterns import PatternExtractor

INH, COMP, ALIAS = "inheritance", "composition", "alias"

CASES = [
    # a definite subject that picks one thing out of its context names no class
    ("The only requirement is a POSIX shell.", set(), {(INH, "requirement", "posix shell")}),
    ("The same module is a thin HTTP wrapper.", set(), {(INH, "module", "http wrapper")}),
    ("The default is a local SQLite file.", set(), {(INH, "default", "sqlite file")}),
    ("The following is a minimal example.", set(), {(INH, "following", "example")}),
    # a class statement with a definite generic subject stays
    ("The human liver consists of two lobes.", {(COMP, "liver", "lobe")}, set()),
    # evaluative predicates judge, they do not classify
    ("Packaging is a real pain for plugin authors.", set(), {(INH, "packaging", "pain")}),
    ("Caching is a big improvement over polling.", set(), {(INH, "caching", "improvement")}),
    ("Jupiter is a gas giant.", {(INH, "jupiter", "gas giant")}, set()),
    # "include X in Y" inserts X into Y; "will include" is an act
    ("The exporter includes the schema in every file.", set(), {(COMP, "exporter", "schema")}),
    ("The tool will include the timestamp in its report.", set(), {(COMP, "tool", "timestamp")}),
    ("The bundle includes a compiler and a debugger.", {(COMP, "bundle", "compiler")}, set()),
    # a class in brackets is no other name
    ("We cache assets on Condense (a CDN) worldwide.", set(), {(ALIAS, "cdn", "condense")}),
    (
        "The World Health Organization (WHO) met.",
        {(ALIAS, "who", "world health organization")},
        set(),
    ),
    # after a relative clause and a comma, a list may belong to the noun the clause is on
    (
        "Pick the format that fits your pipeline, such as CSV, JSON or Parquet.",
        set(),
        {(INH, "csv", "pipeline"), (INH, "json", "pipeline")},
    ),
    ("Formats such as CSV and JSON are supported.", {(INH, "csv", "format")}, set()),
    # identifiers in camel case and names in -s keep their form
    (
        "The client exposes methods such as getItems and setItems.",
        {(INH, "getitems", "method")},
        {(INH, "getitem", "method")},
    ),
    ("Celery is a task queue.", {(INH, "celery", "task queue")}, set()),
    (
        "Kubernetes is a container orchestrator.",
        {(INH, "kubernetes", "container orchestrator")},
        set(),
    ),
    # a relational noun with "for"/"to" says what the subject is to another thing
    (
        "Quillpy is a drop-in replacement for the json module.",
        set(),
        {(INH, "quillpy", "replacement")},
    ),
    # a definite subject picked out by "relevant"/"respective" is about those things only
    (
        "The relevant functions are methods of Validator.",
        set(),
        {(INH, "function", "method")},
    ),
    # a light noun hosts no class: the listed items are no "needs"
    (
        "We provide array routines to fit your numerical computation needs such as slicing, "
        "indexing and math.",
        set(),
        {(INH, "slicing", "computation need"), (INH, "slicing", "need")},
    ),
    # "of" a pronoun makes the class relative to something
    (
        "The method is not new, but quillpy is one of the fastest implementations of it.",
        set(),
        {(INH, "quillpy", "implementation")},
    ),
    # a list whose items are set off by commas is no apposition
    (
        "To package quillpy requires at least Rust 1.80, a C compiler, and the maturin build tool.",
        set(),
        {(INH, "rust 1.80", "c compiler"), (INH, "rust 1.80", "compiler")},
    ),
    # an empty word ("thing", "stuff") is no part and no class
    ("Quillpy contains most things you need for parsing.", set(), {(COMP, "quillpy", "thing")}),
    # "the A and B classes": the named classes, not every class
    (
        "The Reader and Writer classes are now plain interface classes.",
        set(),
        {(INH, "class", "interface class")},
    ),
    (
        "Interface classes are abstract classes.",
        {(INH, "interface class", "abstract class")},
        set(),
    ),
    # a noun pointed back to ("this mode") says nothing of the name after it
    ("In this mode Quillpy is compiled with GPU support.", set(), {(INH, "quillpy", "mode")}),
    # a compound keeps its own adverb or is left out: never "running application"
    (
        "The logger can be used for long running applications such as servers.",
        {(INH, "server", "long running application")},
        {(INH, "server", "running application")},
    ),
    # a restrictive clause in the present picks out some members: no statement of the class
    ("It rejects a str that contains invalid UTF-8.", set(), {(COMP, "str", "invalid utf-8")}),
    ("A list that contains duplicates is rejected.", set(), {(COMP, "list", "duplicate")}),
    (
        "Valid JSON containing an empty string is returned as JSON text.",
        set(),
        {(COMP, "json", "string")},
    ),
    # set off by a comma, or describing the subject, the clause states it
    ("The museum, which contains old paintings, is closed.", {(COMP, "museum", "painting")}, set()),
    # on a plural or a definite noun the judges read the clause as a statement
    (
        "The agency runs campaigns that include television advertising.",
        {(COMP, "campaign", "television advertising")},
        set(),
    ),
    (
        "The wider district – which includes the towns of Alba and Brno – is large.",
        {(COMP, "district", "town")},
        set(),
    ),
    ("The kit is a wooden box containing ten tools.", {(COMP, "kit", "tool")}, set()),
    ("The set is a box that contains twelve pencils.", {(COMP, "set", "pencil")}, set()),
    # what fills a role in its context is no class: "the output" of one function
    ("The output is a bytes object.", set(), {(INH, "output", "bytes object")}),
    ("The return value is a tuple.", set(), {(INH, "return value", "tuple")}),
    ("Values are numbers.", {(INH, "value", "number")}, set()),
    # "the following" introduces what comes after: no name of an apposition
    (
        "It gives you the following: A lightweight, low-complexity HTTP web framework.",
        set(),
        {(INH, "following", "low-complexity http web framework")},
    ),
    # a verb in -ing before a name takes it as its object: the name is its own
    (
        "Embedding Models: training SPLADE and other sparse encoders.",
        {(INH, "splade", "encoder")},
        {(INH, "training splade", "encoder")},
    ),
    # a past participle tells of the one thing the sentence introduces
    (
        "The pope set up a commission composed of twelve cardinals.",
        {(COMP, "commission", "cardinal")},
        set(),
    ),
    # what one thing is of another, with the other unsaid: no class
    (
        "Quillpy 2 is a ground-up rewrite with many new features.",
        set(),
        {(INH, "quillpy 2", "rewrite")},
    ),
    ("Nantong is a vital river port.", {(INH, "nantong", "river port")}, set()),
    # kin words make a class relative: "sister projects" are sisters of this one
    (
        "More readers live in sister projects such as quillfs and gcsq.",
        set(),
        {(INH, "quillfs", "sister project"), (INH, "quillfs", "project")},
    ),
    ("The union has member states such as France.", {(INH, "france", "member state")}, set()),
    # a part "initially" is a part no more
    (
        "Quillcorn was initially part of the Quart web framework.",
        set(),
        {(COMP, "quart web framework", "quillcorn")},
    ),
    # licence boilerplate in capitals states nothing
    (
        "IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY.",
        set(),
        {(INH, "claim", "liability"), (INH, "damages", "liability")},
    ),
]


def _keys(rels: list) -> set[tuple[str, str, str]]:  # type: ignore[type-arg]
    out = set()
    for r in rels:
        a, b = (r.a, r.b) if r.type != ALIAS else tuple(sorted((r.a, r.b)))
        out.add((r.type, a, b))
    return out


@pytest.mark.parametrize(("text", "wanted", "unwanted"), CASES)
def test_docs_precision(spacy_nlp, text: str, wanted: set, unwanted: set) -> None:  # type: ignore[no-untyped-def]
    found = _keys(PatternExtractor().extract(spacy_nlp.parse(text).sentences))
    assert wanted <= found, (text, found)
    assert not (unwanted & found), (text, found)
