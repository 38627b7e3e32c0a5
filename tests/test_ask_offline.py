"""Asking without an LLM: the offline reasoner through the Python API and ``lgm ask``."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from lgm_rdf.cli import main
from lgm_rdf.graph import LanguageGraph
from lgm_rdf.nlp.spacy_backend import SpacyNLP
from lgm_rdf.settings import Settings

APPLES = "Apples are a type of fruit. Fruits contain many vitamins. Apples are sweet."
KIDS = (
    "Kiss and Tell is a 1945 American comedy film. Corliss Archer is played by Shirley Temple "
    "in Kiss and Tell."
)
TEMPLE = (
    "Shirley Temple starred in many films as a child. She later served as United States "
    "Ambassador to Ghana."
)
NOISE = "Bananas are yellow. Pears grow on trees. The weather was cold in Ghana."


@pytest.fixture()
def apples(spacy_nlp: SpacyNLP) -> LanguageGraph:
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(APPLES)
    return lg


def test_parent_concept_brings_the_evidence(apples: LanguageGraph) -> None:
    answer = apples.ask("What are apples rich in?")
    assert answer.mode == "offline"
    cited = {s.text: s for s in answer.supports}
    assert "Fruits contain many vitamins." in cited
    assert cited["Fruits contain many vitamins."].via == "parent"
    assert cited["Fruits contain many vitamins."].concept == "fruit"
    assert answer.answer.startswith("No LLM is configured")
    assert answer.usage["calls"] == 0


def test_supports_fit_the_chunk_size(apples: LanguageGraph) -> None:
    answer = apples.ask("What are apples rich in?", chunk_size=40)
    assert answer.supports
    assert sum(len(s.text) for s in answer.supports) + len(answer.supports) - 1 <= 40
    assert len(answer.ranking) >= len(answer.supports)


def test_bridge_concept_second_hop(spacy_nlp: SpacyNLP) -> None:
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    from lgm_rdf.learn.readers import read_text

    lg.learn([read_text(KIDS, "kiss", "Kiss and Tell"), read_text(TEMPLE, "st", "Shirley Temple")])
    lg.learn([read_text(NOISE, "noise", "Noise")])
    answer = lg.ask("Which office did the actress who played Corliss Archer in Kiss and Tell hold?")
    texts = [s.text for s in answer.supports]
    assert any("Ambassador" in t for t in texts)
    hop = next(s for s in answer.supports if "Ambassador" in s.text)
    assert hop.via == "hop"
    assert len(answer.iterations) >= 2
    assert "shirley temple" in answer.iterations[0].missing
    # without iteration the second hop is not reached
    lg.settings = lg.settings.with_(ablation="no_iteration")
    single = lg.ask("Which office did the actress who played Corliss Archer in Kiss and Tell hold?")
    assert len(single.iterations) == 1
    assert all(s.via != "hop" for s in single.supports)


def test_ablations(apples: LanguageGraph) -> None:
    apples.settings = apples.settings.with_(ablation="no_expansion")
    answer = apples.ask("What are apples rich in?")
    assert all(s.via != "parent" for s in answer.supports)
    assert [e.via for e in answer.iterations[0].expanded] == ["self"]
    # the parent is still reached, but only as the next hop's bridge concept
    vitamins = [s for s in answer.supports if s.text == "Fruits contain many vitamins."]
    assert [s.via for s in vitamins] == ["hop"]
    apples.settings = apples.settings.with_(ablation="no_graph")
    lexical = apples.ask("Which fruits contain vitamins?")
    assert lexical.supports[0].text == "Fruits contain many vitamins."
    assert lexical.supports[0].via == "lexical"
    apples.settings = apples.settings.with_(ablation="nonsense")
    with pytest.raises(ValueError, match="unknown ablation"):
        apples.ask("What are apples rich in?")


@pytest.mark.parametrize(
    "question",
    ['" } ; DROP ALL ; #', "apple>\n<urn:x>", "Äpfel? 🍎 'quoted' \\ back", "x" * 2000],
)
def test_hostile_questions_are_only_text(apples: LanguageGraph, question: str) -> None:
    before = len(apples.store)
    answer = apples.ask(question)
    assert answer.question == question
    assert len(apples.store) == before


def test_bad_arguments(apples: LanguageGraph) -> None:
    with pytest.raises(ValueError, match="empty"):
        apples.ask("  ")
    with pytest.raises(ValueError, match="chunk size"):
        apples.ask("apples?", chunk_size=0)
    with pytest.raises(ValueError, match="needs an LLM"):
        apples.ask("apples?", reasoner="llm")


def _learned_by_cli(tmp_path, capsys, monkeypatch) -> str:  # type: ignore[no-untyped-def]
    """A KB of the apples text learned by ``lgm learn``, with no LLM configured."""
    monkeypatch.delenv("LGM_LLM_MODEL", raising=False)
    doc = tmp_path / "apples.txt"
    doc.write_text(APPLES, encoding="utf-8")
    kb = str(tmp_path / "kb")
    assert main(["learn", str(doc), "--kb", kb, "--no-progress"]) == 0
    capsys.readouterr()
    return kb


def test_cli_ask_json_and_explain(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    kb = _learned_by_cli(tmp_path, capsys, monkeypatch)
    assert main(["ask", "What are apples rich in?", "--kb", kb, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"question", "answer", "mode", "supports", "iterations", "usage"}
    assert out["mode"] == "offline"
    assert {"sentence", "text", "document", "title", "concept", "via"} <= set(out["supports"][0])
    assert "Fruits contain many vitamins." in [s["text"] for s in out["supports"]]
    assert main(["ask", "What are apples rich in?", "--kb", kb, "--explain"]) == 0
    shown = capsys.readouterr().out
    assert "iteration 1" in shown and "fruit" in shown and "parent" in shown
    assert "the best:" in shown  # each iteration names its best candidates and its supports
    assert shown.count("- Apples are a type of fruit.") + shown.count(": Apples are a type") >= 1
    assert "[1]" in shown
    assert main(["ask", "apples?", "--kb", str(tmp_path / "missing")]) == 1


def test_cli_ask_shows_the_best_few_with_their_paths(tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    kb = _learned_by_cli(tmp_path, capsys, monkeypatch)
    question = "What are apples rich in?"
    assert main(["ask", question, "--kb", kb, "--json"]) == 0
    supports = json.loads(capsys.readouterr().out)["supports"]
    assert len(supports) == 3  # --json gives every support
    vitamins = next(s for s in supports if s["text"] == "Fruits contain many vitamins.")
    assert vitamins["path"] == [
        {"concept": "apple", "via": "self"},
        {"concept": "fruit", "via": "parent"},
    ]
    assert main(["ask", question, "--kb", kb, "--top", "1"]) == 0
    shown = capsys.readouterr().out.split("Supporting sentences:")[1]
    assert "  [1] " in shown and "  [2] " not in shown
    assert "... and 2 more (--top 0 shows all" in shown
    assert main(["ask", question, "--kb", kb, "--top", "0"]) == 0
    shown = capsys.readouterr().out.split("Supporting sentences:")[1]
    assert "  [3] " in shown and "more (--top 0" not in shown
    assert "found through apple → parent concept: fruit" in shown
    assert main(["ask", question, "--kb", kb, "--top", "-1"]) == 1
    assert "--top takes a number" in capsys.readouterr().err


def test_ask_imports_only_what_asking_needs(tmp_path, spacy_nlp: SpacyNLP) -> None:  # type: ignore[no-untyped-def]
    """A cold `lgm ask` loads no learning pipeline, server, benchmark, rdflib, pyshacl or LLM
    client (a fresh interpreter, as the command runs)."""
    import subprocess
    import sys
    from pathlib import Path

    kb = tmp_path / "kb"
    with LanguageGraph(kb, settings=Settings(), nlp=spacy_nlp) as lg:
        lg.learn(APPLES)
    script = (
        "import sys\n"
        "from lgm_rdf.cli import main\n"
        f"assert main(['ask', 'What are apples rich in?', '--kb', {str(kb)!r}, '--json']) == 0\n"
        "print('MODULES', ' '.join(sorted(sys.modules)))\n"
    )
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "LGM_LLM_MODEL": ""},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(done.stdout.split("MODULES", 1)[1].split())
    assert "spacy" in loaded and "lgm_rdf.retrieve.offline" in loaded  # it did ask
    heavy = {
        "rdflib",
        "pyshacl",
        "openai",
        "lgm_rdf.learn.pipeline",
        "lgm_rdf.learn.srg",
        "lgm_rdf.server",
        "lgm_rdf.bench",
        "lgm_rdf.interop",
        "lgm_rdf.mcp",
        "mcp",
    }
    assert not heavy & loaded, sorted(heavy & loaded)


def test_a_bridge_leads_only_where_another_document_goes(spacy_nlp: SpacyNLP) -> None:
    """A concept of the best sentences that no other sentence mentions (and that no document
    is named after or about) would only find the sentence it came from: it is no bridge. One
    that a document's title is about ("History of Ruritania") is."""
    from lgm_rdf.learn.readers import read_text

    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    kiss = KIDS + " Corliss Archer was filmed at the Zorblat Sound Stage near Ruritania."
    history = "Ruritania became a kingdom in 1848. Its capital is Strelsau."
    lg.learn(
        [
            read_text(kiss, "kiss", "Kiss and Tell"),
            read_text(TEMPLE, "st", "Shirley Temple"),
            read_text(history, "hr", "History of Ruritania"),
        ]
    )
    lg.learn([read_text(NOISE, "noise", "Noise")])
    answer = lg.ask("Who played Corliss Archer in Kiss and Tell, and where was it filmed?")
    bridges = answer.iterations[0].missing
    assert "shirley temple" in bridges and "ruritania" in bridges
    assert "zorblat sound stage" not in bridges


