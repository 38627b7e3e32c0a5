"""SRG writer: a parsed document becomes quads in the document's named graph (DESIGN §3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pyoxigraph import Literal, NamedNode, Quad

from lgm_rdf.learn.readers import Section, SourceDocument
from lgm_rdf.learn.relations import Relation
from lgm_rdf.nlp.concepts import ConceptMention, sentence_concepts
from lgm_rdf.nlp.coref import Antecedent, antecedents_by_sentence
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.nlp.text import lemma_text, resolved_text
from lgm_rdf.ontology import DCTERMS, LGM, NIF, OWL, RDF_TYPE, RDFS, SKOS, XSD, IriMinter

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
    _seen: set[Quad] = field(default_factory=set, repr=False)

    def __getstate__(self) -> dict[str, object]:
        # sent between processes without the duplicate index (rebuilt on arrival)
        return {k: v for k, v in self.__dict__.items() if k != "_seen"}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._seen = set(self.quads) | set(self.also)

    def parsed(self) -> tuple[list[Sentence], dict[tuple[int, int], Antecedent]]:
        """The parsed sentences and the pronoun antecedents by (sentence, token) index."""
        sentences = [learned.sentence for learned in self.sentences]
        antecedents = {
            (i, t): a
            for i, learned in enumerate(self.sentences)
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
) -> DocumentGraph:
    """Build the SRG quads of ``doc``: document, sections, sentences, mentions, concepts.

    ``sections[k]`` are the parsed sentences of ``doc.sections[k]`` (offsets relative to the
    section text) and ``antecedents[k]`` maps (sentence index, token index) of a pronoun in
    that section to its antecedent.
    """
    iri = minter.document(doc.id)
    graph = DocumentGraph(iri=iri, minter=minter)
    graph.add(iri, RDF_TYPE, LGM.Document)
    graph.add(iri, DCTERMS.title, Literal(doc.title))
    graph.add(iri, DCTERMS.source, Literal(doc.source))
    graph.add(iri, LGM.contentHash, Literal(doc.content_hash))
    offset = 0
    previous: NamedNode | None = None
    for k, (section, sentences) in enumerate(zip(doc.sections, sections, strict=True)):
        section_iri = _write_section(graph, section, k)
        by_sentence = antecedents_by_sentence(antecedents[k] if k < len(antecedents) else {})
        for j, sentence in enumerate(sentences):
            position = len(graph.sentences)
            s_iri = minter.sentence(iri, position)
            ants = by_sentence.get(j, {})
            learned = LearnedSentence(s_iri, sentence, ants, sentence_concepts(sentence))
            _write_sentence(graph, learned, section_iri, position, offset)
            if previous is not None:
                graph.add(previous, NIF.nextSentence, s_iri)
            previous = s_iri
            graph.sentences.append(learned)
        offset += len(section.text) + len(SECTION_SEPARATOR)
    graph.add(iri, LGM.sentenceCount, _int(len(graph.sentences)))
    return graph


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
    mentioned = [graph.declare_concept(m.key, m.label) for m in learned.concepts]
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
