"""``lgm bench qa FILE``: end-to-end question answering on a HotpotQA or MuSiQue file.

All contexts of the (first ``limit``) questions are learned into ONE knowledge base; each
question is answered by Concept Iterative Retrieval (``LanguageGraph.ask(reasoner="llm")``)
and by the stuffing baseline (:mod:`lgm_rdf.bench.qa.stuffed`). Both are scored by EM / token
F1 against the gold answer (and MuSiQue's aliases) and by an LLM judge (paper appendix 9):
Yes / No / Unsupport, Recall = (N − U) / N, accuracy = Yes / N. LLM calls and tokens are
counted per system, per question.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lgm_rdf.bench.qa.metrics import best_scores, judge_summary, mean, parse_judge_label
from lgm_rdf.bench.qa.report import SYSTEMS, format_markdown
from lgm_rdf.bench.qa.stuffed import NO_ANSWER as STUFFED_NO_ANSWER
from lgm_rdf.bench.qa.stuffed import answer_stuffed
from lgm_rdf.errors import LgmError
from lgm_rdf.llm.base import ChatModel, LLMError, Message, Usage
from lgm_rdf.llm.prompting import load_prompt
from lgm_rdf.retrieve.iterative import NO_ANSWER as REASONER_NO_ANSWER
from lgm_rdf.retrieve.iterative import NO_EVIDENCE, NOT_ENOUGH
from lgm_rdf.settings import Settings

NO_LLM_MESSAGE = (
    "lgm bench qa needs an LLM and none is configured: set LGM_LLM_MODEL (and OPENAI_BASE_URL /"
    " OPENAI_API_KEY for your OpenAI-compatible server). Nothing was run."
)
NO_ANSWER_TEXTS = (NO_EVIDENCE, NOT_ENOUGH, REASONER_NO_ANSWER, STUFFED_NO_ANSWER)
USAGE_KEYS = ("calls", "cached_calls", "prompt_tokens", "completion_tokens")


class QABenchError(LgmError, ValueError):
    """The QA file cannot be used (unreadable, unknown format, no questions)."""


@dataclass(frozen=True)
class QAItem:
    """One benchmark question: its id, text, gold answers (answer first, then aliases)."""

    id: str
    question: str
    answers: tuple[str, ...]
    kind: str  # HotpotQA "type" (bridge / comparison) or MuSiQue hop count ("2hop", ...)


def load_records(path: str | Path) -> list[dict[str, Any]]:
    """The records of a HotpotQA (JSON list) or MuSiQue (JSON list or JSONL) file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise QABenchError(f"{p}: cannot read the file ({exc})") from exc
    try:
        data = json.loads(text)
        records = data if isinstance(data, list) else [data]
    except json.JSONDecodeError:
        try:
            records = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError as exc:
            raise QABenchError(f"{p}: neither JSON nor JSON lines ({exc.msg})") from exc
    if not records or not all(isinstance(r, dict) for r in records):
        raise QABenchError(f"{p}: expected a list of question records")
    return records


def to_item(record: dict[str, Any], n: int) -> QAItem:
    """A :class:`QAItem` from a HotpotQA or MuSiQue record (``n`` names it in errors)."""
    question, answer = record.get("question"), record.get("answer")
    has_context = "context" in record or "paragraphs" in record
    if not isinstance(question, str) or not isinstance(answer, str) or not has_context:
        raise QABenchError(
            f"record {n}: not a HotpotQA or MuSiQue question "
            '(needs "question", "answer" and "context" or "paragraphs")'
        )
    aliases = [a for a in record.get("answer_aliases") or [] if isinstance(a, str)]
    kind = record.get("type") or str(record.get("id", "")).split("__")[0] or ""
    qid = str(record.get("_id") or record.get("id") or f"q{n}")
    return QAItem(qid, question, (answer, *aliases), str(kind))


def judge_messages(question: str, gold: str, answer: str) -> list[Message]:
    """The judge prompt for one (question, reference answer, system answer) triple."""
    user = (
        f"Question: {' '.join(question.split())}\n"
        f"Reference answer: {' '.join(gold.split())}\n"
        f"AI system's answer: {' '.join(answer.split())}\n\n"
        "Does the AI system's answer match the reference answer? Reply Yes, No or Unsupport."
    )
    return [{"role": "system", "content": load_prompt("judge")}, {"role": "user", "content": user}]


