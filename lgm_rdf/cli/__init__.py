"""The ``lgm`` command line: ``main`` is the entry point of the console script."""

from lgm_rdf.cli.dispatch import main

__all__ = ["main"]
