"""Summaries and the Markdown report of ``lgm bench serve`` (latency per engine, ratios)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from lgm_rdf.bench.latency import percentiles
from lgm_rdf.bench.serving.client import FAILED, Timing
from lgm_rdf.bench.serving.setup import MixQuery

ENGINE_NOTES = {
    "lgm": "`lgm serve`",
    "oxigraph": "`oxigraph serve --union-default-graph` (subprocess)",
    "virtuoso": "`virtuoso-t` (Virtuoso Open-Source, subprocess; N-Quads bulk-loaded with "
    "`ld_dir`/`rdf_loader_run`, queries form-encoded with "
    "`DEFINE input:default-graph-exclude <…virtrdf#>` in front)",
}


def summarise(
    mix: Sequence[MixQuery],
    timings: dict[str, list[Timing]],
    baseline: str,
    expected: dict[str, list[int]],
) -> dict[str, Any]:
    """Per kind and overall: p50/p90/p99/max/mean in ms per engine, and each other engine's
    ratios to the baseline (``ratio[engine][kind]``, of p50 and mean). A ratio compares the
    same queries: those the engine failed to answer are left out of the baseline's side too
    (NaN when the engine answered none of a kind)."""
    kinds = list(dict.fromkeys(q.kind for q in mix)) + ["all"]

    def stats_of(name: str, kind: str, answered_by: str) -> dict[str, float]:
        ms = [
            s * 1000
            for i, s in timings[name]
            if (kind == "all" or mix[i].kind == kind) and expected[answered_by][i] != FAILED
        ]
        return {**percentiles(ms), "n": len(ms)}

    stats = {name: {kind: stats_of(name, kind, name) for kind in kinds} for name in timings}
    ratio: dict[str, dict[str, dict[str, float]]] = {}
    for name in timings:
        if name == baseline:
            continue
        ratio[name] = {}
        for kind in kinds:
            base = stats_of(baseline, kind, name)
            ratio[name][kind] = {
                key: stats[name][kind][key] / base[key] if base["n"] else math.nan
                for key in ("p50", "mean")
            }
    return {**stats, "ratio": ratio}


def row_differences(
    mix: Sequence[MixQuery], expected: dict[str, list[int]], baseline: str
) -> dict[str, dict[str, dict[str, int]]]:
    """Per engine and kind: of how many variants the row counts differ from the baseline's,
    and how many the engine failed to answer."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for name, rows in expected.items():
        if name == baseline:
            continue
        per_kind = out.setdefault(name, {})
        for i, query in enumerate(mix):
            entry = per_kind.setdefault(query.kind, {"differ": 0, "failed": 0, "variants": 0})
            entry["variants"] += 1
            entry["failed"] += int(rows[i] == FAILED)
            entry["differ"] += int(rows[i] not in (FAILED, expected[baseline][i]))
    return out


def _warning(diff: dict[str, int]) -> str:
    parts = []
    if diff["failed"]:
        parts.append(f"{diff['failed']} of {diff['variants']} refused")
    if diff["differ"]:
        parts.append(f"{diff['differ']} of {diff['variants']} differ")
    return "⚠ " + ", ".join(parts) if parts else "–"


def _ms(value: float) -> str:
    if math.isnan(value):
        return "–"
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"


def _x(value: float) -> str:
    return "–" if math.isnan(value) else f"{value:.2f}x"


