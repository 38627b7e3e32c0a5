"""Preparing documents for the store: parse, resolve pronouns, build the sentence graph.

Everything here depends on nothing but the documents and the NLP pipeline (no store), so it
runs in the learning process or in worker processes (``learn.parallel``) with the same result.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from lgm_rdf.learn.readers import Section, SourceDocument
from lgm_rdf.learn.readers.model import BLOCK_SEPARATOR
from lgm_rdf.learn.relations import RelationExtractor
from lgm_rdf.learn.srg import DocumentGraph, build_srg
from lgm_rdf.nlp.coref import resolve
from lgm_rdf.nlp.model import NLP, CorefChain, ParsedText, Sentence, as_single_sentence
from lgm_rdf.ontology import IriMinter


class DocumentPreparer:
    """Turns documents into ``DocumentGraph`` objects, ready for the concept-graph stage.

    ``extractors`` are relation extractors that need only the parse (the pattern extractor);
    their relations are kept in ``DocumentGraph.found`` under the extractor's name, so the
    concept-graph stage does not run them again. ``coref=False`` skips pronoun resolution.
    """

    def __init__(
        self,
        nlp: NLP,
        minter: IriMinter,
        extractors: Sequence[RelationExtractor] = (),
        coref: bool = True,
    ) -> None:
        self.nlp = nlp
        self.minter = minter
        self.extractors = list(extractors)
        self.coref = coref

    def prepare(self, docs: Sequence[SourceDocument]) -> list[DocumentGraph]:
        """Parse ``docs`` in one batched NLP call and build the graph of each."""
        return [self.build(doc, parsed) for doc, parsed in zip(docs, self.parse(docs), strict=True)]

    def parse(self, docs: Sequence[SourceDocument]) -> list[list[ParsedText]]:
        """Parse every section of every document in one batched NLP call."""
        plans = [[parse_segments(section) for section in doc.sections] for doc in docs]
        texts = [
            text
            for doc_plan in plans
            for segments in doc_plan
            for segment in segments
            for text in segment.texts
        ]
        results = iter(self.nlp.parse_many(texts))
        return [[_assemble(segments, results) for segments in doc_plan] for doc_plan in plans]

    def build(self, doc: SourceDocument, sections: list[ParsedText]) -> DocumentGraph:
        """Coreference, concepts and sentence-graph quads of one parsed document."""
        antecedents = [
            resolve(parsed, topic=topic_of(section.title or doc.title)) if self.coref else {}
            for section, parsed in zip(doc.sections, sections, strict=True)
        ]
        graph = build_srg(doc, [p.sentences for p in sections], antecedents, self.minter)
        if self.extractors:
            sentences, by_token = graph.parsed()
            for extractor in self.extractors:
                graph.found[extractor.name] = extractor.extract(sentences, by_token)
        return graph


def local_extractors(extractor: str) -> list[RelationExtractor]:
    """The extractors of the ``extractor`` setting that need only the parse (no LLM, no store)."""
    if extractor not in ("pattern", "both"):
        return []
    from lgm_rdf.learn.patterns import PatternExtractor

    return [PatternExtractor()]


@dataclass(frozen=True)
class Segment:
    """A piece of a section parsed on its own: a run of prose blocks, or pre-split sentences."""

    start: int  # offset of the piece in the section text
    texts: list[str]  # one text for a prose run; the sentences, one text each, if pre-split
    presplit: bool


def parse_segments(section: Section) -> list[Segment]:
    """The pieces the learner parses ``section`` in, in order.

    Each run of blocks without given sentences is one text (so a section of prose is parsed
    whole, as one text); each pre-split sentence (HotpotQA) is a text of its own.
    """
    out: list[Segment] = []
    run: list[str] = []
    run_start = offset = 0
    for block in section.blocks:
        if block.sentences is None:
            if not run:
                run_start = offset
            run.append(block.text)
        else:
            if run:
                out.append(Segment(run_start, [BLOCK_SEPARATOR.join(run)], False))
                run = []
            out.append(Segment(offset, list(block.sentences), True))
        offset += len(block.text) + len(BLOCK_SEPARATOR)
    if run or not out:
        out.append(Segment(run_start, [BLOCK_SEPARATOR.join(run)], False))
    return out


def _assemble(segments: list[Segment], results: Iterator[ParsedText]) -> ParsedText:
    """One section's ``ParsedText`` from the parses of its segments, offsets in section text."""
    if len(segments) == 1 and not segments[0].presplit:
        return next(results)  # the common case: the section parsed whole
    sentences: list[Sentence] = []
    chains: list[CorefChain] = []
    for segment in segments:
        if segment.presplit:
            offset = segment.start
            for text in segment.texts:
                sentences.append(as_single_sentence(next(results), text, offset))
                offset += len(text) + 1
            continue
        parsed = next(results)
        base = len(sentences)
        sentences.extend(replace(s, start=s.start + segment.start) for s in parsed.sentences)
        chains.extend(
            replace(c, mentions=tuple(replace(m, sentence=m.sentence + base) for m in c.mentions))
            for c in parsed.chains
        )
    return ParsedText(sentences=sentences, chains=chains)


MAX_TOPIC_WORDS = 10


def topic_of(title: str) -> str | None:
    """A heading usable as the default antecedent, or ``None`` for long or sentence-like titles.

    Raw texts are titled by their first line; a whole sentence is no topic.
    """
    words = title.split()
    if not words or len(words) > MAX_TOPIC_WORDS or title.rstrip().endswith((".", "!", "?")):
        return None
    return title
