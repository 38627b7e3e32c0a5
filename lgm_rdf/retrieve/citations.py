"""Citations of supporting sentences: the file (or document title), page and section.

A document read from a file of its own is cited by the file name ("report.pdf, p. 4, §
Automation"); documents of a collection file (JSON records, QA sets) and raw texts by their
title.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePath

from pyoxigraph import NamedNode

from lgm_rdf.ontology import IriMinter, load_query
from lgm_rdf.retrieve.model import Support
from lgm_rdf.store.base import GraphStore
from lgm_rdf.store.values import with_values


def cite(store: GraphStore, minter: IriMinter, supports: Sequence[Support]) -> list[Support]:
    """``supports`` with ``source``, ``section``, ``page`` and ``citation`` filled in."""
    if not supports:
        return []
    query = with_values(
        load_query("support_citations"), ["sentence"], [[NamedNode(s.sentence)] for s in supports]
    )
    found = {row["sentence"].value: row for row in store.select(query)}
    out = []
    for support in supports:
        row = found.get(support.sentence)
        if row is None:
            out.append(replace(support, citation=support.title))
            continue
        source = row["source"].value if row.get("source") is not None else ""
        section = row["section"].value if row.get("section") is not None else ""
        page = int(row["page"].value) if row.get("page") is not None else None
        own_file = (
            PurePath(source).is_absolute() and minter.document(source).value == row["doc"].value
        )
        name = PurePath(source).name if own_file else support.title
        out.append(
            replace(
                support,
                source=source,
                section=section,
                page=page,
                citation=citation(name, page, section if section != support.title else ""),
            )
        )
    return out


def citation(name: str, page: int | None, section: str) -> str:
    """``"report.pdf, p. 4, § Automation"``: the parts that are known, in that order."""
    parts = [name]
    if page is not None:
        parts.append(f"p. {page}")
    if section:
        parts.append(f"§ {section}")
    return ", ".join(parts)
