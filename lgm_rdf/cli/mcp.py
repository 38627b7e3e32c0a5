"""``lgm mcp``: serve the KB to MCP hosts (LLM agents, desktop assistants) over stdio."""

from __future__ import annotations

import argparse

from lgm_rdf.cli.output import add_kb, settings_from


def add_mcp_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """The ``mcp`` sub-command's arguments."""
    p = sub.add_parser(
        "mcp",
        help="serve the KB to MCP hosts over stdio (tools ask, concept, sparql)",
        description="A Model Context Protocol server over stdin/stdout for LLM agents and "
        "desktop assistants: tools ask, concept and sparql (read-only), and learn with "
        "--allow-learn; the resource lgm://stats. Needs the extra: pip install 'lgm_rdf[mcp]'.",
    )
    add_kb(p, remote=True)
    p.add_argument(
        "--allow-learn",
        action="store_true",
        help="also offer the learn tool (opens the KB for writing; other writers must wait)",
    )


def cmd_mcp(args: argparse.Namespace) -> int:
    """``lgm mcp``"""
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.mcp.server import serve_stdio

    settings = settings_from(args)
    with LanguageGraph(settings=settings, read_only=not args.allow_learn) as graph:
        serve_stdio(graph, allow_learn=args.allow_learn)  # fails early without the SDK
    return 0
