"""The learning pipeline: documents → NLP → SRG (+ CRG) → one atomic write per document."""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

from pyoxigraph import Literal, NamedNode

from lgm_rdf.errors import LgmError
from lgm_rdf.learn.identity import LegacyDocuments
from lgm_rdf.learn.prepare import DocumentPreparer, Failure, describe, one_line
from lgm_rdf.learn.readers import SourceDocument
from lgm_rdf.learn.readers.roles import assign_roles
from lgm_rdf.learn.srg import DocumentGraph, seal_counts, write_concepts
from lgm_rdf.nlp.model import NLP, ParsedText
from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.store.base import GraphStore

if TYPE_CHECKING:
    from lgm_rdf.learn.parallel import WorkerPool

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
    interrupted: bool = False

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
        if self.interrupted:
            lines.append(
                f"interrupted: {self.learned} documents written (each complete), the rest not "
                "learned; run the same command again to continue"
            )
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


# the report's count of sentences where a rule raised (see ``patterns.pattern_extractor``)
FAILED_RULE_NOTE = "sentences where a rule failed (see the warnings)"


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
        workers: WorkerPool | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> LearnReport:
        """Learn ``documents``; unchanged ones (same content hash) are skipped unless ``force``.

        Without ``workers``, parsing runs one batch ahead in a thread while this thread builds
        and writes the graphs of the previous batch. With ``workers`` (a ``WorkerPool``) the
        worker processes parse and build the graphs and this process writes them, in input
        order, so the quads are the same. ``should_stop`` is polled between documents: once it
        returns true, nothing more is written (every document written is complete) and the
        report says ``interrupted``.
        """
        started = time.perf_counter()
        report = LearnReport()
        concepts: set[str] = set()
        stop = should_stop or _never
        batches = self._changed_batches(documents, force, report, progress)
        if workers is not None:
            commit = partial(
                self._commit_all, report=report, concepts=concepts, progress=progress, stop=stop
            )
            report.interrupted = not self._learn_in_workers(workers, batches, commit, stop)
        else:
            report.interrupted = not self._learn_here(batches, report, concepts, progress, stop)
        report.concepts = len(concepts)
        for enricher in self.enrichers:
            report.notes.update(getattr(enricher, "counts", {}))
        report.seconds = time.perf_counter() - started
        return report

    def _learn_in_workers(
        self,
        workers: WorkerPool,
        batches: Iterator[list[_Job]],
        commit: Callable[[list[_Job], list[DocumentGraph | Failure]], bool],
        stop: Callable[[], bool],
    ) -> bool:
        """Learn with worker processes (batches read lazily, written in order by ``commit``);
        False if stopped."""
        handed_out: deque[list[_Job]] = deque()
        read_all = False

        def documents_of() -> Iterator[list[SourceDocument]]:
            nonlocal read_all
            for batch in batches:
                handed_out.append(batch)
                yield [job.doc for job in batch]
            read_all = True

        for graphs in workers.prepare(documents_of(), stop):  # in input order; stops early
            if not commit(handed_out.popleft(), graphs):
                return False
        return read_all and not handed_out

    def _learn_here(
        self,
        batches: Iterator[list[_Job]],
        report: LearnReport,
        concepts: set[str],
        progress: Callable[[int], None] | None,
        stop: Callable[[], bool],
    ) -> bool:
        """Learn in this process (parsing one batch ahead in a thread); False if stopped."""
        preparer = DocumentPreparer(self.nlp, self.minter, coref=self.coref)
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lgm-parse")
        pending: (
            tuple[list[_Job], Future[tuple[list[list[ParsedText] | Failure], float]]] | None
        ) = None

        def learn_pending() -> bool:
            assert pending is not None
            jobs, parsing = pending
            parsed, seconds = parsing.result()
            report.parse_seconds += seconds
            graphs = [
                preparer.build_safely(job.doc, p) for job, p in zip(jobs, parsed, strict=True)
            ]
            return self._commit_all(jobs, graphs, report, concepts, progress, stop)

        try:
            while True:
                try:
                    batch = next(batches)
                except StopIteration:
                    break
                except Exception:
                    # reading the next documents failed: keep what is already parsed
                    if pending is not None:
                        learn_pending()
                        pending = None
                    raise
                ahead = pool.submit(_timed_parse, preparer, batch)
                if pending is not None and not learn_pending():
                    pool.shutdown(wait=False, cancel_futures=True)
                    return False
                pending = (batch, ahead)
            if pending is not None and not learn_pending():
                pool.shutdown(wait=False, cancel_futures=True)
                return False
        except BaseException:
            # do not wait for batches parsed ahead (Ctrl-C must stop promptly)
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
        return True

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

    def _commit_all(
        self,
        jobs: list[_Job],
        graphs: list[DocumentGraph | Failure],
        report: LearnReport,
        concepts: set[str],
        progress: Callable[[int], None] | None,
        stop: Callable[[], bool],
    ) -> bool:
        """Enrich and write prepared documents in order; False if stopped before the end.

        A document that could not be prepared, or whose enrichment fails, is reported in
        ``report.skipped`` and never stops the others; a missing store, NLP model or LLM does.
        """
        for job, graph in zip(jobs, graphs, strict=True):
            if stop():
                return False
            try:
                if isinstance(graph, Failure):
                    raise ValueError(graph.reason)
                self._commit(job, graph, report, concepts)
            except (LgmError, MemoryError):
                raise  # the store, the NLP model or the LLM is unavailable: stop the run
            except Exception as exc:  # a pathological document never stops the others
                report.skipped.append((describe(job.doc), one_line(exc)))
                log.warning("skipped %s: %s", describe(job.doc), one_line(exc))
            if progress:
                progress(1)
        return True

    def _commit(
        self, job: _Job, graph: DocumentGraph, report: LearnReport, concepts: set[str]
    ) -> None:
        """Enrich (concept graph) and write one prepared document: one atomic update."""
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
        if graph.failures:  # learned all the same; what the failing rule found there is not
            failed = len({f.sentence for f in graph.failures})
            report.notes[FAILED_RULE_NOTE] = report.notes.get(FAILED_RULE_NOTE, 0) + failed
            more = f" (and {len(graph.failures) - 1} more)" if len(graph.failures) > 1 else ""
            log.warning("%s: %s%s", describe(job.doc), graph.failures[0].describe(), more)


def _never() -> bool:
    return False


def _timed_parse(
    preparer: DocumentPreparer, jobs: list[_Job]
) -> tuple[list[list[ParsedText] | Failure], float]:
    t0 = time.perf_counter()
    parsed = preparer.parse_safely([job.doc for job in jobs])
    return parsed, time.perf_counter() - t0
