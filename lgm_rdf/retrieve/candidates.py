"""Fetch the sentences that mention expanded concepts, and the concepts those sentences mention.

Each is a query over a ``VALUES`` block of IRIs (``candidate_sentences.rq`` then
``sentence_rows.rq``, ``sentence_mentions.rq``), chunked so a block never grows without bound.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace

from pyoxigraph import NamedNode

from lgm_rdf.ontology import load_query
from lgm_rdf.retrieve.model import Candidate, ExpandedConcept
from lgm_rdf.retrieve.words import words_of
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.values import blocks, with_values


@dataclass
class SentenceHit:
    """A sentence reached by one or more expanded concepts."""

    sentence: str
    text: str
    resolved: str
    lemma: str
    document: str
    title: str
    position: int
    role: str = ""  # the lgm:blockRole IRI of a non-prose sentence ("" for prose)
    matched: list[ExpandedConcept] = field(default_factory=list)
    about: list[ExpandedConcept] = field(
        default_factory=list
    )  # concepts its document is named after
    words: frozenset[str] = frozenset()  # word forms of its lemma and text (lexical matching)


def _hit(row: dict) -> SentenceHit:  # type: ignore[type-arg]
    """A sentence row (sentence, text, resolved, lemma, doc, title, position) as a hit."""
    text = row["text"].value
    lemma = row["lemma"].value if "lemma" in row else text.lower()
    return SentenceHit(
        sentence=row["sentence"].value,
        text=text,
        resolved=row["resolved"].value if "resolved" in row else text,
        lemma=lemma,
        document=row["doc"].value,
        title=row["title"].value if "title" in row else "",
        position=int(row["position"].value),
        role=row["role"].value if "role" in row else "",
        words=frozenset(words_of(lemma) | words_of(text)),
    )


def fetch_candidates(
    store: GraphStore,
    expanded: Sequence[ExpandedConcept],
    exclude: frozenset[str] = frozenset(),
    limit: int | None = None,
    cache: MutableMapping[str, SentenceHit] | None = None,
    read_at_most: int | None = None,
    priority: Callable[[Sequence[ExpandedConcept]], float] | None = None,
) -> dict[str, SentenceHit]:
    """Sentences mentioning any of ``expanded`` (minus ``exclude``), keyed by sentence IRI.

    With ``limit`` at most that many sentences are kept, and the store returns at most that
    many rows per concept (one query per concept with a ``LIMIT``): a concept mentioned by half
    a million sentences costs a bounded read, not a scan bounded in Python. The sentences'
    rows are read once each, after the pairs (``sentence_rows.rq``), or taken from ``cache``;
    with ``read_at_most`` and ``priority`` (a score of a sentence's matched concepts), only the
    rows of that many sentences are read, the best by ``priority`` (ties by IRI), and the others
    are left out: a round over very many sentences reads what can rank, not everything.
    """
    by_iri = {c.concept: c for c in expanded}
    matched: dict[str, list[ExpandedConcept]] = {}
    query = load_query("candidate_sentences")
    if limit is None:
        batches = [
            store.select(with_values(query, ["concept"], [[NamedNode(i)] for i in block]))
            for block in blocks(list(by_iri))
        ]
    else:
        capped = f"{query.rstrip()}\nLIMIT {max(1, int(limit)) + len(exclude)}\n"
        batches = [store.select(with_values(capped, ["concept"], [[NamedNode(i)]])) for i in by_iri]
    for rows in batches:
        for row in rows:
            iri = row["sentence"].value
            if iri in exclude:
                continue
            found = matched.get(iri)
            if found is None:
                if limit is not None and len(matched) >= limit:
                    continue
                found = matched[iri] = []
            concept = by_iri.get(row["concept"].value)
            if concept is not None and concept not in found:
                found.append(concept)
    if read_at_most is not None and priority is not None and len(matched) > read_at_most:
        ranked = sorted(matched, key=lambda iri: (-priority(matched[iri]), iri))
        matched = {iri: matched[iri] for iri in ranked[: max(0, read_at_most)]}
    rows_of = sentence_rows(store, list(matched), cache)
    hits: dict[str, SentenceHit] = {}
    for iri, concepts in matched.items():
        hit = rows_of.get(iri)
        if hit is not None:  # a mention of something that is not a stored sentence is ignored
            hit.matched = concepts
            hits[iri] = hit
    return hits


def sentence_rows(
    store: GraphStore,
    sentences: Sequence[str],
    cache: MutableMapping[str, SentenceHit] | None = None,
) -> dict[str, SentenceHit]:
    """The stored rows of ``sentences`` (IRIs), as fresh hits without concepts; unknown IRIs
    are left out. ``cache`` (IRI → row, e.g. a bounded cache kept while the KB is unchanged)
    saves reading a row again and keeps the rows read."""
    rows: dict[str, SentenceHit] = {}
    missing = list(sentences)
    if cache is not None:
        missing = []
        for iri in sentences:
            kept = cache.get(iri)
            if kept is None:
                missing.append(iri)
            else:
                rows[iri] = replace(kept, matched=[], about=[])
    query = load_query("sentence_rows")
    for block in blocks(missing):
        for row in store.select(with_values(query, ["sentence"], [[NamedNode(i)] for i in block])):
            iri = row["sentence"].value
            if iri not in rows:
                rows[iri] = _hit(row)
                if cache is not None:
                    cache[iri] = _hit(row)
    return rows


def fetch_documents(
    store: GraphStore,
    about: dict[str, ExpandedConcept],
    hits: dict[str, SentenceHit],
    exclude: frozenset[str] = frozenset(),
) -> None:
    """Add every sentence of the documents in ``about`` (document IRI → the concept it is
    named after) to ``hits``, as reached by that concept."""
    query = load_query("document_sentences")
    for block in blocks(list(about)):
        rows = store.select(with_values(query, ["doc"], [[NamedNode(d)] for d in block]))
        for row in rows:
            iri = row["sentence"].value
            if iri in exclude:
                continue
            concept = about[row["doc"].value]
            hit = hits.get(iri)
            if hit is None:
                hit = hits[iri] = _hit(row)
            if concept not in hit.about:
                hit.about.append(concept)


def fetch_mentions(
    store: GraphStore, sentences: Sequence[str], labels: Mapping[str, str]
) -> dict[str, dict[str, str]]:
    """Every concept (IRI → label, from ``labels``) that each of ``sentences`` mentions."""
    out: dict[str, dict[str, str]] = defaultdict(dict)
    query = load_query("sentence_mentions")
    for block in blocks(list(sentences)):
        rows = store.select(with_values(query, ["sentence"], [[NamedNode(i)] for i in block]))
        for row in rows:
            concept = row["concept"].value
            out[row["sentence"].value][concept] = labels.get(concept, concept)
    return out


def fetch_sentences(
    store: GraphStore, sentences: Sequence[str], via: str, concept: str = ""
) -> list[Candidate]:
    """The given sentences (IRIs) as unscored candidates reached ``via`` something other than a
    concept (the dense index), in the order given; unknown IRIs are left out."""
    rows = sentence_rows(store, sentences)
    return [
        Candidate(h.sentence, h.text, h.resolved, h.document, h.title, h.position, concept, via)
        for h in (rows.get(s) for s in sentences)
        if h is not None
    ]