def test_the_document_a_lead_sentence_belongs_to_is_a_bridge(spacy_nlp: SpacyNLP) -> None:
    """The entity a multi-hop question passes through is often the one the lead sentence is
    about: its document's namesake ("He is known for ..." in the document "Paul Gross").
    Followed as a bridge, it finds the other documents that name it."""
    from lgm_rdf.learn.readers import read_text

    gross = (
        "Paul Gross is a Canadian actor and director. He is known for his role as Constable "
        "Benton Fraser in the series Due South."
    )
    hannah = (
        "Hannah Gross is a Canadian actress. She is the daughter of Paul Gross and Martha Burns."
    )
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn([read_text(gross, "pg", "Paul Gross"), read_text(hannah, "hg", "Hannah Gross")])
    lg.learn([read_text(NOISE, "noise", "Noise")])
    answer = lg.ask("Who did the actor who played Constable Benton Fraser have a child with?")
    assert "paul gross" in answer.iterations[0].missing
    hop = next(s for s in answer.supports if "Martha Burns" in s.text)
    assert hop.via == "hop"


def test_a_bridge_with_an_accent_keeps_its_hop(spacy_nlp: SpacyNLP) -> None:
    """The expansion names what it linked by the folded phrase ("colisee"), the bridge is a
    label ("colisée"): the next hop's sentences must still be credited to their bridge (they
    scored 0 and were dropped)."""
    from lgm_rdf.learn.readers import read_text

    team = "The Lewiston Maineiacs were a hockey team. The team played at the Bergère Colisée."
    arena = "The Bergère Colisée is an arena. It stands in Lewiston, Maine."
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(
        [read_text(team, "lm", "Lewiston Maineiacs"), read_text(arena, "bc", "Bergère Colisée")]
    )
    lg.learn([read_text(NOISE, "noise", "Noise")])
    answer = lg.ask("Which state is the venue of the Lewiston Maineiacs in?")
    assert "bergère colisée" in answer.iterations[0].missing
    hop = next(s for s in answer.supports if "Maine." in s.text)
    assert hop.via == "hop"