def judge_answer(chat: ChatModel, question: str, gold: str, answer: str) -> tuple[str, Usage]:
    """The judge's label of one answer.

    An empty answer, or one of the fixed texts by which the reasoner and the baseline say the
    evidence was not enough, is ``unsupported`` without a call (the paper's rule); a failed
    judge call is ``unclear``.
    """
    if not answer.strip() or answer.startswith(NO_ANSWER_TEXTS):
        return "unsupported", Usage()
    try:
        completion = chat.complete(judge_messages(question, gold, answer))
    except LLMError:
        return "unclear", Usage()
    return parse_judge_label(completion.text), completion.usage


def _usage_dict(usage: Any) -> dict[str, int]:
    if isinstance(usage, Usage):
        return usage.as_dict()
    return {k: int((usage or {}).get(k, 0)) for k in USAGE_KEYS}


def _score(item: QAItem, answer: str) -> dict[str, float]:
    em, f1 = best_scores(answer, item.answers)
    return {"em": em, "f1": f1}


def _learn(lg: Any, records: list[dict[str, Any]], workdir: Path) -> dict[str, Any]:
    """Learn the contexts of ``records`` (written to a JSON file the readers understand)."""
    source = workdir / "contexts.json"
    source.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    report = lg.learn([source])
    return {
        "documents": report.documents,
        "learned": report.learned,
        "sentences": report.sentences,
        "seconds": report.seconds,
        "llm": dict(report.llm or {}),
    }


