"""``lgm bench graph FILE|DIR``: what the concept graph learned from real documents.

The documents are learned into one KB (a temporary one unless ``--kb`` is given), then:

* relations per 1,000 sentences, by kind and by extractor (asserted: verdict not invalid and
  not withheld for a confidence under ``min_relation_confidence``), and how many were withheld;
* the share of relations whose evidence sentence has a block role (a reference list, a table,
  a template...): it must be 0;
* junk concept labels per 1,000 sentences: labels with markup, brackets, placeholders,
  citations, numbers or single letters, or with trailing punctuation (``junk_label``);
* acronym and plural splits: pairs of concepts that should be one ("llm" / "llms");
* precision against judged samples (``--judged FILE``, JSONL of judged relations with a
  ``verdict`` of ``correct`` or ``wrong``): the share judged correct, and how many of them the
  KB states now;
* ``--sample N --out FILE`` writes a random sample (``--seed``) of the learned relations with
  their evidence, ready to be judged.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lgm_rdf.bench.graph.report import format_markdown
from lgm_rdf.learn.confidence import rule_key
from lgm_rdf.nlp.concepts import acronym_singular, clean_label, junk_key
from lgm_rdf.ontology import RELATION_PROPERTIES, load_query

KINDS = {prop.value: kind for kind, prop in RELATION_PROPERTIES.items()}
PER = 1000.0
_COLUMNS = ("property", "source", "target", "extractor", "rule", "verdict", "confidence")
_COLUMNS += ("evidence", "text", "role", "withheld")


def junk_label(label: str) -> bool:
    """A concept label that names nothing or carries debris (see ``nlp.concepts.junk_key``); a
    closing abbreviation ("Atari, Inc.", "Jr.") is no debris."""
    if junk_key(label):
        return True
    return clean_label(label) != label.strip() and not re.search(r"\b[A-Za-z]{1,4}\.$", label)


def splits(labels: Sequence[str]) -> list[tuple[str, str]]:
    """Pairs of labels that name one concept twice: an acronym and its plural, or a label and
    the same label with a plural "s" left on."""
    have = set(labels)
    out = set()
    for label in labels:
        single = acronym_singular(label) or (label[:-1] if label.endswith("s") else None)
        if single and single != label and single.lower() in have:
            out.add((single.lower(), label))
    return sorted(out)


def relation_rows(lg: Any) -> list[dict[str, Any]]:
    """Every relation axiom of the KB with its evidence (see ``queries/graph_bench_relations``)."""
    out = []
    for row in lg.store.select(load_query("graph_bench_relations")):
        value = {k: (row[k].value if row.get(k) is not None else None) for k in _COLUMNS}
        value["type"] = KINDS.get(value.pop("property", ""), "other")
        value["role"] = (value.get("role") or "").rsplit("#", 1)[-1]
        value["verdict"] = (value.get("verdict") or "").rsplit("#", 1)[-1].lower()
        value["withheld"] = value.get("withheld") == "true"
        out.append(value)
    out.sort(key=lambda r: (r["type"], r["source"], r["target"], r["evidence"], r["extractor"]))
    return out


def asserted_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The axioms whose relation is asserted: not judged invalid, not withheld."""
    return [r for r in rows if r["verdict"] != "invalid" and not r["withheld"]]


def measure(lg: Any, judged: Sequence[Path] = ()) -> dict[str, Any]:
    """The figures of one learned KB (see the module docstring)."""
    counts = lg.store.select(load_query("graph_bench_counts"))[0]
    sentences = int(counts["sentences"].value)
    non_prose = int(counts["nonProse"].value)
    every = relation_rows(lg)
    rows = asserted_rows(every)
    labels = [r["label"].value for r in lg.store.select(load_query("graph_bench_labels"))]
    scale = PER / sentences if sentences else 0.0
    by_kind = Counter(r["type"] for r in rows)
    by_extractor = Counter(r["extractor"] for r in rows)
    by_rule = Counter(_rule_name(r) for r in rows)
    from_non_prose = [r for r in rows if r["role"]]
    junk = sorted(label for label in labels if junk_label(label))
    result: dict[str, Any] = {
        "sentences": sentences,
        "non_prose_sentences": non_prose,
        "relations": len(rows),
        "withheld": sum(1 for r in every if r["withheld"]),
        "per_1000": {k: round(v * scale, 1) for k, v in sorted(by_kind.items())},
        "per_1000_by_extractor": {k: round(v * scale, 1) for k, v in sorted(by_extractor.items())},
        "by_rule": dict(sorted(by_rule.items())),
        "non_prose_share": len(from_non_prose) / len(rows) if rows else 0.0,
        "non_prose_examples": [_brief(r) for r in from_non_prose[:5]],
        "concepts": len(labels),
        "junk_per_1000": round(len(junk) * scale, 2),
        "junk_examples": junk[:10],
        "splits": splits(labels),
        "judged": [judged_precision(path, rows) for path in judged],
    }
    return result


