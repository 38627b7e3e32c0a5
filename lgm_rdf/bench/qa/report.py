"""The Markdown report of ``lgm bench qa``: a metrics table per system, then one line per question."""

from __future__ import annotations

from typing import Any

SYSTEMS = ("lgm", "stuffed")


def format_markdown(result: dict[str, Any], details: bool = True) -> str:
    """The result as Markdown: one metrics table, then (optionally) one line per question."""
    n = result["questions"]
    lines = [
        f"QA benchmark: {result['file']} — {n} question(s), model `{result['model']}`"
        + (f", judge `{result['judge_model']}`" if result.get("judge_model") else ", no judge"),
        "",
        f"Learned {result['learn']['documents']} documents, {result['learn']['sentences']}"
        f" sentences in {result['learn']['seconds']:.1f} s",
        "",
        "| system | EM | F1 | judge acc | judge recall | yes/no/unsupp/unclear "
        "| calls/q | cached/q | prompt tok/q | compl tok/q | s/q | errors |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in SYSTEMS:
        s = result["systems"][name]
        j = s.get("judge")
        judged = (
            (
                f"{100 * j['accuracy']:.1f} | {100 * j['recall']:.1f} | "
                f"{j['yes']}/{j['no']}/{j['unsupported']}/{j['unclear']}"
            )
            if j
            else "– | – | –"
        )
        pq = s["per_question"]
        lines.append(
            f"| {name} | {100 * s['em']:.1f} | {100 * s['f1']:.1f} | {judged} "
            f"| {pq.get('calls', 0):.1f} | {pq.get('cached_calls', 0):.1f} "
            f"| {pq.get('prompt_tokens', 0):.0f} | {pq.get('completion_tokens', 0):.0f} "
            f"| {s['seconds_per_question']:.1f} | {s['errors']} |"
        )
    ju = result.get("judge_usage") or {}
    if result.get("judge_model"):
        lines += [
            "",
            f"Judge: {ju.get('calls', 0)} calls ({ju.get('cached_calls', 0)} cached),"
            f" {ju.get('prompt_tokens', 0)} prompt + {ju.get('completion_tokens', 0)}"
            " completion tokens.",
        ]
    if details:
        lines += [
            "",
            "| # | question | gold | lgm | judge | stuffed | judge |",
            "|---|---|---|---|---|---|---|",
        ]
        for i, row in enumerate(result["items"], 1):
            cells = [
                str(i),
                _cell(row["question"], 80),
                _cell(row["gold"][0], 30),
                _cell(_shown(row["lgm"]), 60),
                row["lgm"].get("judge", "–"),
                _cell(_shown(row["stuffed"]), 60),
                row["stuffed"].get("judge", "–"),
            ]
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _shown(out: dict[str, Any]) -> str:
    if out["answer"]:
        return str(out["answer"])
    return f"(error: {out['error']})" if out.get("error") else "(empty)"


def _cell(text: str | None, width: int) -> str:
    flat = " ".join(str(text or "").split()).replace("|", "\\|")
    return flat if len(flat) <= width else flat[: width - 1] + "…"
