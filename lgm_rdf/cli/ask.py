"""``lgm ask``: print an ``Answer`` for people (plain or ``--explain``) or as JSON."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lgm_rdf.cli.output import add_kb, clip, print_json, settings_from

if TYPE_CHECKING:
    from lgm_rdf.retrieve.model import Answer, PathStep

DEFAULT_TOP = 5  # supporting sentences shown in the terminal

_VIA = {
    "self": "named in the question",
    "alias": "alias",
    "parent": "parent concept",
    "child": "child concept",
    "component": "component",
    "whole": "whole it is part of",
    "hop": "next hop",
    "lexical": "word overlap",
}


def add_ask_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``ask`` sub-command's arguments."""
    p = sub.add_parser(
        "ask",
        help="answer a question from the KB by Concept Iterative Retrieval",
        description="Answer a question: link its concepts to the KB, expand them through the "
        "concept graph (aliases, parents, children, components), rank their sentences and "
        "iterate (paper Algorithm 1). With an LLM configured (LGM_LLM_MODEL) the LLM marks "
        "supporting sentences and answers; without one the answer is extractive: the best "
        "supporting sentences, cited.",
    )
    p.add_argument("question", help="the question, in quotes")
    add_kb(p, remote=True)
    p.add_argument(
        "--chunk-size",
        type=int,
        metavar="CHARS",
        help="context bound K in characters (default 4000; env LGM_CHUNK_SIZE)",
    )
    p.add_argument(
        "--reasoner",
        choices=["auto", "llm", "offline"],
        default="auto",
        help="llm, offline (extractive, no LLM) or auto: the LLM when one is configured",
    )
    p.add_argument(
        "--explain",
        action="store_true",
        help="show each iteration: concepts, their expansion, candidates and supports",
    )
    p.add_argument(
        "--top",
        type=int,
        default=DEFAULT_TOP,
        metavar="N",
        help=f"show the N best supporting sentences (default {DEFAULT_TOP}; 0: all of them)",
    )
    p.add_argument(
        "--json", action="store_true", help="print the answer as one JSON object (every support)"
    )


def cmd_ask(args: argparse.Namespace) -> int:
    """``lgm ask QUESTION``"""
    if args.top < 0:
        raise ValueError("--top takes a number of sentences, 0 for all of them")
    settings = settings_from(args)
    if args.reasoner == "auto" and not settings.llm_configured and not args.json:
        print("lgm: no LLM configured (LGM_LLM_MODEL unset): extractive answer", file=sys.stderr)
    from lgm_rdf.graph import LanguageGraph

    with LanguageGraph(settings=settings, read_only=True) as lg:
        answer = lg.ask(args.question, chunk_size=args.chunk_size, reasoner=args.reasoner)
    if args.json:
        print_json(answer.to_dict())
        return 0
    if args.explain:
        print(explain(answer))
    print(format_answer(answer, top=args.top))
    return 0


def format_answer(answer: Answer, top: int = 0) -> str:
    """The answer, then its best ``top`` supports (0: all) with document, concept and the path
    that reached them from the question."""
    lines = [answer.answer, ""]
    shown = answer.supports[:top] if top else answer.supports
    if answer.supports:
        lines.append("Supporting sentences:")
    for n, s in enumerate(shown, 1):
        how = format_path(s.path) if s.path else f"{s.concept}, {_VIA.get(s.via, s.via)}"
        lines.append(f"  [{n}] {s.resolved or s.text}")
        lines.append(f"      — {s.citation or s.title} (found through {how})")
    hidden = len(answer.supports) - len(shown)
    if hidden:
        lines.append(f"  ... and {hidden} more (--top 0 shows all, --json gives them all)")
    usage = answer.usage
    if answer.mode == "llm":
        lines.append(
            f"LLM: {usage.get('calls', 0)} calls ({usage.get('cached_calls', 0)} cached), "
            f"{usage.get('prompt_tokens', 0)} prompt + {usage.get('completion_tokens', 0)} "
            "completion tokens"
        )
    return "\n".join(lines)


def format_path(path: Sequence[PathStep]) -> str:
    """``apple → parent: fruit → hop: vitamin``: how a sentence was reached."""
    return " → ".join(
        step.concept if step.via == "self" else f"{_VIA.get(step.via, step.via)}: {step.concept}"
        for step in path
    )


def explain(answer: Answer) -> str:
    """Per iteration: the concepts, their expansion, the best candidates and the supports."""
    texts = {c.sentence: c for c in answer.ranking}

    def line(iri: str) -> str:
        c = texts.get(iri)
        return f"{c.title}: {clip(c.resolved or c.text, 100)}" if c else iri

    lines: list[str] = []
    for it in answer.iterations:
        lines.append(f"== iteration {it.number}: concepts {', '.join(it.concepts) or '(none)'}")
        for e in it.expanded:
            lines.append(
                f"   {e.label:<40} {e.via:<9} distance {e.distance}  weight {e.weight:.2f}"
                f"  (from '{e.source}')"
            )
        lines.append(f"   candidates: {it.candidates}; the best:")
        lines.extend(f"     - {line(iri)}" for iri in it.top_candidates)
        if it.chunks:
            lines.append(
                f"   chunks: {it.chunks}, compress steps: {it.compress_steps}"
                + (", pruned by ROUGE-L" if it.pruned else "")
            )
        lines.append(f"   supports after this iteration: {len(it.supports)}")
        lines.extend(f"     - {line(iri)}" for iri in it.supports)
        if it.answer:
            lines.append(f"   answer: {it.answer}")
        if it.missing:
            label = "missing concepts" if answer.mode == "llm" else "bridge concepts followed next"
            lines.append(f"   {label}: {', '.join(it.missing)}")
    lines.append("")
    return "\n".join(lines)
