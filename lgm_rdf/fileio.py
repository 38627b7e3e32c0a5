"""Writing files so that a failure never leaves half a file behind."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import IO


def atomic_write(path: str | Path, write: Callable[[IO[bytes]], None]) -> None:
    """Call ``write`` on a temporary file beside ``path``, then rename it over ``path``.

    The old file (if any) stays intact until the new one is complete and on disk.
    """
    target = Path(path)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        with tmp.open("wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