def test_what_a_title_is_about() -> None:
    from lgm_rdf.retrieve.linking import title_subjects

    assert title_subjects("History of Mississippi") == ["mississippi"]
    assert title_subjects("Alcohol laws of Indiana") == ["indiana"]
    assert title_subjects("South Korea at the Olympics") == ["south korea"]
    assert title_subjects("List of rivers of the United States") == ["rivers of the united states"]
    assert title_subjects("Religion in the United States") == ["united states"]
    # names, not aspects of something
    assert title_subjects("Bank of America") == title_subjects("Murder in the Cathedral") == []
    assert title_subjects("Order of the British Empire") == []
    assert title_subjects("Shirley Temple") == []


def test_names_in_a_lead_sentence() -> None:
    from lgm_rdf.retrieve.offline import written_as_name

    text = "Pocahontas Mounds is an archaeological site in Hinds County, Mississippi."
    assert written_as_name("mississippi", text) and written_as_name("hinds county", text)
    assert not written_as_name("archaeological site", text)
    assert not written_as_name("pocahontas mounds", "Pocahontas mounds are old.")  # its start
    assert not written_as_name("art", "He studied with Arthur Miller.")  # a whole word
    assert not written_as_name("port", "It sails to Portland.")
    # a singular key finds its plural
    assert written_as_name("pocahontas mound", "Two of the Pocahontas Mounds were listed.")
    # at the start, a name of several words is one when each of its words is capitalised
    assert written_as_name("philip seymour hoffman", "Philip Seymour Hoffman won an award.")
    assert written_as_name("ender's game", "Ender's Game is a novel.")
    assert written_as_name("lord of the rings", "Lord of the Rings is a novel.")
    assert not written_as_name("shrek 2", "Shrek 2 is a film.")  # one word with a letter
    assert not written_as_name("cold blood", "Cold blood is what it took.")
    assert not written_as_name("cold blood", '"Cold blood" is what it took.')  # still the start
    assert not written_as_name("&", "AT&T is a company.")  # no word: no name, no error
    assert written_as_name("de la soul", "De La Soul is a trio.")  # small words capitalised


