"""Standards-facing work on a KB: import SKOS/OWL, export OWL and SKOS, SHACL validation, HermiT.

``import_ontology`` and the exporters need rdflib and pyoxigraph only; ``run_hermit`` needs the
optional ``owl`` extra (owlready2) and a Java runtime, and reports their absence instead of failing.
"""

from lgm_rdf.interop.exporter import export_owl, export_skos
from lgm_rdf.interop.importer import ImportReport, OntologyImportError, import_ontology
from lgm_rdf.interop.reasoner import ReasonerReport, run_hermit

__all__ = [
    "ImportReport",
    "OntologyImportError",
    "ReasonerReport",
    "export_owl",
    "export_skos",
    "import_ontology",
    "run_hermit",
]
