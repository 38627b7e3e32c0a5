"""The synthetic KB generator and the query-scale harness of ``lgm bench query`` (tiny sizes)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from lgm_rdf.bench.latency import percentiles
from lgm_rdf.bench.query.measure import band, bulk_load
from lgm_rdf.bench.query.report import format_markdown
from lgm_rdf.bench.query.scale import run_query_benchmark, sizes_for
from lgm_rdf.bench.query.synthetic import SyntheticConfig, SyntheticKB
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.retrieve.linking import ConceptIndex
from lgm_rdf.store.oxigraph import OxigraphStore


def _digest(kb: SyntheticKB) -> str:
    h = hashlib.sha256()
    for line in kb.lines():
        h.update(line.encode("utf-8"))
    return h.hexdigest()


@pytest.fixture(scope="module")
def small_kb(tmp_path_factory: pytest.TempPathFactory) -> tuple[SyntheticKB, OxigraphStore]:
    """A 150-sentence synthetic KB bulk-loaded into an on-disk store."""
    root = tmp_path_factory.mktemp("synthetic")
    kb = SyntheticKB(SyntheticConfig(sentences=150, seed=3))
    kb.write_nquads(root / "kb.nq")
    bulk_load(root / "kb.nq", root / "store")
    store = OxigraphStore(root / "store")
    yield kb, store
    store.close()


def test_generator_is_deterministic() -> None:
    a = _digest(SyntheticKB(SyntheticConfig(sentences=120, seed=7)))
    b = _digest(SyntheticKB(SyntheticConfig(sentences=120, seed=7)))
    c = _digest(SyntheticKB(SyntheticConfig(sentences=120, seed=8)))
    assert a == b
    assert a != c


def test_counts_match_the_request_and_the_file(tmp_path: Path) -> None:
    kb = SyntheticKB(SyntheticConfig(sentences=123, seed=1))
    stats = kb.write_nquads(tmp_path / "kb.nq")
    assert stats.sentences == 123
    lines = (tmp_path / "kb.nq").read_text(encoding="utf-8").splitlines()
    assert len(lines) == stats.quads
    assert sum(1 for line in lines if "nif-core#Sentence>" in line) == 123
    assert sum(stats.relations.values()) > 10
    assert stats.pronouns > 0


def test_synthetic_kb_conforms_to_the_shapes(
    small_kb: tuple[SyntheticKB, OxigraphStore],
) -> None:
    kb, store = small_kb
    report = LanguageGraph(store=store).validate()
    assert report.conforms, report.text
    assert not report.cycles
    # the loaded KB holds what the generator counted (duplicates collapse in the store)
    stats = LanguageGraph(store=store).stats()
    assert stats["sentences"] == kb.stats.sentences
    assert stats["documents"] == kb.stats.documents
    assert stats["inheritance"] > 0 and stats["alias"] > 0


def known_index(kb: SyntheticKB) -> ConceptIndex:
    """The ``ConceptIndex`` of a generated KB from its own labels, counts and titles."""
    stats = kb.stats

    def rows() -> Iterator[tuple[str, str, str, int, int]]:
        for i, count in enumerate(stats.mention_counts):
            if count:
                yield kb.iri(i), kb.label(i), "label", count, stats.document_counts[i]
                if kb.surface(i) != kb.label(i):
                    yield kb.iri(i), kb.surface(i), "alt", 0, 0

    titles = [(kb.document_iri(d), kb.document_title(d)) for d in range(stats.documents)]
    return ConceptIndex(rows(), titles)


def test_generator_index_equals_the_stored_one(
    small_kb: tuple[SyntheticKB, OxigraphStore],
) -> None:
    kb, store = small_kb
    mine, stored = known_index(kb), ConceptIndex.from_store(store)
    assert mine.mentions == stored.mentions
    assert mine.labels == stored.labels
    assert mine.documents_mentioning == stored.documents_mentioning
    assert dict(mine.documents) == dict(stored.documents)
    assert {k: sorted(v) for k, v in mine.by_label.items()} == {
        k: sorted(v) for k, v in stored.by_label.items()
    }


def test_mentions_follow_a_skewed_law() -> None:
    kb = SyntheticKB(SyntheticConfig(sentences=3000, seed=0))
    for _ in kb.documents():
        pass
    counts = sorted((n for n in kb.stats.mention_counts if n), reverse=True)
    # a few very common concepts, a long tail of rare ones
    assert counts[0] > 0.05 * kb.stats.sentences
    assert counts[0] > 50 * counts[len(counts) // 2]
    assert sum(1 for n in counts if n == 1) > 0.3 * len(counts)
    top = sum(counts[: len(counts) // 100])
    assert top > 0.15 * sum(counts)
    # frequency falls with rank: the first ranks beat ranks a hundred times further
    assert kb.stats.mention_counts[0] > kb.stats.mention_counts[100] > 0


def test_taxonomy_points_to_more_common_concepts() -> None:
    kb = SyntheticKB(SyntheticConfig(sentences=10))
    for i in range(4, 500):
        parent, whole = kb.parent(i), kb.whole(i)
        assert parent is not None and parent < i
        assert whole is None or whole < i
    assert kb.parent(2) is None


def test_sizes_and_percentiles() -> None:
    assert sizes_for(1_000_000) == [10_000, 100_000, 1_000_000]
    assert sizes_for(250_000) == [10_000, 100_000, 250_000]
    assert sizes_for(500) == [500]
    assert sizes_for(3000, smallest=30) == [30, 300, 3000]
    p = percentiles([float(x) for x in range(1, 101)])
    assert p["p50"] == pytest.approx(50.5)
    assert p["p90"] == pytest.approx(90.1)
    assert p["max"] == 100.0
    assert math.isnan(percentiles([])["p50"])
    assert band(1000, 400) == "common" and band(20, 400) == "mid" and band(2, 400) == "rare"


def test_the_start_up_peak_is_the_probe_s_own() -> None:
    # a parent holding 400 MB starts the probe: the probe reports its own peak, not the parent's
    import subprocess
    import sys

    held = bytearray(400 * 1024 * 1024)
    held[::4096] = b"\x01" * len(held[::4096])
    code = "from lgm_rdf.bench.query.startup import peak_rss_mb; print(peak_rss_mb())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(out.stdout) < 300
    del held


def test_harness_reports_percentiles_for_each_size(tmp_path: Path) -> None:
    result = run_query_benchmark(300, seeds=12, smallest=30, seed=2, workdir=tmp_path)
    assert [r["sentences"] for r in result["sizes"]] == [30, 300]
    for run in result["sizes"]:
        built, loaded = run["startup"]["build"], run["startup"]["load"]
        assert built["persisted_before"] == []  # the first process had to build the indexes
        assert any(n.startswith("propagation.") for n in loaded["persisted_before"])
        assert any(n.startswith("concepts.") for n in loaded["persisted_before"])
        assert built["graph_nodes"] == loaded["graph_nodes"] == run["graph_nodes"] > 0
        assert built["concepts"] == loaded["concepts"] > 0
        assert 0 < loaded["peak_rss_mb"] < 2000
        assert run["seeds_measured"] == 12
        for step in ("expand_ms", "candidates_ms", "ask_ms"):
            p = run[step]
            assert 0 <= p["p50"] <= p["p90"] <= p["p99"] <= p["max"]
        assert run["quads_loaded"] > 0 and run["store_bytes"] > 0
        assert run["peak_rss_load_bytes"] > 0
        assert run["expanded"]["max"] >= 1
    assert result["growth"][1]["data_ratio"] == 10
    assert not list(tmp_path.glob("kb-*"))  # stores are removed unless kept
    text = format_markdown(result)
    assert "| 300 | expand |" in text and "## Growth" in text
