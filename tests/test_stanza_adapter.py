"""The Stanza adapter on real stanza ``Document`` objects built from word dicts (no model)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lgm_rdf.nlp.coref import resolve
from lgm_rdf.nlp.spacy_backend import NLPUnavailableError
from lgm_rdf.nlp.text import lemma_text, resolved_text

stanza_doc = pytest.importorskip("stanza.models.common.doc")
from lgm_rdf.nlp.stanza_backend import StanzaNLP, stanza_document_to_parsed  # noqa: E402

TEXT = "Apple isn't red. It is sweet, Tim Cook says."


def word(i, text, lemma, upos, xpos, head, deprel, start, end, ner="O", feats=None):
    """One stanza word/token dict with character offsets in ``misc``."""
    row = {
        "id": i,
        "text": text,
        "lemma": lemma,
        "upos": upos,
        "xpos": xpos,
        "head": head,
        "deprel": deprel,
        "misc": f"start_char={start}|end_char={end}",
        "ner": ner,
    }
    if feats:
        row["feats"] = feats
    return row


def build_document():
    """Two sentences; "isn't" is a multi-word token; "Tim Cook" a two-token PERSON."""
    first = [
        word(1, "Apple", "Apple", "PROPN", "NNP", 4, "nsubj", 0, 5, "S-ORG", "Number=Sing"),
        {"id": (2, 3), "text": "isn't", "misc": "start_char=6|end_char=11", "ner": "O"},
        {"id": 2, "text": "is", "lemma": "be", "upos": "AUX", "xpos": "VBZ", "head": 4},
        {"id": 3, "text": "n't", "lemma": "not", "upos": "PART", "xpos": "RB", "head": 4},
        word(4, "red", "red", "ADJ", "JJ", 0, "root", 12, 15),
        word(5, ".", ".", "PUNCT", ".", 4, "punct", 15, 16),
    ]
    first[2]["deprel"] = "cop"
    first[3]["deprel"] = "advmod"
    second = [
        word(1, "It", "it", "PRON", "PRP", 3, "nsubj", 17, 19, feats="Number=Sing|Person=3"),
        word(2, "is", "be", "AUX", "VBZ", 3, "cop", 20, 22),
        word(3, "sweet", "sweet", "ADJ", "JJ", 0, "root", 23, 28),
        word(4, ",", ",", "PUNCT", ",", 3, "punct", 28, 29),
        word(5, "Tim", "Tim", "PROPN", "NNP", 7, "nsubj", 30, 33, "B-PERSON"),
        word(6, "Cook", "Cook", "PROPN", "NNP", 5, "flat", 34, 38, "E-PERSON"),
        word(7, "says", "say", "VERB", "VBZ", 3, "parataxis", 39, 43),
        word(8, ".", ".", "PUNCT", ".", 3, "punct", 43, 44),
    ]
    return stanza_doc.Document([first, second], text=TEXT)


def attach_chain(doc, mentions, representative):
    """Set ``doc.coref`` the way stanza's coref processor does."""
    spans = [stanza_doc.CorefMention(*m) for m in mentions]
    doc.coref = [stanza_doc.CorefChain(0, spans, "Apple", representative)]


def test_words_heads_and_labels():
    parsed = stanza_document_to_parsed(build_document())
    first, second = parsed.sentences
    assert [t.text for t in first.tokens] == ["Apple", "is", "n't", "red", "."]
    assert [t.head for t in first.tokens] == [3, 3, 3, 3, 3]  # 1-based, root -> itself
    assert first.tokens[3].deprel == "root"
    assert [t.lemma for t in first.tokens[:3]] == ["Apple", "be", "not"]
    assert first.tokens[0].tag == "NNP" and first.tokens[0].feats == "Number=Sing"
    assert second.tokens[5].deprel == "flat" and second.tokens[5].head == 4


def test_offsets_are_relative_to_the_sentence():
    parsed = stanza_document_to_parsed(build_document())
    first, second = parsed.sentences
    assert first.text == "Apple isn't red." and first.start == 0
    assert second.text == "It is sweet, Tim Cook says." and second.start == 17
    for sent in parsed.sentences:
        for tok in sent.tokens:
            assert sent.text[tok.start : tok.end] == tok.text
    # the words of "isn't" share its surface: "is" + "n't", no space between them
    assert (first.tokens[1].start, first.tokens[2].start) == (6, 8)
    assert first.tokens[1].ws == "" and first.tokens[2].ws == " "


def test_bioes_ner_becomes_bio():
    parsed = stanza_document_to_parsed(build_document())
    first, second = parsed.sentences
    assert (first.tokens[0].ent_type, first.tokens[0].ent_iob) == ("ORG", "B")
    assert [(t.ent_type, t.ent_iob) for t in second.tokens[4:6]] == [
        ("PERSON", "B"),
        ("PERSON", "I"),
    ]
    assert second.tokens[0].ent_iob == "O"


def test_coref_chain_marks_the_pronoun():
    doc = build_document()
    attach_chain(doc, [(0, 0, 1), (1, 0, 1)], representative=0)
    parsed = stanza_document_to_parsed(doc)
    assert len(parsed.chains) == 1
    chain = parsed.chains[0]
    assert chain.representative == 0
    assert [(m.sentence, m.start, m.end) for m in chain.mentions] == [(0, 0, 1), (1, 0, 1)]
    found = resolve(parsed)
    assert set(found) == {(1, 0)}
    assert (found[(1, 0)].text, found[(1, 0)].key) == ("Apple", "apple")
    marks = {j: a for (i, j), a in found.items() if i == 1}
    assert resolved_text(parsed.sentences[1], marks) == "It [: Apple] is sweet, Tim Cook says."
    assert lemma_text(parsed.sentences[1], marks).startswith("it [: apple] be sweet")


def test_representative_index_follows_the_kept_mentions():
    doc = build_document()
    attach_chain(doc, [(1, 0, 1), (0, 0, 1)], representative=1)
    parsed = stanza_document_to_parsed(doc)
    assert parsed.chains[0].representative == 1
    assert resolve(parsed)[(1, 0)].text == "Apple"
    # a zero-anaphora mention (tuple indices, no text) is dropped and the index shifts
    zero = stanza_doc.CorefMention(1, (1, 1), (1, 1))
    chain = stanza_doc.CorefChain(0, [zero, *doc.coref[0].mentions], "Apple", 2)
    view = SimpleNamespace(sentences=doc.sentences, text=doc.text, coref=[chain])
    kept = stanza_document_to_parsed(view).chains[0]
    assert len(kept.mentions) == 2
    assert kept.mentions[kept.representative].sentence == 0


def test_missing_models_give_a_clear_error(tmp_path):
    with pytest.raises(NLPUnavailableError, match="LGM_STANZA_DIR"):
        StanzaNLP(model_dir=str(tmp_path))
