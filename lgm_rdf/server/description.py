"""The SPARQL 1.1 Service Description of the endpoint (RDF built from terms, not a query)."""

from __future__ import annotations

from pyoxigraph import BlankNode, Literal, NamedNode, Triple, serialize

from lgm_rdf.store.isolation.negotiation import GRAPH_FORMATS, Format

SD = "http://www.w3.org/ns/sparql-service-description#"
FORMATS = "http://www.w3.org/ns/formats/"
RDF_TYPE = NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
DCTERMS_TITLE = NamedNode("http://purl.org/dc/terms/title")
DCTERMS_DESCRIPTION = NamedNode("http://purl.org/dc/terms/description")

# W3C format IRIs of what the endpoint writes
RESULT_FORMAT_IRIS = (
    "SPARQL_Results_JSON",
    "SPARQL_Results_XML",
    "SPARQL_Results_CSV",
    "SPARQL_Results_TSV",
    "Turtle",
    "N-Triples",
    "JSON-LD",
    "RDF_XML",
)


def _sd(name: str) -> NamedNode:
    return NamedNode(SD + name)


def service_description(endpoint: str, updates: bool) -> list[Triple]:
    """Triples describing the endpoint at ``endpoint`` (``updates``: SPARQL Update is enabled)."""
    service = NamedNode(endpoint)
    dataset, graph = BlankNode(), BlankNode()
    triples = [
        Triple(service, RDF_TYPE, _sd("Service")),
        Triple(service, _sd("endpoint"), service),
        Triple(service, DCTERMS_TITLE, Literal("lgm_rdf SPARQL endpoint")),
        Triple(
            service,
            DCTERMS_DESCRIPTION,
            Literal(
                "The default graph is the union of all named graphs (one per learned document). "
                "Common prefixes (lgm, nif, prov, skos, owl, rdf, rdfs, xsd, dcterms, schema) "
                "are predeclared."
            ),
        ),
        Triple(service, _sd("supportedLanguage"), _sd("SPARQL11Query")),
        Triple(service, _sd("feature"), _sd("UnionDefaultGraph")),
        Triple(service, _sd("defaultDataset"), dataset),
        Triple(dataset, RDF_TYPE, _sd("Dataset")),
        Triple(dataset, _sd("defaultGraph"), graph),
        Triple(graph, RDF_TYPE, _sd("Graph")),
    ]
    if updates:
        triples.append(Triple(service, _sd("supportedLanguage"), _sd("SPARQL11Update")))
    for name in RESULT_FORMAT_IRIS:
        triples.append(Triple(service, _sd("resultFormat"), NamedNode(FORMATS + name)))
    return triples


def write_description(endpoint: str, updates: bool, fmt: Format) -> bytes:
    """The service description serialised in ``fmt`` (one of ``GRAPH_FORMATS``)."""
    assert fmt in GRAPH_FORMATS
    return serialize(  # type: ignore[return-value]
        service_description(endpoint, updates),
        format=fmt.oxigraph,  # type: ignore[arg-type]
        prefixes={"sd": SD, "formats": FORMATS, "dcterms": "http://purl.org/dc/terms/"},
    )
