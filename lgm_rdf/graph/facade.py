"""``LanguageGraph``: the Python API facade over the store, learning, asking and interop."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from lgm_rdf.graph.exporting import export_kb
from lgm_rdf.graph.forgetting import forget_documents
from lgm_rdf.graph.inputs import PathOrText, collect_documents
from lgm_rdf.graph.wiring import dry_run_model, extraction_parts
from lgm_rdf.llm.base import UsageMeter
from lgm_rdf.nlp.model import NLP
from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.settings import Settings
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.factory import open_store

if TYPE_CHECKING:  # the learning pipeline is imported when learning starts, not to ask
    from lgm_rdf.learn.pipeline import Learner, LearnReport
    from lgm_rdf.learn.readers import SourceDocument
    from lgm_rdf.retrieve.model import Answer
    from lgm_rdf.retrieve.neighbourhood import ConceptView

# documents per task sent to a learn worker (small batches keep the workers evenly busy)
WORKER_BATCH_DOCUMENTS = 8


class LanguageGraph:
    """A Language Graph kept in a store: ``learn``, ``forget``, ``sparql``, ``stats``, ``export``.

    >>> with LanguageGraph("kb/") as lg:          # doctest: +SKIP
    ...     lg.learn(["data/"])
    ...     lg.sparql("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }")
    """

    def __init__(
        self,
        path: str | Path | None = None,
        settings: Settings | None = None,
        store: GraphStore | None = None,
        nlp: NLP | None = None,
        chat: Any = None,
        read_only: bool = False,
        in_memory: bool = False,
        encoder: Any = None,
    ) -> None:
        self.settings = settings or Settings.from_env()
        if path is not None:
            self.settings = self.settings.with_(kb=Path(path))
        if store is not None:
            self.store: GraphStore = store
        elif in_memory:
            self.store = open_store(None)
        else:
            self.store = open_store(self.settings.kb, read_only=read_only)
        self.minter = IriMinter(self.settings.base_iri)
        self._nlp = nlp
        self._chat: Any = chat
        self._label_keys: dict[str, str] = {}
        self.usage = UsageMeter()
        self._retriever: Any = None
        self._encoder = encoder  # sentence encoder of the dense extra (default MiniLM)
        self._dense: Any = None
        self._concept_vectors: Any = None  # concept-name embeddings (meaning links)
        self._local = store is None and not in_memory and not self.settings.remote

    # -- lifecycle ----------------------------------------------------------------------
    def __enter__(self) -> LanguageGraph:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Release the store (flushes and frees the directory lock)."""
        self.store.close()

    @property
    def nlp(self) -> NLP:
        """The NLP backend (spaCy or Stanza), loaded when text is first parsed."""
        if self._nlp is None:
            from lgm_rdf.nlp.factory import LazyNLP, make_nlp

            self._nlp = LazyNLP(lambda: make_nlp(self.settings))
        return self._nlp

    # -- learning -----------------------------------------------------------------------
    def documents(
        self,
        items: Iterable[PathOrText] | PathOrText,
        on_skip: Callable[[Path, str], None] | None = None,
        encoding: str | None = None,
    ) -> Iterator[SourceDocument]:
        """Turn paths, raw texts and ``SourceDocument`` objects into documents.

        ``encoding`` overrides the detected encoding of the text files read.
        """
        return collect_documents(items, on_skip, encoding=encoding)

    def learner(self, dry_run: bool = False) -> Learner:
        """The learning pipeline wired to this graph's store, NLP backend and extractors.

        ``settings.extractor`` picks ``pattern`` (default, no LLM), ``llm`` or ``both``;
        ``settings.reflect`` adds LLM reflection. With ``dry_run`` no LLM is called and
        nothing is written; the report counts the calls that would be sent.
        """
        from lgm_rdf.learn.concept_stage import ConceptGraphStage

        parts = extraction_parts(
            self.settings, self.store, self.usage, lambda: self.chat_model(dry_run)
        )
        stage = ConceptGraphStage(self.store, **parts)
        from lgm_rdf.learn.pipeline import Learner

        return Learner(self.store, self.nlp, self.minter, enrichers=[stage], dry_run=dry_run)

    def chat_model(self, dry_run: bool = False) -> Any:
        """The configured LLM (cached), a counting stand-in for dry runs, or ``None``.

        A dry run never calls a model and never creates the answer cache: it only reads
        an existing cache to count prompts that would cost nothing.
        """
        if dry_run:
            return dry_run_model(self.settings, self._chat)
        if self._chat is None:
            from lgm_rdf.llm.factory import build_chat_model

            self._chat = build_chat_model(self.settings)
        return self._chat

    def learn(
        self,
        items: Iterable[PathOrText] | PathOrText,
        force: bool = False,
        on_skip: Callable[[Path, str], None] | None = None,
        progress: Callable[[int], None] | None = None,
        dry_run: bool = False,
        encoding: str | None = None,
        workers: int = 0,
    ) -> LearnReport:
        """Learn files, directories, raw texts or documents; one atomic write per document.

        ``dry_run`` parses and extracts but writes nothing and calls no LLM; the report's
        ``llm`` entry then estimates the calls and tokens a real run would spend. Inputs that
        cannot be read or learned are skipped, never stopping the others: ``report.skipped``
        lists them as ``(path or document, reason)``. ``encoding`` overrides the detected
        encoding of text files (e.g. ``"latin-1"``).
        ``workers`` > 0 prepares documents in worker processes (see ``run_learner``).
        """
        skipped: list[tuple[str, str]] = []

        def note_skip(path: Path, reason: str) -> None:
            skipped.append((str(path), reason))
            if on_skip:
                on_skip(path, reason)

        docs = list(self.documents(items, on_skip=note_skip, encoding=encoding))
        report = self.run_learner(
            docs, force=force, progress=progress, dry_run=dry_run, workers=workers
        )
        report.skipped = skipped + report.skipped  # unreadable inputs, then unparsable documents
        return report

    def run_learner(
        self,
        docs: list[SourceDocument],
        force: bool = False,
        progress: Callable[[int], None] | None = None,
        dry_run: bool = False,
        workers: int = 0,
        should_stop: Callable[[], bool] | None = None,
    ) -> LearnReport:
        """Run the pipeline over ready documents and attach LLM usage to the report.

        ``workers`` > 0 parses and builds documents in that many worker processes (each loads
        the configured NLP backend; an NLP object given to this graph is not used there) while
        this process writes them in order: the same quads as ``workers=0`` (in this process).
        ``should_stop`` is polled between documents (see ``Learner.learn``).
        """
        self.usage.reset()
        learner = self.learner(dry_run=dry_run)
        pool = None
        try:
            if workers > 0 and docs:
                from lgm_rdf.learn.parallel import WorkerPool

                learner.batch_documents = WORKER_BATCH_DOCUMENTS
                batches = -(-len(docs) // WORKER_BATCH_DOCUMENTS)
                pool = WorkerPool(self.settings, min(workers, batches))
            report = learner.learn(
                docs, force=force, progress=progress, workers=pool, should_stop=should_stop
            )
        finally:
            if pool is not None:
                pool.close()
            self._changed()
        report.dry_run = dry_run
        if self.settings.extractor != "pattern" or self.settings.reflect:
            report.llm = self.usage.total.as_dict()
        return report

    def link(self) -> tuple[int, int]:
        """The cross-document mention-link pass (after sharded learning; idempotent).

        Returns (mention links now present, documents touched).
        """
        from lgm_rdf.learn.sharding import link_all

        try:
            return link_all(self.store, self.minter)
        finally:
            self._changed()

    def forget(self, doc: str) -> list[str]:
        """Remove the documents (or imported ontologies) named ``doc``; returns their IRIs.

        ``doc`` may be a title, id, source path (also of a deleted file) or IRI, or the name of
        an imported ontology.
        """
        try:
            return forget_documents(self.store, self.minter, doc)
        finally:
            self._changed()

    # -- asking -------------------------------------------------------------------------
    @property
    def retriever(self) -> Any:
        """The concept-level retriever over this KB (its indexes are read on first use)."""
        from lgm_rdf.retrieve.retriever import KBRetriever

        current = self._retriever
        if current is None or current.settings != self.settings:
            dense = self.dense_index()  # also opens the concept-name vectors
            concepts = self._concept_vectors if dense is not None else None
            current = KBRetriever(self.store, self.nlp, self.settings, dense, concepts)
            self._retriever = current
        return current

    def ask(
        self,
        question: str,
        chunk_size: int | None = None,
        reasoner: str = "auto",
    ) -> Answer:
        """Answer ``question`` by Concept Iterative Retrieval (paper §3.3, Algorithm 1).

        ``reasoner`` is ``llm`` (needs a configured LLM), ``offline`` (extractive, no LLM) or
        ``auto`` (the LLM when one is configured). ``chunk_size`` (characters) bounds the
        context given to the LLM and the supports returned; default ``settings.chunk_size``.
        """
        if not question or not question.strip():
            raise ValueError("the question is empty")
        if chunk_size is not None and chunk_size < 1:
            raise ValueError("the chunk size must be a positive number of characters")
        if reasoner not in ("auto", "llm", "offline"):
            raise ValueError(f"unknown reasoner {reasoner!r}; choose auto, llm or offline")
        settings = self.settings.with_(chunk_size=chunk_size)
        use_llm = reasoner == "llm" or (reasoner == "auto" and settings.llm_configured)
        retriever = self.retriever
        if use_llm:
            from lgm_rdf.retrieve.iterative import LLMReasoner

            chat = self.chat_model()
            if chat is None:
                raise ValueError(
                    "reasoner 'llm' needs an LLM, but none is configured: set LGM_LLM_MODEL "
                    "(and OPENAI_BASE_URL / OPENAI_API_KEY for your server)"
                )
            self.usage.reset()
            answer = LLMReasoner(chat, settings, meter=self.usage).run(question, retriever)
        else:
            from lgm_rdf.retrieve.offline import OfflineReasoner

            answer = OfflineReasoner(settings).run(question, retriever)
        from lgm_rdf.retrieve.citations import cite

        answer.supports = cite(self.store, self.minter, answer.supports)
        return answer

    def _changed(self) -> None:
        """Drop cached indexes after the KB changed (and bring the embeddings up to date)."""
        if self._retriever is not None:
            self._retriever.refresh()
        if self._dense is not None:
            self._dense.sync(self.store)
            self._concept_vectors.sync(self.store)
        else:
            self.dense_index()

    def _dense_directory(self) -> Path | None:
        return Path(str(self.settings.kb)) / "indexes" / "dense" if self._local else None

    def dense_index(self) -> Any:
        """The sentence (and concept-name) embeddings beside the KB (``settings.dense``), synced
        on first use; ``None`` without the setting (nothing heavy is imported then)."""
        if not self.settings.dense:
            return None
        if self._dense is None:
            from lgm_rdf.retrieve.dense.concepts import ConceptVectors
            from lgm_rdf.retrieve.dense.encoder import MiniLMEncoder
            from lgm_rdf.retrieve.dense.sidecar import VectorSidecar

            encoder = self._encoder or MiniLMEncoder()
            sidecar = VectorSidecar(self._dense_directory(), encoder)
            sidecar.sync(self.store)
            self._concept_vectors = ConceptVectors(self._dense_directory(), encoder)
            self._concept_vectors.sync(self.store)
            self._dense = sidecar
        return self._dense

    def update(self, sparql: str) -> None:
        """Run a SPARQL Update on the KB in one transaction (``SyntaxError`` on bad SPARQL)."""
        try:
            self.store.raw_update(sparql)
        finally:
            self._changed()

    # -- reading ------------------------------------------------------------------------
    def sparql(self, query: str) -> Any:
        """Run a SPARQL query over the union of all graphs (pyoxigraph result objects)."""
        return self.store.raw_query(query)

    def stats(self) -> dict[str, int]:
        """Counts of documents, sections, sentences, concepts, relations (by kind; ``withheld``:
        recorded under the confidence bar, asserted by no document), triples, graphs."""
        row = self.store.select(load_query("stats"))[0]
        out = {k: int(v.value) for k, v in row.items()}
        for r in self.store.select(load_query("relation_counts")):
            out[r["kind"].value] = int(r["count"].value)
        for kind in ("inheritance", "composition", "alias", "mentions", "withheld"):
            out.setdefault(kind, 0)
        out["graphs"] = len(self.store.named_graphs())
        out["quads"] = len(self.store)
        from lgm_rdf.retrieve.dense.sidecar import embedding_counts

        directory = self._dense_directory()
        return out | embedding_counts(directory, self._dense, self._concept_vectors)

    def export(
        self, target: str | Path | IO[bytes] | None = None, format: str = "turtle"
    ) -> bytes | None:
        """Serialise the KB to a path or stream.

        ``turtle``, ``ntriples``, ``rdfxml``, ``jsonld`` write the union of all graphs,
        ``nquads`` and ``trig`` the named graphs; ``owl`` writes the concept graph as OWL
        RDF/XML for owlready2 / Protégé and ``skos`` as a SKOS thesaurus (Turtle).

        With ``target=None`` the bytes are returned.
        """
        return export_kb(self.store, self.minter, target, format)

    def concept(self, name: str) -> list[ConceptView]:
        """Neighbourhood of the concepts named ``name`` (label, alias; else its lemma form)."""
        from lgm_rdf.retrieve.neighbourhood import concept_view, find_concepts

        found = find_concepts(self.store, name)
        if not found and name.strip():
            found = find_concepts(self.store, self.label_key(name))
        return [concept_view(self.store, c) for c in found]

    def check(self) -> Any:
        """Verify the KB end to end: every block of every index, every document graph complete.

        Returns a ``CheckReport``; a damaged store raises ``StoreDamagedError`` (one line).
        """
        from lgm_rdf.graph.health import check_store

        return check_store(self.store)

    def validate(self, reason: bool = False) -> Any:
        """SHACL conformance and cycle checks of the whole KB; ``reason`` adds HermiT."""
        from lgm_rdf.interop.validate import validate_store

        return validate_store(self.store, reason=reason)

    def import_ontology(
        self, path: str | Path, name: str | None = None, lemmatise: bool = True
    ) -> Any:
        """Import an OWL / SKOS file (Turtle, RDF/XML, N-Triples, JSON-LD) into its own graph.

        Labels are lemmatised like learned concepts ("Apples" → "apple") so imported
        concepts link to learned ones; ``lemmatise=False`` only normalises case and spaces.
        """
        from lgm_rdf.interop import import_ontology

        self._changed()
        return import_ontology(
            self.store,
            path,
            self.minter,
            name=name,
            label_key=self.label_key if lemmatise else None,
        )

    def label_key(self, label: str) -> str:
        """The concept key of a free-text label, by the same lemmatisation as learning."""
        from lgm_rdf.nlp.concepts import phrase_key

        cached = self._label_keys.get(label)
        if cached is None:
            tokens = [
                t
                for s in self.nlp.parse(label).sentences
                for t in s.tokens
                if t.upos not in ("DET", "PUNCT")
            ]
            cached = phrase_key(tokens) or label
            self._label_keys[label] = cached
        return cached


__all__ = ["LanguageGraph"]
