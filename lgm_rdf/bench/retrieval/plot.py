"""PNG of recall against context size from a ``run_retrieval_benchmark`` result.

HotpotQA: supporting-sentence recall within K characters; MuSiQue (no sentence gold): the
share of gold paragraphs with a sentence within K. One line per system scored at the curve
budgets (lgm_rdf without ablation, BM25 sentences, BM25 paragraphs, dense when present).
matplotlib is optional: without it the plot is refused with a one-line message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lgm_rdf.errors import LgmError


class PlotUnavailable(LgmError):
    """matplotlib is not installed."""


def require_matplotlib() -> None:
    """Raise ``PlotUnavailable`` unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise PlotUnavailable(
            "plotting needs matplotlib: pip install matplotlib (or drop --plot)"
        ) from exc


def curves(result: dict[str, Any]) -> dict[str, list[tuple[int, float]]]:
    """``{system: [(K, recall), ...]}`` for the systems scored at two or more budgets."""
    key = "sentence_recall" if result["dataset"] == "hotpotqa" else "paragraph_recall_within"
    wanted = {int(k) for k in result.get("curve_budgets", [])}
    out: dict[str, list[tuple[int, float]]] = {}
    for s in result["systems"]:
        points = sorted(
            (int(k), float(v)) for k, v in s.get(key, {}).items() if v is not None
        )  # JSON turns the integer budgets into strings
        if len(points) >= 2 and wanted <= {k for k, _ in points}:
            out[s["system"]] = points
    return out


def plot_recall_curve(result: dict[str, Any], path: str | Path) -> Path:
    """Write the recall-vs-context-size PNG to ``path`` and return it."""
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lines = curves(result)
    if not lines:
        raise LgmError("nothing to plot: no system was scored at two or more context sizes")
    hotpot = result["dataset"] == "hotpotqa"
    fig, ax = plt.subplots(figsize=(6.4, 4.2), dpi=120)
    for name, points in lines.items():
        xs, ys = zip(*points, strict=True)
        ax.plot(xs, [100 * y for y in ys], marker="o", label=name)
    ax.set_xlabel("context size K (characters)")
    ax.set_ylabel(
        "supporting-sentence recall (%)" if hotpot else "gold paragraphs within context (%)"
    )
    ax.set_title(f"{Path(result['file']).name}: {result['questions']} questions")
    ax.set_ylim(0, 100)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, format="png")
    plt.close(fig)
    return out
