"""Plurals by spelling (nlp.plural) and the concept keys that use them."""

from __future__ import annotations

import pytest

from lgm_rdf import Settings
from lgm_rdf.nlp.concepts import sentence_concepts
from lgm_rdf.nlp.factory import make_nlp
from lgm_rdf.nlp.model import NLP
from lgm_rdf.nlp.plural import singular, singular_in_s


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("studies", "study"),
        ("boxes", "box"),
        ("apples", "apple"),
        ("churches", "church"),
        ("class", "class"),
        ("virus", "virus"),
        ("analysis", "analysis"),
        ("miniseries", "miniseries"),
        ("astrophysics", "astrophysics"),
        ("pliers", "pliers"),
        ("news", "news"),
        ("gas", "gas"),
        ("bus", "bus"),
    ],
)
def test_singular_by_spelling(word: str, expected: str) -> None:
    assert singular(word) == expected
    assert singular_in_s(word) is (expected == word)


@pytest.fixture(scope="module")
def nlp() -> NLP:
    return make_nlp(Settings())


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("He taught mathematics at a college.", "mathematics"),
        ("The miniseries aired on a cable channel.", "miniseries"),
        ("She keeps the pliers in a drawer.", "pliers"),
        ("Apples grow on trees.", "tree"),
    ],
)
def test_concept_keys_keep_a_noun_without_singular(nlp: NLP, text: str, key: str) -> None:
    keys = {m.key for m in sentence_concepts(nlp.parse(text).sentences[0])}
    assert key in keys, keys


def test_a_capitalised_word_after_a_capitalised_word_keeps_its_form(nlp: NLP) -> None:
    from lgm_rdf.nlp.concepts import phrase_key

    sent = nlp.parse("He played for the Tampa Bay Buccaneers.").sentences[0]
    toks = [t for t in sent.tokens if t.text in ("Tampa", "Bay", "Buccaneers")]
    assert toks[-1].upos == "NOUN"  # the tagger's slip this guards against
    assert phrase_key(toks) == "tampa bay buccaneers"
    lower = nlp.parse("The old apples fell.").sentences[0]
    assert phrase_key([t for t in lower.tokens if t.text in ("old", "apples")]) == "old apple"


@pytest.mark.parametrize(
    ("text", "lemma", "key"),
    [("alias", "alia", "alias"), ("BLAS", "bla", "blas"), ("menus", "menu", "menu")],
)
def test_a_tagged_plural_keeps_a_word_that_is_none(text: str, lemma: str, key: str) -> None:
    """The tagger calls "alias" and the acronym "BLAS" plurals; their key keeps the word."""
    from lgm_rdf.nlp.concepts import token_key
    from lgm_rdf.nlp.model import Token

    tok = Token(
        i=0, text=text, lemma=lemma, upos="NOUN", deprel="nsubj", head=0, start=0, tag="NNS"
    )
    assert token_key(tok) == key


def _sentence(words: list[tuple[str, str, str, str, int]]):
    """A parsed sentence from (text, upos, tag, deprel, head) rows (the tagger's output)."""
    from lgm_rdf.nlp.model import Sentence, Token

    tokens, start = [], 0
    for i, (text, upos, tag, deprel, head) in enumerate(words):
        tokens.append(Token(i, text, text, upos, deprel, head, start, " ", tag))
        start += len(text) + 1
    return Sentence(" ".join(w[0] for w in words), 0, tuple(tokens))


# (tagged rows as "text UPOS TAG deprel head", the key the opening word must give)
OPENING_PLURALS = [
    ("Checkpoints PROPN NNP nsubjpass 2|are AUX VBP auxpass 2|kept VERB VBN ROOT 2", "checkpoint"),
    ("Pandas PROPN NNP nsubj 1|is AUX VBZ ROOT 1|a DET DT det 3|library NOUN NN attr 1", "pandas"),
    (  # "Texas, where cattle are raised, is big": the "where" clause's verb is its own
        "Texas PROPN NNP nsubj 5|where SCONJ WRB advmod 4|cattle NOUN NNS nsubjpass 4|"
        "are AUX VBP auxpass 4|raised VERB VBN relcl 0|is AUX VBZ ROOT 5|big ADJ JJ acomp 5",
        "texas",
    ),
    (  # "Options which are passed": the relative pronoun's verb agrees
        "Options PROPN NNPS ROOT 0|which PRON WDT nsubjpass 3|are AUX VBP auxpass 3|"
        "passed VERB VBN relcl 0",
        "option",
    ),
    (  # a plural whose singular the spelling does not tell is left as written
        "Caches PROPN NNP nsubjpass 2|are AUX VBP auxpass 2|cleared VERB VBN ROOT 2",
        "caches",
    ),
]


@pytest.mark.parametrize(("rows", "key"), OPENING_PLURALS)
def test_an_opening_plural_taken_for_a_name_is_a_common_noun(rows: str, key: str) -> None:
    """The small tagger often calls a capitalised plural that opens a sentence a proper noun
    ("Checkpoints are kept", "Sessions, windows and panes are numbered"); "Checkpoints" and
    "checkpoints" were two concepts. A plural verb that agrees with it (or with the relative
    pronoun of a clause on it) makes it the plural of a common noun; a singular verb keeps a
    name in -s ("Pandas is a library")."""
    from lgm_rdf.nlp.concepts import sentence_concepts

    words = []
    for row in rows.split("|"):
        text, upos, tag, deprel, head = row.split()
        words.append((text, upos, tag, deprel, int(head)))
    assert [m.key for m in sentence_concepts(_sentence(words))][:1] == [key]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Saunders also sings in the film.", "saunders"),
        ("Sanders was elected in 2010.", "sanders"),
        ("Crossroads is a 1986 film.", "crossroads"),
        ("Dogs are animals.", "dog"),  # a plural verb: the plural of a common noun
        ("Apples grow on trees.", "apple"),
    ],
)
def test_an_opening_name_in_s_taken_for_a_plural_keeps_its_form(
    nlp: NLP, text: str, key: str
) -> None:
    """The tagger often reads a name in -s that opens a sentence as a plural common noun and
    the lemmatiser cuts its "s" (`saunder`, `sander`): the name and the same name inside a
    sentence were two concepts. A singular verb that agrees with it keeps it as written."""
    keys = [m.key for m in sentence_concepts(nlp.parse(text).sentences[0])]
    assert keys[:1] == [key], keys


def test_a_noun_in_s_without_singular_is_no_name(nlp: NLP) -> None:
    """ "Politics is ...", "Headquarters is ...": nouns whose only form ends in -s stay common
    nouns when a singular verb agrees (they are no names)."""
    for text in ("Politics is a broad field.", "Headquarters is in Paris."):
        mention = sentence_concepts(nlp.parse(text).sentences[0])[0]
        assert mention.kind != "propn", (text, mention)
