"""Markdown report of ``lgm bench graph``."""

from __future__ import annotations

from typing import Any


def format_markdown(result: dict[str, Any]) -> str:
    """The figures of ``measure`` as Markdown tables."""
    lines = [
        f"sentences: {result['sentences']} ({result['non_prose_sentences']} in non-prose "
        f"blocks)   concepts: {result['concepts']}   relations: {result['relations']}"
        f" (+{result.get('withheld', 0)} withheld below the confidence minimum)",
        "",
        "| relations per 1,000 sentences | |",
        "|---|---:|",
    ]
    lines += [f"| {k} | {v} |" for k, v in result["per_1000"].items()]
    lines += [f"| extractor {k} | {v} |" for k, v in result["per_1000_by_extractor"].items()]
    lines += [
        "",
        f"relations with evidence in non-prose blocks: {result['non_prose_share']:.1%}",
        *[f"  {e}" for e in result["non_prose_examples"]],
        f"junk concept labels per 1,000 sentences: {result['junk_per_1000']}"
        + (f" (e.g. {', '.join(result['junk_examples'])})" if result["junk_examples"] else ""),
        f"acronym/plural splits: {len(result['splits'])}"
        + (
            f" ({', '.join('/'.join(p) for p in result['splits'][:10])})"
            if result["splits"]
            else ""
        ),
    ]
    if result["judged"]:
        lines += ["", "| judged sample | judged | precision | still learned | their precision |"]
        lines += ["|---|---:|---:|---:|---:|"]
        for j in result["judged"]:
            lines.append(
                f"| {j['file']} | {j['judged']} | {j['precision']:.3f} | {j['still_learned']} "
                f"| {j['precision_of_still_learned']:.3f} |"
            )
        for j in result["judged"]:
            lines += ["", f"| {j['file']}: still learned, by rule | rows | precision |"]
            lines += ["|---|---:|---:|"]
            lines += [
                f"| {rule} | {c['rows']} | {c['precision']:.3f} |"
                for rule, c in j["still_learned_by_rule"].items()
            ]
    lines += ["", "| relations by rule | count |", "|---|---:|"]
    lines += [f"| {k} | {v} |" for k, v in result["by_rule"].items()]
    return "\n".join(lines)
