"""``GraphStore`` on a remote SPARQL 1.1 server (Query, Update and Protocol over HTTP).

Any server that takes the union of its named graphs as the default graph works: Oxigraph
(``oxigraph serve --union-default-graph``), Fuseki (``tdb2:unionDefaultGraph true``), GraphDB
(that is its default). Results come back as pyoxigraph objects, as from the embedded store.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import IO
from urllib.parse import urlsplit, urlunsplit

import httpx
from pyoxigraph import (
    DefaultGraph,
    NamedNode,
    Quad,
    QueryBoolean,
    QueryResultsFormat,
    QuerySolutions,
    QueryTriples,
    RdfFormat,
    Store,
    Triple,
    parse,
    parse_query_results,
    serialize,
)

from lgm_rdf.ontology import LGM, PREFIXES, load_query
from lgm_rdf.store.base import Bindings, StoreError, Term, solution_rows
from lgm_rdf.store.oxigraph import QUAD_FORMATS, TRIPLE_FORMATS
from lgm_rdf.store.querytext import bind_values, query_form, with_prefixes

GRAPH_ACCEPT = "application/n-triples, text/turtle;q=0.9"
ACCEPT = (
    "application/sparql-results+json, application/sparql-results+xml;q=0.9, "
    "application/n-triples;q=0.9, text/turtle;q=0.8"
)
UNION_HELP = (
    "lgm_rdf needs that: start Oxigraph with `oxigraph serve --union-default-graph`, "
    "or set `tdb2:unionDefaultGraph true` on the Fuseki dataset"
)
_ERROR_AT = re.compile(r"(error at |line )(\d+):")
# graphs a server keeps for itself (Virtuoso's schema, LDP and sample graphs): never part of a KB
ENGINE_GRAPHS = frozenset(
    {
        "http://www.openlinksw.com/schemas/virtrdf#",
        "http://www.w3.org/ns/ldp#",
        "http://localuriqaserver/sparql",
    }
)
# Virtuoso pragmas that hide its own schema graph from queries (default and named graphs)
VIRTUOSO_EXCLUDE = "".join(
    f"DEFINE input:{kind}-graph-exclude <http://www.openlinksw.com/schemas/virtrdf#>\n"
    for kind in ("default", "named")
)
# Virtuoso's SPARQL compiler runs out of memory on an update of about 5,000 triples
VIRTUOSO_MAX_TRIPLES = 2000
# Virtuoso answers some ASK queries as a one-row SELECT of this variable
_ASK_VARIABLE = "__ASK_RETVAL"
_PLACEHOLDER = re.compile(r"%%(GRAPH|TRIPLES|ALSO|QUADS)%%")


def _one_line(text: str, limit: int = 300) -> str:
    """Server messages on one line, shortened."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def endpoints(url: str, update_url: str | None = None) -> tuple[str, str]:
    """(query URL, update URL) of a server.

    A base URL (Oxigraph server) gives ``URL/query`` and ``URL/update``; a URL ending in
    ``/query`` or ``/sparql`` (Fuseki) is the query endpoint and ``/update`` its sibling, except
    a root ``/sparql`` (Virtuoso), which takes updates too; an
    explicit ``update_url`` makes ``url`` the query endpoint as given (GraphDB, Virtuoso ...).
    """
    if update_url:
        return url, update_url
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    head, _, last = path.rpartition("/")
    if last == "sparql" and not head:
        return url, url  # Virtuoso: one /sparql endpoint at the root for queries and updates
    if last in ("query", "sparql"):
        return url, urlunsplit(parts._replace(path=f"{head}/update"))
    return (
        urlunsplit(parts._replace(path=f"{path}/query")),
        urlunsplit(parts._replace(path=f"{path}/update")),
    )


