"""Find the KB's concept names in a question's words, whatever the tagger made of them.

A question's sentence is read as three word sequences: the words as written, their lemmas, and
the words with plurals folded to the singular by spelling alone; and each span once more as
written with only its last word (a compound's head) as a lemma ("sports cars"). Every span of up to
``MAX_NAME_WORDS`` words that starts and ends with a content word (not a stop word) is looked up
in the concept index by its key, in each sequence, longest span first; a span found whole is not
looked up again in parts. Acronyms written in capitals ("LLM", "LLMs") are looked up among the
acronyms of the KB's multi-word names ("large language model"). Part-of-speech tags play no part,
so a noun tagged as a verb, or glued to the next word by the parser, is found all the same.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass

from lgm_rdf.nlp.concepts import lemma_of
from lgm_rdf.nlp.model import Token
from lgm_rdf.nlp.plural import singular
from lgm_rdf.nlp.stopwords import STOP_WORDS
from lgm_rdf.ontology import normalise_label
from lgm_rdf.retrieve.linking import fold, words_of_key

MAX_NAME_WORDS = 8  # the longest KB name looked for verbatim in a question
MIN_ACRONYM = 2  # letters of the shortest acronym looked up


@dataclass(frozen=True)
class FoundName:
    """A KB name found in a sentence: its key, the token span and how it was found."""

    key: str
    start: int
    end: int
    how: str  # "text" | "lemma" | "singular" | "head" | "acronym"


def acronym_of(key: str) -> str:
    """The initials of a name of two or more content words ("large language model" → "llm")."""
    words = words_of_key(key)
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def acronym_table(keys: Iterable[str]) -> dict[str, list[str]]:
    """Acronym → the multi-word name keys it abbreviates."""
    table: dict[str, list[str]] = defaultdict(list)
    for key in keys:
        short = acronym_of(key)
        if len(short) >= MIN_ACRONYM and short.isalpha():
            table[short].append(key)
    return table


def _forms(tokens: Sequence[Token]) -> list[tuple[str, list[str]]]:
    text = [t.text.lower() for t in tokens]
    lemma = [(t.lemma or t.text).lower() for t in tokens]
    return [("text", text), ("lemma", lemma), ("singular", [singular(w) for w in text])]


def _head_form(text: list[str], heads: list[str], start: int, end: int) -> list[str]:
    """The span's words as written with only its last word (a compound's head) folded to its
    lemma as concept keys fold it (``heads``: each word so folded): "sports cars" → "sports
    car", the key of a compound whose modifier is a plural. Positions outside the span are
    left empty (``_joined`` reads only the span)."""
    return [""] * start + text[start : end - 1] + [heads[end - 1]]


def _joined(tokens: Sequence[Token], words: Sequence[str], start: int, end: int) -> str:
    parts: list[str] = []
    for n in range(start, end):
        parts.append(words[n])
        if n < end - 1:
            parts.append(" " if tokens[n].ws else "")
    return fold(normalise_label("".join(parts)))


def find_names(
    tokens: Sequence[Token],
    known: Container[str],
    acronyms: dict[str, list[str]] | None = None,
    longest: int = MAX_NAME_WORDS,
) -> list[FoundName]:
    """Every KB name (a key in ``known``) in ``tokens``, longest first and left to right.

    A name found whole hides the names inside its span; one-word names count when the word is
    not a stop word.
    """
    forms = _forms(tokens)
    heads = [lemma_of(t) for t in tokens]
    content = [
        t.text.lower() not in STOP_WORDS and any(ch.isalnum() for ch in t.text) for t in tokens
    ]
    taken = [False] * len(tokens)
    found: list[FoundName] = []
    for size in range(min(longest, len(tokens)), 0, -1):
        for start in range(0, len(tokens) - size + 1):
            end = start + size
            if not (content[start] and content[end - 1]) or any(taken[start:end]):
                continue
            head_form = _head_form(forms[0][1], heads, start, end)
            for how, words in [*forms, ("head", head_form)]:
                key = _joined(tokens, words, start, end)
                if key in known and (size > 1 or key not in STOP_WORDS):
                    found.append(FoundName(key, start, end, how))
                    for n in range(start, end):
                        taken[n] = True
                    break
    for n, tok in enumerate(tokens if acronyms else ()):
        word = tok.text
        if taken[n] or len(word) < MIN_ACRONYM or not word.rstrip("s").isupper():
            continue
        short = word.lower()
        for candidate in (short, short[:-1] if short.endswith("s") else ""):
            for key in (acronyms or {}).get(candidate, ()):
                found.append(FoundName(key, n, n + 1, "acronym"))
    return sorted(found, key=lambda f: (f.start, -f.end, f.key))
