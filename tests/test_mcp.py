"""``lgm mcp``: a real ``lgm mcp`` subprocess driven over stdio by the MCP SDK's own client."""

from __future__ import annotations

import asyncio
import json
import shutil
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from lgm_rdf.cli import main
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.settings import Settings

mcp = pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'lgm_rdf[mcp]')")

ROOT = Path(__file__).resolve().parents[1]
APPLES = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."
PEARS = "Pears grow in orchards. Orchards need bees."
COUNT_DOCUMENTS = "SELECT (COUNT(?d) AS ?n) WHERE { ?d a lgm:Document }"
# four unconstrained patterns: (quads)^4 solutions to count, far past any deadline
RUNAWAY = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l }"
# millions of rows held at once to be sorted before the first one comes out: far over 100 MB
HUNGRY = "SELECT ?a ?c ?d ?f ?g ?i WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i } ORDER BY ?i ?g ?a"


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory, spacy_nlp: SpacyNLP) -> Path:
    path = tmp_path_factory.mktemp("mcp") / "kb"
    with LanguageGraph(path, nlp=spacy_nlp, settings=Settings()) as lg:
        lg.learn(APPLES)
    return path


def _session(
    kb: Path, *extra: str, env: dict[str, str] | None = None
) -> Callable[[Callable[[Any], Awaitable[Any]]], Any]:
    """Run ``body(client)`` against ``lgm mcp --kb KB`` started as a subprocess."""
    params = mcp.StdioServerParameters(
        command=sys.executable,
        args=["-m", "lgm_rdf.cli", "mcp", "--kb", str(kb), *extra],
        env={"PYTHONPATH": str(ROOT), "LGM_LLM_MODEL": "", **(env or {})},
        cwd=str(kb.parent),
    )

    def run(body: Callable[[Any], Awaitable[Any]]) -> Any:
        async def go() -> Any:
            async with mcp.Client(params, read_timeout_seconds=300) as client:
                return await body(client)

        return asyncio.run(go())

    return run


def test_tools_answer_over_stdio_and_the_kb_stays_read_only(kb: Path) -> None:
    async def body(client: Any) -> dict[str, Any]:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        out: dict[str, Any] = {"tools": tools}
        out["ask"] = await client.call_tool("ask", {"question": "What are apples rich in?"})
        out["empty"] = await client.call_tool("ask", {"question": "  "})
        out["concept"] = await client.call_tool("concept", {"name": "apple"})
        out["select"] = await client.call_tool(
            "sparql", {"query": "SELECT (COUNT(*) AS ?n) WHERE { ?s a nif:Sentence }"}
        )
        out["update"] = await client.call_tool(
            "sparql", {"query": "INSERT DATA { <urn:a> <urn:b> <urn:c> }"}
        )
        out["after"] = await client.call_tool(
            "sparql", {"query": "ASK { <urn:a> <urn:b> <urn:c> }"}
        )
        out["resources"] = [str(r.uri) for r in (await client.list_resources()).resources]
        out["stats"] = await client.read_resource("lgm://stats")
        return out

    out = _session(kb)(body)
    assert set(out["tools"]) == {"ask", "concept", "sparql"}  # no learn without the flag
    assert out["tools"]["sparql"].annotations.read_only_hint is True

    ask = out["ask"]
    assert not ask.is_error
    answer = ask.structured_content
    assert answer["mode"] == "offline"
    cited = {s["text"]: s for s in answer["supports"]}
    vitamins = cited["Fruits contain many vitamins."]
    assert vitamins["concept"] == "fruit" and vitamins["via"] == "parent"
    assert vitamins["path"] == [
        {"concept": "apple", "via": "self"},
        {"concept": "fruit", "via": "parent"},
    ]
    assert out["empty"].is_error and "empty" in out["empty"].content[0].text

    views = out["concept"].structured_content["concepts"]
    assert views[0]["label"] == "apple"
    assert [link["label"] for link in views[0]["links"]["parent"]] == ["fruit"]

    select = out["select"].structured_content
    assert select["variables"] == ["n"] and select["rows"][0]["n"].startswith('"3"')
    assert out["update"].is_error and "read-only" in out["update"].content[0].text
    assert out["after"].structured_content == {"boolean": False}

    assert out["resources"] == ["lgm://stats"]
    stats = json.loads(out["stats"].contents[0].text)
    assert stats["documents"] == 1 and stats["sentences"] == 3


