"""What the server reads from a query's text before it runs it (tokens, never a parse).

Whether it federates (``SERVICE``) or fetches (``LOAD``), whether it names its own dataset
(``FROM``), and whether it is cheap enough for the reserve lane of the query pool.
"""

from __future__ import annotations

from dataclasses import dataclass

from lgm_rdf.store.querytext import sparql_tokens

# words that make a query costly whatever its patterns (sorting, grouping, aggregates,
# sub-queries and federation); a cheap query has none of them
_COSTLY = {
    "ORDER", "GROUP", "HAVING", "DISTINCT", "REDUCED", "COUNT", "SUM", "MIN", "MAX", "AVG",
    "SAMPLE", "GROUP_CONCAT", "SERVICE", "DESCRIBE", "FROM",
}  # fmt: skip
_TERMS = {"var", "iri", "pname", "string"}
_MAX_CHEAP_TERMS = 3  # one triple pattern


@dataclass(frozen=True)
class Dataset:
    """The RDF dataset a request names (SPARQL Protocol ``default-graph-uri`` etc.)."""

    default: list[str]
    named: list[str]


def _words(text: str) -> list[str]:
    return [t.upper() for kind, t, _ in sparql_tokens(text) if kind == "word"]


def uses_service(query: str) -> bool:
    """True when ``query`` has a ``SERVICE`` clause (the keyword, not a string, IRI or name)."""
    return "SERVICE" in _words(query)


def fetches(update: str) -> str | None:
    """``LOAD`` or ``SERVICE`` when ``update`` would fetch a URL, else ``None``."""
    words = _words(update)
    return next((w for w in ("LOAD", "SERVICE") if w in words), None)


def names_dataset(query: str) -> bool:
    """True when ``query`` has its own ``FROM`` / ``FROM NAMED`` clause."""
    depth = 0
    for kind, text, _ in sparql_tokens(query):
        if text == "{":
            depth += 1
        elif text == "}":
            depth -= 1
        elif kind == "word" and depth == 0 and text.upper() == "FROM":
            return True
    return False


def is_cheap(query: str) -> bool:
    """True for a query over at most one triple pattern with no paths, filters or modifiers.

    Such a query is one index scan, stopped at the result cap; ``ASK {}`` is one. The test
    is conservative: anything it does not recognise makes the query not cheap.
    """
    depth = deepest = terms = selects = 0
    for kind, text, _ in sparql_tokens(query):
        upper = text.upper() if kind == "word" else ""
        if upper in _COSTLY:
            return False
        selects += upper == "SELECT"
        if text == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif text == "}":
            depth -= 1
        elif depth:
            if kind in _TERMS or upper == "A" or (kind == "other" and text.isdigit()):
                terms += 1
            elif kind == "word" or text not in (".", ";", ","):
                return False  # FILTER, OPTIONAL, GRAPH, paths, expressions, language tags
    return selects <= 1 and deepest <= 1 and terms <= _MAX_CHEAP_TERMS
