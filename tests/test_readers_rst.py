"""reStructuredText documentation pages: sections, code, tables, directives, inline markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from lgm_rdf.learn.readers.read import SUPPORTED_SUFFIXES, read_file, read_path
from lgm_rdf.learn.readers.rst import rst_document, strip_rst_inline

PAGE = """\
.. _frob-guide:

=============
 Frob guide
=============

Frob is a tool for polishing repositories. Install it with ``pip install frob``::

    pip install frob

Usage
=====

Call :func:`~frob.polish` on a path. See `the manual <https://frob.example/>`_ and Frob_.

.. code-block:: python
   :linenos:

   import frob
   frob.polish(".")

.. note::
   A polisher is a program that tidies a repository.

.. image:: logo.png
   :alt: the logo

.. this comment is dropped

- A branch is a line of history
- A tag names a commit.

:param path: the repository
:returns: nothing

>>> frob.polish(".")
'done'

Options
-------

+--------+---------+
| name   | default |
+========+=========+
| depth  | 3       |
+--------+---------+

.. py:function:: polish(path, depth=3)

   Polish the repository at *path*.
"""


def test_sections_blocks_and_roles() -> None:
    doc = rst_document(PAGE, "d", "d", None, "fallback")
    assert doc.title == "Frob guide"
    heads = [(s.level, s.title) for s in doc.sections]
    assert heads == [(1, "Frob guide"), (2, "Usage"), (3, "Options")]
    blocks = {s.title: [(b.role, b.text) for b in s.blocks] for s in doc.sections}
    assert blocks["Frob guide"] == [
        ("prose", "Frob is a tool for polishing repositories. Install it with pip install frob:"),
        ("code", "pip install frob"),
    ]
    usage = blocks["Usage"]
    assert usage[0] == (
        "prose",
        "Call frob.polish on a path. See the manual and Frob.",
    )
    assert usage[1] == ("code", 'import frob frob.polish(".")')  # the option line is dropped
    assert ("prose", "A polisher is a program that tidies a repository.") in usage
    assert ("prose", "A branch is a line of history.") in usage  # an item is a sentence
    assert ("prose", "A tag names a commit.") in usage
    assert ("table", ":param path: the repository :returns: nothing") in usage
    assert ("code", """>>> frob.polish(".") 'done'""") in usage
    assert not [t for _, t in usage if "logo" in t or "comment" in t or "frob-guide" in t]
    options = blocks["Options"]
    assert options[0][0] == "table"
    assert options[1:] == [
        ("code", "polish(path, depth=3)"),
        ("prose", "Polish the repository at path."),
    ]


def test_inline_markup() -> None:
    assert strip_rst_inline("Use ``*args`` and *one* or **two** words.") == (
        "Use *args and one or two words."
    )
    assert strip_rst_inline("Call :meth:`.session.commit` first.") == "Call session.commit first."
    assert strip_rst_inline("See :class:`Frob <frob.Frob>` and `docs`_ or Guide_.") == (
        "See Frob and docs or Guide."
    )
    assert strip_rst_inline("snake_case_name stays, |release| is a substitution") == (
        "snake_case_name stays, release is a substitution"
    )
    # a lone asterisk opens no emphasis across a sentence
    assert strip_rst_inline("any method (*GET, POST). Then *this*.") == (
        "any method (*GET, POST). Then this."
    )


def test_rst_files_are_read_and_learned(tmp_path: Path, spacy_nlp) -> None:  # type: ignore[no-untyped-def]
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.settings import Settings

    assert ".rst" in SUPPORTED_SUFFIXES
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "guide.rst"
    page.write_text(PAGE, encoding="utf-8")
    (doc,) = read_file(page)
    assert doc.title == "Frob guide"
    assert [d.title for d in read_path(tmp_path / "docs")] == ["Frob guide"]
    # what the page's prose states, asserted whatever its confidence: the default bar withholds
    # the copula in technical documents (test_confidence.py), and this test is about reading
    settings = Settings(min_relation_confidence=0.0, target_precision=0.0)
    lg = LanguageGraph(tmp_path / "kb", settings=settings, nlp=spacy_nlp)
    try:
        lg.learn([tmp_path / "docs"])
        parents = {
            (r["c"].value.rsplit(":", 1)[-1], r["p"].value.rsplit(":", 1)[-1])
            for r in lg.store.select(
                "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
                "SELECT ?c ?p WHERE { GRAPH ?g { ?c rdfs:subClassOf ?p } }"
            )
        }
    finally:
        lg.close()
    assert ("frob", "tool") in parents and ("polisher", "program") in parents
    assert ("branch", "line") in parents or ("branch", "line_of_history") in parents


def test_a_real_page_of_the_python_documentation() -> None:
    """``email/architecture.rst`` ships with CPython's standard library: a page written for
    Sphinx by other people, with titles, definition lists and literal blocks."""
    import email

    page = Path(email.__file__).parent / "architecture.rst"
    if not page.is_file():
        pytest.skip(f"{page} is not installed with this Python")
    (doc,) = read_file(page)
    assert doc.title == "email Package Architecture"
    titles = [s.title for s in doc.sections]
    assert "Overview" in titles and "The Model" in titles
    texts = [b.text for s in doc.sections for b in s.blocks]
    assert any(t.startswith("Model: An object structure") for t in texts)  # a definition list
    assert not any(t.startswith(("..", "==", "--")) or "``" in t for t in texts)
