"""Synthetic knowledge bases shaped like learned data, for scale benchmarks (``lgm bench query``).

The generator writes N-Quads, one document (named graph) at a time, with exactly the triples the
SRG and CRG writers produce (``learn/srg.py``, ``learn/crg.py``): documents, sections, sentences
(``nif:anchorOf``, ``lgm:resolvedText``, ``nif:lemma``, offsets, ``nif:nextSentence``), mentions,
per-document concept declarations (``owl:Class``, ``rdfs:label``, ``skos:altLabel``), and
meta-relations (``rdfs:subClassOf``, ``lgm:partOf``, ``owl:sameAs``) stated by one sentence of the
document, each with its ``owl:Axiom`` provenance node.

Proportions follow a KB learned from the HotpotQA dev file (about 8 mentions and 0.4 relations
per sentence; relations 72% inheritance, 19% alias, 9% composition; a long tail of concepts seen
once). Concept mentions are drawn from a Zipf-Mandelbrot law over a vocabulary that grows like
Heaps' law, so a few concepts are mentioned by a large share of the sentences. Parents and wholes
always have a lower concept rank than their child or part, so the taxonomy and the composition
graph have no cycles; they form forests a few levels deep whose hubs are the common concepts.

Everything is deterministic for a given :class:`SyntheticConfig` (its ``seed`` included), and
only one document is held in memory at a time.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from pyoxigraph import NamedNode

from lgm_rdf.bench.query.shape import (
    RELATION_KINDS,
    SyntheticConfig,
    SyntheticStats,
    mix,
    nquads_literal,
    word,
)
from lgm_rdf.ontology import (
    DCTERMS_NS,
    LGM_NS,
    NIF_NS,
    OWL_NS,
    PROV_NS,
    RDF_NS,
    RDFS_NS,
    SKOS_NS,
    XSD_NS,
    IriMinter,
    iri_segment,
)

_TYPE = f"<{RDF_NS}type>"
_LABEL = f"<{RDFS_NS}label>"
_ALT = f"<{SKOS_NS}altLabel>"
_SUBCLASS = f"<{RDFS_NS}subClassOf>"
_PARTOF = f"<{LGM_NS}partOf>"
_SAMEAS = f"<{OWL_NS}sameAs>"
_ISPARTOF = f"<{DCTERMS_NS}isPartOf>"
_POSITION = f"<{LGM_NS}position>"
_MENTIONS = f"<{LGM_NS}mentions>"
_INT = f"^^<{XSD_NS}integer>"
_NONNEG = f"^^<{XSD_NS}nonNegativeInteger>"
_CLASS = f"<{OWL_NS}Class>"

_KIND_WEIGHTS = (72, 19, 9)
_PROPERTY = {"inheritance": _SUBCLASS, "composition": _PARTOF, "alias": _SAMEAS}
_VERDICTS = (("Unchecked", 85), ("Valid", 8), ("Unknown", 4), ("Invalid", 3))
_VERBS = (
    ("is", "be"),
    ("was", "be"),
    ("has", "have"),
    ("includes", "include"),
    ("describes", "describe"),
    ("produced", "produce"),
    ("joined", "join"),
    ("became", "become"),
    ("uses", "use"),
)
_LINKS = ("the", "of the", "and the", "with", "in", "for", "by", "near", "after the")
_CACHE_SIZE = 300_000  # concepts whose strings are memoised (the frequent ones come first)


@dataclass
class _Sentence:
    anchor: str
    resolved: str
    lemma: str
    concepts: list[int]


class SyntheticKB:
    """Streams the N-Quads of a synthetic KB; see the module docstring for its shape."""

    def __init__(self, config: SyntheticConfig) -> None:
        if config.sentences < 1:
            raise ValueError("a synthetic KB needs at least one sentence")
        self.config = config
        self.minter = IriMinter(config.base_iri)
        self.size = config.concepts
        s, q = config.zipf_exponent, config.zipf_offset
        self._cum = list(accumulate(1.0 / (r + q) ** s for r in range(self.size)))
        self._ranks = range(self.size)
        self._cache: dict[int, tuple[str, str, str]] = {}
        self.stats = self._fresh_stats()

    def _fresh_stats(self) -> SyntheticStats:
        zeros = bytes(4 * self.size)
        return SyntheticStats(mention_counts=array("I", zeros), document_counts=array("I", zeros))

    def document_iri(self, d: int) -> str:
        """IRI (and graph name) of document ``d``."""
        return self.minter.document(f"synthetic/{d:07d}").value

    @staticmethod
    def document_title(d: int) -> str:
        """Title of document ``d``."""
        return f"Synthetic document {d}"

    # -- concepts -----------------------------------------------------------------------
    def _terms(self, i: int) -> tuple[str, str, str]:
        """(label, surface, IRI) of concept ``i``, memoised for the frequent ones."""
        terms = self._cache.get(i)
        if terms is None:
            head = word(i)
            label = f"{word(mix(i, 3) % 200)} {head}" if mix(i, 4) % 10 < 3 else head
            surface = label + "s" if mix(i, 5) % 5 == 0 else label
            terms = (label, surface, f"{self.config.base_iri}concept:{iri_segment(label)}")
            if len(self._cache) < _CACHE_SIZE:
                self._cache[i] = terms
        return terms

    def label(self, i: int) -> str:
        """The normalised label (concept key) of concept rank ``i`` (0 = most frequent)."""
        return self._terms(i)[0]

    def surface(self, i: int) -> str:
        """How concept ``i`` appears in text: a plural for some (which gives an altLabel)."""
        return self._terms(i)[1]

    def iri(self, i: int) -> str:
        """The concept IRI of rank ``i``, minted like learned concepts."""
        return self._terms(i)[2]

    def node(self, i: int) -> NamedNode:
        """The concept IRI of rank ``i`` as a ``NamedNode``."""
        return NamedNode(self.iri(i))

    def parent(self, i: int) -> int | None:
        """The taxonomy parent of concept ``i`` (a more frequent concept), if it may have one."""
        top = i // self.config.branching
        return mix(i, 6 + self.config.seed) % top if top else None

    def whole(self, i: int) -> int | None:
        """The whole that concept ``i`` is part of, if it may have one."""
        top = i // (2 * self.config.branching)
        return mix(i, 7 + self.config.seed) % top if top else None

    def alias(self, i: int) -> int | None:
        """The alias partner of concept ``i`` (concepts pair up with a neighbour in rank)."""
        j = i ^ 1
        return j if j < self.size else None

    # -- generation ---------------------------------------------------------------------
    def documents(self) -> Iterator[list[str]]:
        """The N-Quads lines (with newline) of each document in turn; fills :attr:`stats`.

        Iterating again starts over (with fresh statistics) and yields the same lines.
        """
        rng = random.Random(self.config.seed)
        self.stats = self._fresh_stats()
        left = self.config.sentences
        d = 0
        while left > 0:
            n = min(left, rng.randint(self.config.doc_sentences_min, self.config.doc_sentences_max))
            yield self._document(rng, d, n)
            left -= n
            d += 1

    def lines(self) -> Iterator[str]:
        """All N-Quads lines, document by document."""
        for lines in self.documents():
            yield from lines

    def write_nquads(self, path: str | Path) -> SyntheticStats:
        """Write the whole KB to an N-Quads file and return its statistics."""
        with open(path, "w", encoding="utf-8", buffering=1 << 22) as out:
            for lines in self.documents():
                out.write("".join(lines))
        return self.stats

    def _draw(self, rng: random.Random, k: int) -> list[int]:
        picks = rng.choices(self._ranks, cum_weights=self._cum, k=k)
        return list(dict.fromkeys(picks))

    def _ordinary(self, rng: random.Random, previous: int | None) -> _Sentence:
        concepts = self._draw(rng, rng.randint(self.config.mentions_min, self.config.mentions_max))
        verb, verb_lemma = rng.choice(_VERBS)
        pronoun = previous is not None and rng.random() < self.config.pronoun_rate
        surf: list[str] = [verb]
        lem: list[str] = [verb_lemma]
        for c in concepts if pronoun else concepts[1:]:
            link = rng.choice(_LINKS)
            surf += [link, self.surface(c)]
            lem += [link, self.label(c)]
        if rng.random() < 0.3:
            year = str(rng.randint(1800, 2020))
            surf += ["in", year]
            lem += ["in", year]
        tail, tail_lemma = " ".join(surf) + ".", " ".join(lem) + " ."
        if pronoun and previous is not None:
            self.stats.pronouns += 1
            ante = self.surface(previous)
            return _Sentence(
                f"It {tail}",
                f"It [: {ante[:1].upper()}{ante[1:]}] {tail}",
                f"it [: {self.label(previous)}] {tail_lemma}",
                list(dict.fromkeys([*concepts, previous])),
            )
        first = self.surface(concepts[0])
        text = f"{first[:1].upper()}{first[1:]} {tail}"
        return _Sentence(text, text, f"{self.label(concepts[0])} {tail_lemma}", concepts)

    def _relation(self, rng: random.Random) -> tuple[_Sentence, str, int, int]:
        kind = rng.choices(RELATION_KINDS, weights=_KIND_WEIGHTS)[0]
        pick = {"inheritance": self.parent, "composition": self.whole, "alias": self.alias}[kind]
        while True:
            a = self._draw(rng, 1)[0]
            b = pick(a)
            if b is not None and b != a:
                break
        sa, sb = self.surface(a), self.surface(b)
        pattern, lemma = {
            "inheritance": ("is a kind of", "be a kind of"),
            "composition": ("is part of the", "be part of the"),
            "alias": ("is also called", "be also call"),
        }[kind]
        extra = self._draw(rng, rng.randint(1, 6))
        extra = [c for c in extra if c not in (a, b)]
        surf = [f"{sa[:1].upper()}{sa[1:]}", pattern, sb]
        lem = [self.label(a), lemma, self.label(b)]
        for c in extra:
            surf += ["in the", self.surface(c)]
            lem += ["in the", self.label(c)]
        text = " ".join(surf) + "."
        return _Sentence(text, text, " ".join(lem) + " .", [a, b, *extra]), kind, a, b

    def _document(self, rng: random.Random, d: int, n: int) -> list[str]:
        stats = self.stats
        doc = NamedNode(self.document_iri(d))
        g = f"<{doc.value}>"
        cuts = sorted(rng.sample(range(1, n), min(n - 1, rng.randint(0, 2)))) if n > 3 else []
        bounds = [0, *cuts, n]
        out: list[str] = []
        used: dict[int, None] = {}
        texts: list[str] = []
        position = 0
        offset = 0
        prev_iri: str | None = None
        for k in range(len(bounds) - 1):
            sec = f"<{doc.value}/section/{k}>"
            out.append(f"{sec} {_TYPE} <{LGM_NS}Section> {g} .\n")
            out.append(f"{sec} {_ISPARTOF} {g} {g} .\n")
            out.append(f'{sec} {_POSITION} "{k}"{_INT} {g} .\n')
            out.append(f'{sec} <{LGM_NS}level> "{0 if k == 0 else 2}"{_INT} {g} .\n')
            if k:
                out.append(f"{sec} <{DCTERMS_NS}title> {nquads_literal(f'Part {k}')} {g} .\n")
            previous: int | None = None
            section_text: list[str] = []
            for _ in range(bounds[k + 1] - bounds[k]):
                s_iri = f"<{doc.value}/sentence/{position}>"
                relation = None
                if rng.random() < self.config.relation_rate:
                    sent, kind, a, b = self._relation(rng)
                    relation = (kind, a, b)
                else:
                    sent = self._ordinary(rng, previous)
                previous = sent.concepts[0]
                begin = offset + sum(len(t) + 1 for t in section_text)
                section_text.append(sent.anchor)
                out += self._sentence_lines(s_iri, sent, g, sec, position, begin)
                if prev_iri is not None:
                    out.append(f"{prev_iri} <{NIF_NS}nextSentence> {s_iri} {g} .\n")
                prev_iri = s_iri
                for c in sent.concepts:
                    used[c] = None
                    stats.mention_counts[c] += 1
                stats.mentions += len(sent.concepts)
                if relation is not None:
                    out += self._relation_lines(rng, relation, s_iri, g)
                position += 1
            joined = " ".join(section_text)
            texts.append(joined)
            offset += len(joined) + 2  # the "\n\n" between sections
        digest = hashlib.sha256("\n\n".join(texts).encode("utf-8")).hexdigest()
        out.append(f"{g} {_TYPE} <{LGM_NS}Document> {g} .\n")
        out.append(f"{g} <{DCTERMS_NS}title> {nquads_literal(self.document_title(d))} {g} .\n")
        out.append(f"{g} <{DCTERMS_NS}source> {nquads_literal(f'synthetic/{d:07d}.txt')} {g} .\n")
        out.append(f"{g} <{LGM_NS}contentHash> {nquads_literal(digest)} {g} .\n")
        out.append(f'{g} <{LGM_NS}sentenceCount> "{n}"{_INT} {g} .\n')
        for c in sorted(used):
            stats.document_counts[c] += 1
            c_iri = f"<{self.iri(c)}>"
            out.append(f"{c_iri} {_TYPE} {_CLASS} {g} .\n")
            out.append(f"{c_iri} {_LABEL} {nquads_literal(self.label(c))} {g} .\n")
            if self.surface(c) != self.label(c):
                out.append(f"{c_iri} {_ALT} {nquads_literal(self.surface(c))} {g} .\n")
        stats.sentences += n
        stats.documents += 1
        stats.sections += len(bounds) - 1
        stats.quads += len(out)
        return out

    def _sentence_lines(
        self, s: str, sent: _Sentence, g: str, sec: str, position: int, begin: int
    ) -> list[str]:
        end = begin + len(sent.anchor)
        lines = [
            f"{s} {_TYPE} <{NIF_NS}Sentence> {g} .\n",
            f"{s} <{NIF_NS}anchorOf> {nquads_literal(sent.anchor)} {g} .\n",
            f"{s} <{LGM_NS}resolvedText> {nquads_literal(sent.resolved)} {g} .\n",
            f"{s} <{NIF_NS}lemma> {nquads_literal(sent.lemma)} {g} .\n",
            f'{s} <{NIF_NS}beginIndex> "{begin}"{_NONNEG} {g} .\n',
            f'{s} <{NIF_NS}endIndex> "{end}"{_NONNEG} {g} .\n',
            f"{s} <{NIF_NS}referenceContext> {g} {g} .\n",
            f"{s} {_ISPARTOF} {sec} {g} .\n",
            f'{s} {_POSITION} "{position}"{_INT} {g} .\n',
        ]
        lines += [f"{s} {_MENTIONS} <{self.iri(c)}> {g} .\n" for c in sent.concepts]
        return lines

    def _relation_lines(
        self, rng: random.Random, relation: tuple[str, int, int], evidence: str, g: str
    ) -> list[str]:
        kind, a, b = relation
        src, tgt, prop = self.iri(a), self.iri(b), _PROPERTY[kind]
        extractor = "pattern" if rng.random() < 0.9 else "llm"
        verdict = rng.choices([v for v, _ in _VERDICTS], weights=[w for _, w in _VERDICTS])[0]
        confidence = 0.9 if extractor == "pattern" else rng.randint(50, 100) / 100
        axiom = f"<{self.minter.axiom(src, prop[1:-1], tgt, extractor, evidence[1:-1]).value}>"
        self.stats.relations[kind] += 1
        lines = []
        if verdict == "Invalid":
            self.stats.invalid += 1
        else:
            lines.append(f"<{src}> {prop} <{tgt}> {g} .\n")
        lines += [
            f"{axiom} {_TYPE} <{OWL_NS}Axiom> {g} .\n",
            f"{axiom} <{OWL_NS}annotatedSource> <{src}> {g} .\n",
            f"{axiom} <{OWL_NS}annotatedProperty> {prop} {g} .\n",
            f"{axiom} <{OWL_NS}annotatedTarget> <{tgt}> {g} .\n",
            f"{axiom} <{PROV_NS}wasDerivedFrom> {evidence} {g} .\n",
            f"{axiom} <{LGM_NS}extractor> {nquads_literal(extractor)} {g} .\n",
            f"{axiom} <{LGM_NS}verdict> <{LGM_NS}{verdict}> {g} .\n",
            f'{axiom} <{LGM_NS}confidence> "{confidence:.3f}"^^<{XSD_NS}decimal> {g} .\n',
        ]
        return lines
