"""IRI minting: any string becomes a valid, distinct, reversible IRI segment."""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from pyoxigraph import Literal, NamedNode, Quad, Store

from lgm_rdf.ontology import IriMinter, iri_segment, normalise_label

HOSTILE = [
    'say "hello"',
    "a > b < c",
    "spaces   and\ttabs",
    "new\nline",
    "Äpfel süß 🍎",
    "ﬁ ligature and e\u0301 combining",
    "100% {braces} |pipe| ^caret^ `tick` \\back",
    "#fragment?query=1&x=2",
    "urn:lgm:doc:injected> <urn:evil",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_strings_mint_valid_iris(text: str) -> None:
    minter = IriMinter()
    for iri in (minter.document(text), minter.concept(text), minter.imported(text)):
        assert isinstance(iri, NamedNode)
        assert not any(c in iri.value for c in ' <>"{}|\\^`\n\t')
        store = Store()  # the IRI survives a real store round trip
        store.add(Quad(iri, iri, Literal(text)))
        assert next(iter(store)).subject == iri


def test_concept_iri_is_the_normalised_lemma_phrase() -> None:
    minter = IriMinter()
    assert minter.concept("String  Instrument").value == "urn:lgm:concept:string_instrument"
    assert minter.concept("Äpfel") == minter.concept("a\u0308pfel")  # NFC
    assert unquote(iri_segment(normalise_label("Äpfel süß"))) == "äpfel_süß"


def test_distinct_strings_give_distinct_documents() -> None:
    minter = IriMinter()
    iris = {minter.document(t).value for t in HOSTILE}
    assert len(iris) == len(HOSTILE)


def test_empty_concept_and_bad_base_are_refused() -> None:
    with pytest.raises(ValueError):
        IriMinter().concept("  ")
    with pytest.raises(ValueError):
        IriMinter("urn:bad base:")
