"""The kind of entity a question's nouns ask for, and the entity classes a KB records."""

from __future__ import annotations

import json
from pathlib import Path

from lgm_rdf.graph import LanguageGraph
from lgm_rdf.learn.readers import read_text
from lgm_rdf.nlp.concepts import sentence_concepts
from lgm_rdf.nlp.entities import entity_classes
from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.retrieve.answer_types import PERSON, PLACE, entities_of_class, expected_kinds
from lgm_rdf.settings import Settings


def _tok(i: int, text: str, upos: str, ent: str = "", iob: str = "O") -> Token:
    return Token(i, text, text.lower(), upos, "dep", 0, 0, ent_type=ent, ent_iob=iob)


def test_common_nouns_name_the_kind_asked_for() -> None:
    country = [_tok(0, "the", "DET"), _tok(1, "country", "NOUN"), _tok(2, "where", "ADV")]
    assert expected_kinds(country) == PLACE
    author = [_tok(0, "the", "DET"), _tok(1, "author", "NOUN"), _tok(2, "of", "ADP")]
    assert expected_kinds(author) == PERSON
    # a noun inside a name names no kind ("Ellis Island", "Bank of England")
    named = [_tok(0, "Bank", "NOUN", "ORG", "B"), _tok(1, "of", "ADP", "ORG", "I")]
    assert expected_kinds(named) == frozenset()
    assert expected_kinds([_tok(0, "apples", "NOUN")]) == frozenset()
    assert expected_kinds([_tok(0, "many", "ADJ"), _tok(1, "people", "NOUN")]) == frozenset()


def test_entity_classes_of_a_parsed_sentence(spacy_nlp: SpacyNLP) -> None:
    sentence = spacy_nlp.parse("Hans Olafsen founded the prize in Norway in 1901.").sentences[0]
    classes = entity_classes(sentence, sentence_concepts(sentence))
    assert classes.get("norway") == "GPE"
    assert classes.get("hans olafsen") == "PERSON"
    assert "prize" not in classes  # a common noun
    assert "1901" not in classes  # numeric entities carry no kind
    # a name or noun inside a longer name has no class of its own
    sentence = spacy_nlp.parse(
        "He studied at the University of Iowa and worked for the Bank of England."
    ).sentences[0]
    classes = entity_classes(sentence, sentence_concepts(sentence))
    assert classes.get("university of iowa") == "ORG"
    assert not {"iowa", "england", "university", "bank"} & set(classes)


def test_entity_classes_of_hand_built_mentions() -> None:
    toks = [_tok(0, "Paris", "PROPN", "GPE", "B"), _tok(1, "shines", "VERB")]
    sentence = Sentence("Paris shines", 0, tuple(toks))
    assert entity_classes(sentence, sentence_concepts(sentence)) == {"paris": "GPE"}


def test_learning_records_entity_classes_and_they_are_queried(
    spacy_nlp: SpacyNLP, tmp_path: Path
) -> None:
    text = "Hans Olafsen founded the Zubrowka Prize in Norway. The prize is awarded yearly."
    with LanguageGraph(path=tmp_path / "kb", nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn([read_text(text, "zp", "Zubrowka Prize")])
        store = lg.store
        norway = lg.minter.concept("norway").value
        olafsen = lg.minter.concept("hans olafsen").value
        prize = lg.minter.concept("prize").value
        home = lg.minter.document("zp").value
        assert _classes(lg, norway) == [(home, "GPE")]  # in the document's own graph
        iris = [norway, olafsen, prize]
        assert entities_of_class(store, iris, PLACE) == {norway}
        assert entities_of_class(store, iris, PERSON) == {olafsen}
        assert entities_of_class(store, iris, frozenset()) == set()
        assert lg.validate().conforms
        lg.forget("zp")  # forgetting the document takes its classes with it
        assert _classes(lg, norway) == []
        assert entities_of_class(store, iris, PLACE) == set()


def _classes(lg: LanguageGraph, concept: str) -> list[tuple[str, str]]:
    query = (
        "PREFIX lgm: <https://w3id.org/lgm-rdf/ontology#> SELECT ?g ?c WHERE { GRAPH ?g { "
        f"<{concept}> lgm:entityClass ?c }} }}"
    )
    return [(r["g"].value, r["c"].value) for r in lg.store.select(query)]


def test_lgm_concept_shows_the_entity_class(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from lgm_rdf.cli import main

    doc = tmp_path / "prize.txt"
    doc.write_text("Hans Olafsen founded the prize in Norway.", encoding="utf-8")
    kb = str(tmp_path / "kb")
    assert main(["learn", str(doc), "--kb", kb, "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["concept", "Norway", "--kb", kb]) == 0
    assert "  named entity: GPE\n" in capsys.readouterr().out
    assert main(["concept", "prize", "--kb", kb]) == 0
    assert "named entity" not in capsys.readouterr().out
    assert main(["concept", "Norway", "--kb", kb, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["entity_classes"] == ["GPE"]
