"""Content negotiation for the SPARQL endpoint: ``Accept`` headers and ``format`` parameters."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pyoxigraph import QueryResultsFormat, RdfFormat


@dataclass(frozen=True)
class Format:
    """One serialisation the endpoint can write: its name, media types and pyoxigraph format."""

    name: str
    media_types: tuple[str, ...]  # the first one is sent as Content-Type
    oxigraph: QueryResultsFormat | RdfFormat
    aliases: tuple[str, ...] = ()  # values accepted in the ``format`` / ``output`` parameter

    @property
    def content_type(self) -> str:
        """The ``Content-Type`` header of a response in this format."""
        media = self.media_types[0]
        return media if "json" in media else media + "; charset=utf-8"


RESULT_FORMATS: tuple[Format, ...] = (
    Format(
        "json",
        ("application/sparql-results+json", "application/json"),
        QueryResultsFormat.JSON,
        ("srj",),
    ),
    Format(
        "xml",
        ("application/sparql-results+xml", "application/xml", "text/xml"),
        QueryResultsFormat.XML,
        ("srx",),
    ),
    Format("csv", ("text/csv",), QueryResultsFormat.CSV),
    Format("tsv", ("text/tab-separated-values",), QueryResultsFormat.TSV),
)
GRAPH_FORMATS: tuple[Format, ...] = (
    Format(
        "turtle",
        ("text/turtle", "application/turtle", "application/x-turtle"),
        RdfFormat.TURTLE,
        ("ttl", "n3"),
    ),
    Format("ntriples", ("application/n-triples", "text/plain"), RdfFormat.N_TRIPLES, ("nt",)),
    Format("jsonld", ("application/ld+json",), RdfFormat.JSON_LD, ("json-ld", "json")),
    Format(
        "rdfxml",
        ("application/rdf+xml", "application/xml", "text/xml"),
        RdfFormat.RDF_XML,
        ("rdf", "rdf+xml", "xml"),
    ),
)


class NotAcceptable(ValueError):
    """No format the client accepts can carry this kind of result (HTTP 406)."""


@dataclass(frozen=True)
class _Range:
    type: str
    subtype: str
    q: float
    index: int


def parse_accept(header: str | None) -> list[_Range]:
    """The media ranges of an ``Accept`` header with their quality (malformed parts ignored)."""
    ranges: list[_Range] = []
    for index, part in enumerate((header or "").split(",")):
        fields = [f.strip() for f in part.split(";")]
        media = fields[0].lower()
        if "/" not in media:
            continue
        main, _, sub = media.partition("/")
        q = 1.0
        for param in fields[1:]:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = max(0.0, min(1.0, float(value)))
                except ValueError:
                    q = 0.0
        ranges.append(_Range(main.strip(), sub.strip(), q, index))
    return ranges


def _match(media: str, ranges: Sequence[_Range]) -> tuple[float, int, int] | None:
    """(quality, specificity, -position) of the most specific range matching ``media``."""
    main, _, sub = media.partition("/")
    best: tuple[int, _Range] | None = None
    for r in ranges:
        if r.type == main and r.subtype == sub:
            spec = 2
        elif r.type == main and r.subtype == "*":
            spec = 1
        elif r.type == "*" and r.subtype == "*":
            spec = 0
        else:
            continue
        if best is None or spec > best[0]:
            best = (spec, r)
    if best is None:
        return None
    return best[1].q, best[0], -best[1].index


def negotiate(
    formats: Sequence[Format], accept: str | None, format_param: Iterable[str] = ()
) -> Format:
    """The format to answer in.

    A recognised ``format`` / ``output`` parameter value (a name like ``json`` or a media type)
    wins; otherwise the ``Accept`` header decides (quality, then specificity, then the
    client's order, then a format's main type over an alias, then our order); no header
    (or ``*/*``) gives the first of ``formats``.
    Raises ``NotAcceptable`` when nothing fits.
    """
    wanted = [v.strip().lower() for v in format_param if v and v.strip()]
    for value in wanted:
        for fmt in formats:
            if value == fmt.name or value in fmt.aliases or value in fmt.media_types:
                return fmt
    if wanted and not (accept or "").strip():
        raise NotAcceptable(_offer("format", wanted[0], formats))
    ranges = parse_accept(accept)
    if not ranges:
        return formats[0]
    best: tuple[tuple[float, int, int, bool, int], Format] | None = None
    for order, fmt in enumerate(formats):
        for alias, media in enumerate(fmt.media_types):
            found = _match(media, ranges)
            if found is None or found[0] <= 0:
                continue
            key = (*found, alias == 0, -order)  # a format's own type beats another's alias
            if best is None or key > best[0]:
                best = (key, fmt)
    if best is None:
        raise NotAcceptable(_offer("Accept", accept or "", formats))
    return best[1]


def _offer(what: str, value: str, formats: Sequence[Format]) -> str:
    offered = ", ".join(f.media_types[0] for f in formats)
    return f"cannot answer in the requested {what} {value[:100]!r}; this result can be: {offered}"