def run_qa_benchmark(
    path: str | Path,
    settings: Settings,
    limit: int | None = None,
    judge: bool = True,
    *,
    chat: ChatModel | None = None,
    judge_chat: ChatModel | None = None,
    nlp: Any = None,
    stuff_max_chars: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Learn the file's contexts into ``settings.kb``, answer and score every question.

    ``chat`` replaces the configured LLM (tests pass a scripted model); ``judge_chat`` is
    the judge (default: the same model). ``stuff_max_chars`` caps the baseline's prompt.
    Returns a JSON-ready dict: per-system metrics and usage, and one entry per question.
    """
    from lgm_rdf.graph import LanguageGraph

    records = load_records(path)[: limit or None]
    items = [to_item(r, n) for n, r in enumerate(records, 1)]
    if not items:
        raise QABenchError(f"{path}: no questions")
    if chat is None and not settings.llm_configured:
        raise QABenchError(NO_LLM_MESSAGE)
    with (
        LanguageGraph(settings=settings, chat=chat, nlp=nlp) as lg,
        tempfile.TemporaryDirectory(prefix="lgm-qa-") as tmp,
    ):
        model = lg.chat_model()
        if model is None:
            raise QABenchError(NO_LLM_MESSAGE)
        judge_model = judge_chat or model
        learned = _learn(lg, records, Path(tmp))
        rows = []
        for done, item in enumerate(items, 1):
            rows.append(
                _answer_one(lg, model, judge_model if judge else None, item, stuff_max_chars)
            )
            if progress:
                progress(done, len(items))
    return {
        "file": str(path),
        "questions": len(items),
        "model": getattr(model, "model", ""),
        "judge_model": getattr(judge_model, "model", "") if judge else None,
        "learn": learned,
        "systems": {name: _aggregate(rows, name, judge) for name in SYSTEMS},
        "judge_usage": _sum_usage(row["judge_usage"] for row in rows),
        "items": rows,
    }


def _answer_one(
    lg: Any,
    model: ChatModel,
    judge_model: ChatModel | None,
    item: QAItem,
    stuff_max_chars: int | None,
) -> dict[str, Any]:
    """Both systems' answers to one question, scored and judged."""
    row: dict[str, Any] = {"id": item.id, "question": item.question, "gold": list(item.answers)}
    t0 = time.perf_counter()
    ranking: Sequence[Any] = []
    try:
        ans = lg.ask(item.question, reasoner="llm")
        ranking = ans.ranking
        lgm = {"answer": ans.answer, "usage": _usage_dict(ans.usage), "error": None}
        lgm["supports"] = len(ans.supports)
    except LgmError as exc:
        lgm = {"answer": "", "usage": _usage_dict(None), "error": str(exc), "supports": 0}
    lgm["seconds"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    stuffed = answer_stuffed(model, item.question, ranking, max_chars=stuff_max_chars)
    base = {
        "answer": stuffed.answer,
        "usage": stuffed.usage.as_dict(),
        "error": stuffed.error,
        "sentences": stuffed.sentences,
        "dropped": stuffed.dropped,
        "seconds": time.perf_counter() - t1,
    }
    judge_usage = Usage()
    for out in (lgm, base):
        out.update(_score(item, out["answer"]))
        if judge_model is not None:
            label, usage = judge_answer(judge_model, item.question, item.answers[0], out["answer"])
            out["judge"] = label
            judge_usage = judge_usage + usage
    row.update({"lgm": lgm, "stuffed": base, "judge_usage": judge_usage.as_dict()})
    return row


def _sum_usage(usages: Any) -> dict[str, int]:
    total = dict.fromkeys(USAGE_KEYS, 0)
    for u in usages:
        for k in USAGE_KEYS:
            total[k] += int(u.get(k, 0))
    return total


def _aggregate(rows: list[dict[str, Any]], name: str, judged: bool) -> dict[str, Any]:
    outs = [row[name] for row in rows]
    n = len(outs)
    usage = _sum_usage(o["usage"] for o in outs)
    out: dict[str, Any] = {
        "em": mean(o["em"] for o in outs),
        "f1": mean(o["f1"] for o in outs),
        "errors": sum(1 for o in outs if o["error"]),
        "usage": usage,
        "per_question": {k: v / n for k, v in usage.items()} if n else {},
        "seconds_per_question": mean(o["seconds"] for o in outs),
    }
    if judged:
        out["judge"] = judge_summary(o["judge"] for o in outs)
    return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``lgm bench qa``: FILE and options."""
    p.add_argument("file", help="HotpotQA or MuSiQue JSON / JSONL file")
    p.add_argument("--limit", type=int, default=0, help="only the first N questions")
    p.add_argument(
        "--kb",
        metavar="DIR",
        help="KB directory for the learned contexts (kept, with its LLM cache, so re-runs are"
        " cheap); default: a temporary directory (LGM_KB is ignored here)",
    )
    p.add_argument("--no-judge", action="store_true", help="skip the LLM-as-judge scoring")
    p.add_argument("--judge-model", help="judge with this model on the same endpoint")
    p.add_argument(
        "--stuff-max-chars",
        type=int,
        default=0,
        help="cap the stuffing baseline's prompt at N characters (default: no cap)",
    )
    p.add_argument(
        "--json",
        metavar="FILE",
        help="also write the full result as JSON to FILE ('-': print it instead of Markdown)",
    )


def cmd(args: argparse.Namespace) -> int:
    """Run ``lgm bench qa``; exit status 2 (nothing done) when no LLM is configured."""
    settings = Settings.from_env()
    if not settings.llm_configured:
        print(f"lgm: {NO_LLM_MESSAGE}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="lgm-bench-qa-") as tmp:
        settings = settings.with_(kb=args.kb or str(Path(tmp) / "kb"))
        judge_chat = None
        if args.judge_model:  # same endpoint, same cache file as the answering model
            from lgm_rdf.llm.factory import build_chat_model

            judge_chat = build_chat_model(settings.with_(llm_model=args.judge_model))
        result = run_qa_benchmark(
            args.file,
            settings,
            limit=args.limit or None,
            judge=not args.no_judge,
            judge_chat=judge_chat,
            stuff_max_chars=args.stuff_max_chars or None,
            progress=_progress_bar(),
        )
    text = json.dumps(result, indent=2, ensure_ascii=False)
    if args.json and args.json != "-":
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    print(text if args.json == "-" else format_markdown(result))
    return 0


def _progress_bar() -> Callable[[int, int], None]:
    """A tqdm bar on standard error, created at the first question."""
    from tqdm import tqdm

    bars: list[Any] = []

    def update(done: int, total: int) -> None:
        if not bars:
            bars.append(tqdm(total=total, unit="q", desc="questions", file=sys.stderr, leave=False))
        bars[0].update(done - bars[0].n)
        if done >= total:
            bars[0].close()

    return update


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lgm_rdf.bench.qa.evaluate FILE [options]`` (same as ``lgm bench qa``)."""
    p = argparse.ArgumentParser(prog="lgm bench qa", description=__doc__.split("\n\n")[0])
    add_arguments(p)
    args = p.parse_args(argv)
    try:
        return cmd(args)
    except LgmError as exc:
        print(f"lgm: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
