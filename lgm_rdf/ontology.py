"""Namespaces, IRI minting and the location of the ontology, shapes and query files."""

from __future__ import annotations

import hashlib
import unicodedata
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from pyoxigraph import Literal, NamedNode

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

LGM_NS = "https://w3id.org/lgm-rdf/ontology#"
NIF_NS = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#"
PROV_NS = "http://www.w3.org/ns/prov#"
SKOS_NS = "http://www.w3.org/2004/02/skos/core#"
OWL_NS = "http://www.w3.org/2002/07/owl#"
RDF_NS = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS_NS = "http://www.w3.org/2000/01/rdf-schema#"
XSD_NS = "http://www.w3.org/2001/XMLSchema#"
DCTERMS_NS = "http://purl.org/dc/terms/"
SCHEMA_NS = "https://schema.org/"

PREFIXES: dict[str, str] = {
    "lgm": LGM_NS,
    "nif": NIF_NS,
    "prov": PROV_NS,
    "skos": SKOS_NS,
    "owl": OWL_NS,
    "rdf": RDF_NS,
    "rdfs": RDFS_NS,
    "xsd": XSD_NS,
    "dcterms": DCTERMS_NS,
    "schema": SCHEMA_NS,
}


class _Namespace:
    """Attribute access to the terms of one namespace: ``LGM.partOf``."""

    def __init__(self, base: str) -> None:
        self._base = base

    def __getattr__(self, name: str) -> NamedNode:
        if name.startswith("__"):
            raise AttributeError(name)
        return NamedNode(self._base + name)

    def __getitem__(self, name: str) -> NamedNode:
        return NamedNode(self._base + name)


LGM = _Namespace(LGM_NS)
NIF = _Namespace(NIF_NS)
PROV = _Namespace(PROV_NS)
SKOS = _Namespace(SKOS_NS)
OWL = _Namespace(OWL_NS)
RDF = _Namespace(RDF_NS)
RDFS = _Namespace(RDFS_NS)
XSD = _Namespace(XSD_NS)
DCTERMS = _Namespace(DCTERMS_NS)
SCHEMA = _Namespace(SCHEMA_NS)

RDF_TYPE = RDF.type
OWL_THING = OWL.Thing

# meta-relation kind -> the property that asserts it (child ⊑ parent, part ⊑ whole, a = b)
RELATION_PROPERTIES: dict[str, NamedNode] = {
    "inheritance": RDFS.subClassOf,
    "composition": LGM.partOf,
    "alias": OWL.sameAs,
}

# block role of a non-prose sentence -> its lgm:BlockRole individual (prose has no role triple)
BLOCK_ROLE_TERMS: dict[str, NamedNode] = {
    "heading": LGM.HeadingRole,
    "reference": LGM.ReferenceRole,
    "affiliation": LGM.AffiliationRole,
    "table": LGM.TableRole,
    "code": LGM.CodeRole,
    "equation": LGM.EquationRole,
    "caption": LGM.CaptionRole,
    "header_footer": LGM.HeaderFooterRole,
    "template": LGM.TemplateRole,
}

# characters kept as they are in minted IRI segments (RFC 3986 unreserved)
_SAFE = "-._~"


def decimal_literal(value: float, places: int = 3) -> Literal:
    """``value`` as an ``xsd:decimal`` in its shortest form ("0.85", "1", never "0.850").

    SPARQL servers that store decimals as numbers (Virtuoso) give back the shortest form;
    writing it that way keeps a KB's quads the same in every store.
    """
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return Literal("0" if text in ("", "-0") else text, datatype=XSD.decimal)


def normalise_label(text: str) -> str:
    """Normalised concept key: NFC, lower case, single spaces, trimmed; the dotted capital I
    is a plain "i" ("İstanbul" → "istanbul", not "i" and a combining dot)."""
    text = unicodedata.normalize("NFC", text).replace("İ", "i")
    return " ".join(text.lower().split())


def without_accents(text: str) -> str:
    """``text`` without its accents and other combining marks ("Kraków" → "Krakow", "vāstu" →
    "vastu"): what two spellings of one name share."""
    if text.isascii():  # nothing to take away (most keys)
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def without_article(key: str) -> str:
    """A normalised key without its leading article ("the simpsons" → "simpsons"); a key that
    is only an article stays."""
    first, _, rest = key.partition(" ")
    return rest if first in ("the", "a", "an") and rest else key


