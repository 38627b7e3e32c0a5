"""``lgm check``: is the KB sound end to end, every block and every document graph?"""

from __future__ import annotations

from dataclasses import dataclass, field

from lgm_rdf.ontology import load_query
from lgm_rdf.store.base import GraphStore, StoreError
from lgm_rdf.store.integrity import ScanReport

MAX_LISTED = 20


@dataclass
class CheckReport:
    """The store's index scan and the documents whose graphs are incomplete."""

    scan: ScanReport
    documents: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def sound(self) -> bool:
        """No damaged block, no disagreeing index, no incomplete document."""
        return not self.problems

    def summary(self) -> str:
        """Human-readable lines; the first says whether the KB is sound."""
        scan = self.scan
        head = "sound" if self.sound else f"NOT sound: {len(self.problems)} problem(s)"
        lines = [
            f"knowledge base: {head}",
            f"blocks: every index read ({scan.quads} quads in {scan.graphs} named graphs, "
            f"{sum(scan.read.values()) + scan.quads} index entries, {scan.seconds:.1f} s)",
            f"documents: {self.documents} checked against their recorded counts",
        ]
        if scan.tables is not None:
            t = scan.tables
            lines.insert(
                1,
                f"tables: every block checksum matched ({t.files} files, {t.blocks} blocks, "
                f"{t.bytes / 1e6:.1f} MB, {t.seconds:.1f} s)",
            )
        lines.extend(f"  problem: {p}" for p in self.problems[:MAX_LISTED])
        if len(self.problems) > MAX_LISTED:
            lines.append(f"  ... and {len(self.problems) - MAX_LISTED} more")
        return "\n".join(lines)


def check_store(store: GraphStore) -> CheckReport:
    """Read every index of an embedded store, then compare each document with its counts."""
    verify = getattr(store, "verify", None)
    if verify is None:
        raise StoreError("`lgm check` verifies an embedded KB directory, not a SPARQL server")
    report = CheckReport(scan=verify())
    report.problems.extend(report.scan.problems)
    for row in store.select(load_query("document_counts")):
        report.documents += 1
        doc = row["doc"].value
        found = {
            k: int(row[k].value) if k in row else 0 for k in ("triples", "sentences", "sections")
        }
        for recorded, actual, what in (
            ("sentenceCount", "sentences", "sentences"),
            ("sectionCount", "sections", "sections"),
        ):
            if recorded in row and int(row[recorded].value) != found[actual]:
                report.problems.append(
                    f"{doc}: {found[actual]} {what}, {row[recorded].value} recorded"
                )
        if "tripleCount" in row and found["triples"] < int(row["tripleCount"].value):
            report.problems.append(
                f"{doc}: {found['triples']} triples, {row['tripleCount'].value} written"
            )
    return report
