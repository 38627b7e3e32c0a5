"""The learning pipeline: documents → NLP → SRG (+ CRG) → one atomic write per document."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from pyoxigraph import Literal, NamedNode

from lgm_rdf.errors import LgmError
from lgm_rdf.learn.identity import LegacyDocuments
from lgm_rdf.learn.readers import Section, SourceDocument
from lgm_rdf.learn.readers.model import BLOCK_SEPARATOR
from lgm_rdf.learn.readers.roles import assign_roles
from lgm_rdf.learn.srg import DocumentGraph, build_srg, seal_counts, write_concepts
from lgm_rdf.learn.structure import prose_only, sentence_roles
from lgm_rdf.nlp.coref import resolve
from lgm_rdf.nlp.model import NLP, CorefChain, ParsedText, Sentence, as_single_sentence
from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.store.base import GraphStore

log = logging.getLogger(__name__)

# A hook that adds the concept-graph (CRG) quads of one document before it is written.
GraphEnricher = Callable[[SourceDocument, DocumentGraph], None]


@dataclass
class LearnReport:
    """What one ``learn`` run did (printed by the CLI, returned by the API)."""

    documents: int = 0
    learned: int = 0
    unchanged: int = 0
    sentences: int = 0
    concepts: int = 0
    triples: int = 0
    seconds: float = 0.0
    parse_seconds: float = 0.0
    skipped: list[tuple[str, str]] = field(default_factory=list)
    notes: dict[str, int] = field(default_factory=dict)
    llm: dict[str, int] = field(default_factory=dict)
    dry_run: bool = False

    @property
    def sentences_per_second(self) -> float:
        """Learn throughput over the whole run."""
        return self.sentences / self.seconds if self.seconds > 0 else 0.0

    def summary(self) -> str:
        """One human-readable paragraph."""
        learned, written = (
            ("would learn", "triples that would be written")
            if self.dry_run
            else (
                "learned",
                "triples written",
            )
        )
        lines = [
            f"documents: {self.documents} seen, {self.learned} {learned}, {self.unchanged} unchanged"
            + (f", {len(self.skipped)} skipped" if self.skipped else ""),
            f"sentences: {self.sentences}   concepts: {self.concepts}   {written}: {self.triples}",
            f"time: {self.seconds:.2f} s ({counted(round(self.sentences_per_second), 'sentence')}/s)",
        ]
        if self.dry_run:
            lines.append("dry run: nothing was written")
        for name, value in sorted(self.notes.items()):
            lines.append(f"{name}: {value}")
        if self.llm:
            llm = self.llm
            lines.append(
                f"LLM: {counted(llm['calls'], 'call')}, {llm['cached_calls']} answered from cache, "
                f"{llm['prompt_tokens']} prompt + {counted(llm['completion_tokens'], 'completion token')}"
                + (" (estimate; nothing was sent or written)" if self.dry_run else "")
            )
        return "\n".join(lines)


def counted(n: int, noun: str) -> str:
    """``"1 sentence"``, ``"2 sentences"``: a count with its noun in the right number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@dataclass
class _Job:
    doc: SourceDocument
    iri: NamedNode
    moved_from: NamedNode | None = None  # the legacy graph this document replaces


