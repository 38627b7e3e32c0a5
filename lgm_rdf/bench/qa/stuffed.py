"""The "stuff everything" baseline: all candidate sentences in ONE prompt, one LLM call.

It answers from the same candidates the concept retrieval found (``Answer.ranking``), so the
comparison with Concept Iterative Retrieval isolates what chunking, marking, compression
and iteration add over a single long prompt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from lgm_rdf.llm.base import ChatModel, LLMError, Message, Usage
from lgm_rdf.llm.prompting import load_prompt

NO_ANSWER = "The given information does not answer the question."


class SentenceLike(Protocol):
    """What the baseline needs of a candidate: its sentence IRI, text and document title."""

    sentence: str
    text: str
    title: str


@dataclass
class StuffedAnswer:
    """The baseline's answer to one question and what it cost."""

    answer: str
    usage: Usage = field(default_factory=Usage)
    sentences: int = 0  # sentences put into the prompt
    dropped: int = 0  # candidates left out by the character budget
    chars: int = 0  # characters of the user message
    error: str | None = None  # the LLM error, when the call failed


def unique_candidates(candidates: Iterable[SentenceLike]) -> list[SentenceLike]:
    """Candidates in order, each sentence once (a sentence reached by two concepts repeats)."""
    seen: set[str] = set()
    out: list[SentenceLike] = []
    for c in candidates:
        key = c.sentence or c.text
        if key in seen or not c.text.strip():
            continue
        seen.add(key)
        out.append(c)
    return out


def build_messages(
    question: str, candidates: Iterable[SentenceLike], max_chars: int | None = None
) -> tuple[list[Message], int, int]:
    """The prompt: ``(messages, sentences used, sentences dropped)``.

    Sentences are numbered best first and shown coreference-resolved when the candidate has
    a ``resolved`` text, as the LLM reasoner shows them; with ``max_chars`` the list stops
    before the user message would exceed that many characters (context windows are finite).
    """
    items = unique_candidates(candidates)
    head = f"Question: {' '.join(question.split())}\n\nSentences:\n"
    tail = "\n\nAnswer:"
    lines: list[str] = []
    size = len(head) + len(tail)
    for n, c in enumerate(items, 1):
        text = getattr(c, "resolved", "") or c.text  # the same text the LLM reasoner shows
        line = f"[{n}] ({' '.join(c.title.split())}) {' '.join(text.split())}"
        if max_chars is not None and lines and size + len(line) + 1 > max_chars:
            break
        lines.append(line)
        size += len(line) + 1
    if not lines:
        lines.append("(no sentences were found)")
    used = len(lines) if items else 0
    user = head + "\n".join(lines) + tail
    messages = [
        {"role": "system", "content": load_prompt("answer_all")},
        {"role": "user", "content": user},
    ]
    return messages, used, len(items) - used


def clean_answer(text: str) -> str:
    """The model's reply without surrounding blanks, quotes or an "Answer:" prefix."""
    answer = (text or "").strip()
    if answer.lower().startswith("answer:"):
        answer = answer[len("answer:") :].strip()
    if len(answer) >= 2 and answer[0] == answer[-1] and answer[0] in "\"'":
        answer = answer[1:-1].strip()
    return answer


def answer_stuffed(
    chat: ChatModel,
    question: str,
    candidates: Iterable[SentenceLike],
    max_chars: int | None = None,
) -> StuffedAnswer:
    """Answer ``question`` from all ``candidates`` in one call; an LLM error gives an empty answer."""
    messages, used, dropped = build_messages(question, candidates, max_chars)
    chars = len(messages[-1]["content"])
    try:
        completion = chat.complete(messages)
    except LLMError as exc:
        return StuffedAnswer("", Usage(), used, dropped, chars, error=str(exc))
    return StuffedAnswer(clean_answer(completion.text), completion.usage, used, dropped, chars)
