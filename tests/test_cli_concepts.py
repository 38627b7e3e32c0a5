"""CLI of the concept graph: the paper's running example, import, OWL export, validation."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lgm_rdf.cli import main

PAPER = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."
SKOS = Path(__file__).parent / "data" / "interop" / "food_skos.ttl"


@pytest.fixture(scope="module")
def kb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("paper")
    (root / "paper.txt").write_text(PAPER, encoding="utf-8")
    kb = root / "kb"
    assert main(["learn", str(root / "paper.txt"), "--kb", str(kb), "--no-progress"]) == 0
    return kb


def test_concept_apple_shows_parent_and_inherited_component(kb: Path, capsys) -> None:
    assert main(["concept", "apple", "--kb", str(kb)]) == 0
    out = capsys.readouterr().out
    assert "parents (rdfs:subClassOf):\n    fruit  (pattern, confidence 0." in out
    assert "      evidence: Apples are a type of fruit." in out
    assert "vitamin  (via fruit)" in out


def test_concept_fruit_shows_component_with_evidence(kb: Path, capsys) -> None:
    assert main(["concept", "Fruits", "--kb", str(kb)]) == 0  # found by its lemma
    out = capsys.readouterr().out
    assert "components (lgm:partOf this):\n    vitamin  (pattern, confidence 0." in out
    assert "      evidence: Fruits contain many vitamins." in out
    assert "children:\n    apple" in out


def test_unknown_concept(kb: Path, capsys) -> None:
    assert main(["concept", "'; DROP ALL; \n>", "--kb", str(kb)]) == 1
    assert "no concept named" in capsys.readouterr().err


def test_validate_passes_on_learned_kb(kb: Path, capsys) -> None:
    assert main(["validate", "--kb", str(kb)]) == 0
    assert "conforms: yes" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("java") is None, reason="HermiT needs a Java runtime")
def test_validate_reason_runs_hermit(kb: Path, capsys) -> None:
    assert main(["validate", "--reason", "--kb", str(kb)]) == 0
    assert "HermiT: consistent" in capsys.readouterr().out


def test_owl_export_loads_in_owlready2(kb: Path, tmp_path: Path) -> None:
    owlready2 = pytest.importorskip("owlready2")
    out = tmp_path / "kb.owl"
    assert main(["export", "--format", "owl", "-o", str(out), "--kb", str(kb)]) == 0
    world = owlready2.World()
    onto = world.get_ontology(out.as_uri()).load()
    classes = {c.iri: c for c in onto.world.classes()}
    apple, fruit = classes["urn:lgm:concept:apple"], classes["urn:lgm:concept:fruit"]
    assert fruit in apple.is_a
    assert owlready2.Thing in fruit.is_a


def test_import_skos_links_to_learned_concepts(kb: Path, tmp_path: Path, capsys) -> None:
    copy = tmp_path / "kb"
    shutil.copytree(kb, copy)
    assert main(["import", str(SKOS), "--kb", str(copy)]) == 0
    assert "imported food_skos.ttl" in capsys.readouterr().out
    assert main(["concept", "apple", "--kb", str(copy)]) == 0
    out = capsys.readouterr().out
    assert "aliases (owl:sameAs)" in out and "label-match" in out


def test_import_of_garbage_is_refused(kb: Path, tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.ttl"
    bad.write_text("@prefix : <urn:x#> .\n:a :b ", encoding="utf-8")
    assert main(["import", str(bad), "--kb", str(kb)]) == 1
    assert "KB is unchanged" in capsys.readouterr().err


def test_cycle_is_reported(tmp_path: Path, capsys) -> None:
    doc = tmp_path / "loop.txt"
    doc.write_text("A cat is a kind of feline. A feline is a kind of cat.", encoding="utf-8")
    kb = str(tmp_path / "kb")
    assert main(["learn", str(doc), "--kb", kb, "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["validate", "--kb", kb]) == 1
    out = capsys.readouterr().out
    assert "rdfs:subClassOf cycle" in out and "conforms: NO" in out
