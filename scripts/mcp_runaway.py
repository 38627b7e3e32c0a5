#!/usr/bin/env python3
"""A runaway SPARQL query through `lgm mcp`, then a cheap one: what the MCP client sees, and when.

Drives a real `lgm mcp --kb KB_DIR` subprocess with the MCP SDK's client over stdio, with the
deadline LGM_SERVER_QUERY_TIMEOUT (default here 5 s), and prints each call's outcome, its
seconds, and the memory of the MCP server process tree after the calls.

    PYTHONPATH=. python scripts/mcp_runaway.py KB_DIR [TIMEOUT_SECONDS]
"""

import asyncio
import os
import sys
import time

import mcp
import psutil

RUNAWAY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
CALLS = [
    ("runaway", RUNAWAY),
    ("cheap", "ASK { ?s ?p ?o }"),
    ("count", "SELECT (COUNT(*) AS ?n) WHERE { ?s a nif:Sentence }"),
    ("runaway", RUNAWAY),
    ("cheap", "ASK { ?s ?p ?o }"),
]


def _tree_rss_mb() -> float:
    me = psutil.Process()
    procs = [c for c in me.children(recursive=True) if "lgm_rdf" in " ".join(c.cmdline())]
    return sum(p.memory_info().rss for p in procs) / 2**20


async def main(kb: str, timeout: str) -> None:
    params = mcp.StdioServerParameters(
        command=sys.executable,
        args=["-m", "lgm_rdf.cli", "mcp", "--kb", kb],
        env={**os.environ, "LGM_SERVER_QUERY_TIMEOUT": timeout, "LGM_LLM_MODEL": ""},
    )
    async with mcp.Client(params, read_timeout_seconds=300) as client:
        await client.call_tool("sparql", {"query": "ASK {}"})  # start-up, not measured
        for name, query in CALLS:
            started = time.perf_counter()
            result = await client.call_tool("sparql", {"query": query})
            took = time.perf_counter() - started
            text = result.content[0].text if result.is_error else str(result.structured_content)
            print(f"{name:8} {took:6.2f} s  error={result.is_error}  {text[:100]}")
        print(f"MCP server and its query workers: {_tree_rss_mb():.0f} MB resident")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "5"))
