"""Where the development data lives: ``../shared/data`` beside the checkout (or ``LGM_DATA``)."""

from __future__ import annotations

import os
from pathlib import Path

from lgm_rdf.ontology import project_root


def shared_data(name: str) -> Path:
    """Path of a file of the shared development data (``$LGM_DATA`` overrides the folder)."""
    folder = os.environ.get("LGM_DATA")
    base = Path(folder) if folder else project_root().parent / "shared" / "data"
    return base / name
