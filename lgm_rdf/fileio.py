"""Writing files so that a failure never leaves half a file behind."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO

from lgm_rdf.errors import LgmError


def atomic_write(path: str | Path, write: Callable[[IO[bytes]], None]) -> None:
    """Call ``write`` on a temporary file beside ``path``, then rename it over ``path``.

    The old file (if any) stays intact until the new one is complete and on disk.
    """
    target = Path(path)
    if target.is_dir():
        raise LgmError(f"{target} is a directory; give a file name to write")
    if not target.parent.is_dir():
        raise LgmError(f"cannot write {target}: the directory {target.parent} does not exist")
    tmp = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with tmp.open("wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
