"""Extraction debris the parser should not see.

Encyclopaedic text often keeps the brackets of a pronunciation or a foreign name whose words were
stripped from it: "Funchal () is the largest city", "Lake Bled (, ) is a lake", "Funchal (] )
is". The empty bracket tells nothing, yet the small tagger then takes the name before it for a
common noun (and so does a run of spaces left in its place). ``strip_debris`` gives the text the
parser reads, without those brackets, and where each of its characters stands in the text as
written, so that sentences keep their text and every offset points into it.
"""

from __future__ import annotations

import re

# a space and a bracket holding only the commas, semicolons, colons, slashes and square
# brackets the stripped words were parted by, then a space or a punctuation mark: " ()",
# " (, )", " (; )", " (] )", " ( / )"; not a symbol ("(*)", "($)") and never "width()"
_EMPTY_BRACKET = re.compile(r"\s\([\s,;:/\[\]]*\)(?=[\s,.;:!?]|$)")
_CLOSING_QUOTES = "\"”’'"


def _after_a_name(text: str, at: int) -> bool:
    """The word before ``at`` is capitalised or closes a quotation ("Funchal ()", '"Alone" ()'),
    as a stripped name's is; not a call or an empty tuple ("foo ( )", "printed as ( )")."""
    words = text[:at].split()
    if not words:
        return False
    word = words[-1]
    return word[:1].isupper() or word[-1:] in _CLOSING_QUOTES


def strip_debris(text: str) -> tuple[str, list[int] | None]:
    """``text`` without its empty brackets after a name (each with the space before it), and
    for each character of the result, and its end, the offset in ``text``; ``None`` when nothing
    was cut (the text is returned as it is)."""
    cuts = [(m.start(), m.end()) for m in _EMPTY_BRACKET.finditer(text)]
    cuts = [(lo, hi) for lo, hi in cuts if _after_a_name(text, lo)]
    if not cuts:
        return text, None
    positions: list[int] = []
    last = 0
    for lo, hi in cuts:
        positions.extend(range(last, lo))
        last = hi
    positions.extend(range(last, len(text)))
    compact = "".join(text[k] for k in positions)
    return compact, [*positions, len(text)]
