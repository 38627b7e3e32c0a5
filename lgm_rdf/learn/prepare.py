"""Preparing documents for the store: parse, resolve pronouns, build the sentence graph.

Everything here depends on nothing but the documents and the NLP pipeline (no store), so it
runs in the learning process or in worker processes (``learn.parallel``) with the same result.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from lgm_rdf.errors import LgmError
from lgm_rdf.learn.readers import Section, SourceDocument
from lgm_rdf.learn.readers.model import BLOCK_SEPARATOR
from lgm_rdf.learn.relations import RelationExtractor, extract_noting_failures
from lgm_rdf.learn.srg import DocumentGraph, build_srg
from lgm_rdf.learn.structure import prose_only, sentence_roles
from lgm_rdf.nlp.coref import resolve
from lgm_rdf.nlp.model import NLP, CorefChain, ParsedText, Sentence, as_single_sentence
from lgm_rdf.ontology import IriMinter


@dataclass(frozen=True)
class Failure:
    """A document that could not be parsed or built, and why (one line; sent between processes)."""

    reason: str


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

    def prepare(self, docs: Sequence[SourceDocument]) -> list[DocumentGraph | Failure]:
        """Parse ``docs`` in one batched NLP call and build the graph of each; a document that
        fails becomes a ``Failure`` and never takes the others with it."""
        parsed = self.parse_safely(docs)
        return [self.build_safely(doc, p) for doc, p in zip(docs, parsed, strict=True)]

    def parse_safely(self, docs: Sequence[SourceDocument]) -> list[list[ParsedText] | Failure]:
        """``parse``; if the batch fails, each document alone, keeping each one's failure.

        An ``LgmError`` (e.g. the NLP model cannot be loaded) is raised: no document would
        fare better.
        """
        try:
            return list(self.parse(docs))
        except LgmError:
            raise
        except Exception:
            out: list[list[ParsedText] | Failure] = []
            for doc in docs:
                try:
                    out.extend(self.parse([doc]))
                except LgmError:
                    raise
                except Exception as exc:  # this document only: it is reported and skipped
                    out.append(Failure(one_line(exc)))
            return out

    def build_safely(
        self, doc: SourceDocument, parsed: list[ParsedText] | Failure
    ) -> DocumentGraph | Failure:
        """``build``, or the ``Failure`` of this one document."""
        if isinstance(parsed, Failure):
            return parsed
        try:
            return self.build(doc, parsed)
        except LgmError:
            raise
        except Exception as exc:
            return Failure(one_line(exc))

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
        """Coreference, concepts and sentence-graph quads of one parsed document.

        Sentences of non-prose blocks (references, tables, templates …) keep their role; they
        give no pronoun antecedents (coreference runs on the prose only) and no concepts.
        """
        roles = [
            sentence_roles(section, parsed.sentences)
            for section, parsed in zip(doc.sections, sections, strict=True)
        ]
        antecedents = [
            resolve(prose_only(parsed, section_roles), topic=topic_of(section.title or doc.title))
            if self.coref
            else {}
            for section, parsed, section_roles in zip(doc.sections, sections, roles, strict=True)
        ]
        graph = build_srg(doc, [p.sentences for p in sections], antecedents, self.minter, roles)
        if self.extractors:
            sentences, by_token = graph.parsed()
            for extractor in self.extractors:
                found, failures = extract_noting_failures(extractor, sentences, by_token)
                graph.found[extractor.name] = found
                graph.failures.extend(failures)
        return graph


def local_extractors(extractor: str) -> list[RelationExtractor]:
    """The extractors of the ``extractor`` setting that need only the parse (no LLM, no store)."""
    if extractor not in ("pattern", "both"):
        return []
    from lgm_rdf.learn.patterns import PatternExtractor

    return [PatternExtractor()]


@dataclass(frozen=True)
class Segment:
    """A piece of a section parsed on its own: a run of prose blocks, another block, or
    pre-split sentences."""

    start: int  # offset of the piece in the section text
    texts: list[str]  # one text; or the sentences, one text each, if pre-split
    presplit: bool


def parse_segments(section: Section) -> list[Segment]:
    """The pieces the learner parses ``section`` in, in order.

    Each run of prose blocks on one page is one text (so a section of prose is parsed whole,
    as one text); every other block (a table row, a caption, a page footer …) is a text of its
    own, so no sentence runs across a role or a page break; each pre-split sentence (HotpotQA)
    is a text of its own.
    """
    out: list[Segment] = []
    run: list[str] = []
    run_start = offset = 0
    run_page: int | None = None

    def close_run() -> None:
        if run:
            out.append(Segment(run_start, [BLOCK_SEPARATOR.join(run)], False))
            run.clear()

    for block in section.blocks:
        if block.sentences is not None:
            close_run()
            out.append(Segment(offset, list(block.sentences), True))
        elif block.role != "prose":
            close_run()
            out.append(Segment(offset, [block.text], False))
        else:
            if run and block.page != run_page:
                close_run()
            if not run:
                run_start, run_page = offset, block.page
            run.append(block.text)
        offset += len(block.text) + len(BLOCK_SEPARATOR)
    close_run()
    return out or [Segment(0, [""], False)]


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


def describe(doc: SourceDocument) -> str:
    """How a report names a document: its source, and its id when that differs."""
    return doc.source if doc.id == doc.source else f"{doc.source} (document {doc.id!r})"


def one_line(exc: BaseException, limit: int = 300) -> str:
    """An exception as one short line for a report."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
