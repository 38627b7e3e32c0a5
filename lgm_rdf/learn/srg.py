"""SRG writer: a parsed document becomes quads in the document's named graph (DESIGN §3)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.learn.readers import Block, Section, SourceDocument
from lgm_rdf.learn.readers.model import BLOCK_SEPARATOR
from lgm_rdf.learn.relations import ExtractionFailure, Relation
from lgm_rdf.nlp.concepts import ConceptMention, junk_key, sentence_concepts
from lgm_rdf.nlp.coref import Antecedent, antecedents_by_sentence
from lgm_rdf.nlp.entities import entity_classes
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.nlp.text import lemma_text, resolved_text
from lgm_rdf.ontology import (
    BLOCK_ROLE_TERMS,
    DCTERMS,
    LGM,
    NIF,
    OWL,
    RDF_TYPE,
    RDFS,
    SKOS,
    XSD,
    IriMinter,
)

SECTION_SEPARATOR = "\n\n"


@dataclass
class LearnedSentence:
    """One sentence as written to the SRG, kept for relation extraction and statistics."""

    iri: NamedNode
    sentence: Sentence
    antecedents: dict[int, Antecedent]
    concepts: list[ConceptMention]
    resolved: str = ""
    lemma: str = ""
    role: str = "prose"  # the block role; only prose sentences are sources of relations


@dataclass
class DocumentGraph:
    """Quads of one document plus what later stages need to know about them."""

    iri: NamedNode
    minter: IriMinter
    quads: list[Quad] = field(default_factory=list)
    sentences: list[LearnedSentence] = field(default_factory=list)
    concept_labels: dict[str, set[str]] = field(default_factory=dict)
    also: list[Quad] = field(default_factory=list)  # quads for other documents' graphs
    # relations already found where the document was parsed, by extractor name
    found: dict[str, list[Relation]] = field(default_factory=dict)
    # rules that raised on a sentence while finding them (what they found there is left out)
    failures: list[ExtractionFailure] = field(default_factory=list)
    _seen: set[Quad] = field(default_factory=set, repr=False)

    def __getstate__(self) -> dict[str, object]:
        # sent between processes without the duplicate index (rebuilt on arrival)
        return {k: v for k, v in self.__dict__.items() if k != "_seen"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._seen = set(self.quads) | set(self.also)

    def parsed(self) -> tuple[list[Sentence], dict[tuple[int, int], Antecedent]]:
        """The parsed sentences and the pronoun antecedents by (sentence, token) index, as the
        relation extractors see them: a non-prose sentence (a reference, a table row, a
        template …) comes without text and tokens, so no relation is drawn from it."""
        sentences = [
            learned.sentence
            if learned.role == "prose"
            else replace(learned.sentence, text="", tokens=())
            for learned in self.sentences
        ]
        antecedents = {
            (i, t): a
            for i, learned in enumerate(self.sentences)
            if learned.role == "prose"
            for t, a in learned.antecedents.items()
        }
        return sentences, antecedents

    def add(self, s: NamedNode, p: NamedNode, o: NamedNode | Literal) -> None:
        """Add one triple to the document's named graph (duplicates are dropped)."""
        quad = Quad(s, p, o, self.iri)
        if quad not in self._seen:
            self._seen.add(quad)
            self.quads.append(quad)

    def has(self, quad: Quad) -> bool:
        """Whether ``quad`` was already added (to this graph or another)."""
        return quad in self._seen

    def add_elsewhere(
        self, graph: NamedNode, s: NamedNode, p: NamedNode, o: NamedNode | Literal
    ) -> bool:
        """Add a triple to ANOTHER named graph in the same atomic write; False if already added."""
        quad = Quad(s, p, o, graph)
        if quad in self._seen:
            return False
        self._seen.add(quad)
        self.also.append(quad)
        return True

    def declare_concept(self, key: str, surface: str | None = None) -> NamedNode:
        """Remember a concept (declared once, with its surface variants) and return its IRI."""
        labels = self.concept_labels.setdefault(key, set())
        if surface:
            labels.add(surface)
        return self.minter.concept(key)


def _int(value: int) -> Literal:
    return Literal(str(value), datatype=XSD.integer)


def _nonneg(value: int) -> Literal:
    return Literal(str(value), datatype=XSD.nonNegativeInteger)


