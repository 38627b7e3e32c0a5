"""Scores of one system over the questions of a retrieval benchmark, and the Markdown report."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from lgm_rdf.bench.retrieval import metrics as M
from lgm_rdf.bench.retrieval.gold import HOTPOTQA, QARecord, norm_text

RECALL_AT = (2, 5)


class SystemScores:
    """Per-question scores of one system, summarised on demand."""

    def __init__(self, name: str, budgets: Sequence[int]) -> None:
        self.name = name
        self.budgets = list(budgets)
        self.sent: dict[int, list[tuple[int, int]]] = {k: [] for k in self.budgets}
        self.para: dict[int, list[tuple[int, int]]] = {k: [] for k in self.budgets}
        self.chars: dict[int, list[int]] = {k: [] for k in self.budgets}
        self.at: dict[int, list[float | None]] = {k: [] for k in RECALL_AT}
        self.aic: dict[int, list[float | None]] = {k: [] for k in self.budgets}
        self.seconds: list[float] = []
        self.questions: list[dict[str, Any]] = []

    def add(
        self,
        rec: QARecord,
        contexts: dict[int, list[tuple[str, str]]],
        paragraphs: Sequence[str],
        seconds: Iterable[float],
    ) -> None:
        """Score one question: its context per budget (``(doc key, text)``) and paragraph ranking."""
        row: dict[str, Any] = {"id": rec.qid}
        for k in self.budgets:
            ctx = contexts[k]
            keys = {(d, norm_text(t)) for d, t in ctx}
            if rec.gold_sentences:
                self.sent[k].append(M.hits(keys, rec.gold_sentences))
                row[f"sr@{k}"] = M.recall(keys, rec.gold_sentences)
            self.para[k].append(M.hits({d for d, _ in ctx}, rec.gold_paragraphs))
            self.chars[k].append(M.context_length([t for _, t in ctx]))
            found = M.answer_in_context([t for _, t in ctx], [rec.answer, *rec.aliases])
            self.aic[k].append(None if found is None else float(found))
            row[f"aic@{k}"] = found
        for k in RECALL_AT:
            value = M.recall_at_k(list(paragraphs), rec.gold_paragraphs, k)
            self.at[k].append(value)
            row[f"r@{k}"] = value
        self.seconds.extend(seconds)
        row["top5"] = M.distinct(paragraphs)[:5]
        self.questions.append(row)

    def summary(self) -> dict[str, Any]:
        """Means over questions (``sentence_recall``), pooled figures, sizes and time."""

        def per_q(pairs: list[tuple[int, int]]) -> float | None:
            return M.mean(f / t if t else None for f, t in pairs)

        return {
            "system": self.name,
            "sentence_recall": {k: per_q(self.sent[k]) for k in self.budgets if self.sent[k]},
            "sentence_recall_pooled": {
                k: M.pooled(self.sent[k]) for k in self.budgets if self.sent[k]
            },
            "paragraph_recall_within": {k: per_q(self.para[k]) for k in self.budgets},
            "recall_at": {k: M.mean(self.at[k]) for k in RECALL_AT},
            "answer_in_context": {k: M.mean(self.aic[k]) for k in self.budgets},
            "context_chars": {k: M.mean(map(float, self.chars[k])) for k in self.budgets},
            "seconds_per_ask": M.mean(self.seconds),
            "questions": self.questions,
        }


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def format_markdown(result: dict[str, Any]) -> str:
    """The result as Markdown: one table of the systems, then pooled recall and notes."""
    budgets = result["budgets"]
    hotpot = result["dataset"] == HOTPOTQA
    head = [f"SR@{k}" for k in budgets] if hotpot else [f"PR@{k}" for k in budgets]
    head += [f"R@{k}" for k in RECALL_AT] + [f"AiC@{k}" for k in budgets]
    head += [f"ctx@{k}" for k in budgets] + ["ms/ask"]
    lines = [
        f"## {Path(result['file']).name} ({result['dataset']}): {result['questions']} questions, "
        f"{result['paragraphs']} paragraphs, {result.get('sentences', '?')} sentences in one KB",
        "",
        "| system | " + " | ".join(head) + " |",
        "|---|" + "---:|" * len(head),
    ]
    for s in result["systems"]:
        within = s["sentence_recall"] if hotpot else s["paragraph_recall_within"]
        cells = [_pct(within.get(k)) for k in budgets]
        cells += [_pct(s["recall_at"].get(k)) for k in RECALL_AT]
        cells += [_pct(s.get("answer_in_context", {}).get(k)) for k in budgets]
        cells += [f"{s['context_chars'].get(k) or 0:.0f}" for k in budgets]
        secs = s["seconds_per_ask"]
        cells.append("–" if secs is None else f"{1000 * secs:.1f}")
        lines.append(f"| {s['system']} | " + " | ".join(cells) + " |")
    lines.append("")
    if hotpot:
        lines.append(
            "SR@K: gold supporting sentences within K characters of context (mean over questions); "
            "pooled: "
            + "; ".join(
                f"{s['system']} "
                + "/".join(_pct(s["sentence_recall_pooled"].get(k)) for k in budgets)
                for s in result["systems"]
            )
        )
    else:
        lines.append("PR@K: gold paragraphs with a sentence within K characters of context.")
    lines.append(
        f"R@k: gold paragraphs among the first k documents of the ranking (lgm_rdf: "
        f"Answer.ranking at chunk_size={result['ranking_budget']}); ctx@K: mean characters of "
        "context; AiC@K: questions whose gold answer (or an alias; SQuAD-normalised, whole words; "
        "yes/no answers left out) lies inside the K characters of context; ms/ask: mean wall time of one ask; lgm_rdf asks: "
        f"{result.get('asks', '?')}."
    )
    if "learn_seconds" in result:
        lines.append(f"Learning the file took {result['learn_seconds']:.1f} s.")
    lines.extend(result["notes"])
    return "\n".join(lines) + "\n"
