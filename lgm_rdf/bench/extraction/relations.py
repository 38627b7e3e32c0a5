"""Precision / recall of a relation extractor on a JSONL file of sentences with gold relations.

Each line: ``{"sentence": "...", "relations": [{"type", "a", "b"}, ...]}`` (arguments lemmatised;
inheritance a is-a b, composition a has-part b, alias a = b). A predicted relation matches a gold
one when type, a and b are equal after ``normalise_label`` (alias is symmetric).

    python -m lgm_rdf.bench.extraction.relations [PATH ...] [--min-confidence C]
        [--target-precision P] [--genre G]

prints a table per relation type plus overall, then every false positive and false negative;
with several files, that for each file and then one table over all of them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lgm_rdf.bench.datasets import shared_data
from lgm_rdf.learn.confidence import assertion_bar, confidence_value, load_precision
from lgm_rdf.learn.readers.files import typewriter_quotes
from lgm_rdf.learn.relations import RELATION_TYPES, RelationExtractor
from lgm_rdf.nlp.model import NLP
from lgm_rdf.ontology import normalise_label, without_article

Triple = tuple[str, str, str]


def default_path() -> Path:
    """The dev set beside the checkout: ``../shared/data/relations_dev.jsonl``."""
    return shared_data("relations_dev.jsonl")


def relation_key(kind: str, a: str, b: str) -> Triple:
    """Comparable ``(type, a, b)``: normalised arguments without a leading article, alias
    sides in sorted order."""
    # a leading article is no part of a concept key: the extractor stores '"The Simpsons"' as
    # ``simpsons``, while gold sets may write ``the simpsons``
    a, b = without_article(normalise_label(a)), without_article(normalise_label(b))
    if kind == "alias" and b < a:
        a, b = b, a
    return kind, a, b


def matched_gold(triple: Triple, gold: set[Triple]) -> Triple:
    """The gold relation ``triple`` states, allowing a parent that keeps more modifiers.

    "Nolan is a film director" may be recorded as ``nolan ⊑ film director`` or, as older gold
    sets have it, ``nolan ⊑ director``: the longer parent entails the shorter (its compound head
    is the shorter one), so it counts as that gold relation.
    """
    kind, a, b = triple
    if kind != "inheritance" or triple in gold:
        return triple
    for g_kind, g_a, g_b in gold:
        if g_kind == kind and g_a == a and b.endswith(" " + g_b):
            return g_kind, g_a, g_b
    return triple


def load_gold(path: str | Path) -> list[tuple[str, set[Triple]]]:
    """``(sentence, gold relation keys)`` for every non-empty line of a JSONL file."""
    out = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            gold = {relation_key(r["type"], r["a"], r["b"]) for r in rec.get("relations", [])}
            out.append((str(rec["sentence"]), gold))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{n}: not a gold relation record ({exc})") from exc
    return out


def _scores(tp: int, fp: int, fn: int) -> dict[str, float | int]:
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"tp": tp, "fp": fp, "fn": fn, "precision": precision, "recall": recall, "f1": f1}


def evaluate(
    path: str | Path,
    nlp: NLP,
    extractor: RelationExtractor | None = None,
    min_confidence: float = 0.0,
    genre: str = "",
    target_precision: float = 0.0,
) -> dict[str, Any]:
    """Score ``extractor`` (default ``PatternExtractor``) on the gold file at ``path``.

    With ``min_confidence`` (and ``target_precision``) only the relations a KB would assert
    count: those whose rule's measured precision (``learn.confidence``; in ``genre``'s table
    when given, else the general one; before reflection and support) reaches the bar
    ``assertion_bar`` gives.

    Returns ``{"sentences", "per_type": {type: scores}, "overall": scores, "errors": [...]}``;
    scores hold tp/fp/fn counts, precision, recall and F1; each error is
    ``{"kind": "FP"|"FN", "type", "a", "b", "sentence"}``.
    """
    if extractor is None:
        from lgm_rdf.learn.patterns import PatternExtractor

        extractor = PatternExtractor()
    table = load_precision()
    bar = assertion_bar(table, genre, min_confidence, target_precision)
    counts = {t: [0, 0, 0] for t in RELATION_TYPES}
    errors: list[dict[str, str]] = []
    records = load_gold(path)
    for sentence, gold in records:
        parsed = nlp.parse(typewriter_quotes(sentence))  # as the QA readers give it
        found = {
            relation_key(r.type, r.a, r.b)
            for r in extractor.extract(parsed.sentences)
            if bar <= 0 or table.precision(r.extractor, r.rule, genre) >= bar
        }
        predicted = {matched_gold(t, gold) for t in found}
        for kind, triples, slot in (("TP", predicted & gold, 0), ("FP", predicted - gold, 1)):
            for t in triples:
                counts.setdefault(t[0], [0, 0, 0])[slot] += 1
                if kind == "FP":
                    errors.append(
                        {"kind": kind, "type": t[0], "a": t[1], "b": t[2], "sentence": sentence}
                    )
        for t in gold - predicted:
            counts.setdefault(t[0], [0, 0, 0])[2] += 1
            errors.append({"kind": "FN", "type": t[0], "a": t[1], "b": t[2], "sentence": sentence})
    return _result(counts, len(records), errors)


def _result(
    counts: dict[str, list[int]], sentences: int, errors: list[dict[str, str]]
) -> dict[str, Any]:
    """The result of ``evaluate`` from tp/fp/fn ``counts`` per relation type."""
    per_type = {t: _scores(*c) for t, c in counts.items()}
    overall = _scores(*(sum(c[k] for c in counts.values()) for k in range(3)))
    return {"sentences": sentences, "per_type": per_type, "overall": overall, "errors": errors}


def format_report(result: dict[str, Any]) -> Iterable[str]:
    """Lines of the table and the error list."""
    yield f"{'type':<12} {'P':>6} {'R':>6} {'F1':>6} {'TP':>4} {'FP':>4} {'FN':>4}"
    rows = [*result["per_type"].items(), ("overall", result["overall"])]
    for name, s in rows:
        yield (
            f"{name:<12} {s['precision']:6.3f} {s['recall']:6.3f} {s['f1']:6.3f} "
            f"{s['tp']:4d} {s['fp']:4d} {s['fn']:4d}"
        )
    yield f"({result['sentences']} sentences)"
    for e in result["errors"]:
        yield f"{e['kind']} {e['type']:<11} {e['a']!r} -> {e['b']!r}   | {e['sentence']}"


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lgm bench relations``."""
    from lgm_rdf.learn.genre import GENRES

    p.add_argument(
        "paths",
        nargs="*",
        metavar="FILE",
        help="gold JSONL files, each scored on its own and, with several, together "
        "(default relations_dev)",
    )
    p.add_argument(
        "--min-confidence",
        type=confidence_value,
        default=0.0,
        metavar="C",
        help="count only the relations a KB asserts at the bar C: those whose rule's measured "
        "precision (rule_precision.json, before reflection and support) is at least C "
        "(default 0: everything the extractor finds)",
    )
    p.add_argument(
        "--target-precision",
        type=confidence_value,
        default=0.0,
        metavar="P",
        help="with it, also the genre's bar for this precision (learn.confidence.assertion_bar; "
        "default 0: none)",
    )
    p.add_argument(
        "--genre",
        choices=GENRES,
        default="",
        help="weigh the rules as in a document of this genre (default: the general table)",
    )


