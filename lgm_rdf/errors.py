"""The base of every error lgm_rdf reports to users (the CLI prints these without a traceback)."""

from __future__ import annotations


class LgmError(Exception):
    """An error whose message is written for the user: what failed, and what to do."""