class SparqlStore:
    """``GraphStore`` on a SPARQL 1.1 server reached over HTTP.

    ``url`` is an Oxigraph server's base URL or a query endpoint (see :func:`endpoints`);
    ``token`` is sent as a Bearer token. Opening checks that the server answers and, once it
    holds data, that its default graph is the union of the named graphs.
    """

    def __init__(
        self,
        url: str,
        update_url: str | None = None,
        token: str | None = None,
        timeout: float = 60.0,
        read_only: bool = False,
    ) -> None:
        self.url = url
        self.query_url, self.update_url = endpoints(url, update_url)
        self.read_only = read_only
        self.timeout = timeout
        headers = {"User-Agent": "lgm_rdf"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self._client: httpx.Client | None = httpx.Client(headers=headers, timeout=timeout)
        self._union_checked = False
        self.engine: str | None = None  # the server's product name, from its first answer
        try:
            self.check_union_default_graph()
        except BaseException:
            self.close()
            raise

    # -- HTTP ---------------------------------------------------------------------------
    def _post(self, target: str, what: str, shift: int = 0, **kwargs: object) -> httpx.Response:
        if self._client is None:
            raise StoreError(f"the SPARQL store {self.url} is closed")
        try:
            response = self._client.post(target, **kwargs)  # type: ignore[arg-type]
        except httpx.TimeoutException:
            raise StoreError(
                f"the SPARQL server at {self.url} did not answer the {what} within "
                f"{self.timeout:g} s"
            ) from None
        except httpx.HTTPError as exc:
            reason = _one_line(str(exc)) or type(exc).__name__
            raise StoreError(
                f"cannot reach the SPARQL server at {self.url} ({reason}); is it running?"
            ) from None
        if response.status_code == 400:
            message = _ERROR_AT.sub(
                lambda m: f"{m.group(1)}{max(1, int(m.group(2)) - shift)}:",
                _one_line(response.text),
            )
            raise SyntaxError(f"the SPARQL server rejected the {what}: {message}")
        if response.status_code >= 400:
            message = _one_line(response.text) or response.reason_phrase
            hint = " (set a token?)" if response.status_code in (401, 403) else ""
            raise StoreError(
                f"the SPARQL server at {self.url} refused the {what}: "
                f"HTTP {response.status_code} {message}{hint}"
            )
        if self.engine is None:
            self.engine = response.headers.get("server", "").split("/")[0].lower()
        return response

    def _query(
        self, query: str, graph: bool = False
    ) -> QuerySolutions | QueryBoolean | Iterator[Triple]:
        """Send a query; ``graph`` asks for an RDF graph (CONSTRUCT/DESCRIBE) in return.

        Virtuoso answers in the first format the Accept header names, whatever the query
        form, so the header follows the form; its one-row answer to ASK becomes a boolean.
        """
        text = with_prefixes(query)
        if self.engine == "virtuoso":  # its schema graph is no part of the union default graph
            text = VIRTUOSO_EXCLUDE + text
        shift = text.count("\n", 0, len(text) - len(query))
        response = self._post(
            self.query_url,
            "query",
            shift,
            data={"query": text},
            headers={"Accept": GRAPH_ACCEPT if graph else ACCEPT},
        )
        media = response.headers.get("content-type", "").split(";")[0].strip()
        results_format = QueryResultsFormat.from_media_type(media) if media else None
        if results_format is not None:
            result = parse_query_results(response.content, results_format)
            if isinstance(result, QuerySolutions) and _is_ask_row(result):
                answer = any(row[_ASK_VARIABLE].value not in ("0", "false") for row in result)
                return parse_query_results(
                    b'{"head": {}, "boolean": %s}' % (b"true" if answer else b"false"),
                    QueryResultsFormat.JSON,
                )  # type: ignore[return-value]
            return result  # type: ignore[return-value]
        rdf_format = RdfFormat.from_media_type(media) if media else None
        if rdf_format is None:
            raise StoreError(f"the SPARQL server at {self.url} answered in {media or 'no'} format")
        return (q.triple for q in parse(response.content, rdf_format))

    def _update(self, update: str, shift: int = 0) -> None:
        if self.read_only:
            raise StoreError(f"the knowledge base {self.url} is opened read-only")
        self._post(
            self.update_url,
            "update",
            shift,
            content=update.encode("utf-8"),
            headers={"Content-Type": "application/sparql-update; charset=utf-8"},
        )
        if not self._union_checked:
            self.check_union_default_graph()

    def check_union_default_graph(self) -> None:
        """Raise ``StoreError`` when the server's default graph is not the union of its graphs.

        Also tells whether the server answers. Inconclusive on a server without named-graph
        data; then it is repeated after each write until it can tell.
        """
        rows = self.select(load_query("remote_union_probe"))
        if not rows:
            return
        visible = rows[0].get("visible")
        if visible is None or visible.value not in ("true", "1"):
            raise StoreError(
                f"the SPARQL server at {self.url} does not use the union of its named graphs "
                f"as the default graph; {UNION_HELP}"
            )
        self._union_checked = True

    # -- queries ------------------------------------------------------------------------
    def select(self, query: str, bindings: Bindings | None = None) -> list[dict[str, Term]]:
        """Run a SELECT query and return rows as ``{variable: term}`` (unbound ones left out)."""
        result = self._query(bind_values(query, bindings or {}))
        return solution_rows(result)

    def ask(self, query: str, bindings: Bindings | None = None) -> bool:
        """Run an ASK query."""
        result = self._query(bind_values(query, bindings or {}))
        if not isinstance(result, QueryBoolean):
            raise StoreError("expected an ASK query")
        return bool(result)

    def construct(self, query: str, bindings: Bindings | None = None) -> list[Triple]:
        """Run a CONSTRUCT or DESCRIBE query."""
        result = self._query(bind_values(query, bindings or {}), _wants_graph(query))
        if isinstance(result, QuerySolutions | QueryBoolean):
            raise StoreError("expected a CONSTRUCT or DESCRIBE query")
        return list(result)

    def raw_query(self, query: str) -> QuerySolutions | QueryBoolean | QueryTriples:
        """Run a user's SPARQL query as given (``SyntaxError`` when the server rejects it).

        Graph results are returned as a genuine ``QueryTriples``, as the embedded store does
        (through a small in-memory store, since pyoxigraph cannot build one otherwise).
        """
        result = self._query(query, _wants_graph(query))
        if isinstance(result, QuerySolutions | QueryBoolean):
            return result
        local = Store()
        local.extend(Quad(t.subject, t.predicate, t.object) for t in result)
        return local.query(load_query("remote_union_triples"))  # type: ignore[return-value]

    def raw_update(self, update: str) -> None:
        """Run a user's SPARQL Update as given (one request, so one server transaction)."""
        text = with_prefixes(update)
        self._update(text, text.count("\n", 0, len(text) - len(update)))

    # -- writes -------------------------------------------------------------------------
    def replace_graph(
        self, graph: NamedNode, quads: Iterable[Quad], also: Iterable[Quad] = ()
    ) -> int:
        """Replace ``graph`` by ``quads`` and add ``also`` (quads of other graphs) in ONE update.

        One SPARQL Update request is one transaction on the server: nothing changes if it fails.
        """
        batch = [Quad(q.subject, q.predicate, q.object, graph) for q in quads]
        extra = [q for q in also if q.graph_name != graph]
        if any(not isinstance(q.graph_name, NamedNode) for q in extra):
            raise StoreError("replace_graph: quads for other graphs must name their graph")
        if self.engine == "virtuoso" and len(batch) + len(extra) > VIRTUOSO_MAX_TRIPLES:
            return self._replace_in_pieces(graph, batch, extra)
        values = {
            "GRAPH": str(graph),
            "TRIPLES": "\n".join(_triple_line(q) for q in batch),
            "ALSO": _graph_blocks(extra),
        }
        self._update(_fill(load_query("replace_graph.ru"), values))
        return len(batch) + len(extra)

    def _replace_in_pieces(self, graph: NamedNode, batch: list[Quad], extra: list[Quad]) -> int:
        """Virtuoso: drop, then insert in pieces its SPARQL compiler accepts.

        The content hash goes last: a replacement cut short leaves a document without its
        hash, which the next learn writes again.
        """
        self._update(_fill(load_query("remote_drop_graph.ru"), {"GRAPH": str(graph)}))
        ordered = sorted(extra + batch, key=lambda q: q.predicate == LGM.contentHash)
        for start in range(0, len(ordered), VIRTUOSO_MAX_TRIPLES):
            piece = ordered[start : start + VIRTUOSO_MAX_TRIPLES]
            self._update(
                _fill(load_query("remote_insert_data.ru"), {"QUADS": _graph_blocks(piece)})
            )
        return len(ordered)

    def drop_graph(self, graph: NamedNode) -> bool:
        """Remove one named graph; False if it did not exist."""
        if not self.ask(load_query("remote_graph_exists"), {"g": graph}):
            return False
        self._update(_fill(load_query("remote_drop_graph.ru"), {"GRAPH": str(graph)}))
        return True

    def add_quads(self, quads: Iterable[Quad]) -> int:
        """Add quads in one update (one transaction)."""
        batch = list(quads)
        if batch:
            self._update(
                _fill(load_query("remote_insert_data.ru"), {"QUADS": _graph_blocks(batch)})
            )
        return len(batch)

    # -- reading ------------------------------------------------------------------------
    def named_graphs(self) -> list[NamedNode]:
        """Names of all named graphs (not the server's own), sorted."""
        if self.engine == "virtuoso":  # it does not match an empty pattern in GRAPH ?g { }
            names = self._graph_sizes()
        else:
            rows = self.select(load_query("remote_named_graphs"))
            names = {r["g"].value: 0 for r in rows if isinstance(r.get("g"), NamedNode)}
        return [NamedNode(g) for g in sorted(names) if g not in ENGINE_GRAPHS]

    def _graph_sizes(self) -> dict[str, int]:
        rows = self.select(load_query("remote_graph_sizes"))
        return {r["g"].value: int(r["n"].value) for r in rows if isinstance(r.get("g"), NamedNode)}

    def quads(self, graph: NamedNode | None = None) -> Iterator[Quad]:
        """All quads of the named graphs (not the server's own), or those of one named graph."""
        bindings = {"g": graph} if graph is not None else None
        rows = self.select(load_query("remote_quads"), bindings)
        return iter(
            [
                Quad(r["s"], r["p"], r["o"], r["g"])  # type: ignore[arg-type]
                for r in rows
                if r["g"].value not in ENGINE_GRAPHS
            ]
        )

    def dump(self, out: IO[bytes], fmt: str) -> None:
        """Write the dataset (``nquads``/``trig``) or the union graph (``turtle``, ``ntriples``, ...)."""
        if fmt in QUAD_FORMATS:
            serialize(self.quads(), out, QUAD_FORMATS[fmt], prefixes=PREFIXES)
        elif fmt in TRIPLE_FORMATS:
            if self.engine == "virtuoso":  # its default graph also holds its own graphs
                triples = list(dict.fromkeys(q.triple for q in self.quads()))
            else:
                triples = self.construct(load_query("remote_union_triples"))
            serialize(triples, out, TRIPLE_FORMATS[fmt], prefixes=PREFIXES)
        else:
            known = ", ".join(sorted([*QUAD_FORMATS, *TRIPLE_FORMATS]))
            raise StoreError(f"unknown export format {fmt!r} (known: {known})")

    def __len__(self) -> int:
        if self.engine == "virtuoso":
            sizes = self._graph_sizes()
            return sum(n for g, n in sizes.items() if g not in ENGINE_GRAPHS)
        rows = self.select(load_query("remote_quad_count"))
        return int(rows[0]["n"].value) if rows else 0

    def close(self) -> None:
        """Release the HTTP connections (nothing to flush: every write is already committed)."""
        client, self._client = self._client, None
        if client is not None:
            client.close()


def _wants_graph(query: str) -> bool:
    return query_form(query) in ("CONSTRUCT", "DESCRIBE")


def _is_ask_row(result: QuerySolutions) -> bool:
    """Whether a SELECT-shaped result is Virtuoso's answer to an ASK query."""
    return [v.value for v in result.variables] == [_ASK_VARIABLE]


def _triple_line(quad: Quad) -> str:
    """One quad's triple in N-Triples syntax (pyoxigraph escapes literals and IRIs)."""
    return f"{quad.subject} {quad.predicate} {quad.object} ."


def _graph_blocks(quads: Iterable[Quad]) -> str:
    """Quads as ``GRAPH <g> { ... }`` blocks (default-graph triples bare) for INSERT DATA."""
    by_graph: dict[str, list[str]] = {}
    for q in quads:
        key = "" if isinstance(q.graph_name, DefaultGraph) else str(q.graph_name)
        by_graph.setdefault(key, []).append(_triple_line(q))
    return "\n".join(
        "\n".join(lines) if not name else f"GRAPH {name} {{\n" + "\n".join(lines) + "\n}"
        for name, lines in by_graph.items()
    )


def _fill(template: str, values: Mapping[str, str]) -> str:
    """Fill ``%%NAME%%`` placeholders in one pass (inserted text is never scanned again)."""
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], template)
