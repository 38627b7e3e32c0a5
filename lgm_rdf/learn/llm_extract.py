"""``LLMExtractor``: the paper's three extraction tasks (inheritance, composition, alias) by LLM."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lgm_rdf.learn.relations import Relation
from lgm_rdf.llm.base import ChatModel, Message, UsageMeter
from lgm_rdf.llm.jsonout import complete_json
from lgm_rdf.llm.pool import map_bounded
from lgm_rdf.llm.prompting import load_prompt
from lgm_rdf.nlp.concepts import phrase_key
from lgm_rdf.nlp.coref import antecedents_by_sentence
from lgm_rdf.nlp.model import Sentence
from lgm_rdf.nlp.text import resolved_text
from lgm_rdf.ontology import normalise_label

# relation type -> (prompt name, JSON key of argument a, JSON key of argument b)
TASKS: dict[str, tuple[str, str, str]] = {
    "inheritance": ("extract_inheritance", "subclass", "parent"),
    "composition": ("extract_composition", "whole", "part"),
    "alias": ("extract_alias", "name", "alias"),
}
_DROP = {"the", "a", "an", "many", "some", "several", "all", "most", "its", "their", "his", "her"}


@dataclass(frozen=True)
class _Chunk:
    first: int  # index of the first sentence of the chunk in the document
    lines: tuple[str, ...]


def _valid_answer(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("relations"), list)


class LLMExtractor:
    """Asks the LLM for each relation type over chunks of coreference-resolved sentences."""

    name = "llm"

    def __init__(
        self,
        chat: ChatModel,
        chunk_chars: int = 3000,
        concurrency: int = 4,
        meter: UsageMeter | None = None,
        confidence: float = 0.8,
    ) -> None:
        self.chat = chat
        self.chunk_chars = chunk_chars
        self.concurrency = concurrency
        self.meter = meter or UsageMeter()
        self.confidence = confidence

    def messages(self, relation_type: str, lines: Sequence[str]) -> list[Message]:
        """The chat messages sent for one relation type and one chunk of numbered sentences."""
        prompt = load_prompt(TASKS[relation_type][0])
        return [
            {"role": "system", "content": prompt},
            {"role": "user", "content": "\n".join(lines)},
        ]

    def chunks(
        self, sentences: Sequence[Sentence], antecedents: Mapping[int, Mapping[int, Any]]
    ) -> list[_Chunk]:
        """Numbered, resolved sentences grouped into chunks of about ``chunk_chars`` characters.

        ``antecedents`` maps a sentence index to its ``{token: antecedent}``.
        """
        out: list[_Chunk] = []
        lines: list[str] = []
        first, size = 0, 0
        for i, sentence in enumerate(sentences):
            text = resolved_text(sentence, antecedents.get(i, {}))
            line = f"{i - first + 1}. {text}"
            if lines and size + len(line) > self.chunk_chars:
                out.append(_Chunk(first, tuple(lines)))
                lines, first, size = [], i, 0
                line = f"1. {text}"
            lines.append(line)
            size += len(line) + 1
        if lines:
            out.append(_Chunk(first, tuple(lines)))
        return out

    def extract(
        self,
        sentences: Sequence[Sentence],
        antecedents: Mapping[tuple[int, int], Any] | None = None,
    ) -> list[Relation]:
        """Relations of every type found in ``sentences`` (bad answers are skipped, not fatal)."""
        by_sentence = antecedents_by_sentence(antecedents or {})
        jobs = [(t, c) for c in self.chunks(sentences, by_sentence) for t in TASKS]

        def ask(job: tuple[str, _Chunk]) -> list[Relation]:
            relation_type, chunk = job
            value, usage = complete_json(
                self.chat, self.messages(relation_type, chunk.lines), validate=_valid_answer
            )
            self.meter.add(usage)
            if value is None:
                return []
            return self._relations(relation_type, chunk, value["relations"], sentences, by_sentence)

        found: list[Relation] = []
        for part in map_bounded(ask, jobs, self.concurrency):
            found.extend(part)
        return found

    def _relations(
        self,
        relation_type: str,
        chunk: _Chunk,
        items: list[Any],
        sentences: Sequence[Sentence],
        antecedents: Mapping[int, Mapping[int, Any]],
    ) -> list[Relation]:
        _, key_a, key_b = TASKS[relation_type]
        out: list[Relation] = []
        for item in items:
            if not isinstance(item, dict):
                continue
            try:
                index = chunk.first + int(item.get("sentence", 0)) - 1
            except (TypeError, ValueError):
                continue
            a, b = item.get(key_a), item.get(key_b)
            if not (isinstance(a, str) and isinstance(b, str)):
                continue
            if not chunk.first <= index < chunk.first + len(chunk.lines):
                continue
            sentence = sentences[index]
            own = antecedents.get(index, {})
            ka, kb = match_phrase_key(a, sentence, own), match_phrase_key(b, sentence, own)
            if ka and kb and ka != kb:
                out.append(
                    Relation(
                        type=relation_type,
                        a=ka,
                        b=kb,
                        sentence=index,
                        extractor="llm",
                        confidence=self.confidence,
                        a_label=a.strip(),
                        b_label=b.strip(),
                    )
                )
        return out


def match_phrase_key(phrase: str, sentence: Sentence, antecedents: Mapping[int, Any]) -> str:
    """Concept key of a phrase the LLM copied from ``sentence``; "" if it is not there.

    The phrase is matched word by word against the sentence's tokens (and against the
    antecedents of its pronouns) and keyed like every other concept ("Apples" → "apple");
    a phrase that does not occur in the evidence is dropped rather than guessed.
    """
    words = [w for w in phrase.replace("[:", " ").replace("]", " ").split() if w]
    while words and words[0].lower() in _DROP:
        words = words[1:]
    if not words:
        return ""
    target = [w.lower() for w in words]
    for antecedent in antecedents.values():
        if normalise_label(getattr(antecedent, "text", "")) == " ".join(target):
            return str(getattr(antecedent, "key", "")) or " ".join(target)
    texts = [t.text.lower() for t in sentence.tokens]
    n = len(target)
    for start in range(len(texts) - n + 1):
        if texts[start : start + n] == target:
            return phrase_key(sentence.tokens[start : start + n])
    return ""  # not in the evidence sentence: the model made it up or rephrased it
