"""Packaging that pyproject.toml cannot say: ``queries/`` and ``ontology/`` stay at the top of
the repository and are mapped into the wheel as ``lgm_rdf/_resources/{queries,ontology}``,
where ``lgm_rdf.ontology`` reads them with ``importlib.resources``. Metadata and dependencies
live in pyproject.toml."""

from setuptools import find_namespace_packages, setup

RESOURCES = {
    "lgm_rdf._resources.queries": "queries",
    "lgm_rdf._resources.queries.examples": "queries/examples",
    "lgm_rdf._resources.ontology": "ontology",
}

setup(
    packages=find_namespace_packages(include=["lgm_rdf", "lgm_rdf.*"], exclude=["*.__pycache__"])
    + list(RESOURCES),
    package_dir=RESOURCES,
    package_data={
        "lgm_rdf": ["**/*.txt", "**/*.html", "**/*.js", "**/*.css", "**/*.jsonl", "**/*.json", "py.typed"],
        "lgm_rdf._resources.queries": ["*.rq", "*.ru"],
        "lgm_rdf._resources.queries.examples": ["*.rq"],
        "lgm_rdf._resources.ontology": ["*.ttl", "*.md"],
    },
)
