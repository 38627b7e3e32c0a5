"""``lgm bench retrieval FILE``: retrieval quality on a HotpotQA or MuSiQue file.

Every context paragraph of the file is learned into ONE knowledge base (the shared-corpus
setting of HippoRAG and KAG), then every question is asked offline (no LLM) under each ablation
and scored against the gold support, next to BM25 (and optionally dense) baselines run on the
same paragraphs and sentences:

* supporting-sentence recall within K characters (HotpotQA): gold ``[title, index]`` facts are
  matched to our supports by document and whitespace-normalised sentence text;
* gold-paragraph recall within K: gold paragraphs with at least one sentence in the context;
* paragraph Recall@2 / @5: documents in order of their best sentence in ``Answer.ranking``
  (from the ``chunk_size=2000`` ask), against the gold paragraphs;
* mean context size (characters of the supports) and mean seconds per ask.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from lgm_rdf.bench.retrieval import metrics as M
from lgm_rdf.bench.retrieval.baselines import (
    BM25Paragraphs,
    BM25Sentences,
    DenseSentences,
    DenseUnavailable,
    Ranked,
    Retriever,
    dense_available,
)
from lgm_rdf.bench.retrieval.gold import GoldSet, Paragraph, QARecord, load_gold
from lgm_rdf.bench.retrieval.report import SystemScores, format_markdown

BUDGETS = (1000, 2000, 4000)
CURVE_BUDGETS = (250, 500, 1000, 1500, 2000, 3000, 4000)
ABLATIONS = ("none", "no_expansion", "no_iteration", "no_propagation", "no_graph")
RANKING_BUDGET = 2000
_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[\"'(\[A-Z0-9])")


# -- corpus ------------------------------------------------------------------------------------


def kb_sentences(lg: Any, paragraphs: Sequence[Paragraph]) -> list[Paragraph]:
    """The paragraphs with the sentences the KB stored for them (its own segmentation)."""
    from lgm_rdf.ontology import NIF

    out: list[Paragraph] = []
    for p in paragraphs:
        graph = lg.minter.document(p.key)
        found: list[tuple[int, str]] = []
        for q in lg.store.quads(graph):
            if q.predicate == NIF.anchorOf:
                tail = q.subject.value.rsplit("/sentence/", 1)
                if len(tail) == 2 and tail[1].isdigit():
                    found.append((int(tail[1]), q.object.value))
        sentences = tuple(t for _, t in sorted(found)) or p.sentences
        out.append(Paragraph(p.key, p.title, p.text, sentences, p.given))
    return out


def split_sentences(paragraphs: Sequence[Paragraph]) -> list[Paragraph]:
    """Paragraphs without given sentences split at sentence ends (used when no KB was built)."""
    out = []
    for p in paragraphs:
        if not p.given:
            parts = tuple(s for s in _SPLIT.split(p.text) if s.strip())
            p = Paragraph(p.key, p.title, p.text, parts or p.sentences)
        out.append(p)
    return out


def _context(ranked: Sequence[tuple[str, str]], budget: int) -> list[tuple[str, str]]:
    return [ranked[i] for i in M.fill_budget([len(t) for _, t in ranked], budget)]


# -- running -----------------------------------------------------------------------------------


def _bar(items: Sequence[Any], desc: str, progress: bool) -> Iterable[Any]:
    if not progress:
        return items
    from tqdm import tqdm

    return tqdm(items, desc=desc, unit="q", leave=False, file=sys.stderr)


def run_baseline(
    retriever: Retriever, records: Sequence[QARecord], budgets: Sequence[int], progress: bool
) -> SystemScores:
    """Score a baseline retriever on every question."""
    scores = SystemScores(retriever.name, budgets)
    for rec in _bar(records, retriever.name, progress):
        t0 = time.perf_counter()
        ranked: Ranked = retriever.rank(rec.question)
        seconds = time.perf_counter() - t0
        contexts = {k: _context(ranked.sentences, k) for k in budgets}
        scores.add(rec, contexts, ranked.paragraphs, [seconds])
    return scores


def run_lgm(
    lg: Any,
    gold: GoldSet,
    records: Sequence[QARecord],
    budgets: Sequence[int],
    ablation: str,
    progress: bool,
    per_budget: bool = False,
) -> tuple[SystemScores, int]:
    """Ask every question offline under one ablation; returns the scores and a mismatch count.

    With ``per_budget`` each budget K is one ask with ``chunk_size=K``. Otherwise one ask with
    ``chunk_size=RANKING_BUDGET`` is made and the context at every other K is filled from its
    ``Answer.ranking`` by the reasoner's own rule (best first, skipping what overflows), which
    is what the offline reasoner does since its ranking does not depend on K. The count says
    how many asks returned supports different from that rule at the asked K (0 = exact).
    """
    lg.settings = lg.settings.with_(ablation=ablation)
    iri_key = {lg.minter.document(p.key).value: p.key for p in gold.paragraphs}
    title_key: dict[str, str] = {}
    for p in gold.paragraphs:
        title_key.setdefault(p.title, p.key)

    def key(document: str, title: str) -> str:
        return iri_key.get(document) or title_key.get(title, title)

    asks = sorted(set(budgets) | {RANKING_BUDGET}) if per_budget else [RANKING_BUDGET]
    name = "lgm_rdf + dense" if lg.settings.dense else "lgm_rdf"
    scores = SystemScores(f"{name} ({ablation})", budgets)
    mismatches = 0
    for rec in _bar(records, f"lgm_rdf {ablation}", progress):
        contexts: dict[int, list[tuple[str, str]]] = {}
        seconds: list[float] = []
        ranked: list[tuple[str, str]] = []
        paragraphs: list[str] = []
        for k in asks:
            t0 = time.perf_counter()
            answer = lg.ask(rec.question, chunk_size=k, reasoner="offline")
            seconds.append(time.perf_counter() - t0)
            contexts[k] = [(key(s.document, s.title), s.text) for s in answer.supports]
            if k == RANKING_BUDGET:
                ranked = [(key(c.document, c.title), c.text) for c in answer.ranking]
                paragraphs = [d for d, _ in ranked]
                mismatches += contexts[k] != _context(ranked, k)
        for k in budgets:
            if k not in contexts:
                contexts[k] = _context(ranked, k)
        scores.add(rec, contexts, paragraphs, seconds)
    return scores, mismatches


def _open_kb(
    stack: ExitStack, gold: GoldSet, kb: str | Path | None, graph: Any, progress: bool
) -> tuple[Any, float]:
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.settings import Settings

    if graph is not None:
        lg = graph
    else:
        if kb is None:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="lgm-bench-retrieval-"))
            kb = Path(tmp) / "kb"
        lg = stack.enter_context(LanguageGraph(path=kb, settings=Settings.from_env()))
    t0 = time.perf_counter()
    if progress:
        from tqdm import tqdm

        with tqdm(total=len(gold.paragraphs), desc="learning", unit="doc", file=sys.stderr) as b:
            lg.learn(gold.path, progress=b.update)
    else:
        lg.learn(gold.path)
    return lg, time.perf_counter() - t0


def run_retrieval_benchmark(
    path: str | Path,
    budgets: Sequence[int] = BUDGETS,
    ablations: Sequence[str] = ABLATIONS,
    limit: int | None = None,
    dense: bool | str = "auto",
    progress: bool = True,
    lgm: bool = True,
    kb: str | Path | None = None,
    curve: Sequence[int] = (),
    graph: Any = None,
    per_budget: bool = False,
    lgm_dense: bool = False,
) -> dict[str, Any]:
    """Learn the file into one KB, ask every question per ablation, run the baselines, score.

    ``dense`` is ``True`` (fail if the model package is missing), ``False`` or ``"auto"``.
    ``kb`` keeps the KB in that directory (a second run then learns nothing); by default it
    lives in a temporary directory. ``curve`` adds budgets (characters) scored for the
    recall-vs-context-size plot (lgm_rdf without ablation and the baselines). ``graph`` is
    an open ``LanguageGraph`` to learn into and ask instead (its ablation setting is changed).
    ``per_budget`` asks once per budget instead of once per question (see ``run_lgm``).
    ``lgm_dense`` runs the full system a second time with the dense extra (``Settings.dense``).
    """
    gold = load_gold(path)
    records = gold.records[:limit] if limit else gold.records
    all_budgets = sorted(set(budgets) | set(curve))
    result: dict[str, Any] = {
        "file": str(gold.path),
        "dataset": gold.dataset,
        "questions": len(records),
        "paragraphs": len(gold.paragraphs),
        "budgets": list(budgets),
        "curve_budgets": sorted(set(curve)),
        "ranking_budget": RANKING_BUDGET,
        "asks": "one per budget"
        if per_budget
        else f"one per question (chunk_size={RANKING_BUDGET})",
        "systems": [],
        "notes": [],
    }
    with ExitStack() as stack:
        paragraphs = split_sentences(gold.paragraphs)
        if lgm:
            lg, learn_seconds = _open_kb(stack, gold, kb, graph, progress)
            result["learn_seconds"] = round(learn_seconds, 2)
            paragraphs = kb_sentences(lg, gold.paragraphs)
            original = lg.settings
            variants = [False, True] if lgm_dense else [False]
            try:
                for dense_on, ablation in ((d, a) for d in variants for a in ablations):
                    if dense_on and ablation != "none":
                        continue
                    lg.settings = lg.settings.with_(dense=dense_on)
                    if dense_on:
                        lg.dense_index()  # embed every sentence before the clock runs
                    use = all_budgets if ablation == "none" else budgets
                    scores, off = run_lgm(lg, gold, records, use, ablation, progress, per_budget)
                    summary = scores.summary() | {
                        "kind": "lgm",
                        "ablation": ablation,
                        "dense": dense_on,
                    }
                    result["systems"].append(summary)
                    if off and not per_budget:
                        result["notes"].append(
                            f"WARNING lgm_rdf ({ablation}): {off} asks returned supports that are "
                            "not the ranking's best within K; rerun with --ask-per-budget"
                        )
            finally:
                lg.settings = original
        result["sentences"] = sum(len(p.sentences) for p in paragraphs)
        baselines: list[Retriever] = [BM25Sentences(paragraphs), BM25Paragraphs(paragraphs)]
        if dense is True or (dense == "auto" and dense_available()):
            try:
                baselines.append(DenseSentences(paragraphs))
            except DenseUnavailable as exc:
                if dense is True:
                    raise
                result["notes"].append(f"dense: not installed ({exc})")
        else:
            result["notes"].append("dense: not installed" if dense == "auto" else "dense: off")
        for b in baselines:
            scores = run_baseline(b, records, all_budgets, progress)
            result["systems"].append(scores.summary() | {"kind": "baseline"})
    return result


# -- command line ------------------------------------------------------------------------------


def _ints(text: str) -> list[int]:
    try:
        values = [int(x) for x in text.split(",") if x.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            f"expected comma-separated integers, not {text!r}"
        ) from exc
    if not values or min(values) < 1:
        raise argparse.ArgumentTypeError("budgets must be positive numbers of characters")
    return values


def _ablations(text: str) -> list[str]:
    values = [x.strip() for x in text.split(",") if x.strip()]
    bad = [v for v in values if v not in ABLATIONS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown ablation(s) {bad}; choose from {ABLATIONS}")
    return values


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``lgm bench retrieval``."""
    p.add_argument("file", help="HotpotQA or MuSiQue JSON file (all its contexts form one KB)")
    p.add_argument(
        "--budgets",
        type=_ints,
        default=list(BUDGETS),
        metavar="K,K,...",
        help=f"context budgets K in characters (default {','.join(map(str, BUDGETS))})",
    )
    p.add_argument(
        "--ablations",
        type=_ablations,
        default=list(ABLATIONS),
        metavar="NAME,...",
        help=f"LGM variants to run, 'none' being the full model (default {','.join(ABLATIONS)}; "
        "'' for none)",
    )
    p.add_argument("--limit", type=int, default=0, help="only the first N questions")
    p.add_argument(
        "--dense",
        choices=["auto", "on", "off"],
        default="auto",
        help="the dense (MiniLM) baseline: auto = when its packages are installed",
    )
    p.add_argument("--no-lgm", action="store_true", help="baselines only (no KB is built)")
    p.add_argument(
        "--lgm-dense",
        action="store_true",
        help="also run the full system with the dense extra (sentence embeddings beside the KB)",
    )
    p.add_argument("--kb", help="keep the KB in this directory (default: a temporary one)")
    p.add_argument("--json", metavar="FILE", help="also write the full result as JSON")
    p.add_argument("--plot", metavar="FILE.png", help="plot recall against context size")
    p.add_argument(
        "--curve",
        type=_ints,
        default=list(CURVE_BUDGETS),
        metavar="K,K,...",
        help="budgets K plotted by --plot (default: a finer range)",
    )
    p.add_argument(
        "--ask-per-budget",
        action="store_true",
        help="ask once per budget K (chunk_size=K) instead of filling every K from one ranking",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bars")


def cmd(args: argparse.Namespace) -> int:
    """Run ``lgm bench retrieval`` from parsed arguments; prints Markdown, returns 0."""
    if args.plot:
        from lgm_rdf.bench.retrieval.plot import require_matplotlib

        require_matplotlib()
    dense = {"auto": "auto", "on": True, "off": False}[args.dense]
    result = run_retrieval_benchmark(
        args.file,
        budgets=args.budgets,
        ablations=args.ablations,
        limit=args.limit or None,
        dense=dense,
        progress=not args.no_progress,
        lgm=not args.no_lgm,
        kb=args.kb,
        curve=args.curve if args.plot else (),
        per_budget=args.ask_per_budget,
        lgm_dense=args.lgm_dense,
    )
    print(format_markdown(result), end="")
    if args.json:
        from lgm_rdf.fileio import atomic_write

        data = json.dumps(result, indent=1, ensure_ascii=False).encode("utf-8")

        def write(out: IO[bytes]) -> None:
            out.write(data)

        atomic_write(args.json, write)
    if args.plot:
        from lgm_rdf.bench.retrieval.plot import plot_recall_curve

        plot_recall_curve(result, args.plot)
        print(f"plot written to {args.plot}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lgm_rdf.bench.retrieval.evaluate FILE [options]``"""
    parser = argparse.ArgumentParser(prog="lgm bench retrieval", description=__doc__)
    add_arguments(parser)
    return cmd(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