def test_a_next_hop_sentence_is_worth_what_led_to_it() -> None:
    """The best sentence a bridge finds scores as the bridge's strength (the sentence that led
    to it), undiscounted: discounted, second-hop evidence rarely beat first-round sentences of
    unrelated documents."""
    from lgm_rdf.retrieve.model import Candidate, ExpandedConcept, PathStep, Round
    from lgm_rdf.retrieve.offline import _hops

    def cand(n: int, score: float) -> Candidate:
        return Candidate(f"s{n}", "t", "t", "d", "D", n, "temple", "self", score)

    found = Round(
        ["temple"],
        [ExpandedConcept("c", "temple", "self", 0, "temple", 1.0, (PathStep("temple", "self"),))],
        [cand(1, 2.0), cand(2, 1.0)],
    )
    hops = _hops(found, {"temple": 0.8}, {})
    assert [c.score for c in hops] == [0.8, 0.4]
    assert all(c.via == "hop" for c in hops)
    # the expansion reports the bridge as linked, accents kept (not its folded key "cafe")
    accented = replace(found.expanded[0], label="temple", source="café")
    hops = _hops(replace(found, expanded=[accented]), {"café": 0.9, "cafe": 0.3}, {})
    assert [c.score for c in hops] == [0.9, 0.45]


def test_a_bridge_written_as_a_name_links_as_a_name(spacy_nlp: SpacyNLP) -> None:
    """A bridge the lead sentence writes as a name links like a question's proper name: to
    the longer names that contain it ("Saunders" → "Jennifer Saunders"), for that question
    only; what was asked before changes nothing."""
    from lgm_rdf.learn.readers import read_text

    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    saunders = (
        "Jennifer Saunders is an English actress. Jennifer Saunders married Adrian Edmondson."
    )
    shrek = (
        "Shrek 2 is an animated film. The Fairy Godmother is voiced by Saunders. "
        "A song in the film is sung by Saunders."
    )
    docs = [read_text(saunders, "js", "Jennifer Saunders"), read_text(shrek, "s2", "Shrek 2")]
    lg.learn([*docs, read_text(NOISE, "noise", "Noise")])
    retriever = lg.retriever
    plain = {link.concept.value for link in retriever.link(["saunders"])}
    named = {
        link.concept.value for link in retriever.link(["saunders"], "", frozenset({"saunders"}))
    }
    assert "urn:lgm:concept:jennifer_saunders" in named - plain
    question = "Who is the spouse of the actress who voiced the Fairy Godmother in Shrek 2?"
    answer = lg.ask(question)
    assert "saunders" in answer.iterations[0].missing
    hop = next(s for s in answer.supports if "Edmondson" in s.text)
    assert hop.via == "hop"
    # a bridge takes no kind from what was asked before ("Saunders" a name in a question)
    lg.ask("Who did Saunders marry?")
    bridge = {link.concept.value for link in retriever.link(["saunders"], "", frozenset())}
    assert bridge == plain
    # the same answer whatever was asked before, on the same retriever
    lg.ask("Who sings a song in the animated film?")
    again = lg.ask(question)
    assert [s.text for s in again.supports] == [s.text for s in answer.supports]


def test_a_bridge_of_the_kind_the_question_names_leads_first(spacy_nlp: SpacyNLP) -> None:
    """ "The country where ..." asks for a place: of the names the lead sentence gives, the one
    the documents write as a place (``lgm:entityClass`` GPE) is followed first; "the founder
    of ..." asks for a person."""
    from lgm_rdf.learn.readers import read_text

    prize = "The Zubrowka Prize was founded by Hans Olafsen in Norway. It is awarded for poetry."
    norway = "Norway is a country in northern Europe. Norway left the Kalmar Union in 1523."
    hans = "Hans Olafsen was a poet. Hans Olafsen left the Kalmar Union in 1530."
    lg = LanguageGraph(in_memory=True, nlp=spacy_nlp, settings=Settings())
    lg.learn(
        [
            read_text(prize, "zp", "Zubrowka Prize"),
            read_text(norway, "no", "Norway"),
            read_text(hans, "ho", "Hans Olafsen"),
        ]
    )
    lg.learn([read_text(NOISE, "noise", "Noise")])
    place = lg.ask(
        "When did the country where the Zubrowka Prize was founded leave the Kalmar Union?"
    )
    assert place.iterations[0].missing[:2] == ["norway", "hans olafsen"]
    hops = [s.text for s in place.supports if s.via == "hop"]
    assert hops[0].startswith("Norway")
    person = lg.ask("When did the founder of the Zubrowka Prize leave the Kalmar Union?")
    assert person.iterations[0].missing[:2] == ["hans olafsen", "norway"]