class Learner:
    """Learns documents into a ``GraphStore``; one atomic named-graph replace per document.

    ``coref=False`` skips pronoun resolution (no antecedents; used by ``lgm bench learn``).
    """

    def __init__(
        self,
        store: GraphStore,
        nlp: NLP,
        minter: IriMinter,
        enrichers: Sequence[GraphEnricher] = (),
        batch_documents: int = 32,
        dry_run: bool = False,
        coref: bool = True,
    ) -> None:
        self.store = store
        self.nlp = nlp
        self.minter = minter
        self.enrichers = list(enrichers)
        self.batch_documents = batch_documents
        self.dry_run = dry_run
        self.coref = coref

    def stored_hashes(self) -> dict[str, str]:
        """Content hash of every document already in the store, by document IRI."""
        rows = self.store.select(load_query("document_hashes"))
        return {r["doc"].value: r["hash"].value for r in rows if isinstance(r["hash"], Literal)}

    def learn(
        self,
        documents: Iterable[SourceDocument],
        force: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> LearnReport:
        """Learn ``documents``; unchanged ones (same content hash) are skipped unless ``force``.

        Parsing runs one batch ahead in a worker thread while the main thread builds and
        writes the graphs of the previous batch (the NLP object is only ever used by that
        one worker, one batch at a time).
        """
        started = time.perf_counter()
        report = LearnReport()
        concepts: set[str] = set()
        batches = self._changed_batches(documents, force, report, progress)
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lgm-parse")
        pending: (
            tuple[list[_Job], Future[tuple[list[list[ParsedText] | Exception], float]]] | None
        ) = None
        try:
            while True:
                try:
                    batch = next(batches)
                except StopIteration:
                    break
                except Exception:
                    # reading the next documents failed: keep what is already parsed
                    if pending is not None:
                        self._learn_batch(*pending, report, concepts, progress)
                        pending = None
                    raise
                ahead = pool.submit(self._timed_parse, batch)
                if pending is not None:
                    self._learn_batch(*pending, report, concepts, progress)
                pending = (batch, ahead)
            if pending is not None:
                self._learn_batch(*pending, report, concepts, progress)
        except BaseException:
            # do not wait for batches parsed ahead (Ctrl-C must stop promptly)
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        report.concepts = len(concepts)
        for enricher in self.enrichers:
            report.notes.update(getattr(enricher, "counts", {}))
        report.seconds = time.perf_counter() - started
        return report

    def _changed_batches(
        self,
        documents: Iterable[SourceDocument],
        force: bool,
        report: LearnReport,
        progress: Callable[[int], None] | None,
    ) -> Iterator[list[_Job]]:
        """Batches of the documents that need learning; counts the unchanged ones."""
        known = self.stored_hashes()
        legacy = LegacyDocuments(self.store, self.minter)
        batch: list[_Job] = []
        seen: set[str] = set()
        for doc in documents:
            doc = assign_roles(doc)  # before hashing: a change of role is a change
            report.documents += 1
            iri = self.minter.document(doc.id)
            if iri.value in seen:
                log.warning("document id %r appears twice in this run; the later one wins", doc.id)
            seen.add(iri.value)
            old = legacy.claim(doc, iri, seen)
            other = legacy.displaced(doc, iri)
            if other is not None:
                log.warning(
                    "%s replaces a document an older version stored under the same IRI, from %s;"
                    " learn that source again to keep it",
                    doc.source,
                    other,
                )
                report.notes["older documents replaced"] = (
                    report.notes.get("older documents replaced", 0) + 1
                )
            if old is not None:
                known.pop(old.value, None)
            if not force and known.get(iri.value) == doc.content_hash:
                if old is not None and not self.dry_run:
                    self.store.drop_graph(old)  # a move interrupted after its write
                report.unchanged += 1
                if progress:
                    progress(1)
                continue
            batch.append(_Job(doc, iri, old))
            if len(batch) >= self.batch_documents:
                yield batch
                batch = []
        if batch:
            yield batch

    def _timed_parse(self, jobs: list[_Job]) -> tuple[list[list[ParsedText] | Exception], float]:
        """Parse a batch; if that fails, parse its documents one by one and keep each failure."""
        t0 = time.perf_counter()
        parsed: list[list[ParsedText] | Exception]
        try:
            parsed = list(self._parse(jobs))
        except LgmError:
            raise  # e.g. the NLP model cannot be loaded: no document would fare better
        except Exception:
            parsed = []
            for job in jobs:
                try:
                    parsed.extend(self._parse([job]))
                except LgmError:
                    raise
                except Exception as exc:  # this document only: it is reported and skipped
                    parsed.append(exc)
        return parsed, time.perf_counter() - t0

    def _learn_batch(
        self,
        jobs: list[_Job],
        parsing: Future[tuple[list[list[ParsedText] | Exception], float]],
        report: LearnReport,
        concepts: set[str],
        progress: Callable[[int], None] | None,
    ) -> None:
        parsed, seconds = parsing.result()
        report.parse_seconds += seconds
        for job, sections in zip(jobs, parsed, strict=True):
            try:
                if isinstance(sections, Exception):
                    raise sections
                self._learn_one(job, sections, report, concepts)
            except (LgmError, MemoryError):
                raise  # the store, the NLP model or the LLM is unavailable: stop the run
            except Exception as exc:  # a pathological document never stops the others
                report.skipped.append((describe(job.doc), one_line(exc)))
                log.warning("skipped %s: %s", describe(job.doc), one_line(exc))
            if progress:
                progress(1)

    def _learn_one(
        self, job: _Job, sections: list[ParsedText], report: LearnReport, concepts: set[str]
    ) -> None:
        """Build, enrich and write the graph of one parsed document.

        Sentences of non-prose blocks (references, tables, templates …) keep their role; they
        give no pronoun antecedents (coreference runs on the prose only) and no concepts.
        """
        roles = [
            sentence_roles(section, parsed_section.sentences)
            for section, parsed_section in zip(job.doc.sections, sections, strict=True)
        ]
        antecedents = [
            resolve(prose_only(parsed_section, section_roles), topic=topic_of(title))
            if self.coref
            else {}
            for title, parsed_section, section_roles in zip(
                [s.title or job.doc.title for s in job.doc.sections], sections, roles, strict=True
            )
        ]
        sentences = [p.sentences for p in sections]
        graph = build_srg(job.doc, sentences, antecedents, self.minter, roles)
        for enrich in self.enrichers:
            enrich(job.doc, graph)
        write_concepts(graph)
        seal_counts(graph)
        if self.dry_run:
            report.triples += len(graph.quads) + len(graph.also)
        else:
            report.triples += self.store.replace_graph(job.iri, graph.quads, also=graph.also)
            if job.moved_from is not None:
                self.store.drop_graph(job.moved_from)
        report.learned += 1
        report.sentences += len(graph.sentences)
        concepts.update(graph.concept_labels)

    def _parse(self, jobs: list[_Job]) -> list[list[ParsedText]]:
        """Parse every section of every job in one batched NLP call."""
        plans = [[parse_segments(section) for section in job.doc.sections] for job in jobs]
        texts = [
            text
            for doc_plan in plans
            for segments in doc_plan
            for segment in segments
            for text in segment.texts
        ]
        results = iter(self.nlp.parse_many(texts))
        return [[_assemble(segments, results) for segments in doc_plan] for doc_plan in plans]


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


def describe(doc: SourceDocument) -> str:
    """How a report names a document: its source, and its id when that differs."""
    return doc.source if doc.id == doc.source else f"{doc.source} (document {doc.id!r})"


def one_line(exc: BaseException, limit: int = 300) -> str:
    """An exception as one short line for a report."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


MAX_TOPIC_WORDS = 10


def topic_of(title: str) -> str | None:
    """A heading usable as the default antecedent, or ``None`` for long or sentence-like titles.

    Raw texts are titled by their first line; a whole sentence is no topic.
    """
    words = title.split()
    if not words or len(words) > MAX_TOPIC_WORDS or title.rstrip().endswith((".", "!", "?")):
        return None
    return title