def iri_segment(text: str) -> str:
    """Encode any string as one IRI path segment: spaces → ``_``, the rest percent-encoded."""
    text = unicodedata.normalize("NFC", text)
    return quote("_".join(text.split()), safe=_SAFE)


class IriMinter:
    """Mints the data IRIs of one KB under a configurable base (default ``urn:lgm:``)."""

    def __init__(self, base: str = "urn:lgm:") -> None:
        if not base or any(c in base for c in ' <>"{}|\\^`\n'):
            raise ValueError(f"invalid base IRI {base!r}")
        self.base = base
        self._concepts: dict[str, NamedNode] = {}

    def document(self, doc_id: str) -> NamedNode:
        """IRI (and named-graph name) of a document; distinct ids give distinct IRIs.

        The id is percent-encoded as it is (UTF-8, every character but ``A-Z a-z 0-9 - . _ ~``),
        with no folding of spaces or Unicode forms, so the mapping is injective.
        """
        return NamedNode(f"{self.base}doc:{quote(doc_id, safe=_SAFE)}")

    def legacy_document(self, doc_id: str) -> NamedNode:
        """The IRI a document had before identity became injective (spaces folded to ``_``).

        Only used to find and move documents learned by older versions.
        """
        return NamedNode(f"{self.base}doc:{iri_segment(doc_id)}")

    def section(self, doc: NamedNode, position: int) -> NamedNode:
        """IRI of the ``position``-th section of ``doc``."""
        return NamedNode(f"{doc.value}/section/{position}")

    def sentence(self, doc: NamedNode, position: int) -> NamedNode:
        """IRI of the ``position``-th sentence of ``doc``."""
        return NamedNode(f"{doc.value}/sentence/{position}")

    def document_of(self, part: NamedNode) -> NamedNode | None:
        """The document of a minted section or sentence IRI (``None`` for anything else)."""
        value = part.value
        if not value.startswith(f"{self.base}doc:"):
            return None
        for marker in ("/sentence/", "/section/"):
            if marker in value:
                return NamedNode(value.rsplit(marker, 1)[0])
        return None

    def concept(self, label: str) -> NamedNode:
        """IRI of a concept, minted from its normalised lemma phrase (memoised)."""
        iri = self._concepts.get(label)
        if iri is None:
            key = normalise_label(label)
            if not key:
                raise ValueError("a concept needs a non-empty label")
            iri = NamedNode(f"{self.base}concept:{iri_segment(key)}")
            if len(self._concepts) < 200_000:
                self._concepts[label] = iri
        return iri

    def axiom(self, *parts: str) -> NamedNode:
        """Deterministic IRI of a provenance axiom identified by ``parts``."""
        digest = hashlib.sha1("\x1f".join(parts).encode("utf-8")).hexdigest()[:20]
        return NamedNode(f"{self.base}axiom:{digest}")

    def imported(self, name: str) -> NamedNode:
        """Named-graph IRI of an imported ontology."""
        return NamedNode(f"{self.base}import:{iri_segment(name)}")


def project_root() -> Path:
    """The source checkout that holds ``ontology/`` and ``queries/`` (when running from one)."""
    return Path(__file__).resolve().parent.parent


@cache
def resource_dir(kind: str) -> Traversable:
    """``queries`` or ``ontology``: in the installed package (``lgm_rdf/_resources/KIND``, mapped
    there when the wheel is built), else in the source checkout this module runs from."""
    packaged = files("lgm_rdf").joinpath("_resources", kind)
    if packaged.is_dir():
        return packaged
    checkout = project_root() / kind
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(f"lgm_rdf is installed without its {kind}/ files; reinstall it")


def ontology_text(name: str = "lgm.ttl") -> str:
    """Text of a file in ``ontology/`` (the OWL ontology, the SHACL shapes, their README)."""
    return resource_dir("ontology").joinpath(name).read_text(encoding="utf-8")


@cache
def load_query(name: str) -> str:
    """Text of ``queries/NAME.rq`` (or ``NAME.ru`` given with its suffix for updates).

    Every SPARQL string the code runs lives in ``queries/``.
    """
    filename = name if name.endswith((".rq", ".ru")) else f"{name}.rq"
    path = resource_dir("queries").joinpath(filename)
    if not path.is_file():
        raise FileNotFoundError(f"no SPARQL query file {filename} in {resource_dir('queries')}")
    return path.read_text(encoding="utf-8")
