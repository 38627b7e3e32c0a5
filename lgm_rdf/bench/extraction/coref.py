"""Check the rule-based coreference resolver on HotpotQA paragraphs.

``python -m lgm_rdf.bench.extraction.coref`` parses paragraphs (title = topic), prints every
third-person pronoun with its sentence and antecedent so a person can check them, and scores the
resolver against the hand-judged sample in ``coref_gold.jsonl`` (next to this file).

A gold record is ``{"doc", "sentence", "token", "pronoun", "gold", "split"}``; ``gold`` is the text of the
right antecedent (or a list of the names it goes by in the paragraph), or ``null`` when the
pronoun should stay unresolved (pleonastic, a title like "She's Fine", nothing to point at).
An answer is right when it equals one of those names after normalisation (case, punctuation,
a leading article or demonstrative), or is a shorter form of one ending in the same word
("Nolan" for "Christopher Nolan"). A description that is not a name of the entity ("the band"
for "Another Animal") counts as wrong unless the gold lists it.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from lgm_rdf.bench.datasets import shared_data
from lgm_rdf.nlp.coref import pronoun_features, resolve, topic_name
from lgm_rdf.nlp.model import NLP
from lgm_rdf.nlp.text import resolved_text

DEFAULT_DATA = shared_data("hotpotqa_dev50.json")
GOLD_PATH = Path(__file__).with_name("coref_gold.jsonl")


@dataclass(frozen=True)
class PronounCase:
    """One third-person pronoun and what the resolver made of it."""

    doc: str
    sentence: int
    token: int
    pronoun: str
    antecedent: str | None
    text: str  # the sentence with coreference marks


def load_paragraphs(path: Path) -> list[tuple[str, list[str]]]:
    """``(title, sentences)`` of every distinct paragraph of a HotpotQA file, in file order."""
    seen: set[str] = set()
    out: list[tuple[str, list[str]]] = []
    for record in json.loads(path.read_text(encoding="utf-8")):
        for title, sentences in record["context"]:
            if title not in seen:
                seen.add(title)
                out.append((title, list(sentences)))
    return out


def pronoun_cases(nlp: NLP, paragraphs: Iterable[tuple[str, Sequence[str]]]) -> list[PronounCase]:
    """Resolve each paragraph (its title as topic) and list every third-person pronoun."""
    cases: list[PronounCase] = []
    for title, sentences in paragraphs:
        parsed = nlp.parse_presplit([s.strip() for s in sentences])
        found = resolve(parsed, topic=title)
        for s, sent in enumerate(parsed.sentences):
            marks = {j: a for (i, j), a in found.items() if i == s}
            for tok in sent.tokens:
                if pronoun_features(tok) is None:
                    continue
                ante = found.get((s, tok.i))
                cases.append(
                    PronounCase(
                        title,
                        s,
                        tok.i,
                        tok.text,
                        ante.text if ante else None,
                        resolved_text(sent, marks),
                    )
                )
    return cases


_LEADING = {"the", "a", "an", "this", "that", "these", "those"}
Gold = str | list[str] | None


def _words(text: str) -> list[str]:
    text = re.sub(r"\([^)]*\)", " ", html.unescape(text).lower())
    words = re.findall(r"\w+", text)
    while words and words[0] in _LEADING:
        words = words[1:]
    return words


def _names(gold: Gold) -> list[str]:
    if gold is None:
        return []
    return [gold] if isinstance(gold, str) else list(gold)


def same_referent(predicted: str | None, gold: Gold) -> bool:
    """True when a predicted antecedent names the gold one (both ``None`` counts as right)."""
    names = _names(gold)
    if predicted is None or not names:
        return predicted is None and not names
    p = _words(predicted)
    for name in names:
        g = _words(name)
        if p == g:
            return True
        short, long_ = (p, g) if len(p) < len(g) else (g, p)
        if short and set(short) <= set(long_) and short[-1] == long_[-1]:
            return True
    return False


def load_gold(path: Path = GOLD_PATH) -> list[dict[str, object]]:
    """The hand-judged records (one JSON object a line)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def score(cases: Sequence[PronounCase], gold: Sequence[dict[str, object]]) -> dict[str, float]:
    """Accuracy against gold: overall, on pronouns about the paragraph topic, and precision."""
    by_pos = {(c.doc, c.sentence, c.token): c for c in cases}
    right = total = topic_right = topic_total = resolved = resolved_right = 0
    for rec in gold:
        case = by_pos.get((str(rec["doc"]), int(rec["sentence"]), int(rec["token"])))  # type: ignore[call-overload]
        predicted = case.antecedent if case else None
        want: Gold = rec.get("gold")  # type: ignore[assignment]
        ok = same_referent(predicted, want)
        total += 1
        right += ok
        if predicted is not None:
            resolved += 1
            resolved_right += ok
        if any(_words(n) == _words(topic_name(str(rec["doc"]))) for n in _names(want)):
            topic_total += 1
            topic_right += ok
    return {
        "judged": total,
        "accuracy": right / total if total else 0.0,
        "topic_pronouns": topic_total,
        "topic_accuracy": topic_right / topic_total if topic_total else 0.0,
        "resolved": resolved,
        "precision": resolved_right / resolved if resolved else 0.0,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the pronoun cases, then the score against the gold sample."""
    parser = argparse.ArgumentParser(prog="python -m lgm_rdf.bench.extraction.coref")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="HotpotQA JSON file")
    parser.add_argument("--gold", type=Path, default=GOLD_PATH, help="judged sample (JSONL)")
    parser.add_argument("--limit", type=int, default=0, help="paragraphs to read (0 = all)")
    parser.add_argument("--gold-only", action="store_true", help="only the judged paragraphs")
    parser.add_argument("--errors", action="store_true", help="print only judged mistakes")
    parser.add_argument("--json", action="store_true", help="print cases as JSON lines")
    args = parser.parse_args(argv)

    from lgm_rdf.nlp.spacy_backend import SpacyNLP

    paragraphs = load_paragraphs(args.data)
    gold = load_gold(args.gold) if args.gold.is_file() else []
    if args.gold_only:
        judged = {str(r["doc"]) for r in gold}
        paragraphs = [p for p in paragraphs if p[0] in judged]
    if args.limit:
        paragraphs = paragraphs[: args.limit]
    cases = pronoun_cases(SpacyNLP(), paragraphs)
    wanted = {(str(r["doc"]), r["sentence"], r["token"]): r.get("gold") for r in gold}
    for case in cases:
        key = (case.doc, case.sentence, case.token)
        if args.errors and (key not in wanted or same_referent(case.antecedent, wanted[key])):  # type: ignore[arg-type]
            continue
        if args.json:
            print(json.dumps(asdict(case), ensure_ascii=False))
            continue
        verdict = f"   gold: {wanted[key]}" if key in wanted else ""
        print(
            f"[{case.doc} #{case.sentence}.{case.token}] {case.pronoun} -> {case.antecedent}{verdict}"
        )
        print(f"    {case.text}")
    if gold:
        figures: dict[str, dict[str, float]] = {"all": score(cases, gold)}
        for split in sorted({str(r.get("split", "")) for r in gold} - {""}):
            figures[split] = score(cases, [r for r in gold if r.get("split") == split])
        print(json.dumps(figures, indent=2), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
