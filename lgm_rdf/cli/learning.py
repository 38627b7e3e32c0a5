"""``lgm learn``, ``lgm forget`` and ``lgm import``: the commands that write to the KB."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from lgm_rdf.cli.output import add_kb, error, settings_from
from lgm_rdf.graph import LanguageGraph, collect_documents
from lgm_rdf.learn.confidence import confidence_value
from lgm_rdf.learn.readers.encoding import check_encoding
from lgm_rdf.settings import Settings

# `lgm learn` learned what it could but skipped some inputs (each one is named on stderr)
SKIPPED_EXIT = 3


def add_learn_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``learn`` sub-command's arguments."""
    p = sub.add_parser("learn", help="learn files or directories into the KB")
    p.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=".txt .md .rst .html .pdf .docx .json .jsonl files, HotpotQA/MuSiQue files or directories",
    )
    add_kb(p)
    p.add_argument(
        "--encoding",
        metavar="NAME",
        help="text encoding of .txt/.md/.json(l)/.html files, e.g. latin-1 (default: detected)",
    )
    p.add_argument(
        "--nlp", choices=["spacy", "stanza"], help="NLP backend (default spacy; env LGM_NLP)"
    )
    p.add_argument("--force", action="store_true", help="re-learn documents even if unchanged")
    p.add_argument(
        "--extractor",
        choices=["pattern", "llm", "both"],
        help="relation extractor: dependency patterns (default, no LLM), the LLM, or both",
    )
    p.add_argument(
        "--reflect", action="store_true", help="let the LLM check each relation (paper §3.2.3)"
    )
    p.add_argument(
        "--min-confidence",
        type=confidence_value,
        metavar="C",
        help="assert a relation only when its confidence (rule precision, verdict, support) is "
        "at least C; lower ones are kept as withheld axioms (default "
        f"{Settings().min_relation_confidence:g}; env "
        "LGM_MIN_RELATION_CONFIDENCE; 0 with --target-precision 0 asserts everything)",
    )
    p.add_argument(
        "--target-precision",
        type=confidence_value,
        metavar="P",
        help="raise the bar in a genre whose rules together are right less often than P to the "
        "least precise rule that keeps them at P (default "
        f"{Settings().target_precision:g}: technical documentation then asserts compound heads, "
        "acronyms and a few rare rules, and LLM relations only with a valid reflection verdict; "
        "env LGM_TARGET_PRECISION; 0 turns it off)",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="parse and extract but write nothing and call no LLM; estimate LLM calls and tokens",
    )
    p.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="worker processes that parse documents (default: the cores available; "
        "0 = parse in the lgm process itself)",
    )
    p.add_argument(
        "--shard",
        metavar="i/N",
        help="learn only shard i of N (documents split by a stable hash of their id), so N "
        "machines can learn one corpus into one SPARQL server; run `lgm link` after the last",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def add_link_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``link`` sub-command's arguments."""
    p = sub.add_parser(
        "link",
        help="add the cross-document mention links (once, after sharded learning; idempotent)",
    )
    add_kb(p)


def add_forget_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``forget`` sub-command's arguments."""
    p = sub.add_parser(
        "forget", help="remove one document (title, id, path or IRI) and nothing else"
    )
    p.add_argument("doc")
    add_kb(p)


def add_import_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``import`` sub-command's arguments."""
    p = sub.add_parser("import", help="import an OWL or SKOS ontology into its own named graph")
    p.add_argument("file", help="Turtle, RDF/XML, N-Triples or JSON-LD file")
    add_kb(p)
    p.add_argument("--name", help="name of the import graph (default: the file name)")
    p.add_argument(
        "--no-lemmatise",
        action="store_true",
        help="link labels to learned concepts by normalised text only (faster for big thesauri)",
    )


def cmd_learn(args: argparse.Namespace) -> int:
    """``lgm learn PATH...``"""
    from tqdm import tqdm

    settings = settings_from(args)
    if settings.extractor == "pattern" and not settings.reflect and not settings.llm_configured:
        print(
            "lgm: no LLM configured (LGM_LLM_MODEL unset): offline pattern extraction",
            file=sys.stderr,
        )

    unread: list[tuple[str, str]] = []

    def on_skip(path: Path, reason: str) -> None:
        unread.append((str(path), reason))
        print(f"lgm: skipped {shown(path)}: {reason}", file=sys.stderr)

    if args.encoding:
        check_encoding(args.encoding)
    paths = [Path(p) for p in args.paths]
    docs = list(collect_documents(paths, on_skip=on_skip, encoding=args.encoding))
    if not docs:
        error("nothing to learn (no readable documents); the KB is unchanged")
        return 1
    if args.shard:
        from lgm_rdf.learn.sharding import in_shard, parse_shard

        index, count = parse_shard(args.shard)
        total = len(docs)
        docs = list(in_shard(docs, index, count))
        print(f"shard {index}/{count}: {len(docs)} of {total} documents", file=sys.stderr)
    from lgm_rdf.learn.parallel import available_cores

    workers = available_cores() if args.workers is None else args.workers
    if workers < 0:
        error("--workers must be 0 or more")
        return 2
    # a dry run must not create nor lock a KB: an existing one is opened read-only
    exists = settings.remote or Path(settings.kb).exists()
    try:
        with (
            StopOnInterrupt() as interrupt,
            LanguageGraph(
                settings=settings,
                in_memory=args.dry_run and not exists,
                read_only=args.dry_run and exists,
            ) as lg,
        ):
            bar = tqdm(
                total=len(docs), unit="doc", desc="learning", disable=args.no_progress or None
            )
            with bar:
                report = lg.run_learner(
                    docs,
                    force=args.force,
                    progress=bar.update,
                    dry_run=args.dry_run,
                    workers=workers,
                    should_stop=interrupt.requested,
                )
            for where, reason in report.skipped:
                print(f"lgm: skipped {shown(where)}: {reason}", file=sys.stderr)
            report.skipped = unread + report.skipped
            print(report.summary())
            if not args.dry_run:
                print(f"knowledge base: {settings.kb}")
            if args.shard and not args.dry_run:
                print(f"when every shard is learned, run once: lgm link --kb {settings.kb}")
    except BaseException:
        if not exists and not args.dry_run:
            remove_if_empty(Path(settings.kb))  # a failed first learn leaves no empty KB behind
        raise
    if report.interrupted:
        return 130
    return SKIPPED_EXIT if report.skipped else 0


def shown(path: Path | str) -> str:
    """A path as one printable line (newlines and other control characters escaped)."""
    text = str(path)
    return text if text.isprintable() else repr(text)[1:-1]


def remove_if_empty(kb: Path) -> None:
    """Delete the KB directory ``kb`` if it holds no quad (best effort, never raises)."""
    import shutil

    from lgm_rdf.store.oxigraph import OxigraphStore

    try:
        store = OxigraphStore(kb, read_only=True)
        try:
            empty = len(store) == 0
        finally:
            store.close()
    except Exception:
        return
    if empty:
        shutil.rmtree(kb, ignore_errors=True)


def cmd_link(args: argparse.Namespace) -> int:
    """``lgm link``: the cross-document mention-link pass."""
    settings = settings_from(args)
    if not settings.remote and not Path(settings.kb).is_dir():
        error(f"no knowledge base at {settings.kb}")
        return 1
    with LanguageGraph(settings=settings) as lg:
        links, documents = lg.link()
    print(f"mention links: {links} in {documents} documents (present now; a rerun adds nothing)")
    return 0


class StopOnInterrupt:
    """Ctrl-C asks a learn to stop after the document being written; a second one quits at once.

    The first SIGINT only sets a flag (polled by the learner between documents, so what is
    written stays complete); the second ends the process immediately, without a traceback
    (every document already written was committed in its own transaction).
    """

    def __init__(self) -> None:
        self._requested = False
        self._previous: Any = None

    def requested(self) -> bool:
        """True once Ctrl-C was pressed."""
        return self._requested

    def _handle(self, signum: int, frame: object) -> None:
        if self._requested:
            from lgm_rdf.learn.parallel import kill_workers_now

            kill_workers_now()
            os._exit(130)
        self._requested = True
        print(
            "\nlgm: stopping: finishing the document being written (Ctrl-C again to quit now)",
            file=sys.stderr,
            flush=True,
        )

    def __enter__(self) -> StopOnInterrupt:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)


def cmd_forget(args: argparse.Namespace) -> int:
    """``lgm forget DOC``"""
    settings = settings_from(args)
    if not settings.remote and not Path(settings.kb).is_dir():
        error(f"no knowledge base at {settings.kb}; nothing removed")
        return 1
    with LanguageGraph(settings=settings) as lg:
        dropped = lg.forget(args.doc)
    if not dropped:
        error(
            f"no document matches {args.doc!r} (try `lgm sparql` to list titles); nothing removed"
        )
        return 1
    for iri in dropped:
        print(f"forgot {iri}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """``lgm import FILE``"""
    from lgm_rdf.interop import OntologyImportError

    with LanguageGraph(settings=settings_from(args)) as lg:
        try:
            report = lg.import_ontology(args.file, name=args.name, lemmatise=not args.no_lemmatise)
        except OntologyImportError as exc:
            error(f"{exc} (the KB is unchanged)")
            return 1
    print(report.summary())
    return 0