def combined(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One result that sums the counts of several ``evaluate`` results (errors in order)."""
    counts: dict[str, list[int]] = {}
    for result in results:
        for kind, s in result["per_type"].items():
            c = counts.setdefault(kind, [0, 0, 0])
            for slot, key in enumerate(("tp", "fp", "fn")):
                c[slot] += s[key]
    sentences = sum(r["sentences"] for r in results)
    return _result(counts, sentences, [e for r in results for e in r["errors"]])


def cmd(args: argparse.Namespace) -> int:
    """Evaluate the pattern extractor on each FILE (default: the dev set); with several, a
    table per file, then one over all of them."""
    from lgm_rdf.nlp.spacy_backend import SpacyNLP

    paths = [Path(p) for p in args.paths] or [default_path()]
    missing = [p for p in paths if not p.is_file()]
    if missing:
        print(f"no such file: {', '.join(map(str, missing))}", file=sys.stderr)
        return 2
    nlp, results = SpacyNLP(), []
    for path in paths:
        result = evaluate(
            path,
            nlp,
            min_confidence=args.min_confidence,
            genre=args.genre,
            target_precision=args.target_precision,
        )
        results.append(result)
        if len(paths) > 1:
            print(f"== {path}")
        for line in format_report(result):
            print(line)
    if len(paths) > 1:
        total = combined(results)
        print(f"== all {len(paths)} files")
        for line in format_report({**total, "errors": []}):
            print(line)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command-line entry (``python -m``), the same as ``lgm bench relations``."""
    parser = argparse.ArgumentParser(
        prog="python -m lgm_rdf.bench.extraction.relations",
        description="Precision and recall of the pattern extractor on a gold JSONL file.",
    )
    add_arguments(parser)
    return cmd(parser.parse_args(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":
    raise SystemExit(main())
