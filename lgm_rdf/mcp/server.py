"""The MCP server of a KB, built on the official ``mcp`` SDK (the optional extra ``mcp``).

Tools: ``ask``, ``concept``, ``sparql`` (read-only) and, only when started with
``allow_learn``, ``learn``. Resource: ``lgm://stats`` (KB statistics as JSON). The SDK is
imported here only, so the rest of lgm_rdf never needs it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from lgm_rdf.errors import LgmError
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.mcp import tools
from lgm_rdf.store.isolation.pool import QueryPool

INSTRUCTIONS = """\
This server answers from a Language Graph knowledge base (documents learned into an RDF
concept graph). Use `ask` for questions: its answer cites the KB's sentences, each with the
path from the question's concept that reached it. Use `concept` to see a concept's aliases,
parents, children and components with their evidence, and `sparql` for exact read-only
queries (prefixes lgm:, nif:, rdfs:, skos:, owl:, dcterms: are predeclared). The resource
lgm://stats counts documents, sentences, concepts and relations."""


# an MCP host calls tools one at a time: one worker for any query, plus one kept for cheap ones
MCP_QUERY_WORKERS = 1


class MCPUnavailableError(LgmError):
    """The ``mcp`` SDK is not installed."""


def _sdk() -> Any:
    try:
        from mcp.server.mcpserver import MCPServer
    except ImportError as exc:
        raise MCPUnavailableError(
            "lgm mcp needs the Model Context Protocol SDK: pip install 'lgm_rdf[mcp]' "
            "(or pip install 'mcp>=2')"
        ) from exc
    return MCPServer


def build_server(
    graph: LanguageGraph, pool: QueryPool | None = None, allow_learn: bool = False
) -> Any:
    """An ``MCPServer`` over ``graph`` (``learn`` only with ``allow_learn``).

    ``sparql`` runs in the query workers of ``pool`` (deadline, memory limit), over its
    snapshots of the KB, which ``learn`` refreshes; without a pool (a KB in a SPARQL server)
    it is sent to the KB's server.
    """
    server_class = _sdk()
    from mcp.server.mcpserver.exceptions import ToolError
    from mcp.types import ToolAnnotations

    server = server_class("lgm_rdf", instructions=INSTRUCTIONS, log_level="WARNING")
    read_only = ToolAnnotations(readOnlyHint=True, openWorldHint=False)

    def guarded(call: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        try:
            return call()
        except LgmError as exc:  # the model reads the message; nothing else leaks
            raise ToolError(str(exc)) from None

    def ask(question: str, top: int = tools.DEFAULT_TOP) -> dict[str, Any]:
        """Answer a question from the knowledge base. Returns the answer and the best `top`
        supporting sentences (0: all), each with its document and the path of concepts
        (question concept -> alias / parent / child / component / hop -> concept) that
        reached it."""
        return guarded(lambda: tools.ask(graph, question, top))

    def concept(name: str) -> dict[str, Any]:
        """A concept's neighbourhood in the concept graph: its labels, aliases, parents,
        children, components and wholes, each relation with its evidence sentence."""
        return guarded(lambda: tools.concept(graph, name))

    def sparql(query: str, limit: int = tools.MAX_ROWS) -> dict[str, Any]:
        """Run a read-only SPARQL 1.1 query (SELECT, ASK, CONSTRUCT or DESCRIBE) over the
        union of the KB's graphs; updates are refused. Terms come back in N-Triples syntax;
        at most `limit` rows (up to 1000)."""
        return guarded(lambda: tools.sparql(pool or graph, query, limit))

    server.add_tool(ask, annotations=read_only)
    server.add_tool(concept, annotations=read_only)
    server.add_tool(sparql, annotations=read_only)
    if allow_learn:

        def learn(paths: list[str] | None = None, text: str | None = None) -> dict[str, Any]:
            """Learn files or directories (paths on the server's machine) or one text into
            the knowledge base. Unchanged documents are skipped."""

            def learn_then_refresh() -> dict[str, Any]:
                report = tools.learn(graph, paths, text)
                if pool is not None:
                    pool.snapshots.refresh()  # later queries see what was learned
                return report

            return guarded(learn_then_refresh)

        server.add_tool(
            learn, annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False)
        )

    @server.resource(
        "lgm://stats", name="stats", title="KB statistics", mime_type="application/json"
    )
    def stats() -> str:
        """Counts of documents, sections, sentences, concepts, relations, triples, graphs."""
        return json.dumps(tools.statistics(graph), indent=2)

    return server


def serve_stdio(graph: LanguageGraph, allow_learn: bool = False) -> None:
    """Serve ``graph`` over stdin/stdout until the client closes the connection.

    Users' SPARQL runs in worker processes with the ``server_query_*`` limits of the graph's
    settings (deadline ``LGM_SERVER_QUERY_TIMEOUT``, memory ``LGM_SERVER_QUERY_MEMORY``),
    except over a KB kept in a SPARQL server, which evaluates it itself.
    """
    _sdk()  # fail early, before any worker starts, when the SDK is missing
    if graph.settings.remote:  # the SPARQL server evaluates, under its own limits
        build_server(graph, None, allow_learn=allow_learn).run("stdio")
        return
    pool = QueryPool.of_store(graph.store, graph.settings, workers=MCP_QUERY_WORKERS)
    pool.warm()  # the first query, and a cheap one right after a runaway, need not wait
    try:
        build_server(graph, pool, allow_learn=allow_learn).run("stdio")
    finally:
        pool.close()
