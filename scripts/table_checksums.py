#!/usr/bin/env python3
"""Cost of checking a KB for damage at open: the table files' block checksums, hashed directly
(what an open does now, each file once in its life), against reading the store through
pyoxigraph as the open probe did before (the main indexes of a KB over 10,000 quads streamed),
or, with ``--scan``, reading every index (``lgm check``). Both in this process, one after the
other.

    PYTHONPATH=. python scripts/table_checksums.py KB_DIR [--scan]
"""

import sys
import time
from pathlib import Path

from pyoxigraph import Store

from lgm_rdf.store.integrity import _PROBES, TablesReport, scan_indexes, verify_tables

kb = Path(sys.argv[1])
tables = TablesReport()
known = verify_tables(kb, report=tables)
mb = tables.bytes / 1e6
print(
    f"tables: {tables.files} files, {tables.blocks} blocks, {mb:.1f} MB in "
    f"{tables.seconds:.2f} s = {mb / tables.seconds:.0f} MB/s"
)
again = TablesReport()
verify_tables(kb, known, report=again)
print(f"the next open (every file remembered): {again.seconds * 1e3:.2f} ms, {again.files} hashed")

store = Store.read_only(str(kb))
quads = len(store)
started = time.perf_counter()
if "--scan" in sys.argv:
    scan_indexes(store)
    what = "every index read through pyoxigraph (lgm check)"
else:
    for query in _PROBES:
        for _ in store.query(query):
            pass
    what = "the main indexes streamed (the former open probe)"
took = time.perf_counter() - started
print(
    f"{what}: {quads} quads in {took:.2f} s ({took / quads * 1e6:.1f} us a quad); "
    f"checksums take {tables.seconds / took:.3f}x of it"
)
