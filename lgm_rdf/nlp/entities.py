"""The named-entity class of the concepts a parsed sentence writes as named entities."""

from __future__ import annotations

from collections.abc import Sequence

from lgm_rdf.nlp.concepts import NUMERIC_ENTITIES, ConceptMention, entity_spans
from lgm_rdf.nlp.model import Sentence


def entity_classes(sentence: Sentence, mentions: Sequence[ConceptMention]) -> dict[str, str]:
    """Concept key → the recogniser's class (``GPE``, ``PERSON``, ``ORG``...) of each of the
    sentence's ``mentions`` that is a named entity itself (not a name or noun inside a longer
    one); numeric entities are left out."""
    spans = [s for s in entity_spans(sentence) if s[2] not in NUMERIC_ENTITIES]
    classes: dict[str, str] = {}
    for m in mentions:
        if m.kind != "entity":  # "Iowa" in "the University of Iowa" is no organisation
            continue
        for start, end, label in spans:
            if start <= m.start and m.end <= end:
                classes.setdefault(m.key, label)
                break
    return classes
