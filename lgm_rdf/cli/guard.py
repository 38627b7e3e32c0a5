"""A memory ceiling for one ``lgm`` command: past it, one error line and exit status 1.

A query over a damaged store can loop inside Oxigraph, allocating about 100 MB a second, with
Python unable to interrupt it. Oxigraph evaluates queries without holding Python's lock, so a
watcher thread can see the resident memory grow and end the process with a clear message.
"""

from __future__ import annotations

import os
import sys
import threading
import time

EXIT_MEMORY = 1


def resident_mb() -> int:
    """The resident memory of this process in MB (0 where /proc is not available)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE") // (1024 * 1024)


def start_memory_guard(limit_mb: int, interval: float = 0.2) -> threading.Thread | None:
    """Watch this process; past ``limit_mb`` MB resident, print one line and exit (0 = off)."""
    if limit_mb <= 0 or resident_mb() == 0:
        return None

    def watch() -> None:
        while True:
            time.sleep(interval)
            used = resident_mb()
            if used > limit_mb:
                sys.stderr.write(
                    f"lgm: error: stopped at {used} MB of memory (limit LGM_MEMORY_LIMIT_MB="
                    f"{limit_mb}). A query over a damaged knowledge base can loop: run "
                    f"`lgm check`; if the KB is sound, raise the limit\n"
                )
                sys.stderr.flush()
                os._exit(EXIT_MEMORY)

    thread = threading.Thread(target=watch, name="lgm-memory-guard", daemon=True)
    thread.start()
    return thread
