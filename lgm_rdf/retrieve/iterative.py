"""The LLM reasoner: Concept Iterative Retrieval (paper §3.3, Algorithm 1).

Each round retrieves candidate sentences for the current concepts, splits them into chunks
of at most K characters, asks the model which sentences of each chunk support the question
(MARKSUPPORTING, chunks in parallel), keeps the evidence within K (COMPRESS up to J_max
times, then ROUGE-L pruning), and asks for the answer plus the concepts still missing
(ANSWER). Missing concepts start the next round. The model names sentences by the numbers
shown in the prompt; it never copies text, and numbers it invents are ignored.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from lgm_rdf.llm.base import ChatModel, Message, UsageMeter
from lgm_rdf.llm.jsonout import complete_json
from lgm_rdf.llm.pool import map_bounded
from lgm_rdf.llm.prompting import load_prompt
from lgm_rdf.retrieve.chunking import chunk_candidates
from lgm_rdf.retrieve.model import (
    TOP_CANDIDATES,
    Answer,
    Candidate,
    Iteration,
    Retriever,
    Support,
    text_length,
)
from lgm_rdf.retrieve.rouge import prune_by_rouge
from lgm_rdf.settings import Settings

log = logging.getLogger(__name__)

NO_EVIDENCE = "No evidence was found in the knowledge base for this question."
NOT_ENOUGH = "The knowledge base does not say enough to answer this question."
NO_ANSWER = "The language model gave no usable answer; the supporting sentences are listed."
MISSING_KEYS = ("unsupported_concepts", "missing_concepts", "missing")
PHASES = ("retrieve", "mark", "compress", "answer")
_ID = re.compile(r"\s*[\[(#]?\s*(\d+)\s*[\])]?\.?\s*")
_SPACE = re.compile(r"\s+")


def _as_id(item: Any) -> int | None:
    if isinstance(item, bool):
        return None
    if isinstance(item, int):
        return item
    if isinstance(item, float) and item.is_integer():
        return int(item)
    if isinstance(item, str):
        match = _ID.fullmatch(item)
        return int(match.group(1)) if match else None
    return None


def parse_ids(value: Any, key: str) -> list[int] | None:
    """Sentence numbers in a model's JSON answer (``{key: [...]}`` or a bare list).

    Numbers may be ints or strings such as ``"3"`` or ``"[3]"``; other items are dropped
    and duplicates removed. ``{}`` means none. ``None`` when the shape is wrong.
    """
    items: Any = value
    if isinstance(value, dict):
        if not value:
            return []
        items = value.get(key)
        if items is None and len(value) == 1:
            (items,) = value.values()
    if not isinstance(items, list):
        return None
    out: list[int] = []
    for item in items:
        number = _as_id(item)
        if number is not None and number not in out:
            out.append(number)
    return out


def parse_answer(value: Any) -> tuple[str, list[str]] | None:
    """``(answer, missing concepts)`` from an ANSWER reply; ``None`` when it has neither key."""
    if not isinstance(value, dict):
        return None
    key = next((k for k in MISSING_KEYS if k in value), None)
    if "answer" not in value and key is None:
        return None
    raw = value.get("answer")
    if isinstance(raw, list):
        text = "; ".join(str(x) for x in raw if isinstance(x, str | int | float))
    elif isinstance(raw, str | int | float) and not isinstance(raw, bool):
        text = str(raw)
    else:
        text = ""
    found = value.get(key) if key else None
    if isinstance(found, str):
        found = [found]
    missing: list[str] = []
    for item in found if isinstance(found, list) else []:
        phrase = _SPACE.sub(" ", str(item)).strip() if isinstance(item, str | int) else ""
        if phrase and phrase.lower() not in {m.lower() for m in missing}:
            missing.append(phrase)
    return text.strip(), missing


def _clean(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def sentence_line(candidate: Candidate, number: int | None = None) -> str:
    """One sentence as shown to the model: ``3. (Title) resolved text`` (``- `` without number)."""
    text = _clean(candidate.resolved or candidate.text)
    title = _clean(candidate.title)
    body = f"({title}) {text}" if title else text
    return f"{number}. {body}" if number is not None else f"- {body}"


def _numbered(candidates: Sequence[Candidate]) -> list[str]:
    return [sentence_line(c, i) for i, c in enumerate(candidates, start=1)]


class LLMReasoner:
    """Answers questions with Algorithm 1, driven by a chat model (``Answer.mode == "llm"``).

    ``settings`` gives K (``chunk_size``, characters of original text), I_max
    (``max_iterations``), J_max (``max_compress_steps``) and ``llm_concurrency``. Usage is
    added to ``meter`` (shared, e.g. across a benchmark) and reported per question in
    ``Answer.usage``. ``run`` keeps no state on the instance, so threads may share one.
    """

    def __init__(
        self, chat: ChatModel, settings: Settings, meter: UsageMeter | None = None
    ) -> None:
        self.chat = chat
        self.settings = settings
        self.meter = meter or UsageMeter()

    # -- prompts -------------------------------------------------------------------------
    def mark_messages(
        self, question: str, known: Sequence[Candidate], chunk: Sequence[Candidate]
    ) -> list[Message]:
        """MARKSUPPORTING: the question, the evidence so far, and one numbered chunk."""
        lines = [f"Question: {_clean(question)}", "", "Evidence collected so far:"]
        lines += [sentence_line(c) for c in known] or ["(none yet)"]
        lines += ["", "Candidate sentences:", *_numbered(chunk)]
        return self._messages("mark_supporting", lines)

    def compress_messages(self, question: str, supports: Sequence[Candidate]) -> list[Message]:
        """COMPRESS: the question, the budget K and the numbered evidence."""
        lines = [f"Question: {_clean(question)}", f"Character budget: {self.settings.chunk_size}"]
        lines += ["", "Evidence sentences:", *_numbered(supports)]
        return self._messages("compress", lines)

    def answer_messages(self, question: str, supports: Sequence[Candidate]) -> list[Message]:
        """ANSWER: the question and the numbered evidence."""
        lines = [f"Question: {_clean(question)}", "", "Evidence sentences:"]
        lines += _numbered(supports) or ["(no evidence sentences were found)"]
        return self._messages("answer", lines)

    @staticmethod
    def _messages(prompt: str, lines: list[str]) -> list[Message]:
        return [
            {"role": "system", "content": load_prompt(prompt)},
            {"role": "user", "content": "\n".join(lines)},
        ]

    # -- Algorithm 1 ---------------------------------------------------------------------
    def run(self, question: str, retriever: Retriever) -> Answer:
        """Answer ``question`` from the KB behind ``retriever`` (never raises on bad JSON)."""
        return _Run(self, question).run(retriever)


class _Run:
    """The state of one question: evidence, trace, usage and timings."""

    def __init__(self, reasoner: LLMReasoner, question: str) -> None:
        self.r = reasoner
        self.question = question
        self.k = max(1, reasoner.settings.chunk_size)
        self.usage = UsageMeter()
        self.unusable = 0
        self.lock = threading.Lock()
        self.timings = dict.fromkeys(PHASES, 0.0)

    def ask(self, messages: list[Message], validate: Callable[[Any], bool]) -> Any | None:
        """One JSON call (repaired / retried once by ``complete_json``); ``None`` if unusable."""
        value, usage = complete_json(self.r.chat, messages, validate=validate)
        self.usage.add(usage)
        self.r.meter.add(usage)
        if value is None:
            with self.lock:
                self.unusable += 1
        return value

    def mark(self, known: Sequence[Candidate], chunk: Sequence[Candidate]) -> list[Candidate]:
        """The sentences of ``chunk`` the model marks as supporting, in chunk (rank) order."""
        value = self.ask(
            self.r.mark_messages(self.question, known, chunk),
            lambda v: parse_ids(v, "supporting") is not None,
        )
        chosen = set(parse_ids(value, "supporting") or []) if value is not None else set()
        return [c for i, c in enumerate(chunk, start=1) if i in chosen]

    def mark_all(
        self, known: list[Candidate], chunks: list[list[Candidate]]
    ) -> list[list[Candidate]]:
        """MARKSUPPORTING over all chunks, ``llm_concurrency`` at a time, results in chunk order."""
        return map_bounded(
            lambda chunk: self.mark(known, chunk), chunks, self.r.settings.llm_concurrency
        )

    def compress(self, supports: list[Candidate]) -> list[Candidate]:
        """The sentences the model keeps (``supports`` unchanged if it keeps none or fails)."""
        value = self.ask(
            self.r.compress_messages(self.question, supports),
            lambda v: parse_ids(v, "keep") is not None,
        )
        keep = set(parse_ids(value, "keep") or []) if value is not None else set()
        kept = [c for i, c in enumerate(supports, start=1) if i in keep]
        return kept or supports

    def answer(self, supports: Sequence[Candidate]) -> tuple[str, list[str], bool]:
        """``(answer, missing concepts, usable)`` for the current evidence."""
        value = self.ask(
            self.r.answer_messages(self.question, supports),
            lambda v: parse_answer(v) is not None,
        )
        parsed = parse_answer(value) if value is not None else None
        return (parsed[0], parsed[1], True) if parsed else ("", [], False)

    def timed(self, phase: str, fn: Callable[[], Any]) -> Any:
        """``fn()``, its wall time added to ``timings[phase]``."""
        start = time.perf_counter()
        try:
            return fn()
        finally:
            self.timings[phase] += time.perf_counter() - start

    def fit(self, supports: list[Candidate], iteration: Iteration) -> list[Candidate]:
        """COMPRESS while over K (at most J_max calls, stopping when no progress), then prune."""
        steps = 0
        while text_length(supports) > self.k and steps < self.r.settings.max_compress_steps:
            smaller = self.timed("compress", lambda s=supports: self.compress(s))
            steps += 1
            if len(smaller) == len(supports):
                break
            supports = smaller
        iteration.compress_steps = steps
        if text_length(supports) > self.k:
            supports = prune_by_rouge(supports, self.question, self.k)
            iteration.pruned = True
        return supports

    def run(self, retriever: Retriever) -> Answer:
        """Algorithm 1 for this question."""
        start = time.perf_counter()
        settings = self.r.settings
        supports: list[Candidate] = []
        seen: dict[str, Candidate] = {}  # every candidate shown to the model, rank order
        iterations: list[Iteration] = []
        tried: set[str] = set()
        text, missing, usable, answered = "", [], True, False
        concepts = self.timed("retrieve", lambda: retriever.question_concepts(self.question))
        for number in range(1, max(1, settings.max_iterations) + 1):
            fresh_concepts = [c for c in concepts if c.strip().lower() not in tried]
            if number > 1 and not fresh_concepts:
                break
            tried.update(c.strip().lower() for c in fresh_concepts)
            exclude = frozenset(seen)
            found = self.timed(
                "retrieve",
                lambda cs=fresh_concepts, ex=exclude: retriever.retrieve(self.question, cs, ex),
            )
            fresh = [
                seen.setdefault(c.sentence, c) for c in found.candidates if c.sentence not in seen
            ]
            iteration = Iteration(
                number, list(fresh_concepts), list(found.expanded), len(found.candidates)
            )
            iteration.top_candidates = [c.sentence for c in found.candidates[:TOP_CANDIDATES]]
            iterations.append(iteration)
            if not fresh:
                iteration.supports = [c.sentence for c in supports]
                if number == 1:
                    return self.finish(NO_EVIDENCE, supports, seen, iterations, start)
                break
            chunks = chunk_candidates(fresh, self.k)
            iteration.chunks = len(chunks)
            marked = self.timed("mark", lambda k=list(supports), b=chunks: self.mark_all(k, b))
            new = [c for part in marked for c in part]
            if number > 1 and not new:
                iteration.supports = [c.sentence for c in supports]
                break
            supports = self.fit(supports + new, iteration)
            iteration.supports = [c.sentence for c in supports]
            text, missing, usable = self.timed("answer", lambda s=supports: self.answer(s))
            answered = True
            iteration.answer, iteration.missing = text, list(missing)
            if not missing or number >= settings.max_iterations:
                break
            concepts = self.timed(
                "retrieve", lambda m=missing: retriever.question_concepts(" ; ".join(m))
            )
        if not text:
            text = NO_ANSWER if answered and not usable else NOT_ENOUGH
            if missing:
                text += " Missing: " + ", ".join(missing) + "."
        return self.finish(text, supports, seen, iterations, start)

    def finish(
        self,
        text: str,
        supports: list[Candidate],
        seen: dict[str, Candidate],
        iterations: list[Iteration],
        start: float,
    ) -> Answer:
        """The :class:`Answer`: supports best first, then every other candidate in rank order."""
        kept = {c.sentence for c in supports}
        ranking = supports + [c for c in seen.values() if c.sentence not in kept]
        usage = self.usage.total.as_dict()
        usage["unusable_answers"] = self.unusable
        timings = dict(self.timings)
        timings["total"] = time.perf_counter() - start
        if self.unusable:
            log.warning("%d LLM answer(s) were unusable for %r", self.unusable, self.question[:80])
        return Answer(
            question=self.question,
            answer=text,
            mode="llm",
            supports=[Support.of(c) for c in supports],
            iterations=iterations,
            usage=usage,
            timings=timings,
            ranking=ranking,
        )
