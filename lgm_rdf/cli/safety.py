"""``lgm check``, ``lgm backup`` and ``lgm restore``: keeping a KB sound and recoverable."""

from __future__ import annotations

import argparse
from pathlib import Path

from lgm_rdf.cli.output import add_kb, error, settings_from
from lgm_rdf.graph import LanguageGraph

# `lgm check` found the KB damaged or a document graph incomplete
EXIT_UNSOUND = 1


def add_safety_parsers(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``check``, ``backup`` and ``restore`` sub-commands' arguments."""
    p = sub.add_parser(
        "check", help="verify the KB end to end: every block, every document graph complete"
    )
    add_kb(p)
    p = sub.add_parser(
        "backup", help="write a consistent copy of the KB and its LLM cache (also while in use)"
    )
    p.add_argument("dest", metavar="DEST", help="new directory for the copy (a KB itself)")
    add_kb(p)
    p = sub.add_parser(
        "restore", help="replace the KB by a backup (checked first; the old KB is kept aside)"
    )
    p.add_argument("src", metavar="SRC", help="a directory written by `lgm backup`")
    add_kb(p)


def _local_kb(args: argparse.Namespace) -> Path:
    settings = settings_from(args)
    if settings.remote:
        raise ValueError("this command works on a KB directory, not on a SPARQL server URL")
    return Path(settings.kb)


def cmd_check(args: argparse.Namespace) -> int:
    """``lgm check``"""
    _local_kb(args)
    with LanguageGraph(settings=settings_from(args), read_only=True) as lg:
        report = lg.check()
    print(report.summary())
    return 0 if report.sound else EXIT_UNSOUND


def cmd_backup(args: argparse.Namespace) -> int:
    """``lgm backup DEST``"""
    from lgm_rdf.store.backup import backup_kb

    report = backup_kb(_local_kb(args), Path(args.dest))
    print(report.summary())
    print(f"restore it with: lgm restore {args.dest} --kb {_local_kb(args)}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """``lgm restore SRC``"""
    from lgm_rdf.store.backup import restore_kb

    kb = _local_kb(args)
    if Path(args.src).resolve() == kb.resolve():
        error("the backup and the KB are the same directory; nothing restored")
        return 1
    report = restore_kb(Path(args.src), kb)
    print(report.summary())
    return 0
