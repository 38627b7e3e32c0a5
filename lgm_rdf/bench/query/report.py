"""The Markdown report of ``lgm bench query`` (tables of load, latency and growth)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

PHASES = ("expand", "candidates", "propagation")  # the timed steps of asking


def _mb(n: float) -> str:
    return f"{n / 1e6:,.0f}"


def _row(cells: Sequence[object]) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> Iterator[str]:
    yield _row(head)
    yield _row(["---:"] * len(head))
    for r in rows:
        yield _row(r)


def format_markdown(result: dict[str, Any]) -> str:
    """The benchmark result as Markdown: size and load table, latency table, growth table."""
    s = result["settings"]
    lines = [
        f"# lgm bench query: {result['seeds']} seed concepts per size "
        f"(+{result['warmup']} warm-up), random seed {result['seed']}",
        "",
        f"expand_depth {s['expand_depth']}, max_expanded_concepts {s['max_expanded_concepts']}, "
        f"max_candidate_sentences {s['max_candidate_sentences']}; "
        f"{result['machine']['cpus']} CPUs, pyoxigraph {result['machine']['pyoxigraph']}.",
        "",
        "## Data and load",
        "",
    ]
    lines += _table(
        [
            "sentences",
            "documents",
            "concepts mentioned",
            "relations",
            "quads",
            "N-Quads MB",
            "generate s",
            "load s",
            "quads/s loaded",
            "store MB",
            "peak RSS load MB",
            "graph nodes",
            "graph edges",
            "peak RSS query MB",
        ],
        [
            [
                f"{r['sentences']:,}",
                f"{r['kb']['documents']:,}",
                f"{r['kb']['concepts_mentioned']:,}",
                f"{sum(v for k, v in r['kb'].items() if k.startswith('relations_')):,}",
                f"{r['quads_loaded']:,}",
                _mb(r["nquads_bytes"]),
                f"{r['generate_seconds']:.1f}",
                f"{r['load_seconds']:.1f}",
                f"{r['load_quads_per_second']:,.0f}",
                _mb(r["store_bytes"]),
                _mb(r["peak_rss_load_bytes"]),
                f"{r.get('graph_nodes', 0):,}",
                f"{r.get('graph_edges', 0):,}",
                _mb(r["peak_rss_query_bytes"]),
            ]
            for r in result["sizes"]
        ],
    )
    lines += ["", "## Start-up (a fresh process each)", ""]
    lines += _table(
        ["sentences", "how", "open s", "concept index s", "propagation graph s", "total s"]
        + ["peak RSS MB"],
        [
            [f"{r['sentences']:,}", how]
            + [f"{step[k]:.1f}" for k in ("open_s", "index_s", "graph_s", "total_s")]
            + [f"{step['peak_rss_mb']:,.0f}"]
            for r in result["sizes"]
            for how, step in (
                ("built and persisted", r["startup"]["build"]),
                ("read back", r["startup"]["load"]),
            )
        ],
    )
    lines += [
        "",
        "built and persisted = the first ask after a write (the indexes are built from the store "
        "and saved in `<kb>/indexes/`); read back = every later start while the KB is unchanged.",
        "",
        "## Latency (ms) per seed concept",
        "",
    ]
    rows = []
    for r in result["sizes"]:
        for phase in (*PHASES, "ask"):
            p = r[f"{phase}_ms"]
            rows.append(
                [f"{r['sentences']:,}", phase]
                + [f"{p[k]:.1f}" for k in ("p50", "p90", "p99", "max", "mean")]
            )
    lines += _table(["sentences", "step", "p50", "p90", "p99", "max", "mean"], rows)
    lines += [
        "",
        "expand = `expand_concepts`; candidates = `fetch_candidates` as `KBRetriever._hits` "
        "calls it (specific concepts, or all capped); propagation = the Personalized PageRank "
        "from the seed over the KB graph and the scores of the candidates; ask = the three.",
        "",
        "## Result sizes and frequency bands",
        "",
    ]
    rows = []
    for r in result["sizes"]:
        bands = ", ".join(
            f"{k} {v['seeds']} seeds p50 {v['p50']:.1f} ms" for k, v in r["bands"].items()
        )
        rows.append(
            [
                f"{r['sentences']:,}",
                f"{r['expanded']['mean']:.1f} / {r['expanded']['max']}",
                f"{r['candidates']['mean']:.0f} / {r['candidates']['max']}",
                str(r["seeds_measured"]),
                bands,
            ]
        )
    lines += _table(
        [
            "sentences",
            "expanded mean/max",
            "candidates mean/max",
            "seeds timed",
            "ask p50 by seed band (common > cap, mid ≥ 10, rare < 10 sentences)",
        ],
        rows,
    )
    lines += ["", "## Growth (p50 relative to the smallest size)", ""]
    lines += _table(
        ["sentences", "data x"] + [f"{p} p50 x" for p in (*PHASES, "ask")],
        [
            [f"{g['sentences']:,}", f"{g['data_ratio']:.0f}"]
            + [f"{g[f'{p}_p50_ratio']:.2f}" for p in (*PHASES, "ask")]
            for g in result["growth"]
        ],
    )
    return "\n".join(lines) + "\n"
