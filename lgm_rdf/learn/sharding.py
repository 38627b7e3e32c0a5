"""Learning one corpus on several machines: shards of documents, then one mention-link pass.

``lgm learn --shard i/N`` learns the documents whose id hashes to shard ``i`` (a stable hash,
the same on every machine and Python version), so N processes can learn one corpus into one
SPARQL server without writing the same document twice. Each document is still one atomic
write. What a shard cannot see is the other shards' documents while they are being learned:
``link_all`` (``lgm link``) then adds every cross-document mention link once all shards are
done. It is idempotent (it only adds triples, which a store holds once), and after it the KB
holds exactly the quads a single learn of the whole corpus writes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Iterator

from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.learn.srg import phrases_in
from lgm_rdf.ontology import LGM, OWL, RDF_TYPE, RDFS, IriMinter, load_query
from lgm_rdf.store.base import GraphStore

_SHARD = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


def parse_shard(text: str) -> tuple[int, int]:
    """``"i/N"`` (1 ≤ i ≤ N) as ``(i, N)``; ``ValueError`` with a clear message otherwise."""
    match = _SHARD.match(text)
    if not match:
        raise ValueError(f"--shard takes i/N, for example 1/4 (got {text!r})")
    index, count = int(match.group(1)), int(match.group(2))
    if not 1 <= index <= count:
        raise ValueError(f"--shard {text}: i must be between 1 and N")
    return index, count


def shard_of(doc_id: str, count: int) -> int:
    """The shard (1..count) of a document id, by SHA-256 (never Python's salted ``hash``)."""
    digest = hashlib.sha256(doc_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def in_shard(docs: Iterable[SourceDocument], index: int, count: int) -> Iterator[SourceDocument]:
    """The documents of shard ``index`` of ``count``."""
    return (doc for doc in docs if shard_of(doc.id, count) == index)


def link_all(store: GraphStore, minter: IriMinter) -> tuple[int, int]:
    """Add every mention link from a sentence to a relation concept it names, in the
    sentence's own document graph (one atomic addition per document).

    Returns (links found, documents touched). Running it again adds nothing new.
    """
    known: dict[str, NamedNode] = {}
    for row in store.select(load_query("relation_concepts")):
        known[row["label"].value] = row["concept"]  # type: ignore[assignment]
    by_home: dict[str, list[Quad]] = {}
    links = 0
    for row in store.select(load_query("sentence_lemmas")):
        sentence: NamedNode = row["sentence"]  # type: ignore[assignment]
        home = minter.document_of(sentence)
        if home is None:
            continue
        for key in phrases_in(row["lemma"].value, known):
            concept = known[key]
            by_home.setdefault(home.value, []).extend(
                (
                    Quad(sentence, LGM.mentions, concept, home),
                    Quad(concept, RDF_TYPE, OWL.Class, home),
                    Quad(concept, RDFS.label, Literal(key), home),
                )
            )
            links += 1
    for quads in by_home.values():
        store.add_quads(dict.fromkeys(quads))
    return links, len(by_home)
