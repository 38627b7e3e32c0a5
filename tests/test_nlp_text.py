"""The resolved and lemma text forms of a sentence."""

from __future__ import annotations

from lgm_rdf.nlp.coref import Antecedent, resolve
from lgm_rdf.nlp.model import Sentence, Token
from lgm_rdf.nlp.text import lemma_text, resolved_text

APPLE = Antecedent("Apple", "apple")
NOLAN = Antecedent("Christopher Nolan", "christopher nolan")


def test_marks_go_right_after_the_pronoun_and_spacing_is_kept(spacy_nlp):
    (sent,) = spacy_nlp.parse("It  is sweet; its taste is  good.").sentences
    its = next(t.i for t in sent.tokens if t.text == "its")
    text = resolved_text(sent, {0: APPLE, its: APPLE})
    assert text == "It [: Apple]  is sweet; its [: Apple] taste is  good."
    assert resolved_text(sent, {}) == sent.text


def test_lemma_text_format(spacy_nlp):
    parsed = spacy_nlp.parse("The apple is sweet. It is red.")
    found = resolve(parsed)
    assert lemma_text(parsed.sentences[1], {0: found[(1, 0)]}) == "it [: apple] be red ."
    (sent,) = spacy_nlp.parse("Christopher Nolan directed his films.").sentences
    assert lemma_text(sent, {3: NOLAN}) == (
        "christopher nolan direct his [: christopher nolan] film ."
    )


def test_whitespace_tokens_are_dropped_from_lemma_text(spacy_nlp):
    parsed = spacy_nlp.parse_presplit([" It is sweet."])
    sent = parsed.sentences[0]
    assert sent.tokens[0].upos == "SPACE"  # a leading space becomes a token in spaCy
    assert lemma_text(sent, {1: APPLE}) == "it [: apple] be sweet ."
    assert resolved_text(sent, {1: APPLE}) == " It [: Apple] is sweet."


def test_mark_never_splits_a_multi_word_token():
    # "isn't" analysed as two words sharing one surface token (as Stanza does)
    text = "Theirs isn't."
    tokens = (
        Token(0, "Theirs", "theirs", "PRON", "nsubj", 1, 0),
        Token(1, "is", "be", "AUX", "root", 1, 7, ws=""),
        Token(2, "n't", "not", "PART", "advmod", 1, 9, ws=""),
        Token(3, ".", ".", "PUNCT", "punct", 1, 12, ws=""),
    )
    sent = Sentence(text, 0, tokens)
    other = Token(2, "not", "not", "PART", "advmod", 1, 7)  # no substring: shares the start
    shared = Sentence(text, 0, (tokens[0], tokens[1], other, tokens[3]))
    assert resolved_text(sent, {0: APPLE}) == "Theirs [: Apple] isn't."
    assert resolved_text(shared, {1: APPLE}) == "Theirs isn't [: Apple]."


def test_a_dotted_name_does_not_end_a_sentence(spacy_nlp):
    # the tokenizer cuts "json.JSONDecodeError" at its period; the parse keeps one sentence
    text = "JSONDecodeError is a subclass of json.JSONDecodeError and ValueError. It is raised."
    sentences = [s.text for s in spacy_nlp.parse(text).sentences]
    assert sentences == [
        "JSONDecodeError is a subclass of json.JSONDecodeError and ValueError.",
        "It is raised.",
    ]
    call = "Call torch.Tensor to make one."
    assert [s.text for s in spacy_nlp.parse(call).sentences] == [call]
    # a period followed by a space still ends a sentence, an abbreviation's period too
    two = "He lives in the U.S. He likes it."
    assert [s.text for s in spacy_nlp.parse(two).sentences] == [
        "He lives in the U.S.",
        "He likes it.",
    ]


def test_no_sentence_starts_inside_a_short_bracket(spacy_nlp):
    """The small parser split "(born 31 May 1955 in Mouscron)" after "31"; a bracket with no
    stop inside stays in its sentence, and a bracket that holds whole sentences still splits."""
    text = (
        "Jean-Luc Vandenbroucke (born 31 May 1955 in Mouscron) is a Belgian former road "
        "bicycle racer. He won a race."
    )
    assert [s.text for s in spacy_nlp.parse(text).sentences] == [
        "Jean-Luc Vandenbroucke (born 31 May 1955 in Mouscron) is a Belgian former road "
        "bicycle racer.",
        "He won a race.",
    ]
    quoted = "He wrote a note (It was late. Nobody came.) and left."
    assert len(spacy_nlp.parse(quoted).sentences) >= 2


def test_an_abbreviation_opening_a_bracket_ends_no_sentence(spacy_nlp):
    text = "Love Forecast (; lit. Today's Love) is a 2015 film by Park Jin-pyo. It stars Lee."
    sentences = [s.text for s in spacy_nlp.parse(text).sentences]
    assert sentences == [
        "Love Forecast (; lit. Today's Love) is a 2015 film by Park Jin-pyo.",
        "It stars Lee.",
    ]
    # the same word ending a sentence is a word: "lit" of "light"
    two = "The room was dimly lit. Oxigraph is a graph database."
    assert [s.text for s in spacy_nlp.parse(two).sentences] == [
        "The room was dimly lit.",
        "Oxigraph is a graph database.",
    ]
