"""Helpers shared by the ``lgm`` commands: the --kb option, settings, errors, tables, CSV, JSON."""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from pathlib import Path

from lgm_rdf.errors import LgmError
from lgm_rdf.settings import DEFAULT_KB, Settings


def add_kb(p: argparse.ArgumentParser, remote: bool = False) -> None:
    """Add the ``--kb DIR`` option to a sub-command's parser (``--kb DIR|URL`` with ``remote``:
    a directory or the URL of a SPARQL server)."""
    if remote:
        p.add_argument(
            "--kb", metavar="DIR|URL", help=f"knowledge base (env LGM_KB, default ./{DEFAULT_KB})"
        )
    else:
        p.add_argument(
            "--kb",
            metavar="DIR",
            help=f"knowledge-base directory (env LGM_KB, default ./{DEFAULT_KB})",
        )


def error(message: str) -> None:
    """Print one ``lgm: error:`` line on standard error."""
    print(f"lgm: error: {message}", file=sys.stderr)


def settings_from(args: argparse.Namespace) -> Settings:
    """Settings from the environment, overridden by command-line options."""
    return Settings.from_env(
        kb=getattr(args, "kb", None),
        nlp=getattr(args, "nlp", None),
        extractor=getattr(args, "extractor", None),
        reflect=True if getattr(args, "reflect", False) else None,
        min_relation_confidence=getattr(args, "min_confidence", None),
        target_precision=getattr(args, "target_precision", None),
    )


def print_table(header: list[str], rows: list[list[str]]) -> None:
    """Print rows as an aligned text table."""
    widths = [len(h) for h in header]
    for row in rows:
        widths = [max(w, min(len(c), 80)) for w, c in zip(widths, row, strict=True)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip())
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(clip(c, w).ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


def clip(text: str, width: int) -> str:
    """``text`` on one line, cut to ``width`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def write_csv(header: list[str], rows: list[list[str]]) -> None:
    """Write rows as CSV to standard output."""
    writer = csv.writer(sys.stdout)
    writer.writerow(header)
    writer.writerows(rows)


def print_json(data: object) -> None:
    """Print JSON, indented."""
    print(json.dumps(data, indent=2, ensure_ascii=False))


def read_query_arg(text: str) -> str:
    """The query itself, or the content of the ``.rq`` / ``.sparql`` file it names."""
    if text.strip().endswith((".rq", ".sparql")) and "\n" not in text.strip():
        path = Path(text.strip())
        if not path.is_file():
            raise LgmError(f"{path}: no such query file")
        return path.read_text(encoding="utf-8")
    return text


_SYNTAX_AT = re.compile(r"error at (\d+):(\d+): (.*)", re.S)
_CHAR_CLASS = re.compile(r"\[(?:'[^']*'|[^\]'])*\]")  # ['0'..='9'], ['A' ..= 'Z' | …], [_]
_MAX_EXPECTED = 8


def sparql_syntax_message(exc: SyntaxError) -> str:
    """A SPARQL parse error as one short line: the position and a few of the expected tokens.

    pyoxigraph lists every Unicode range a name may start with; those become "a name".
    """
    text = str(exc)
    found = _SYNTAX_AT.search(text)
    if found is None:
        return " ".join(text.split())
    line, column, rest = found.groups()
    rest = " ".join(rest.split())
    words = rest.removeprefix("expected one of ").removeprefix("expected ")
    had_class = bool(_CHAR_CLASS.search(words))
    tokens = [t.strip() for t in _CHAR_CLASS.sub("", words).split(", ")]
    tokens = [t for t in tokens if t and t not in ("|",)]
    if had_class:
        tokens.append("a name or number")
    shown = ", ".join(tokens[:_MAX_EXPECTED]) + (", …" if len(tokens) > _MAX_EXPECTED else "")
    return f"at line {line}, column {column}: expected {shown}"