def test_learn_only_with_the_flag(kb: Path, tmp_path: Path) -> None:
    async def body(client: Any) -> dict[str, Any]:
        tools = {t.name for t in (await client.list_tools()).tools}
        learned = await client.call_tool("learn", {"text": PEARS})
        missing = await client.call_tool("learn", {"paths": [str(tmp_path / "nope.txt")]})
        ask = await client.call_tool("ask", {"question": "What do orchards need?", "top": 0})
        stats = await client.read_resource("lgm://stats")
        count = await client.call_tool("sparql", {"query": COUNT_DOCUMENTS})
        return {
            "tools": tools,
            "learned": learned,
            "missing": missing,
            "ask": ask,
            "stats": stats,
            "count": count,
        }

    out = _session(kb, "--allow-learn")(body)
    assert "learn" in out["tools"]
    assert out["learned"].structured_content["learned"] == 1
    assert out["missing"].is_error and "no such file" in out["missing"].content[0].text
    texts = [s["text"] for s in out["ask"].structured_content["supports"]]
    assert "Orchards need bees." in texts
    assert json.loads(out["stats"].contents[0].text)["documents"] == 2
    # the query workers read a fresh snapshot after the learn
    assert out["count"].structured_content["rows"][0]["n"].startswith('"2"')


def test_a_runaway_query_stops_at_its_deadline_and_the_next_one_answers(kb: Path) -> None:
    """SPARQL runs in a worker process killed at the deadline (LGM_SERVER_QUERY_TIMEOUT)."""

    async def body(client: Any) -> list[Any]:
        return [
            await client.call_tool("sparql", {"query": RUNAWAY}),
            await client.call_tool("sparql", {"query": "ASK { ?s a nif:Sentence }"}),
            await client.call_tool("sparql", {"query": "SELECT ?s WHERE { ?s ?p ?o }", "limit": 2}),
            await client.call_tool(
                "sparql", {"query": "CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }", "limit": 3}
            ),
            await client.call_tool("sparql", {"query": RUNAWAY}),
            await client.call_tool("sparql", {"query": COUNT_DOCUMENTS}),
        ]

    runaway, cheap, capped, graph, again, count = _session(
        kb, env={"LGM_SERVER_QUERY_TIMEOUT": "2"}
    )(body)
    for stopped in (runaway, again):
        assert stopped.is_error
        assert "did not finish within 2 s" in stopped.content[0].text
    assert cheap.structured_content == {"boolean": True}
    assert len(capped.structured_content["rows"]) == 2
    assert capped.structured_content["truncated"] is True
    assert len(graph.structured_content["triples"]) == 3
    assert graph.structured_content["triples"][0][0].startswith(("<", "_:"))
    assert not count.is_error and count.structured_content["rows"][0]["n"][1].isdigit()


def test_a_missing_sdk_is_one_clear_line(
    kb: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "mcp.server.mcpserver", None)  # import fails
    assert main(["mcp", "--kb", str(kb)]) == 1
    err = capsys.readouterr().err
    assert "pip install 'lgm_rdf[mcp]'" in err and len(err.strip().splitlines()) == 1


def test_a_query_past_its_memory_limit_is_stopped(kb: Path) -> None:
    """The worker's memory limit (LGM_SERVER_QUERY_MEMORY) holds for MCP as for the server."""

    async def body(client: Any) -> list[Any]:
        return [
            await client.call_tool("sparql", {"query": HUNGRY}),
            await client.call_tool("sparql", {"query": "ASK { ?s ?p ?o }"}),
        ]

    env = {"LGM_SERVER_QUERY_MEMORY": "100", "LGM_SERVER_QUERY_TIMEOUT": "120"}
    hungry, cheap = _session(kb, env=env)(body)
    assert hungry.is_error and "more than 100 MB" in hungry.content[0].text
    assert cheap.structured_content == {"boolean": True}


def test_over_a_kb_in_a_sparql_server_the_query_goes_there(kb: Path, tmp_path: Path) -> None:
    """No snapshot of a remote KB: the server evaluates, and the answer is shaped the same."""
    from oxigraph_server import OxigraphServer, oxigraph_binary

    if oxigraph_binary() is None:
        pytest.skip("the `oxigraph` server binary is not installed")
    location = tmp_path / "served"
    shutil.copytree(kb, location, ignore=shutil.ignore_patterns("LOCK"))
    server = OxigraphServer(location).start()
    try:

        async def body(client: Any) -> list[Any]:
            return [
                await client.call_tool("sparql", {"query": COUNT_DOCUMENTS}),
                await client.call_tool(
                    "sparql", {"query": "SELECT ?s WHERE { ?s ?p ?o }", "limit": 2}
                ),
                await client.call_tool("sparql", {"query": "SELECT WHERE {"}),
            ]

        count, capped, bad = _session(kb, "--kb", server.url)(body)
    finally:
        server.stop()
    assert count.structured_content["rows"][0]["n"][1].isdigit()
    assert capped.structured_content["truncated"] is True
    assert len(capped.structured_content["rows"]) == 2
    assert bad.is_error and "not a SPARQL query" in bad.content[0].text
