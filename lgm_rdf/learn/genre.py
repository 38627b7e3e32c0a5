"""The genre of a document: technical documentation or encyclopaedic prose.

The pattern rules were written from encyclopaedic sentences, and some of them read technical
prose badly: judged by reading, the close apposition "the drummer Phil Collins" (rule
``title-noun``) is right in more than four of five Wikipedia sentences and in none of the
documentation ones, where "your system Python" or "the script String" put a common noun
before a product or type name. The confidence of a relation therefore takes its rule's
precision measured on documents of the same genre (``rule_precision.json``, ``genres``).

A document is ``technical`` when it is a manual page (a running header or footer names its
page, "MG(1)": whatever its prose, a manual page documents software), or when at least
``MIN_EVIDENCE`` of its sentences, and at least ``MIN_SHARE`` of them, are code or contain
something only code and software documentation write: a snake_case identifier, a dotted name
such as ``json.loads`` or ``setup.py`` (no web domain), a command-line option, a call of a
lower-case identifier with its parentheses, a file path, or a package manager with its command
("pip install"). Web addresses are left out before
the marks are looked for, and so are reference lists (their URLs cite, they are not code).
Measured on the development corpora (``docs/benchmarks.md`` §30): none of the 1,455 HotpotQA
and MuSiQue paragraphs is technical; 164 of 177 README and package descriptions are, and the
LGM paper is (its prompt templates and equations). Short package blurbs with no code stay
encyclopaedic, which only means that they keep the general figures.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lgm_rdf.learn.readers.roles import manual_running_line

TECHNICAL = "technical"
ENCYCLOPAEDIC = "encyclopaedic"
GENRES = (ENCYCLOPAEDIC, TECHNICAL)
MIN_EVIDENCE = 2
MIN_SHARE = 0.05
# block roles that are code written out, and roles whose identifiers are only cited
CODE_ROLES = frozenset({"code"})
CITING_ROLES = frozenset({"reference", "affiliation"})
RUNNING_ROLES = frozenset({"header_footer"})
# a web domain is no identifier ("ComputerMagazine.com", "playpress.co.nz", "Last.fm")
_DOMAIN = (
    r"(?:com|org|net|edu|gov|int|info|co|uk|nz|au|ca|de|fr|jp|in|io|fm|tv|ly|ru|is|me|us|eu)\b"
)
# web addresses are no code either: they are taken out before the marks are looked for
# ("Retrieved from http://www.nytimes.com/.../music_review.html")
_ADDRESS = re.compile(r"\S+://\S+|\bwww\.\S+")
_COMMANDS = (
    r"(?:install|uninstall|add|run|get|clone|update|upgrade|remove|init|commit|push|pull|"
    r"checkout|build|test|publish|create|activate)"
)
CODE_MARKS = (
    re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),  # snake_case
    re.compile(rf"\b(?!www\.)[A-Za-z_]\w*\.(?!{_DOMAIN})[a-z_]\w+\b(?!\.\w)"),  # json.loads
    re.compile(r"(?:^|\s)(?:--[a-z][a-z0-9-]+|-[a-zA-Z]{1,2})\b"),  # --verbose, -v
    # open(), len(x), os.path.join(a): a lower-case identifier ("Iron(III)", "Ca(OH)2" are not)
    re.compile(r"\b[a-z_][\w.]+\((?:[a-z_][\w.]*)?\)"),
    re.compile(r"(?:^|\s)(?:~|\.{1,2})?/(?:[a-z0-9_.-]+/)+[a-z0-9_.-]*"),  # /usr/lib/, ./src/
    # a package manager and its command ("pip install", "git clone"; not "wool yarn is spun")
    re.compile(rf"\b(?:pip3?|npm|yarn|apt|apt-get|brew|git|sudo|conda)\s+{_COMMANDS}\b"),
)


def looks_like_code(text: str) -> bool:
    """Whether ``text`` holds a mark only code and software documentation write (web
    addresses do not count)."""
    text = _ADDRESS.sub(" ", text)
    return any(mark.search(text) for mark in CODE_MARKS)


def document_genre(sentences: Iterable[tuple[str, str]]) -> str:
    """``technical`` or ``encyclopaedic`` for a document given as (text, block role) pairs."""
    total = evidence = 0
    for text, role in sentences:
        if role in RUNNING_ROLES and manual_running_line(text):
            return TECHNICAL  # a manual page
        total += 1
        if role in CODE_ROLES or (role not in CITING_ROLES and looks_like_code(text)):
            evidence += 1
    if evidence >= MIN_EVIDENCE and evidence >= MIN_SHARE * total:
        return TECHNICAL
    return ENCYCLOPAEDIC


def shouted(text: str) -> bool:
    """Whether a sentence is written in capitals (20 letters or more, four in five upper case):
    licence boilerplate, which the pattern rules read as no statement."""
    letters = [ch for ch in text if ch.isalpha()]
    return len(letters) >= 20 and sum(ch.isupper() for ch in letters) >= 0.8 * len(letters)
