"""``lgm bench qa``: answer metrics, the stuffing baseline, the judge and the whole harness."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from llm_server import FakeOpenAIServer, Reply

from lgm_rdf.bench.qa import evaluate as qa_eval
from lgm_rdf.bench.qa import report as qa_report
from lgm_rdf.bench.qa.evaluate import judge_answer, judge_messages, load_records, run_qa_benchmark
from lgm_rdf.bench.qa.metrics import (
    best_scores,
    exact_match,
    f1_score,
    judge_summary,
    normalize_answer,
    parse_judge_label,
)
from lgm_rdf.bench.qa.stuffed import NO_ANSWER, answer_stuffed, build_messages, clean_answer
from lgm_rdf.llm import LLMError, ScriptedChatModel, estimate_prompt_tokens
from lgm_rdf.llm.prompting import load_prompt
from lgm_rdf.settings import Settings

# -- metrics ----------------------------------------------------------------------------------


def test_normalisation_drops_case_punctuation_articles_and_spaces() -> None:
    assert normalize_answer("  The Eiffel-Tower,  in PARIS! ") == "eiffeltower in paris"
    assert normalize_answer("An apple a day") == "apple day"
    assert normalize_answer("theatre") == "theatre"  # "the" only as a word


def test_exact_match_after_normalisation() -> None:
    assert exact_match("the Beatles.", "Beatles") == 1.0
    assert exact_match("Beatles band", "Beatles") == 0.0


def test_f1_by_hand() -> None:
    # prediction tokens: cat sat on mat (4); gold: cat on mat (3); overlap 3
    # precision 3/4, recall 3/3 -> F1 = 2 * 0.75 * 1 / 1.75 = 6/7
    assert f1_score("The cat sat on the mat", "cat on a mat") == pytest.approx(6 / 7)
    # repeated tokens count once per occurrence: "paris paris" vs "paris": p 1/2, r 1 -> 2/3
    assert f1_score("Paris Paris", "Paris") == pytest.approx(2 / 3)
    assert f1_score("London", "Paris") == 0.0
    assert f1_score("", "Paris") == 0.0


def test_yes_no_answers_get_no_partial_credit() -> None:
    assert f1_score("yes", "no") == 0.0
    assert f1_score("no, it is not", "no") == 0.0
    assert f1_score("No.", "no") == 1.0


def test_best_over_answer_and_aliases() -> None:
    # MuSiQue: the max over answer + answer_aliases
    assert best_scores("USA", ["United States of America", "USA"]) == (1.0, 1.0)
    em, f1 = best_scores("the United States", ["United States of America", "US"])
    assert em == 0.0
    assert f1 == pytest.approx(2 * 1.0 * 0.5 / 1.5)  # 2 of 2 predicted, 2 of 4 gold
    assert best_scores("x", ["", "  "]) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        ("Yes", "yes"),
        ("yes.", "yes"),
        ("**No**", "no"),
        ("No, the answers differ.", "no"),
        ("Unsupport", "unsupported"),
        ("Unsupported.", "unsupported"),
        ("The answer is not supported by the data.", "unsupported"),
        ("", "unsupported"),
        ("   \n", "unsupported"),
        ("<think>Maybe yes? Hmm.</think>\nNo", "no"),
        ("I cannot decide", "unclear"),
        ("Yesterday", "unclear"),
    ],
)
def test_judge_label_parsing(reply: str, label: str) -> None:
    assert parse_judge_label(reply) == label


def test_judge_summary_recall_and_accuracy() -> None:
    s = judge_summary(["yes", "no", "unsupported", "yes", "unclear"])
    assert (s["n"], s["yes"], s["no"], s["unsupported"], s["unclear"]) == (5, 2, 1, 1, 1)
    assert s["recall"] == pytest.approx(3 / 5)  # (N - U) / N, unclear counted with U
    assert s["accuracy"] == pytest.approx(2 / 5)  # Yes / N
    assert judge_summary([])["recall"] == 0.0


# -- the stuffing baseline and the judge call -------------------------------------------------


def _cand(sentence: str, text: str, title: str = "T", resolved: str = "") -> SimpleNamespace:
    return SimpleNamespace(sentence=sentence, text=text, title=title, resolved=resolved)


def test_stuffed_prompt_numbers_unique_sentences_and_respects_budget() -> None:
    cands = [
        _cand("s1", "Alpha is a town.", "Alpha"),
        _cand("s2", "It is old.", "Alpha", resolved="It [: Alpha] is old."),
        _cand("s1", "Alpha is a town.", "Alpha"),  # same sentence, reached twice
        _cand("s3", "Beta is a river.", "Beta"),
    ]
    messages, used, dropped = build_messages("Where  is\nAlpha?", cands)
    assert messages[0]["content"] == load_prompt("answer_all")
    user = messages[1]["content"]
    assert user.startswith("Question: Where is Alpha?")
    assert "[1] (Alpha) Alpha is a town." in user
    assert "[2] (Alpha) It [: Alpha] is old." in user
    assert "[3] (Beta) Beta is a river." in user
    assert (used, dropped) == (3, 0)
    small, used, dropped = build_messages("Where is Alpha?", cands, max_chars=120)
    assert (used, dropped) == (2, 1)
    assert len(small[1]["content"]) <= 120
    assert "Beta" not in small[1]["content"]


def test_stuffed_answer_cleaned_and_errors_kept() -> None:
    assert clean_answer('  Answer: "Oslaby" ') == "Oslaby"
    chat = ScriptedChatModel(["Answer: Oslaby"])
    out = answer_stuffed(chat, "Where?", [_cand("s", "x")])
    assert out.answer == "Oslaby"
    assert out.usage.calls == 1
    assert out.usage.prompt_tokens == estimate_prompt_tokens(chat.calls[0])

    class Down:
        model = "down"

        def complete(self, messages: object, json: bool = False) -> object:
            raise LLMError("the endpoint is down")

    failed = answer_stuffed(Down(), "Where?", [])
    assert failed.answer == "" and failed.error == "the endpoint is down"


def test_judge_skips_empty_and_no_answer_texts() -> None:
    chat = ScriptedChatModel(["Yes"])
    assert judge_answer(chat, "Q?", "gold", "")[0] == "unsupported"
    assert judge_answer(chat, "Q?", "gold", NO_ANSWER)[0] == "unsupported"
    assert chat.calls == []
    label, usage = judge_answer(chat, "Q?", "gold", "It is gold.")
    assert label == "yes" and usage.calls == 1
    assert chat.calls[0] == judge_messages("Q?", "gold", "It is gold.")
    assert chat.calls[0][0]["content"] == load_prompt("judge")


# -- the harness end to end -------------------------------------------------------------------

HOTPOT = [
    {
        "_id": "q1",
        "question": "Where was the architect of the Varn Tower born?",
        "answer": "Oslaby",
        "type": "bridge",
        "supporting_facts": [["Varn Tower", 1], ["Mara Tulve", 1]],
        "context": [
            [
                "Varn Tower",
                ["The Varn Tower is a stone tower in Keldin.", "Mara Tulve designed it."],
            ],
            ["Mara Tulve", ["Mara Tulve was an architect.", "She was born in Oslaby."]],
        ],
    },
    {
        "_id": "q2",
        "question": "Is the Varn Tower taller than the Keldin lighthouse?",
        "answer": "no",
        "type": "comparison",
        "supporting_facts": [["Keldin", 0]],
        "context": [
            ["Keldin", ["Keldin is a harbour town with a lighthouse.", "The lighthouse is tall."]],
        ],
    },
    {  # beyond --limit 2: never learned, never asked
        "_id": "q3",
        "question": "What colour is the Zirbel moth?",
        "answer": "grey",
        "type": "bridge",
        "supporting_facts": [],
        "context": [["Zirbel moth", ["The Zirbel moth is grey."]]],
    },
]
REASONER_ANSWERS = {"q1": "Oslaby", "q2": "Mara Tulve designed the tower."}
STUFFED_ANSWERS = {"q1": "Answer: the town of Oslaby", "q2": NO_ANSWER}


def _question(messages: list[dict[str, str]]) -> str:
    match = re.search(r"^Question: (.*)$", messages[-1]["content"], re.M)
    assert match, messages[-1]["content"]
    return match.group(1)


def _qid(question: str) -> str:
    return next(r["_id"] for r in HOTPOT if r["question"] == question)


def _respond(messages: list[dict[str, str]]) -> str:
    """Answers by prompt kind: mark every candidate, scripted answers, a substring judge."""
    system, user = messages[0]["content"], messages[-1]["content"]
    if system == load_prompt("mark_supporting"):
        block = user.split("Candidate sentences:", 1)[1]
        return json.dumps({"supporting": [int(n) for n in re.findall(r"^(\d+)\.", block, re.M)]})
    if system == load_prompt("compress"):
        return '{"keep": [1]}'
    if system == load_prompt("answer"):
        answer = REASONER_ANSWERS[_qid(_question(messages))]
        return json.dumps({"answer": answer, "unsupported_concepts": []})
    if system == load_prompt("answer_all"):
        return STUFFED_ANSWERS[_qid(_question(messages))]
    if system == load_prompt("judge"):
        gold = re.search(r"^Reference answer: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        said = re.search(r"^AI system's answer: (.*)$", user, re.M).group(1)  # type: ignore[union-attr]
        return "Yes" if gold.lower() in said.lower() else "No"
    raise AssertionError(f"unexpected prompt: {system[:80]!r}")


@pytest.fixture
def hotpot_file(tmp_path: Path) -> Path:
    path = tmp_path / "tiny_hotpot.json"
    path.write_text(json.dumps(HOTPOT), encoding="utf-8")
    return path


def _kind(call: list[dict[str, str]]) -> str:
    system = call[0]["content"]
    for name in ("mark_supporting", "compress", "answer", "answer_all", "judge"):
        if system == load_prompt(name):
            return name
    return "other"


def test_harness_end_to_end_with_a_scripted_model(
    hotpot_file: Path, tmp_path: Path, spacy_nlp: object
) -> None:
    chat = ScriptedChatModel(_respond, model="scripted")
    settings = Settings(kb=tmp_path / "kb")
    seen: list[tuple[int, int]] = []
    result = run_qa_benchmark(
        hotpot_file,
        settings,
        limit=2,
        chat=chat,
        nlp=spacy_nlp,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen == [(1, 2), (2, 2)]
    assert result["questions"] == 2 and result["model"] == "scripted"
    assert result["learn"]["documents"] == 3  # q3's context is not learned
    q1, q2 = result["items"]
    # LGM (Concept Iterative Retrieval): q1 exact, q2 wrong
    assert q1["lgm"]["answer"] == "Oslaby" and q1["lgm"]["judge"] == "yes"
    assert q2["lgm"]["judge"] == "no" and q2["lgm"]["f1"] == 0.0
    lgm = result["systems"]["lgm"]
    assert (lgm["em"], lgm["f1"]) == (0.5, 0.5)
    assert lgm["judge"]["accuracy"] == 0.5 and lgm["judge"]["recall"] == 1.0
    # stuffing baseline: "the town of Oslaby" -> EM 0, F1 2*(1/3)*1/(4/3) = 0.5; q2 unsupported
    assert q1["stuffed"]["answer"] == "the town of Oslaby"
    assert (q1["stuffed"]["em"], q1["stuffed"]["f1"]) == (0.0, pytest.approx(0.5))
    assert q1["stuffed"]["judge"] == "yes" and q2["stuffed"]["judge"] == "unsupported"
    stuffed = result["systems"]["stuffed"]
    assert stuffed["f1"] == pytest.approx(0.25)
    assert stuffed["judge"]["recall"] == 0.5 and stuffed["judge"]["accuracy"] == 0.5
    # the baseline saw every candidate the reasoner saw, in one prompt per question
    assert q1["stuffed"]["sentences"] >= 2
    # usage: each system's count is exactly the calls the scripted model received
    by_kind: dict[str, list[list[dict[str, str]]]] = {}
    for call in chat.calls:
        by_kind.setdefault(_kind(call), []).append(call)
    assert "other" not in by_kind
    reasoner_calls = [
        c for k in ("mark_supporting", "compress", "answer") for c in by_kind.get(k, [])
    ]
    assert lgm["usage"]["calls"] == len(reasoner_calls) >= 4  # >= mark + answer per question
    assert lgm["usage"]["prompt_tokens"] == sum(estimate_prompt_tokens(c) for c in reasoner_calls)
    assert stuffed["usage"]["calls"] == len(by_kind["answer_all"]) == 2
    assert stuffed["usage"]["prompt_tokens"] == sum(
        estimate_prompt_tokens(c) for c in by_kind["answer_all"]
    )
    assert stuffed["per_question"]["calls"] == 1.0
    assert result["judge_usage"]["calls"] == len(by_kind["judge"]) == 3  # q2 stuffed: no call
    # the report renders both systems
    text = qa_report.format_markdown(result)
    assert "| lgm | 50.0 | 50.0 | 50.0 | 100.0 | 1/1/0/0 |" in text
    assert "| stuffed | 0.0 | 25.0 | 50.0 | 50.0 | 1/0/1/0 |" in text
    json.dumps(result)  # JSON-ready


def test_harness_without_judge_makes_no_judge_calls(
    hotpot_file: Path, tmp_path: Path, spacy_nlp: object
) -> None:
    chat = ScriptedChatModel(_respond)
    result = run_qa_benchmark(
        hotpot_file, Settings(kb=tmp_path / "kb"), limit=1, judge=False, chat=chat, nlp=spacy_nlp
    )
    assert all(_kind(c) != "judge" for c in chat.calls)
    assert "judge" not in result["systems"]["lgm"] and result["judge_model"] is None
    assert "no judge" in qa_report.format_markdown(result)


def test_musique_records_and_jsonl(tmp_path: Path) -> None:
    rec = {
        "id": "2hop__1_2",
        "question": "Q?",
        "answer": "Bob",
        "answer_aliases": ["Robert"],
        "paragraphs": [{"idx": 0, "title": "T", "paragraph_text": "x", "is_supporting": True}],
    }
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(rec) + "\n\n" + json.dumps(rec) + "\n", encoding="utf-8")
    records = load_records(path)
    item = qa_eval.to_item(records[0], 1)
    assert len(records) == 2
    assert item.answers == ("Bob", "Robert") and item.kind == "2hop"


def test_bad_files_are_user_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(qa_eval.QABenchError, match="neither JSON"):
        load_records(bad)
    other = tmp_path / "other.json"
    other.write_text(json.dumps([{"text": "hello"}]), encoding="utf-8")
    with pytest.raises(qa_eval.QABenchError, match="record 1: not a HotpotQA or MuSiQue"):
        run_qa_benchmark(other, Settings(kb=tmp_path / "kb"), chat=ScriptedChatModel([]))


# -- no LLM configured ------------------------------------------------------------------------


def test_without_an_llm_it_says_so_and_exits_2(
    hotpot_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("LGM_LLM_MODEL", raising=False)
    monkeypatch.chdir(tmp_path)
    kb = tmp_path / "qa-kb"
    assert qa_eval.main([str(hotpot_file), "--kb", str(kb)]) == 2
    err = capsys.readouterr().err
    assert "needs an LLM" in err and "LGM_LLM_MODEL" in err and "Nothing was run" in err
    assert not kb.exists() and not (tmp_path / "lgm_kb").exists()  # no work done
    with pytest.raises(qa_eval.QABenchError, match="needs an LLM"):
        run_qa_benchmark(hotpot_file, Settings(kb=kb))
    assert not kb.exists()


def test_add_arguments_parses_the_options() -> None:
    p = argparse.ArgumentParser()
    qa_eval.add_arguments(p)
    args = p.parse_args(["f.json", "--limit", "3", "--no-judge", "--stuff-max-chars", "900"])
    assert (args.file, args.limit, args.no_judge, args.stuff_max_chars) == ("f.json", 3, True, 900)
    assert args.kb is None and args.judge_model is None and args.json is None


def test_cli_against_an_openai_compatible_server_is_cached_on_rerun(
    hotpot_file: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    spacy_nlp: object,
) -> None:
    monkeypatch.setattr("lgm_rdf.nlp.factory.make_nlp", lambda settings: spacy_nlp)
    kb, out = tmp_path / "qa-kb", tmp_path / "result.json"
    argv = [str(hotpot_file), "--limit", "1", "--kb", str(kb)]
    with FakeOpenAIServer(lambda body: Reply(content=_respond(body["messages"]))) as server:
        monkeypatch.setenv("LGM_LLM_MODEL", "fake-model")
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        monkeypatch.setenv("OPENAI_API_KEY", "x")
        assert qa_eval.main([*argv, "--json", str(out)]) == 0
        assert "| lgm |" in capsys.readouterr().out  # the Markdown report
        first = json.loads(out.read_text(encoding="utf-8"))
        sent = server.count
        assert qa_eval.main([*argv, "--json", "-"]) == 0
        second = json.loads(capsys.readouterr().out)
        assert server.count == sent  # every prompt answered from the cache next to the KB
    assert first["model"] == "fake-model"
    assert first["items"][0]["lgm"]["answer"] == "Oslaby"
    lgm1, lgm2 = first["systems"]["lgm"]["usage"], second["systems"]["lgm"]["usage"]
    # the fake server reports 11 prompt + 3 completion tokens per call
    assert lgm1["prompt_tokens"] == 11 * lgm1["calls"] and lgm1["calls"] >= 2
    assert (lgm2["calls"], lgm2["cached_calls"], lgm2["prompt_tokens"]) == (0, lgm1["calls"], 0)
    assert first["judge_usage"]["calls"] == 2 and second["judge_usage"]["cached_calls"] == 2
    assert second["items"][0]["lgm"]["answer"] == "Oslaby"
