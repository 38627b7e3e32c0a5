"""Loads the prompt texts kept in ``lgm_rdf/llm/prompts/*.txt``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

PROMPT_DIR = Path(__file__).resolve().parent / "prompts"


@cache
def load_prompt(name: str) -> str:
    """Text of ``prompts/NAME.txt`` (without trailing whitespace)."""
    path = PROMPT_DIR / f"{name}.txt"
    if not path.is_file():
        raise FileNotFoundError(f"no prompt named {name!r} in {PROMPT_DIR}")
    return path.read_text(encoding="utf-8").rstrip()