def _brief(row: dict[str, Any]) -> str:
    return f"{row['type']} {row['source']} -> {row['target']} | {row['text']}"


def judged_precision(path: Path, rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Precision of a judged sample, how many of its relations the KB states now, and the
    precision of those by the rule that states them now (``extractor/rule``)."""
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    judged = [i for i in items if i.get("verdict") in ("correct", "wrong")]
    correct = sum(1 for i in judged if i["verdict"] == "correct")
    stated = {
        (r["type"], r["source"], r["target"], str(r["text"]).strip()): _rule_name(r) for r in rows
    }
    by_rule: dict[str, list[int]] = {}
    present_ok = present = 0
    for i in judged:
        rule = stated.get((i["type"], i["a"], i["b"], str(i["sentence"]).strip()))
        if rule is None:
            continue
        ok = int(i["verdict"] == "correct")
        present, present_ok = present + 1, present_ok + ok
        counts = by_rule.setdefault(rule, [0, 0])
        counts[0], counts[1] = counts[0] + 1, counts[1] + ok
    return {
        "file": str(path),
        "judged": len(judged),
        "precision": correct / len(judged) if judged else 0.0,
        "still_learned": present,
        "precision_of_still_learned": present_ok / present if present else 0.0,
        "still_learned_by_rule": {
            rule: {"rows": n, "precision": ok / n}
            for rule, (n, ok) in sorted(by_rule.items(), key=lambda kv: (-kv[1][0], kv[0]))
        },
    }


def _rule_name(row: dict[str, Any]) -> str:
    """``extractor/rule`` of a learned relation (the extractor alone when it has no rules)."""
    return rule_key(row.get("extractor") or "", row.get("rule") or "")


def sample(rows: Sequence[dict[str, Any]], n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` random asserted relations (fixed ``seed``) as records to judge."""
    chosen = random.Random(seed).sample(list(rows), min(n, len(rows)))
    return [
        {
            "type": r["type"],
            "a": r["source"],
            "b": r["target"],
            "extractor": r["extractor"],
            "rule": r["rule"] or "",
            "confidence": float(r["confidence"]) if r["confidence"] is not None else None,
            "sentence": r["text"],
            "verdict": "",
        }
        for r in chosen
    ]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lgm bench graph``."""
    p.add_argument("paths", nargs="+", metavar="FILE|DIR", help="documents to learn (one KB)")
    p.add_argument("--kb", help="learn into (or reuse) this KB directory (default: temporary)")
    p.add_argument("--judged", action="append", default=[], metavar="FILE", help="judged sample")
    p.add_argument("--sample", type=int, default=0, metavar="N", help="write N random relations")
    p.add_argument("--seed", type=int, default=11, help="seed of --sample (default 11)")
    p.add_argument("--out", metavar="FILE", help="where --sample writes (JSONL)")
    p.add_argument("--json", metavar="FILE", help="also write the figures as JSON")


def run(paths: Sequence[str], kb: str | None, judged: Sequence[Path]) -> tuple[Any, dict]:
    """Learn ``paths`` into a KB and measure it; returns the open graph and the figures."""
    from lgm_rdf.graph import LanguageGraph

    where = Path(kb) if kb else Path(tempfile.mkdtemp(prefix="lgm-bench-graph-")) / "kb"
    lg = LanguageGraph(where)
    lg.learn([Path(p) for p in paths])
    return lg, measure(lg, judged)


def cmd(args: argparse.Namespace) -> int:
    """Run ``lgm bench graph``."""
    lg, result = run(args.paths, args.kb, [Path(j) for j in args.judged])
    try:
        if args.sample:
            rows = asserted_rows(relation_rows(lg))
            records = sample(rows, args.sample, args.seed)
            text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
            if args.out:
                Path(args.out).write_text(text, encoding="utf-8")
            else:
                print(text, end="")
    finally:
        lg.close()
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(format_markdown(result))
    return 0
