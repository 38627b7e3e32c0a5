"""The vector sidecar of a KB: one embedding per sentence, keyed by sentence IRI.

Vectors live in a faiss ``IndexIDMap2`` over an exact inner-product index (``IndexFlatIP``;
unit vectors, so scores are cosines); each sentence IRI maps to a numeric id and to a hash of
the text it was encoded from. :meth:`VectorSidecar.sync` makes the sidecar equal to the store:
sentences that are gone (forgotten documents) are removed, sentences whose text changed
(re-learned documents) are encoded again, new ones are added. On disk it is
``<kb>/indexes/dense/vectors.faiss`` plus ``keys.json``, written after every sync. The same
class keeps the concept-name vectors of the meaning links in ``<kb>/indexes/dense/concepts/``
(``retrieve/dense/concepts.py``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from lgm_rdf.fileio import atomic_write
from lgm_rdf.ontology import load_query
from lgm_rdf.retrieve.dense.encoder import DenseUnavailable, Encoder
from lgm_rdf.store.base import GraphStore

INDEX_FILE = "vectors.faiss"
KEYS_FILE = "keys.json"
CONCEPTS_DIRECTORY = "concepts"  # the concept-name vectors, a sidecar inside the sentences' one


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def embedding_counts(directory: Path | None, sentences: Any, concepts: Any) -> dict[str, int]:
    """``embeddings`` (sentences) and ``concept_embeddings`` (concept names) beside a KB: the
    sizes of the open sidecars, else read from their key files under ``directory``."""
    return {
        "embeddings": len(sentences) if sentences is not None else sidecar_size(directory),
        "concept_embeddings": len(concepts)
        if concepts is not None
        else sidecar_size(directory / CONCEPTS_DIRECTORY if directory is not None else None),
    }


def sidecar_size(directory: str | Path | None) -> int:
    """Sentences with an embedding in the sidecar at ``directory`` (0 when there is none),
    read from its key file alone: no heavy import."""
    if directory is None:
        return 0
    path = Path(directory) / KEYS_FILE
    if not path.is_file():
        return 0
    return len(json.loads(path.read_text(encoding="utf-8")).get("keys", {}))


class VectorSidecar:
    """Sentence embeddings beside a KB (``directory``; ``None`` keeps them in memory)."""

    def __init__(self, directory: str | Path | None, encoder: Encoder) -> None:
        try:
            import faiss
        except ImportError as exc:
            raise DenseUnavailable("dense retrieval needs faiss-cpu (lgm_rdf[dense])") from exc
        self._faiss = faiss
        faiss.omp_set_num_threads(1)  # one question at a time: threads only wait for each other
        self.directory = Path(directory) if directory is not None else None
        self.encoder = encoder
        self.keys: dict[str, tuple[int, str]] = {}  # sentence IRI -> (id, text hash)
        self.next_id = 0
        self.index: Any = faiss.IndexIDMap2(faiss.IndexFlatIP(encoder.dimension))
        if self.directory is not None and (self.directory / KEYS_FILE).is_file():
            self._load()
        self._by_id = {i: iri for iri, (i, _) in self.keys.items()}

    def __len__(self) -> int:
        return len(self.keys)

    def _load(self) -> None:
        assert self.directory is not None
        meta = json.loads((self.directory / KEYS_FILE).read_text(encoding="utf-8"))
        if meta.get("dimension") != self.encoder.dimension:
            return  # another encoder made these: start again, sync re-encodes everything
        self.keys = {iri: (int(i), h) for iri, (i, h) in meta["keys"].items()}
        self.next_id = int(meta["next_id"])
        self.index = self._faiss.read_index(str(self.directory / INDEX_FILE))

    def save(self) -> None:
        """Write the index and the key file (nothing for an in-memory sidecar)."""
        if self.directory is None:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        data = self._faiss.serialize_index(self.index).tobytes()
        atomic_write(self.directory / INDEX_FILE, lambda out: out.write(data))
        meta = {"dimension": self.encoder.dimension, "next_id": self.next_id, "keys": self.keys}
        text = json.dumps(meta).encode("utf-8")
        atomic_write(self.directory / KEYS_FILE, lambda out: out.write(text))

    def sync(self, store: GraphStore) -> tuple[int, int]:
        """Make the sidecar hold exactly the store's sentences; returns (added, removed)."""
        texts = {
            row["sentence"].value: row["text"].value
            for row in store.select(load_query("sentence_texts"))
        }
        return self.sync_texts(texts)

    def sync_texts(self, texts: Mapping[str, str]) -> tuple[int, int]:
        """Make the sidecar hold exactly ``texts`` (sentence IRI -> text)."""
        import numpy as np

        stale = [
            iri
            for iri, (_, h) in self.keys.items()
            if texts.get(iri) is None or _digest(texts[iri]) != h
        ]
        if stale:
            ids = np.array([self.keys[iri][0] for iri in stale], dtype=np.int64)
            self.index.remove_ids(ids)
            for iri in stale:
                self._by_id.pop(self.keys.pop(iri)[0], None)
        fresh = [iri for iri in texts if iri not in self.keys]
        if fresh:
            vectors = self.encoder.encode([texts[iri] for iri in fresh])
            ids = np.arange(self.next_id, self.next_id + len(fresh), dtype=np.int64)
            self.index.add_with_ids(np.ascontiguousarray(vectors, dtype=np.float32), ids)
            for iri, i in zip(fresh, ids.tolist(), strict=True):
                self.keys[iri] = (i, _digest(texts[iri]))
                self._by_id[i] = iri
            self.next_id += len(fresh)
        if stale or fresh:
            self.save()
        return len(fresh), len(stale)

    def search(self, text: str, count: int) -> list[tuple[str, float]]:
        """The ``count`` sentences nearest to ``text`` as (IRI, cosine), nearest first."""
        return self.search_many([text], count)[0]

    def search_many(self, texts: Sequence[str], count: int) -> list[list[tuple[str, float]]]:
        """For each of ``texts`` (encoded in one batch), the ``count`` nearest keys as
        (key, cosine), nearest first."""
        import numpy as np

        if not self.keys or count < 1 or not texts:
            return [[] for _ in texts]
        query = np.ascontiguousarray(self.encoder.encode(list(texts)), dtype=np.float32)
        scores, ids = self.index.search(query, min(count, len(self.keys)))
        return [
            [
                (self._by_id[int(i)], float(s))
                for s, i in zip(row_s, row_i, strict=True)
                if int(i) in self._by_id
            ]
            for row_s, row_i in zip(scores, ids, strict=True)
        ]