def build_srg(
    doc: SourceDocument,
    sections: Sequence[Sequence[Sentence]],
    antecedents: Sequence[Mapping[tuple[int, int], Antecedent]],
    minter: IriMinter,
    roles: Sequence[Sequence[str]] = (),
) -> DocumentGraph:
    """Build the SRG quads of ``doc``: document, sections, sentences, mentions, concepts.

    ``sections[k]`` are the parsed sentences of ``doc.sections[k]`` (offsets relative to the
    section text) and ``antecedents[k]`` maps (sentence index, token index) of a pronoun in
    that section to its antecedent. ``roles[k][j]`` is the block role of sentence ``j`` of
    section ``k`` (prose when missing): a non-prose sentence gets ``lgm:blockRole``, takes no
    concepts of its own and mentions only the concepts the document's prose names.
    """
    iri = minter.document(doc.id)
    graph = DocumentGraph(iri=iri, minter=minter)
    graph.add(iri, RDF_TYPE, LGM.Document)
    graph.add(iri, DCTERMS.title, Literal(doc.title))
    graph.add(iri, DCTERMS.source, Literal(doc.source))
    graph.add(iri, LGM.contentHash, Literal(doc.content_hash))
    graph.add(iri, DCTERMS.identifier, Literal(doc.id))
    offset = 0
    previous: NamedNode | None = None
    for k, (section, sentences) in enumerate(zip(doc.sections, sections, strict=True)):
        section_iri = _write_section(graph, section, k)
        by_sentence = antecedents_by_sentence(antecedents[k] if k < len(antecedents) else {})
        blocks = sentence_blocks(section, sentences)
        section_roles = roles[k] if k < len(roles) else ()
        for j, sentence in enumerate(sentences):
            position = len(graph.sentences)
            s_iri = minter.sentence(iri, position)
            role = section_roles[j] if j < len(section_roles) else "prose"
            if role == "prose":
                ants = {t: a for t, a in by_sentence.get(j, {}).items() if not junk_key(a.key)}
                learned = LearnedSentence(s_iri, sentence, ants, sentence_concepts(sentence))
            else:
                learned = LearnedSentence(s_iri, sentence, {}, [], role=role)
            _write_sentence(graph, learned, section_iri, position, offset)
            page = blocks[j].page if blocks[j] is not None else None
            if page is not None:
                graph.add(s_iri, LGM.page, _int(page))
            if previous is not None:
                graph.add(previous, NIF.nextSentence, s_iri)
            previous = s_iri
            graph.sentences.append(learned)
        offset += len(section.text) + len(SECTION_SEPARATOR)
    graph.add(iri, LGM.sentenceCount, _int(len(graph.sentences)))
    graph.add(iri, LGM.sectionCount, _int(len(doc.sections)))
    prose_concepts = {key: graph.minter.concept(key) for key in graph.concept_labels}
    for learned in graph.sentences:
        if learned.role != "prose":
            for key in phrases_in(learned.lemma, prose_concepts):
                graph.add(learned.iri, LGM.mentions, prose_concepts[key])
    return graph


def seal_counts(graph: DocumentGraph) -> None:
    """Record how many triples the document's own graph holds as written (``lgm check``).

    Call it last, right before the write: the count includes its own triple.
    """
    graph.add(graph.iri, LGM.tripleCount, _int(len(graph.quads) + 1))


def sentence_blocks(section: Section, sentences: Sequence[Sentence]) -> list[Block | None]:
    """The block each sentence of ``section`` starts in (its role and page); ``None`` for a
    section without blocks. Sentence offsets are in the section text."""
    starts, offset = [], 0
    for block in section.blocks:
        starts.append(offset)
        offset += len(block.text) + len(BLOCK_SEPARATOR)
    if not starts:
        return [None] * len(sentences)
    return [section.blocks[max(0, bisect_right(starts, s.start) - 1)] for s in sentences]


def _write_section(graph: DocumentGraph, section: Section, k: int) -> NamedNode:
    x = graph.minter.section(graph.iri, k)
    graph.add(x, RDF_TYPE, LGM.Section)
    graph.add(x, DCTERMS.isPartOf, graph.iri)
    graph.add(x, LGM.position, _int(k))
    graph.add(x, LGM.level, _int(section.level))
    if section.title:
        graph.add(x, DCTERMS.title, Literal(section.title))
    return x


def _write_sentence(
    graph: DocumentGraph, learned: LearnedSentence, section: NamedNode, position: int, offset: int
) -> None:
    s, sent = learned.iri, learned.sentence
    graph.add(s, RDF_TYPE, NIF.Sentence)
    graph.add(s, NIF.anchorOf, Literal(sent.text))
    learned.resolved = resolved_text(sent, learned.antecedents)
    learned.lemma = lemma_text(sent, learned.antecedents)
    graph.add(s, LGM.resolvedText, Literal(learned.resolved))
    graph.add(s, NIF.lemma, Literal(learned.lemma))
    graph.add(s, NIF.beginIndex, _nonneg(offset + sent.start))
    graph.add(s, NIF.endIndex, _nonneg(offset + sent.end))
    graph.add(s, NIF.referenceContext, graph.iri)
    graph.add(s, DCTERMS.isPartOf, section)
    graph.add(s, LGM.position, _int(position))
    if learned.role in BLOCK_ROLE_TERMS:
        graph.add(s, LGM.blockRole, BLOCK_ROLE_TERMS[learned.role])
    mentioned = [graph.declare_concept(m.key, m.label) for m in learned.concepts]
    for key, kind in entity_classes(sent, learned.concepts).items():
        graph.add(graph.minter.concept(key), LGM.entityClass, Literal(kind))
    mentioned += [graph.declare_concept(a.key, a.text) for a in learned.antecedents.values()]
    for concept in dict.fromkeys(mentioned):
        graph.add(s, LGM.mentions, concept)


def write_concepts(graph: DocumentGraph) -> None:
    """Declare every concept the document uses: ``owl:Class``, label, surface variants."""
    for key in sorted(graph.concept_labels):
        c = graph.minter.concept(key)
        graph.add(c, RDF_TYPE, OWL.Class)
        graph.add(c, RDFS.label, Literal(key))
        for surface in sorted(graph.concept_labels[key]):
            if surface.lower() != key:
                graph.add(c, SKOS.altLabel, Literal(surface))


MAX_PHRASE_WORDS = 6


def phrases_in(lemma: str, known: Mapping[str, NamedNode]) -> Iterable[str]:
    """Keys of the known concepts whose lemma phrase occurs as whole words in ``lemma``."""
    words = lemma.split()
    found: dict[str, None] = {}
    for i in range(len(words)):
        for n in range(1, min(MAX_PHRASE_WORDS, len(words) - i) + 1):
            key = " ".join(words[i : i + n])
            if key in known:
                found[key] = None
    return list(found)
