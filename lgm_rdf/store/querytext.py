"""SPARQL as text: its tokens, bound values joined into its groups, the project prefixes."""

from __future__ import annotations

import re
from collections.abc import Mapping

from pyoxigraph import BlankNode, Triple

from lgm_rdf.ontology import PREFIXES
from lgm_rdf.store.base import StoreError, Term
from lgm_rdf.store.values import values_block

_TOKEN = re.compile(
    r"""(?P<skip>\#[^\n]*|\s+)
    |(?P<string>'''(?:[^'\\]|\\.|'(?!''))*'''|\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"
        |'(?:[^'\\\n\r]|\\.)*'|"(?:[^"\\\n\r]|\\.)*")
    |(?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
    |(?P<var>[?$]\w+)
    |(?P<pname>(?:[^\W\d][\w\-.]*)?:[\w\-.%:\\]*)
    |(?P<word>[^\W\d]\w*)
    |(?P<other>.)""",
    re.VERBOSE | re.DOTALL,
)


def sparql_tokens(query: str) -> list[tuple[str, str, int]]:
    """(kind, text, end offset) of every significant token of a SPARQL string.

    Kinds: ``string``, ``iri``, ``var``, ``pname``, ``word`` (a keyword or function name) and
    ``other`` (punctuation); comments and spaces are dropped.
    """
    out = []
    for m in _TOKEN.finditer(query):
        kind = m.lastgroup or "other"
        if kind != "skip":
            out.append((kind, m.group(), m.end()))
    return out


def bind_values(query: str, bindings: Mapping[str, Term]) -> str:
    """``query`` with one ``VALUES`` row of ``bindings`` joined into every group pattern.

    A variable pre-bound this way is visible everywhere, inside nested groups and their
    FILTERs too, as pyoxigraph's ``substitutions`` are. VALUES data blocks, CONSTRUCT
    templates and sub-SELECTs are left alone (a sub-SELECT is constrained by its parent
    group). Terms are written by pyoxigraph (escaped); user text is never pasted.
    """
    if not bindings:
        return query
    for value in bindings.values():
        if isinstance(value, BlankNode | Triple):
            raise StoreError("a remote SPARQL store cannot bind a blank node or a triple term")
    tokens = sparql_tokens(query)
    inserts: list[tuple[int, str]] = []
    stack: list[str] = []  # kind of each open brace: group | data | template | subquery
    pending = ""  # what the next "{" opens, set by VALUES / CONSTRUCT
    short_construct = False
    for i, (kind, text, end) in enumerate(tokens):
        upper = text.upper() if kind == "word" else ""
        if upper == "VALUES":
            pending = "data"
        elif upper == "CONSTRUCT":
            nxt = tokens[i + 1][1] if i + 1 < len(tokens) else ""
            pending = "template" if nxt == "{" else ""
            short_construct = nxt.upper() == "WHERE"
        elif text == "{":
            nxt = tokens[i + 1][1] if i + 1 < len(tokens) else ""
            if pending:
                opened, pending = pending, ""
            elif nxt == "|":
                opened = "data"  # RDF 1.2 annotation block {| ... |}
            elif nxt.upper() == "SELECT" or "subquery" in stack:
                opened = "subquery"
            elif short_construct and not stack:
                opened = "template"
            else:
                opened = "group"
                if not any(k in ("data", "template") for k in stack):
                    inserts.append((end, _graph_variable(tokens, i)))
            stack.append(opened)
        elif text == "}" and stack:
            stack.pop()
    if not inserts:  # e.g. CONSTRUCT WHERE { ... } or DESCRIBE <iri>: a final VALUES clause
        return query + "\n" + _values(bindings, "") + "\n"
    parts, last = [], 0
    for at, skip in inserts:
        parts.extend((query[last:at], " " + _values(bindings, skip) + " "))
        last = at
    parts.append(query[last:])
    return "".join(parts)


def _graph_variable(tokens: list[tuple[str, str, int]], brace: int) -> str:
    """The variable of ``GRAPH ?g {`` when the brace at ``brace`` opens one, else ``""``."""
    if brace >= 2 and tokens[brace - 1][0] == "var" and tokens[brace - 2][1].upper() == "GRAPH":
        return tokens[brace - 1][1][1:]
    return ""


def _values(bindings: Mapping[str, Term], skip: str) -> str:
    """One-row VALUES block of ``bindings`` without the variable ``skip``.

    Inside ``GRAPH ?g { }`` the graph variable is not bound again: Oxigraph would then match
    the group against a graph that does not exist.
    """
    names = [n for n in bindings if n != skip]
    if not names:
        return ""
    return values_block(names, [[bindings[n] for n in names]])


def with_prefixes(query: str) -> str:
    """``query`` with PREFIX lines for the project prefixes it does not declare itself."""
    tokens = sparql_tokens(query)
    declared = {
        tokens[i + 1][1][:-1]
        for i, (kind, text, _) in enumerate(tokens[:-1])
        if kind == "word" and text.upper() == "PREFIX"
    }
    head = "".join(
        f"PREFIX {name}: <{iri}>\n" for name, iri in PREFIXES.items() if name not in declared
    )
    return head + query


QUERY_FORMS = ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE")


def query_form(query: str) -> str | None:
    """``SELECT``, ``ASK``, ``CONSTRUCT`` or ``DESCRIBE``: the first query keyword, if any."""
    for kind, text, _ in sparql_tokens(query):
        if kind == "word" and text.upper() in QUERY_FORMS:
            return text.upper()
    return None
