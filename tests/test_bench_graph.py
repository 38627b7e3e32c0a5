"""``lgm bench graph``: a real KB learned from a document, a sample to judge, and the precision
of a judged sample by the rule that states each relation now."""

from __future__ import annotations

import json
from pathlib import Path

from lgm_rdf.cli import main

TEXT = (
    "Oxigraph is a graph database. Apples, such as Fuji and Gala, are fruits. "
    "Roses, such as the Damask rose, are flowers."
)


def test_judged_sample_precision_by_rule(tmp_path: Path, capsys) -> None:
    doc = tmp_path / "notes.txt"
    doc.write_text(TEXT, encoding="utf-8")
    kb, drawn = tmp_path / "kb", tmp_path / "sample.jsonl"
    args = ["bench", "graph", str(doc), "--kb", str(kb), "--sample", "100", "--out", str(drawn)]
    assert main(args) == 0
    rows = [json.loads(line) for line in drawn.read_text(encoding="utf-8").splitlines()]
    by_rule = {(r["extractor"], r["rule"]) for r in rows}
    assert ("pattern", "such-as") in by_rule and ("pattern", "copula") in by_rule
    # a judge calls every such-as relation right and the rest wrong; one row the KB never learned
    for r in rows:
        r["verdict"] = "correct" if r["rule"] == "such-as" else "wrong"
    stranger = dict(rows[0], a="pear", b="fruit", verdict="correct")
    drawn.write_text("\n".join(json.dumps(r) for r in [*rows, stranger]) + "\n", encoding="utf-8")
    capsys.readouterr()
    figures = tmp_path / "figures.json"
    args = ["bench", "graph", str(doc), "--kb", str(kb), "--judged", str(drawn)]
    assert main([*args, "--json", str(figures)]) == 0
    (judged,) = json.loads(figures.read_text(encoding="utf-8"))["judged"]
    such_as = sum(r["rule"] == "such-as" for r in rows)
    assert judged["judged"] == len(rows) + 1 and judged["still_learned"] == len(rows)
    assert judged["still_learned_by_rule"]["pattern/such-as"] == {"rows": such_as, "precision": 1.0}
    assert judged["still_learned_by_rule"]["pattern/copula"]["precision"] == 0.0
    assert "still learned, by rule" in capsys.readouterr().out
