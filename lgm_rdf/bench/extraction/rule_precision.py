"""Measure the precision of every pattern rule on the gold sets; write ``rule_precision.json``.

    python -m lgm_rdf.bench.extraction.rule_precision [--judged FILE ...]
        [--technical FILE ...] [--out PATH]

Each gold file (the dev set beside the checkout and ``tests/data/relations_*.jsonl``) is parsed
with spaCy and run through the pattern extractor; a relation is a true positive when it matches
a gold relation of its sentence (``relations.matched_gold``). A rule's precision is shrunk
towards its extractor's overall precision by ``PRIOR_WEIGHT`` pseudo-relations, so a rule seen
twice is not trusted as 1.0: ``(tp + m * P) / (tp + fp + m)``. Relations of judged samples
(``--judged``, the JSONL files ``lgm bench graph --sample`` writes, with verdicts; a relation of
a sentence judged in several samples counts once, with its last verdict) count too, which is
how the ``compound-head`` extractor, which no gold set covers, gets its figure, and how the
rules are weighed on real documents besides the written gold sentences.

``--technical`` names judged samples of technical documents (``learn.genre``); their verdicts,
each relation counted once however many samples judged it, make the ``genres.technical`` table
that the confidence of relations learned from technical documents uses.
"""

from __future__ import annotations

import argparse
import datetime
import json
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from lgm_rdf.bench.extraction.relations import default_path, load_gold, matched_gold, relation_key
from lgm_rdf.learn.confidence import PRECISION_PATH, rule_key
from lgm_rdf.learn.genre import TECHNICAL
from lgm_rdf.learn.readers.files import typewriter_quotes
from lgm_rdf.ontology import project_root

PRIOR_WEIGHT = 4.0


# gold sets and judged samples kept out of every measurement that feeds the extractor and the
# confidence, so that they stay blind measures: recall on unseen sentences (docs/benchmarks.md,
# "Fresh judged samples, seed 41"; blind_qa3: 150 QA sentences annotated by a helper before the
# rules of §27 were written, whose errors were read in §35 and so is blind no more but still
# kept out of the table it was never in; blind_qa4: 150 more, annotated before the rules of §35;
# blind_qa5: 150 more, annotated by a helper in the fourteenth session, §36; blind_qa6: 150
# more, annotated by a helper at the start of the fifteenth session, §37; blind_qa7 and
# blind_qa8, whose errors were read in §60 and so are blind no more, likewise kept out;
# blind_qa9: 150 more, annotated by a helper in the thirty-eighth session after its rules were
# written, §60)
# and the precision of relations learned from documentation no rule or figure was taken from
# (the eighth and ninth fresh corpora, §36; the sixth and seventh, held out in §33, were read
# since and feed the technical table)
HELD_OUT = frozenset(
    {
        "relations_blind_qa2.jsonl",
        "relations_blind_qa3.jsonl",
        "relations_blind_qa4.jsonl",
        "relations_blind_qa5.jsonl",
        "relations_blind_qa6.jsonl",
        "relations_blind_qa7.jsonl",
        "relations_blind_qa8.jsonl",
        "relations_blind_qa9.jsonl",
        "judged_tech_fresh139.jsonl",
        "judged_tech_fresh149.jsonl",
    }
)


def gold_files() -> list[Path]:
    """The dev set and the blind sets of the checkout, except the held-out ones."""
    found = sorted((project_root() / "tests" / "data").glob("relations_*.jsonl"))
    return [default_path(), *(path for path in found if path.name not in HELD_OUT)]


def count_gold(files: Sequence[Path]) -> dict[str, Counter[str]]:
    """True and false positives per ``pattern/rule`` over the gold ``files``."""
    from lgm_rdf.learn.patterns import PatternExtractor
    from lgm_rdf.nlp.spacy_backend import SpacyNLP

    nlp, extractor = SpacyNLP(), PatternExtractor()
    counts: dict[str, Counter[str]] = {}
    for path in files:
        for sentence, gold in load_gold(path):
            for rel in extractor.extract(nlp.parse(typewriter_quotes(sentence)).sentences):
                found = matched_gold(relation_key(rel.type, rel.a, rel.b), gold)
                counts.setdefault(rule_key(rel.extractor, rel.rule), Counter())[
                    "tp" if found in gold else "fp"
                ] += 1
    return counts


def gold_sentences() -> frozenset[str]:
    """The sentences of every gold set, held-out ones included."""
    found = sorted((project_root() / "tests" / "data").glob("relations_*.jsonl"))
    paths = [p for p in [default_path(), *found] if p.is_file()]
    return frozenset(sentence.strip() for path in paths for sentence, _ in load_gold(path))


def judged_rows(files: Sequence[Path]) -> list[dict]:
    """The judged relations of samples: verdict given, learned by the code after the change,
    and from a sentence no gold set holds (a held-out set's sentence would feed the table; a
    used set's would count twice)."""
    gold = gold_sentences()
    rows = []
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            item = json.loads(line) if line.strip() else {}
            if item.get("verdict") not in ("correct", "wrong") or item.get("new") is False:
                continue  # unjudged, or learned only by the code before a change ("new": false)
            if str(item.get("sentence", "")).strip() in gold:
                continue
            rows.append(item)
    return rows


def count_judged(files: Sequence[Path], counts: dict[str, Counter[str]]) -> None:
    """Add the verdicts of judged samples to ``counts``, each relation of a sentence once."""
    for name, c in count_judged_once(files).items():
        counts.setdefault(name, Counter()).update(c)


