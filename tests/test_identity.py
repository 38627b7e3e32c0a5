"""Document identity is injective: distinct paths and ids are distinct documents (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path

from pyoxigraph import NamedNode, Quad

from lgm_rdf import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.ontology import DCTERMS, IriMinter
from lgm_rdf.settings import Settings

NAMES = ["a b.txt", "a_b.txt", "a  b.txt", "a\nb.txt"]


def _graph(kb: Path, nlp: SpacyNLP) -> LanguageGraph:
    return LanguageGraph(kb, settings=Settings(), nlp=nlp)


def test_names_that_fold_alike_are_distinct_documents(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    folder = tmp_path / "docs"
    folder.mkdir()
    for n, name in enumerate(NAMES):
        (folder / name).write_text(f"Document number {n} talks about apples.\n")
    with _graph(tmp_path / "kb", spacy_nlp) as lg:
        first = lg.learn([folder])
        assert (first.documents, first.learned) == (4, 4)
        assert lg.stats()["documents"] == 4
        again = lg.learn([folder])
        assert (again.learned, again.unchanged) == (0, 4)  # nothing rewrites another
        assert lg.stats()["documents"] == 4


def test_record_ids_that_fold_alike_are_distinct(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    records = tmp_path / "r.jsonl"
    ids = ("a b", "a_b", "a  b")
    lines = [
        {"id": i, "title": f"T{n}", "text": f"Record {n} is about pears."}
        for n, i in enumerate(ids)
    ]
    records.write_text("\n".join(json.dumps(r) for r in lines) + "\n")
    with _graph(tmp_path / "kb", spacy_nlp) as lg:
        report = lg.learn([records])
        assert report.learned == 3
        assert lg.stats()["documents"] == 3
        assert lg.forget("a b") == [IriMinter().document("a b").value]
        assert lg.stats()["documents"] == 2


def _rewrite_as_legacy(lg: LanguageGraph, doc_id: str) -> NamedNode:
    """Rewrite one learned document as an older version stored it: folded IRI, no identifier."""
    new, old = lg.minter.document(doc_id), lg.minter.legacy_document(doc_id)
    assert new != old

    def legacy(term: object) -> object:
        if isinstance(term, NamedNode) and term.value.startswith(new.value):
            return NamedNode(old.value + term.value[len(new.value) :])
        return term

    quads = [
        Quad(legacy(q.subject), q.predicate, legacy(q.object), old)  # type: ignore[arg-type]
        for q in lg.store.quads(new)
        if q.predicate != DCTERMS.identifier
    ]
    lg.store.drop_graph(new)
    lg.store.add_quads(quads)
    return old


def test_relearning_moves_a_legacy_document(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    path = tmp_path / "my notes.txt"
    path.write_text("Apples are fruits. An apple is sweet.\n")
    doc_id = path.resolve().as_posix()
    with _graph(tmp_path / "kb", spacy_nlp) as lg:
        lg.learn([path])
        old = _rewrite_as_legacy(lg, doc_id)
        assert [g.value for g in lg.store.named_graphs()] == [old.value]
        report = lg.learn([path])
        assert report.learned == 1  # moved, not counted unchanged at the old IRI
        graphs = [g.value for g in lg.store.named_graphs()]
        assert graphs == [lg.minter.document(doc_id).value]  # no duplicate left
        assert lg.stats()["documents"] == 1


def test_forget_finds_a_legacy_document_by_id(tmp_path: Path, spacy_nlp: SpacyNLP) -> None:
    records = tmp_path / "r.jsonl"
    records.write_text(json.dumps({"id": "x y", "title": "T", "text": "Pears are fruits."}) + "\n")
    with _graph(tmp_path / "kb", spacy_nlp) as lg:
        lg.learn([records])
        old = _rewrite_as_legacy(lg, "x y")
        assert lg.forget("x y") == [old.value]
        assert lg.store.named_graphs() == []


def test_a_legacy_graph_of_another_source_is_left_alone(
    tmp_path: Path, spacy_nlp: SpacyNLP
) -> None:
    spaced, folded = tmp_path / "a b.txt", tmp_path / "a_b.txt"
    folded.write_text("Plums are fruits.\n")
    spaced.write_text("Cherries are fruits.\n")
    with _graph(tmp_path / "kb", spacy_nlp) as lg:
        lg.learn([folded])
        # an old KB: a_b.txt stored without identifier at the IRI that a b.txt folded to
        iri = lg.minter.document(folded.resolve().as_posix())
        quads = [q for q in lg.store.quads(iri) if q.predicate != DCTERMS.identifier]
        lg.store.drop_graph(iri)
        lg.store.add_quads(quads)
        lg.learn([spaced])
        assert lg.stats()["documents"] == 2
        sources = {q.object.value for q in lg.store.quads() if q.predicate == DCTERMS.source}
        assert sources == {folded.resolve().as_posix(), spaced.resolve().as_posix()}


def test_a_legacy_document_displaced_by_another_file_is_reported(
    tmp_path: Path, spacy_nlp: SpacyNLP
) -> None:
    spaced, folded = tmp_path / "a b.txt", tmp_path / "a_b.txt"
    spaced.write_text("Cherries are fruits.\n")
    folded.write_text("Plums are fruits.\n")
    with _graph(tmp_path / "kb", spacy_nlp) as lg:
        lg.learn([spaced])
        _rewrite_as_legacy(lg, spaced.resolve().as_posix())  # stored at a_b.txt's IRI
        report = lg.learn([folded])
        assert report.notes["older documents replaced"] == 1  # said, not silent
        lg.learn([spaced])  # learning the other file again brings it back
        assert lg.stats()["documents"] == 2