def _table(result: dict[str, Any], phase: str) -> list[str]:
    part, engines, baseline = result[phase], result["engines"], result["baseline"]
    others = [e for e in engines if e != baseline]
    warned = [
        e
        for e in others
        if any(v["differ"] or v["failed"] for v in result["row_differences"][e].values())
    ]
    head = ["query kind", "n"]
    for name in engines:
        head += [f"{name} p50", "p90", "p99", "mean"]
    for name in others:
        head += [f"{name}/{baseline} p50", "mean"]
    head += [f"{name} rows ≠ {baseline}" for name in warned]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for kind in [*result["mix"], "all"]:
        cells = [f"**{kind}**" if kind == "all" else kind, str(part[baseline][kind]["n"])]
        # n: requests per engine (an engine's refused queries are not sent)
        for name in engines:
            cells += [_ms(part[name][kind][k]) for k in ("p50", "p90", "p99", "mean")]
        for name in others:
            ratio = part["ratio"][name][kind]
            cells += [_x(ratio["p50"]), _x(ratio["mean"])]
        for name in warned:
            diff = result["row_differences"][name].get(kind)
            if diff is None:  # the "all" row
                diff = {
                    key: sum(v[key] for v in result["row_differences"][name].values())
                    for key in ("differ", "failed", "variants")
                }
            cells.append(_warning(diff))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def format_markdown(result: dict[str, Any]) -> str:
    """The Markdown report: the engines, the query mix, then latency tables (ms) and throughput."""
    sizes, machine = result["sizes"], result["machine"]
    engines, baseline = result["engines"], result["baseline"]
    source = ", ".join(result["corpus"]) if result["corpus"] else f"KB {result['kb']}"
    notes = {**ENGINE_NOTES, "lgm": f"`lgm serve` ({result['lgm_server']})"}
    lines = [
        f"## SPARQL endpoint latency: {' vs '.join(engines)} (one run)",
        "",
        f"KB: {source}; {sizes.get('documents', 0):,} documents, {sizes.get('sentences', 0):,} "
        f"sentences, {sizes.get('concepts', 0):,} concepts, {result['quads']:,} quads "
        "(the same N-Quads loaded into every server).",
        "Engines: " + "; ".join(f"{name}: {notes[name]}" for name in engines) + ".",
        *[f"Skipped: {name}: {reason}." for name, reason in result["skipped"].items()],
        "Client: httpx, keep-alive, POST, Accept application/sparql-results+json "
        f"(CONSTRUCT: application/n-triples); loopback. Ratios: engine / {baseline}, over "
        "the queries both answered; n: requests per engine (queries an engine refuses are "
        "not sent to it).",
        f"{result['queries']} timed requests per engine per phase, after a warm-up in which "
        f"every query's answers were compared with {baseline}'s (lgm: equal rows; "
        "Virtuoso: equal row counts, differences flagged ⚠); every timed answer's row count "
        "checked against that engine's warm-up.",
        f"Machine: {machine['cpus']} CPUs, shared with other work (load average "
        f"{machine['load_before'][0]:.1f} before, {machine['load_after'][0]:.1f} after); "
        "client and all servers on the same cores.",
        "",
        "| query kind | variants | rows per answer |",
        "|---|---|---|",
    ]
    for kind, entry in result["mix"].items():
        rows = entry["rows"]
        lines.append(f"| {kind} | {entry['variants']} | {min(rows)}–{max(rows)} |")
    lines += ["", "### Sequential (one client), latency in ms", ""]
    lines += _table(result, "sequential")
    conc = result["concurrent"]
    lines += ["", f"### {result['clients']} concurrent clients, latency in ms", ""]
    lines += _table(result, "concurrent")
    tp = conc["throughput"]
    shown = ", ".join(f"{name} {tp[name]:.1f} queries/s" for name in engines)
    ratios = ", ".join(
        f"{name}/{baseline} {conc['throughput_ratio'][name]:.2f}x"
        for name in engines
        if name != baseline
    )
    lines += ["", f"Throughput with {result['clients']} clients: {shown} ({ratios})."]
    for name, failed in result["errors"].items():
        for kind, error in failed.items():
            lines.append(f"⚠ {name} refused {kind} (left out of its timings and ratios): {error}")
    lines += [
        f"⚠ {name}: {kind}: {diff['differ']} of {diff['variants']} variants return another "
        f"number of rows than {baseline}."
        for name, kinds in result["row_differences"].items()
        for kind, diff in kinds.items()
        if diff["differ"]
    ]
    return "\n".join(lines) + "\n"
