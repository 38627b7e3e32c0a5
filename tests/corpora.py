"""Generated corpora for the learning tests: documents that name each other's concepts."""

from __future__ import annotations

import json
from pathlib import Path

THINGS = [
    ("violin", "string instrument", "bow"),
    ("oak", "tree", "acorn"),
    ("salmon", "fish", "fin"),
    ("sparrow", "bird", "feather"),
    ("granite", "rock", "quartz"),
    ("tulip", "flower", "petal"),
    ("trumpet", "brass instrument", "valve"),
    ("maple", "tree", "leaf"),
]


def write_corpus(path: Path, documents: int, sentences: int) -> Path:
    """A JSON Lines corpus whose documents state relations about each other's concepts."""
    lines = []
    for i in range(documents):
        a, kind, part = THINGS[i % len(THINGS)]
        b = THINGS[(i + 3) % len(THINGS)][0]
        text = [
            f"The {a} is a kind of {kind}.",
            f"A {a} has a {part}.",
            f"It was seen near the {b} on day {i}.",
            f"Many people compare the {a} with the {b}.",
        ]
        while len(text) < sentences:
            n = len(text)
            text.append(f"Report {i}.{n} says the {kind} named {a} {n} stood beside a {b}.")
        record = {"id": f"doc-{i:03d}", "title": f"Note {i} on the {a}", "text": " ".join(text)}
        lines.append(json.dumps(record))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
