"""Learning into a real on-disk Oxigraph store: SRG shape, idempotence, forget, atomicity."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyoxigraph import Literal

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import ReaderError
from lgm_rdf.settings import Settings

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"

SENTENCES = """
SELECT ?text ?resolved ?lemma ?position WHERE {
  ?s a <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#Sentence> ;
     <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#anchorOf> ?text ;
     <https://w3id.org/lgm-rdf/ontology#resolvedText> ?resolved ;
     <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#lemma> ?lemma ;
     <https://w3id.org/lgm-rdf/ontology#position> ?position .
} ORDER BY ?position
"""


@pytest.fixture()
def lg(tmp_path: Path, spacy_nlp) -> LanguageGraph:
    graph = LanguageGraph(tmp_path / "kb", settings=Settings(), nlp=spacy_nlp)
    yield graph
    graph.close()


def _rows(lg: LanguageGraph, query: str) -> list[dict[str, str]]:
    return [{k: v.value for k, v in row.items()} for row in lg.store.select(query)]


def test_paper_example_sentence_graph(lg: LanguageGraph) -> None:
    report = lg.learn("Apple is a fruit. It is sweet.")
    assert report.learned == 1 and report.sentences == 2
    rows = _rows(lg, SENTENCES)
    assert [r["text"] for r in rows] == ["Apple is a fruit.", "It is sweet."]
    assert rows[1]["resolved"] == "It [: Apple] is sweet."
    assert rows[1]["lemma"].startswith("it [: apple] be sweet")
    mentioned = _rows(
        lg,
        "SELECT ?label WHERE { ?s <https://w3id.org/lgm-rdf/ontology#position> 1 ; "
        "<https://w3id.org/lgm-rdf/ontology#mentions> ?c . "
        "?c <http://www.w3.org/2000/01/rdf-schema#label> ?label }",
    )
    assert "apple" in {r["label"] for r in mentioned}  # through the pronoun's antecedent


def test_markdown_sections_become_sections(lg: LanguageGraph) -> None:
    lg.learn([CORPUS / "fruit.md"])
    titles = _rows(
        lg,
        "SELECT ?title WHERE { ?x a <https://w3id.org/lgm-rdf/ontology#Section> ; "
        "<http://purl.org/dc/terms/title> ?title }",
    )
    assert len(titles) >= 2


def test_relearn_unchanged_writes_nothing_and_changed_replaces(
    lg: LanguageGraph, tmp_path: Path
) -> None:
    doc = tmp_path / "note.txt"
    doc.write_text("Pears are sweet. They grow on trees.", encoding="utf-8")
    first = lg.learn([doc])
    size = len(lg.store)
    second = lg.learn([doc])
    assert (first.learned, second.learned, second.unchanged) == (1, 0, 1)
    assert len(lg.store) == size
    doc.write_text("Plums are sour.", encoding="utf-8")
    third = lg.learn([doc])
    assert third.learned == 1
    texts = [r["text"] for r in _rows(lg, SENTENCES)]
    assert texts == ["Plums are sour."]


def test_forget_removes_one_document_and_nothing_else(lg: LanguageGraph, tmp_path: Path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("Apples are a type of fruit.", encoding="utf-8")
    b.write_text("Oaks are trees.", encoding="utf-8")
    lg.learn([a, b])
    only_b = LanguageGraph(tmp_path / "kb-b", settings=Settings(), nlp=lg.nlp)
    only_b.learn([b])
    expected = sorted(
        str(q.subject) + str(q.predicate) + str(q.object) for q in only_b.store.quads()
    )
    only_b.close()
    assert lg.forget(str(a)) == [lg.minter.document(str(a.resolve())).value]
    left = sorted(str(q.subject) + str(q.predicate) + str(q.object) for q in lg.store.quads())
    assert left == expected
    assert lg.forget("no such document") == []


def test_failed_write_leaves_previous_version(
    lg: LanguageGraph, tmp_path: Path, monkeypatch
) -> None:
    doc = tmp_path / "note.txt"
    doc.write_text("Pears are sweet.", encoding="utf-8")
    lg.learn([doc])
    before = sorted(str(q) for q in lg.store.quads())
    doc.write_text("Pears are sour. Quinces are hard.", encoding="utf-8")

    import lgm_rdf.learn.srg as srg

    original = srg._write_sentence
    calls = {"n": 0}

    def failing(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("simulated crash half-way through a document")
        return original(*args, **kwargs)

    monkeypatch.setattr(srg, "_write_sentence", failing)
    report = lg.learn([doc])  # the failing document is reported and skipped (issue 14)
    assert report.learned == 0
    assert [(Path(w).name, r) for w, r in report.skipped] == [
        ("note.txt", "simulated crash half-way through a document")
    ]
    assert sorted(str(q) for q in lg.store.quads()) == before


def test_empty_and_binary_files_are_skipped_with_a_message(
    lg: LanguageGraph, tmp_path: Path
) -> None:
    good = tmp_path / "good.txt"
    good.write_text("Cherries are red.", encoding="utf-8")
    lg.learn([good])
    size = len(lg.store)
    (tmp_path / "empty.txt").write_text("   \n", encoding="utf-8")
    (tmp_path / "blob.txt").write_bytes(b"\x00\x01\x02\xff\xfe binary")
    skipped: list[tuple[str, str]] = []
    report = lg.learn(
        [tmp_path / "empty.txt", tmp_path / "blob.txt"],
        on_skip=lambda p, r: skipped.append((p.name, r)),
    )
    assert report.learned == 0
    assert {name for name, _ in skipped} == {"empty.txt", "blob.txt"}
    assert len(lg.store) == size


def test_missing_path_is_a_clear_error(lg: LanguageGraph) -> None:
    with pytest.raises(ReaderError, match="no such file"):
        lg.learn(["does/not/exist.md"])


def test_hostile_titles_and_text(lg: LanguageGraph, tmp_path: Path) -> None:
    hostile = 'Quote " > } ; DROP ALL ; \\ ünï 🍎'
    path = tmp_path / "records.jsonl"
    import json

    path.write_text(
        json.dumps({"id": hostile + "\nline", "title": hostile, "text": hostile + ". It is odd."})
        + "\n",
        encoding="utf-8",
    )
    report = lg.learn([path])
    assert report.learned == 1
    rows = lg.store.select(
        "SELECT ?d ?t WHERE { ?d a <https://w3id.org/lgm-rdf/ontology#Document> ; "
        "<http://purl.org/dc/terms/title> ?t }",
        {"t": Literal(hostile)},
    )
    assert len(rows) == 1
    assert lg.forget(hostile) == [rows[0]["d"].value]
    assert len(lg.store) == 0


def test_stats_and_export(lg: LanguageGraph) -> None:
    lg.learn([CORPUS])
    stats = lg.stats()
    assert stats["documents"] == 4
    assert stats["sentences"] > 20 and stats["concepts"] > 20
    assert stats["inheritance"] >= 1 and stats["composition"] >= 1
    ttl = lg.export(format="turtle")
    assert b"nif:Sentence" in ttl or b"nif-core#Sentence" in ttl


LINKS = """
SELECT ?g ?s WHERE {
  GRAPH ?g { ?s <https://w3id.org/lgm-rdf/ontology#mentions> <urn:lgm:concept:string_instrument> }
}
"""


def test_relation_concepts_are_linked_in_the_sentences_own_graph(
    lg: LanguageGraph, tmp_path: Path
) -> None:
    orchestra, violin = tmp_path / "orchestra.txt", tmp_path / "violin.txt"
    orchestra.write_text("The orchestra owns many fine string instruments.", encoding="utf-8")
    violin.write_text("A violin is a string instrument.", encoding="utf-8")
    lg.learn([orchestra])
    lg.learn([violin])  # names the concept: the earlier sentence gets linked to it
    o_doc = lg.minter.document(str(orchestra.resolve())).value
    v_doc = lg.minter.document(str(violin.resolve())).value
    links = {(r["g"].value, r["s"].value) for r in lg.store.select(LINKS)}
    assert (o_doc, o_doc + "/sentence/0") in links
    assert (v_doc, v_doc + "/sentence/0") in links
    assert lg.validate().conforms
    # forgetting the document that named the concept leaves the other document intact
    lg.forget(str(violin))
    links = {(r["g"].value, r["s"].value) for r in lg.store.select(LINKS)}
    assert links == {(o_doc, o_doc + "/sentence/0")}
    # re-learning the orchestra document (changed) recomputes its own links
    orchestra.write_text("The orchestra owns no instruments.", encoding="utf-8")
    lg.learn([orchestra])
    assert lg.store.select(LINKS) == []


class _FailingNLP:
    """Delegates to spaCy but fails on the n-th batch (parsing runs in a worker thread)."""

    name = "failing"

    def __init__(self, inner, fail_on: set[int]) -> None:
        self.inner, self.fail_on, self.calls = inner, fail_on, 0

    def parse(self, text):
        return self.inner.parse(text)

    def parse_presplit(self, sentences):
        return self.inner.parse_presplit(sentences)

    def parse_many(self, texts):
        self.calls += 1
        if self.calls in self.fail_on:
            raise RuntimeError("parser crashed")
        return self.inner.parse_many(texts)


def test_parser_failure_in_the_worker_keeps_earlier_documents(tmp_path: Path, spacy_nlp) -> None:
    from lgm_rdf.learn.pipeline import Learner
    from lgm_rdf.learn.readers import read_text
    from lgm_rdf.ontology import IriMinter
    from lgm_rdf.store.oxigraph import OxigraphStore

    store = OxigraphStore(tmp_path / "kb")
    docs = [read_text(f"Doc {i} is a kind of test.", doc_id=f"d{i}") for i in range(3)]
    # the batch of d1 fails, and so does its retry alone: d1 is skipped, the others are learned
    nlp = _FailingNLP(spacy_nlp, fail_on={2, 3})
    report = Learner(store, nlp, IriMinter(), batch_documents=1).learn(docs)
    assert report.skipped == [("d1", "parser crashed")]
    assert [g.value for g in store.named_graphs()] == ["urn:lgm:doc:d0", "urn:lgm:doc:d2"]
    store.close()


def test_relinking_ignores_the_old_text_of_a_changed_document(
    lg: LanguageGraph, tmp_path: Path
) -> None:
    """A document changed in this run must not keep links that only its old text justified."""
    a, b, c = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"
    b.write_text("The violin is old. Cats sleep.", encoding="utf-8")
    lg.learn([b])
    b.write_text("Cats sleep. Dogs bark.", encoding="utf-8")
    a.write_text("A lute is a string instrument.", encoding="utf-8")
    c.write_text("A violin is a string instrument.", encoding="utf-8")
    lg.learn([a, b, c])
    rows = lg.store.select(
        "SELECT ?s WHERE { ?s <https://w3id.org/lgm-rdf/ontology#mentions> <urn:lgm:concept:violin> }"
    )
    c_doc = lg.minter.document(str(c.resolve())).value
    assert {r["s"].value for r in rows} == {c_doc + "/sentence/0"}


def test_reader_failure_keeps_the_batch_already_parsed(tmp_path: Path, spacy_nlp) -> None:
    from lgm_rdf.learn.pipeline import Learner
    from lgm_rdf.learn.readers import read_text
    from lgm_rdf.ontology import IriMinter
    from lgm_rdf.store.oxigraph import OxigraphStore

    def documents():
        for i in range(3):
            yield read_text(f"Doc {i} is a kind of test.", doc_id=f"d{i}")
        raise ReaderError("broken input")

    store = OxigraphStore(tmp_path / "kb")
    with pytest.raises(ReaderError, match="broken input"):
        Learner(store, spacy_nlp, IriMinter(), batch_documents=1).learn(documents())
    assert len(store.named_graphs()) == 3
    store.close()
