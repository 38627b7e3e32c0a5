"""Judged samples of learned relations in three genres (Wikipedia paragraphs, technical
documentation, a research paper): the verdicts were given by reading each relation's evidence
sentence. The test keeps the recorded precision honest and checks that the extractor still
behaves as judged when it meets the same sentences again (what it extracts from them is judged
correct about as often as when they were judged, and most correct relations come back)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lgm_rdf.learn.compound import compound_heads
from lgm_rdf.learn.patterns import PatternExtractor

DATA = Path(__file__).parent / "data"
GENRES = ["judged_wiki.jsonl", "judged_tech.jsonl", "judged_paper.jsonl"]
MIN_JUDGED = {"judged_wiki.jsonl": 100, "judged_tech.jsonl": 100, "judged_paper.jsonl": 50}
# the precision measured when the sample was judged (docs/benchmarks.md, section 7); the target
# is 0.90 in every genre, which the Wikipedia and documentation samples do not reach yet
MEASURED = {"judged_wiki.jsonl": 0.80, "judged_tech.jsonl": 0.70, "judged_paper.jsonl": 0.962}


# fresh samples drawn after the precision round (seed 23, docs/benchmarks.md section 14): each row
# is a relation learned from the same documents by the code before the round ("old", main at
# c303068) and/or after it ("new", commit fa3db3a); the figures are the share judged correct on
# each side. "_v1" and "_v2" are the same kind of draw against intermediate commits (6e5c805,
# 50fed0f) of the round.
FRESH = {
    "judged_wiki_seed23.jsonl": {"old": 0.8000, "new": 0.8100},
    "judged_tech_seed23.jsonl": {"old": 0.7383, "new": 0.8100},
    "judged_paper_seed23.jsonl": {"old": 0.9423, "new": 0.9608},
    "judged_wiki_seed23_v1.jsonl": {"old": 0.8738, "new": 0.8800},
    "judged_tech_seed23_v1.jsonl": {"old": 0.7222, "new": 0.7800},
    "judged_wiki_seed23_v2.jsonl": {"old": 0.8350, "new": 0.8400},
    "judged_tech_seed23_v2.jsonl": {"old": 0.7315, "new": 0.8000},
    "judged_paper_seed23_v2.jsonl": {"old": 0.9423, "new": 0.9608},
    # seed 41 (docs/benchmarks.md, "Fresh judged samples, seed 41"): old = main at 008f5e1,
    # new = main at 13d6d5f; rows were judged without seeing the old/new flags
    "judged_wiki_seed41.jsonl": {"old": 0.8447, "new": 0.9100},
    "judged_tech_seed41.jsonl": {"old": 0.7264, "new": 0.7700},
    "judged_paper_seed41.jsonl": {"old": 0.9608, "new": 0.9245},
    # seed 53 (docs/benchmarks.md, "Fresh judged samples, seed 53"): old = main at 112d9af,
    # new = main at 4872ddb; judged with the old/new flags hidden, by the author of the rules
    "judged_wiki_seed53.jsonl": {"old": 0.8571, "new": 0.8800},
    "judged_tech_seed53.jsonl": {"old": 0.7545, "new": 0.8300},
    "judged_paper_seed53.jsonl": {"old": 0.9245, "new": 0.9792},
    # seed 59 (docs/benchmarks.md, "Fifth session"): old = main at 276c71c, new = main at fd3f844;
    # the rows not judged before were judged by a helper session that saw neither the flags nor
    # the code ("judge": "helper-24"); composition rows read as "a is part of b"
    "judged_wiki_seed59.jsonl": {"old": 0.8800, "new": 0.8929},
    "judged_tech_seed59.jsonl": {"old": 0.8600, "new": 0.8462},
    "judged_paper_seed59.jsonl": {"old": 1.0, "new": 1.0},
    # seed 67, the same method at the end of that session: old = 276c71c, new = e9b7bb2; rows
    # not judged before judged by a second helper session ("judge": "helper-25"), also blind
    "judged_wiki_seed67.jsonl": {"old": 0.9300, "new": 0.9286},
    "judged_tech_seed67.jsonl": {"old": 0.8200, "new": 0.8317},
    "judged_paper_seed67.jsonl": {"old": 1.0, "new": 1.0},
    # seed 71 (docs/benchmarks.md, "Sixth session"): old = 127a203, new = 3bff338, drawn to 200
    # rows a side; rows not judged before judged blind by a helper session ("judge":
    # "helper-26"), whose brief first had composition backwards: 7 rows it marked wrong for the
    # direction alone are counted correct (their note says so)
    "judged_wiki_seed71.jsonl": {"old": 0.9100, "new": 0.9100},
    "judged_tech_seed71.jsonl": {"old": 0.8284, "new": 0.8500},
    "judged_paper_seed71.jsonl": {"old": 1.0, "new": 1.0},
    # seed 73, the same method at the end of the session: old = 127a203, new = 84f238c; rows
    # not judged before judged blind by another helper session ("judge": "helper-28")
    "judged_wiki_seed73.jsonl": {"old": 0.8861, "new": 0.8950},
    "judged_tech_seed73.jsonl": {"old": 0.8317, "new": 0.8600},
    "judged_paper_seed73.jsonl": {"old": 1.0, "new": 1.0},
    # seed 79 (docs/benchmarks.md, "Seventh session"): old = 127a203, new = 229a55e (compound
    # modifiers keep their own adjective, restrictive clauses state nothing of the class); rows
    # not judged before judged blind by a helper session ("judge": "helper-29")
    "judged_wiki_seed79.jsonl": {"old": 0.8700, "new": 0.8900},
    "judged_tech_seed79.jsonl": {"old": 0.8393, "new": 0.8800},
    "judged_paper_seed79.jsonl": {"old": 1.0, "new": 1.0},
    # seed 83, the same method later in the session: old = 127a203, new = dcd008c (learned just
    # before abbreviations became junk keys, which removes none of its rows); rows not judged
    # before judged blind by another helper session ("judge": "helper-30")
    "judged_wiki_seed83.jsonl": {"old": 0.8950, "new": 0.9020},
    "judged_tech_seed83.jsonl": {"old": 0.8341, "new": 0.8700},
    "judged_paper_seed83.jsonl": {"old": 1.0, "new": 1.0},
    # seed 89, at the end of the session: old = 127a203, new = 615086d; rows not judged before
    # judged blind by a third helper session ("judge": "helper-32"); 237 of the 242
    # documentation rows carry earlier verdicts (the corpus has about 310 relations)
    "judged_wiki_seed89.jsonl": {"old": 0.8706, "new": 0.8950},
    "judged_tech_seed89.jsonl": {"old": 0.8097, "new": 0.8950},
    "judged_paper_seed89.jsonl": {"old": 1.0, "new": 1.0},
    # a fresh documentation corpus no rule was written from (41 READMEs of npm modules, Debian
    # and pyenv docs, 45 package descriptions of Python packages outside the 91 READMEs), seed
    # 97, 150 rows a side: old = 10b010d, new = 615086d; judged blind ("judge": "helper-33")
    "judged_tech_fresh97.jsonl": {"old": 0.7235, "new": 0.7400},
    # a second fresh documentation corpus (42 npm READMEs, 30 documentation pages of Python
    # source distributions not installed here, 20 Debian manual pages; collected by a helper,
    # never read by whoever wrote rules), seed 101, 150 rows a side: old = e31d84d, new =
    # 3b74832 (the genre-weighted confidence withholds title-noun in technical documents);
    # judged blind ("judge": "helper-35")
    "judged_tech_fresh101.jsonl": {"old": 0.6709, "new": 0.7067},
    # the 25 reStructuredText pages of that corpus (Python source distributions' docs), which no
    # reader took before 9be0099: every relation learned by 9be0099 (148), judged blind
    # ("judge": "helper-37"); no old side
    "judged_tech_rst103.jsonl": {"new": 0.7568},
    # a third fresh documentation corpus (40 npm READMEs, 26 Python documentation pages, 23
    # Debian manual pages; collected by a helper), 150 rows drawn from what 8be9222 learns,
    # judged blind ("judge": "helper-39"); the guards of cf80e02..21cc5cf were written from
    # those verdicts, so its new side (rows 21cc5cf still learns, and the rows it learns anew
    # drawn at the same rate, judged blind by "helper-41") is no blind measure
    "judged_tech_fresh107.jsonl": {"old": 0.7000, "new": 0.8197},
    # a fourth fresh corpus (30 npm READMEs, 22 Python documentation pages, 24 manual pages),
    # seed 113, union drawn to 150 rows a side: old = 8be9222, new = 2e88e2b (the guards
    # written from the third corpus), judged blind ("judge": "helper-41") before any rule was
    # written from it: how those guards carry over to unread documentation
    "judged_tech_fresh113.jsonl": {"old": 0.6623, "new": 0.6733},
    # a fifth fresh corpus (22 npm READMEs, 15 Python documentation pages, 15 manual pages),
    # seed 127, union drawn to 125 rows a side: old = 8be9222, new = f4c0340 (all of the ninth
    # session's guards), judged blind ("judge": "helper-44") before any rule was written from it
    "judged_tech_fresh127.jsonl": {"old": 0.7132, "new": 0.7200},
    # a sixth fresh corpus (25 npm READMEs, 18 Python documentation pages, 17 manual pages;
    # collected by "helper-48"), seed 131, union drawn to 125 rows a side: old = a889183
    # (default bar 0.5, technical table without the fresh corpora), new = the table measured
    # with the five fresh corpora above and the default bar 0.7 (the same relations found, fewer
    # asserted), judged blind ("judge": "helper-49"); held out of rule_precision.json
    "judged_tech_fresh131.jsonl": {"old": 0.6727, "new": 0.7760},
    # a seventh fresh corpus (25 npm READMEs, 18 Python documentation pages, 17 manual pages;
    # "helper-50"), seed 137, drawn and judged the same way ("judge": "helper-51"), old =
    # a889183, new = df55c54; held out of rule_precision.json. Its verdicts showed a manual page
    # read as encyclopaedic (the genre rule for manual pages was written after them)
    "judged_tech_fresh137.jsonl": {"old": 0.6954, "new": 0.7360},
    # thirteenth session: 130 relations drawn with seed 151 from everything 480f9f8 asserts in
    # the two QA dev files' paragraphs (45 of them judged in earlier samples), all judged blind
    # ("judge": "helper-56"); its brief had composition backwards, so 9 rows it marked wrong
    # for the direction alone are counted correct and one ("various archipelago") wrong for its
    # label (their notes say so); no old side
    "judged_wiki_seed151.jsonl": {"new": 0.9231},
    # fourteenth session: an eighth fresh documentation corpus (25 npm READMEs, 18 Python
    # documentation pages, 17 manual pages; "helper-58"), learned by 6ab57f8 with every
    # relation asserted; drawn with seed 139: every relation of 6ab57f8 whose confidence
    # reached 0.845 (the census, 132) and 125 drawn from what it asserts at its default bar
    # ("old"), judged blind by "helper-59" and "helper-60". "bar_only": the rows the target
    # precision (0.9) asserts, judged (137 of 142; the five others are field-list rows like the
    # six judged ones, all wrong); "new": the rows the session's commit asserts (130 of 131; the
    # field-list role was written after reading these verdicts). Held out of rule_precision.json
    "judged_tech_fresh139.jsonl": {"old": 0.7840, "bar_only": 0.9051, "new": 0.9385},
    # a ninth fresh corpus (25 npm READMEs, 18 Python documentation pages, 17 manual pages;
    # "helper-61"), collected after the session's rules were written: every relation 0b362b8
    # asserts ("new", 178, all of them) and 125 drawn with seed 149 from what 6ab57f8 asserts
    # at its bar 0.7 ("old"), judged blind by "helper-62" and "helper-63"; held out of
    # rule_precision.json
    "judged_tech_fresh149.jsonl": {"old": 0.7760, "new": 0.9045},
    # fifteenth session (docs/benchmarks.md §37): every relation the session's code extracts
    # from the sentences of all judged samples that 62b94be did not (the classes that keep
    # their relational adjective, their compound heads, the new rules' rows): 121 at acbdb82
    # judged blind by "helper-67", 23 more of 518d7a6 by "helper-69", neither knowing which
    # code gave them (the last commit gives 126 of the 144); not fed to rule_precision.json
    "judged_changed_s15.jsonl": {"new": 0.9375},
}
# the paper yields about fifty relations and is drawn whole
MIN_PAPER_ROWS = 45


def _load(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("name", GENRES)
def test_judged_sample_precision(name: str) -> None:
    items = _load(name)
    assert len(items) >= MIN_JUDGED[name]
    assert all(i["verdict"] in ("correct", "wrong") for i in items)
    correct = sum(i["verdict"] == "correct" for i in items)
    assert correct / len(items) == pytest.approx(MEASURED[name], abs=0.0005), name
    for i in items:
        if i["verdict"] == "wrong":
            assert i.get("note"), "a wrong relation says why"


@pytest.mark.slow
@pytest.mark.parametrize("name", GENRES)
def test_extractor_still_behaves_as_judged(name: str, spacy_nlp) -> None:
    """Each judged sentence is extracted again on its own (no document context, so relations
    that needed a pronoun's antecedent may be missing): what comes back must still be judged
    correct at least 90% of the time, and most correct relations must come back."""
    items = _load(name)
    extractor = PatternExtractor()
    found: dict[str, set[tuple[str, str, str]]] = {}
    for text in {i["sentence"] for i in items}:
        sentences = spacy_nlp.parse(text).sentences
        rels = extractor.extract(sentences)
        found[text] = {(r.type, r.a, r.b) for r in [*rels, *compound_heads(rels)]}
    back = [i for i in items if (i["type"], i["a"], i["b"]) in found[i["sentence"]]]
    ok = [i for i in back if i["verdict"] == "correct"]
    correct = [i for i in items if i["verdict"] == "correct"]
    assert len(ok) / len(back) >= MEASURED[name] - 0.05
    assert len(ok) / len(correct) >= 0.70


@pytest.mark.parametrize("name", sorted(FRESH))
def test_fresh_sample_precision(name: str) -> None:
    """The fresh samples are pinned: each side's precision as judged (the 0.90 target is met by
    the paper only; docs/benchmarks.md section 14)."""
    items = _load(name)
    assert all(i["verdict"] in ("correct", "wrong") for i in items)
    assert all(i.get("note") for i in items if i["verdict"] == "wrong"), "a wrong one says why"
    for side, figure in FRESH[name].items():
        rows = [i for i in items if i[side]]
        assert len(rows) >= (100 if "paper" not in name else MIN_PAPER_ROWS), (name, side)
        correct = sum(i["verdict"] == "correct" for i in rows)
        assert correct / len(rows) == pytest.approx(figure, abs=0.0005), (name, side)
