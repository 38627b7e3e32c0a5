"""The shape of a synthetic KB (its configuration and the counts a run wrote), and the
deterministic hash, word and literal helpers of the generator in :mod:`.synthetic`."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

RELATION_KINDS = ("inheritance", "alias", "composition")
SYLLABLES = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]
MASK = (1 << 64) - 1


def mix(value: int, salt: int) -> int:
    """A deterministic 64-bit integer hash (splitmix64 finaliser)."""
    z = (value * 0x9E3779B97F4A7C15 + salt * 0xBF58476D1CE4E5B9 + 1) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def word(n: int) -> str:
    """A unique pronounceable word for ``n >= 0`` (two syllables or more)."""
    n += len(SYLLABLES)
    parts: list[str] = []
    while n:
        n, r = divmod(n, len(SYLLABLES))
        parts.append(SYLLABLES[r])
    return "".join(reversed(parts))


def nquads_literal(text: str) -> str:
    """An N-Quads string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def default_vocabulary(sentences: int) -> int:
    """Concept vocabulary for a corpus of ``sentences`` sentences (Heaps-like growth)."""
    return max(200, int(20 * max(1, sentences) ** 0.8))


@dataclass(frozen=True)
class SyntheticConfig:
    """Shape of a synthetic KB; the defaults mimic a KB learned from Wikipedia paragraphs."""

    sentences: int
    seed: int = 0
    vocabulary: int | None = None  # concepts that may be mentioned (default: Heaps-like)
    zipf_exponent: float = 1.0
    zipf_offset: float = 15.0  # Zipf-Mandelbrot q: rank r has weight 1 / (r + q) ** s
    mentions_min: int = 5  # concepts drawn per ordinary sentence (before de-duplication)
    mentions_max: int = 14
    doc_sentences_min: int = 2
    doc_sentences_max: int = 14
    relation_rate: float = 0.39  # share of sentences that state a meta-relation
    pronoun_rate: float = 0.15  # share of sentences that start with a resolved "It"
    branching: int = 4  # a parent's rank is below child rank / branching
    base_iri: str = "urn:lgm:"

    @property
    def concepts(self) -> int:
        """Size of the concept vocabulary."""
        return self.vocabulary or default_vocabulary(self.sentences)


@dataclass
class SyntheticStats:
    """What a generation run wrote; ``mention_counts[i]`` = sentences mentioning concept ``i``."""

    sentences: int = 0
    documents: int = 0
    sections: int = 0
    quads: int = 0
    mentions: int = 0
    pronouns: int = 0
    relations: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RELATION_KINDS, 0))
    invalid: int = 0
    mention_counts: array = field(default_factory=lambda: array("I"))
    document_counts: array = field(default_factory=lambda: array("I"))  # documents mentioning

    def summary(self) -> dict[str, int]:
        """The counts as a flat JSON-ready dict (without the per-concept array)."""
        return {
            "sentences": self.sentences,
            "documents": self.documents,
            "sections": self.sections,
            "quads": self.quads,
            "mentions": self.mentions,
            "concepts_mentioned": sum(1 for n in self.mention_counts if n),
            "pronouns": self.pronouns,
            "invalid_relations": self.invalid,
            **{f"relations_{k}": v for k, v in self.relations.items()},
        }