def count_judged_once(files: Sequence[Path]) -> dict[str, Counter[str]]:
    """Verdicts of judged samples with each relation of a sentence counted once (the last
    verdict given to it), for samples that judged the same rows again."""
    latest = {(r["type"], r["a"], r["b"], r["sentence"]): r for r in judged_rows(files)}
    counts: dict[str, Counter[str]] = {}
    for item in latest.values():
        _count(item, counts)
    return counts


def _count(item: dict, counts: dict[str, Counter[str]]) -> None:
    name = rule_key(item.get("extractor") or "pattern", item.get("rule") or "")
    counts.setdefault(name, Counter())["tp" if item["verdict"] == "correct" else "fp"] += 1


def table(counts: dict[str, Counter[str]], sources: Sequence[str]) -> dict:
    """The JSON document: per-rule and per-extractor precision with how it was measured."""
    extractors, rules = precision_tables(counts)
    return {
        "measured": {
            "command": "python -m lgm_rdf.bench.extraction.rule_precision "
            + " ".join(f"--judged {s}" for s in sources if s.endswith(".jsonl") and "judged" in s),
            "date": datetime.date.today().isoformat(),
            "sources": list(sources),
            "method": "spaCy parse + PatternExtractor on each gold sentence; TP = matches a gold "
            "relation (a parent with extra modifiers matches its head); judged samples add their "
            "verdicts, each judged relation of a sentence once; extractor precision P = "
            "(tp + 1) / (tp + fp + 2); rule precision shrunk "
            f"to its extractor's by m = {PRIOR_WEIGHT:g} pseudo-relations: "
            "(tp + m*P) / (tp + fp + m)",
        },
        "extractors": extractors,
        "rules": rules,
    }


def genre_table(counts: dict[str, Counter[str]], sources: Sequence[str], general: dict) -> dict:
    """The table of one genre, measured on judged samples of its documents only; each rule is
    shrunk towards its general precision times the genre's ratio (the genre's extractor
    precision over the general one), so one right verdict never lowers a rule."""
    own = extractor_table(counts)

    def prior(name: str) -> float | None:
        extractor = name.split("/", 1)[0]
        if name not in general["rules"] or extractor not in own:
            return None
        ratio = own[extractor]["precision"] / general["extractors"][extractor]["precision"]
        return general["rules"][name]["precision"] * min(1.0, ratio)

    extractors, rules = precision_tables(counts, prior)
    return {
        "measured": {
            "sources": list(sources),
            "method": "verdicts of judged samples of the genre's documents, each relation of a "
            "sentence counted once; each rule shrunk by m pseudo-relations towards its general "
            "precision times the genre's extractor precision over the general one (a rule the "
            "genre never showed keeps its general precision times that ratio)",
        },
        "extractors": extractors,
        "rules": rules,
    }


def extractor_table(counts: dict[str, Counter[str]]) -> dict:
    """Per-extractor precision of ``counts``, Laplace-smoothed."""
    by_extractor: dict[str, Counter[str]] = {}
    for name, c in counts.items():
        by_extractor.setdefault(name.split("/", 1)[0], Counter()).update(c)
    return {  # Laplace: (tp + 1) / (tp + fp + 2), so 17 of 17 is not certainty
        name: {
            "tp": c["tp"],
            "fp": c["fp"],
            "precision": round((c["tp"] + 1) / (c["tp"] + c["fp"] + 2), 3),
        }
        for name, c in sorted(by_extractor.items())
        if c["tp"] + c["fp"]
    }


def precision_tables(
    counts: dict[str, Counter[str]], prior_of: Callable[[str], float | None] | None = None
) -> tuple[dict, dict]:
    """Per-extractor (Laplace) and per-rule precision of ``counts``, each rule shrunk towards
    ``prior_of(rule)`` where it gives one, else towards its extractor's precision."""
    extractors = extractor_table(counts)
    rules = {}
    for name, c in sorted(counts.items()):
        if "/" not in name:
            continue
        prior = prior_of(name) if prior_of is not None else None
        prior = extractors[name.split("/", 1)[0]]["precision"] if prior is None else prior
        shrunk = (c["tp"] + PRIOR_WEIGHT * prior) / (c["tp"] + c["fp"] + PRIOR_WEIGHT)
        rules[name] = {"tp": c["tp"], "fp": c["fp"], "precision": round(shrunk, 3)}
    return extractors, rules


def main(argv: list[str] | None = None) -> int:
    """Measure and write the precision table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--judged", action="append", default=[], type=Path, metavar="FILE")
    parser.add_argument(
        "--technical",
        action="append",
        default=[],
        type=Path,
        metavar="FILE",
        help="a judged sample of technical documents (for the genre's own table)",
    )
    parser.add_argument("--out", type=Path, default=PRECISION_PATH)
    args = parser.parse_args(argv)
    held = [p.name for p in [*args.judged, *args.technical] if p.name in HELD_OUT]
    if held:
        parser.error(
            f"held out (rule_precision.HELD_OUT): {', '.join(held)}; kept as blind measures, "
            "they must not feed the table"
        )
    files = gold_files()
    counts = count_gold(files)
    count_judged(args.judged, counts)
    root = project_root()
    sources = [_relative(p, root) for p in [*files, *args.judged]]
    document = table(counts, sources)
    if args.technical:
        technical = [_relative(p, root) for p in args.technical]
        document["measured"]["command"] += " " + " ".join(f"--technical {s}" for s in technical)
        judged = count_judged_once(args.technical)
        document["genres"] = {TECHNICAL: genre_table(judged, technical, document)}
    args.out.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.name


if __name__ == "__main__":
    raise SystemExit(main())
