"""The pattern extractor's relations of one text, as the rule tests compare them, and the
judged samples they are checked against."""

from __future__ import annotations

import json
from pathlib import Path

from lgm_rdf.bench.extraction.relations import matched_gold
from lgm_rdf.learn.patterns import PatternExtractor
from lgm_rdf.nlp.spacy_backend import SpacyNLP


def relations(nlp: SpacyNLP, text: str) -> dict[tuple[str, str, str], str]:
    """Relations of ``text`` as comparable triples, with the rule that produced each."""
    return {r.key(): r.rule for r in PatternExtractor().extract(nlp.parse(text).sentences)}


def relations_with_heads(nlp: SpacyNLP, text: str) -> dict[tuple[str, str, str], str]:
    """``relations`` and the compound heads learning adds to them (``learn.compound``)."""
    from lgm_rdf.learn.compound import compound_heads

    rels = PatternExtractor().extract(nlp.parse(text).sentences)
    return {r.key(): r.rule for r in [*rels, *compound_heads(rels)]}


def judged_key(row: dict) -> tuple[str, str, str]:
    """The relation of a judged row as ``relations`` keys it (alias sides sorted)."""
    a, b = row["a"], row["b"]
    return (row["type"], min(a, b), max(a, b)) if row["type"] == "alias" else (row["type"], a, b)


def learns(found: dict[tuple[str, str, str], str], row: dict) -> bool:
    """Whether ``found`` (``relations`` of the row's sentence) states the judged row's relation:
    the same triple, or a parent that keeps more modifiers ("landlocked country" for a judged
    "country"), which entails it as the gold benchmark counts it (``matched_gold``), or a part
    that does ("four international restaurants": a part that is a restaurant)."""
    key = judged_key(row)
    kind, a, b = key
    longer_part = kind == "composition" and any(
        t[0] == kind and t[1] == a and t[2].endswith(" " + b) for t in found
    )
    return key in found or longer_part or any(matched_gold(t, {key}) == key for t in found)


def judged_rows(name: str) -> list[dict]:
    """The rows of the judged sample ``tests/data/<name>`` (JSON lines)."""
    path = Path(__file__).parent / "data" / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def judged_sample(nlp: SpacyNLP, name: str) -> tuple[list[dict], list[dict]]:
    """The rows of the judged sample ``tests/data/<name>`` and those of them the pattern
    extractor learns now (``learns``: the triple or a parent that keeps more modifiers)."""
    rows = judged_rows(name)
    return rows, [r for r in rows if learns(relations(nlp, r["sentence"]), r)]


def unlearned(nlp: SpacyNLP, rows: list[dict]) -> list[tuple[str, str]]:
    """``(a, b)`` of the judged ``rows`` the pattern extractor, with the compound heads learning
    adds (``relations_with_heads``), no longer learns (``learns``)."""
    return [
        (r["a"], r["b"]) for r in rows if not learns(relations_with_heads(nlp, r["sentence"]), r)
    ]
