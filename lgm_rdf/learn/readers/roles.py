"""Document structure roles from text: which blocks and sentences are not prose.

Readers set a block's role when their format says it (a Markdown fence, an HTML ``<table>``, a
PDF page footer). Everything a reader left as prose is checked here by its text, so the same
rules serve plain text, Markdown, PDF and HTML:

reference      a section titled References / Bibliography / Works cited / ...; a block whose
               lines mostly read as bibliography entries ("[12] A. Name, B. Name. Title. In
               Proceedings ..., 2020.", a DOI, an arXiv id, "et al."); one entry on a line of
               its own with authors, a year and a citation mark ("T. Ylonen and C. Lonvick,
               The Secure Shell (SSH) Protocol Architecture, RFC 4251, January 2006.")
affiliation    the front matter before the first paragraph of prose: short lines of names,
               institutions, addresses and e-mail addresses; any block with an e-mail address
               and no sentence
table          most lines split into cells by tabs, pipes or runs of spaces; in Markdown also
               a row of badges (images inside links); a field list of an API reference, most
               lines a lower-case identifier, a colon and a capitalised type ("key: String, the
               key", "callback: Function")
code           a fenced block, or most lines look like code (braces, ``;``, ``=``, ``def``,
               shell prompts, indentation)
equation       few words and many mathematical symbols
caption        "Figure 3: ...", "Fig. 2.", "Table 1:", "Listing 4."
header_footer  a page number, "Page 3 of 12", a running header line, a manual page's header
               and footer lines ("GPG(1)  GNU Privacy Guard 2.2  GPG(1)")
template       quoted prompts, placeholders ("[X]", "{name}", "<question>", "[culture/language]"),
               a schema written with variables ("A is a type of B"), chat messages in JSON
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from lgm_rdf.learn.readers.model import Block, Section, SourceDocument
from lgm_rdf.nlp.wordlists import words

PROSE = "prose"
# sections whose blocks are a reference list, whatever their lines look like
_REFERENCE_HEADING = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:references?|bibliography|works cited|literature cited|"
    r"literature|cited works|citations|sources|further reading|notes and references)\W*$",
    re.I,
)
_AFFILIATION_HEADING = re.compile(r"^\W*(?:authors?|affiliations?|contributors)\W*$", re.I)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CITATION_START = re.compile(r"^\s*(?:[-*•]\s*)?(?:\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}\.\s)")
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d[a-z]?\b")
_BIB_MARKS = re.compile(
    r"\bet al\.|\bdoi\s*:|\bdoi\.org|arxiv|\bIn Proceedings\b|\bProceedings of\b|\bpp\.\s*\d|"
    r"\bvol\.\s*\d|\bJournal of\b|\bTransactions on\b|\bConference on\b|\bPress\b|\bISBN\b|"
    r"\bISSN\b|\bURL\b|https?://|\b\d+\s*\(\d+\)\s*:\s*\d+",
    re.I,
)
# the marks of a cited work standing alone, as written in a citation (case matters: "the press",
# "a url" are prose); a standard cited by number ("RFC 4251,")
_CITED_MARKS = re.compile(
    r"\bRFC\s*\d{3,5}\s*,|\bet al\.|\bdoi\s*:|\bdoi\.org|\barXiv\b|\bIn Proceedings\b|"
    r"\bProceedings of\b|\bpp\.\s*\d|\bvol\.\s*\d|\bJournal of\b|\bISBN\b|\bISSN\b|\bPress\b"
)
# "Lei, W., Zou, P." / "W. Lei, P. Zou" / "Wenchang Lei, Ping Zou, and Yue Wang."
_AUTHOR_LIST = re.compile(
    r"^(?:[-*•]\s*)?(?:\[\d+\]\s*)?(?:[A-Z][\w'’-]+,?\s+(?:[A-Z]\.\s*)+,?\s*|(?:[A-Z]\.\s*)+[A-Z][\w'’-]+,?\s*){2,}"
)
# "T. Ylonen and C. Lonvick, The Secure Shell ..." / "M. Bellare, T. Kohno, and C. Namprempre,":
# initials-first names joined by "and", closed by a comma or a full stop before the title
_INITIALS_NAME = r"(?:[A-Z]\.\s*)+[A-Z][\w'’-]+"
_AUTHORS_AND = re.compile(
    rf"^(?:[-*•]\s*)?{_INITIALS_NAME}(?:,\s*{_INITIALS_NAME})*,?\s+and\s+{_INITIALS_NAME}\s*[,.]"
)
_CAPTION = re.compile(
    r"^\s*(?:figure|fig\.|table|listing|algorithm|chart|plate)\s*[\dIVXivx]+[a-z]?\s*[:.|—–-]", re.I
)
_PAGE = re.compile(r"^\s*(?:page\s+)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?\s*$", re.I)
_CODE_LINE = re.compile(
    r"^\s*(?:[$>#]\s|>>>|\.\.\.\s|def\s|class\s|import\s|from\s\S+\simport|return\b|if\s.*:$|for\s.*:$|"
    r"\}|\{$|.*[;{]\s*$|[\w.\[\]]+\s*[+\-*/]?=\s*\S|@\w+|</?\w+[^>]*>\s*$|\w+\(.*\)\s*$)"
)
_MATH = frozenset("=+−×÷/^∑∏∫√≤≥≠≈∞∈∉⊂⊆⊑∪∩∀∃αβγδεθλμπσφψω()[]{}|\\")
_PLACEHOLDER = re.compile(
    r"\{\{?\s*[A-Za-z_][\w. -]*\}\}?|<(?!(?:nowiki|br|ref|sup|sub|span|div|b|i|em|p|small|code)\b)[a-z_][\w -]*>|\[(?:[A-Z][A-Za-z_]*|[a-z]+(?:/[a-z]+)+|[A-Za-z_ ]+_[A-Za-z_ ]*)\]|\[:\s"
)
_CHAT = re.compile(
    r'"(?:role|content)"\s*:|\b(?:system|user|assistant)\s*:\s*$|\{\{|\}\}|'
    r"\b(?:input|output)(?: json)? format\s*:|"
    r"^\W*(?:your task is|you will receive|you are an? (?:ai|assistant|helpful)|guidelines\s*:|"
    r"requirements\s*:)",
    re.I | re.M,
)
# a schema written with variables: "A is a type of B", "X (such as A1, A2)"
_VARIABLE = re.compile(r"(?<![\w.’'°-])(?:[A-Z]|[A-Z][0-9]|[A-Z]_[a-z0-9])(?![\w’'-])")
_INITIAL_AFTER = re.compile(r"^\.\s*[A-Z]")
_SCHEMA_WORDS = re.compile(
    r"\b(?:is|are|as|of|such|like|known|called|and|or|to|than|for|the|a|an)\b", re.I
)


def is_reference_heading(title: str) -> bool:
    """A heading that opens a reference list ("References", "7 Bibliography")."""
    return bool(_REFERENCE_HEADING.match(title))


def _lines(text: str) -> list[str]:
    return [ln for ln in text.split("\n") if ln.strip()]


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z'’-]*", text)


def is_reference_entry(line: str) -> bool:
    """A line that reads as one bibliography entry."""
    marks = len(_BIB_MARKS.findall(line))
    numbered = bool(_CITATION_START.match(line))
    year = bool(_YEAR.search(line))
    authors = _opens_with_authors(line)
    return (numbered and (year or marks > 0)) or (authors and year) or (marks >= 2 and year)


def _opens_with_authors(line: str) -> bool:
    """The line opens with an author list ("Lei, W., Zou, P.", "T. Ylonen and C. Lonvick,")."""
    return bool(_AUTHOR_LIST.match(line) or _AUTHORS_AND.match(line))


def _cited_work(line: str) -> bool:
    """One bibliography entry standing alone: an author list, a year and a citation mark ("T.
    Ylonen and C. Lonvick, The Secure Shell (SSH) Protocol Architecture, RFC 4251, January
    2006.")."""
    return bool(_opens_with_authors(line) and _YEAR.search(line) and _CITED_MARKS.search(line))


def _share(lines: Sequence[str], test: Callable[[str], bool]) -> float:
    return sum(1 for ln in lines if test(ln)) / len(lines) if lines else 0.0


def _is_table(lines: Sequence[str]) -> bool:
    if len(lines) < 2:
        return False
    cells = _share(
        lines,
        lambda ln: (
            ln.count("\t") >= 1 or ln.count("|") >= 2 or len(re.findall(r"\S {3,}\S", ln)) >= 2
        ),
    )
    return cells >= 0.6 or _share(lines, lambda ln: bool(_FIELD_LINE.match(ln))) >= 0.6


# one entry of a field list: "key: String, the key", "lifetime: Number After how long ...",
# "opts.timeout: Integer|null": a type name, or a capitalised word with the marks of a type
# ("Map<string, number>", "String[]", "net.Stream"); a capitalised word before the colon
# ("Note: This ..."), any other word after it ("spoiler: Darth Vader is ...") or a lower-case
# word after the type ("init: Creates a project") is a definition written in prose
_TYPE_NAMES = (
    "String|Number|Boolean|Bool|Object|Array|Function|Integer|Int|Float|Double|Promise|Buffer|"
    "Date|Map|Set|Symbol|Any|Null|Undefined|Callback|Error|RegExp|Stream|List|Dict|Tuple|Bytes|"
    "Str|None|Optional|Long|Char|Byte|Iterable|BigInt"
)
_FIELD_LINE = re.compile(
    r"^\s*[a-z_$][\w.$-]*\s*:\s*"
    rf"(?:[A-Z]\w*[.<>\[\]|][\w.<>\[\]|]*|(?:{_TYPE_NAMES})\b)"
    r"(?:\s*[,.;(]|\s*$|\s+[A-Z(])"
)


def _is_code(lines: Sequence[str]) -> bool:
    if not lines:
        return False
    return _share(lines, lambda ln: bool(_CODE_LINE.match(ln))) >= 0.6 and len(lines) >= 2


_ASSIGN_LITERAL = re.compile(r"^\s*[\w.\[\]]+\s*=\s*[\[{(]")
_DATA_LINE = re.compile(r'^\s*(?:["{}\[\]]|\w+\s*:\s*["{\[])')


def _is_data(lines: Sequence[str]) -> bool:
    """A literal of a program or a data file: "details = {", lines of quoted strings, braces."""
    if not lines:
        return False
    if _ASSIGN_LITERAL.match(lines[0]) or re.match(r'^\s*[\[{]\s*"[^"]*"\s*:', lines[0]):
        return True  # "details = {", '{"sentence": ...
    return len(lines) >= 2 and _share(lines, lambda ln: bool(_DATA_LINE.match(ln))) >= 0.5


def _is_equation(text: str) -> bool:
    stripped = text.strip()
    if not stripped:
        return False
    if (
        stripped.startswith("$$")
        or stripped.startswith("\\[")
        or "\\frac" in stripped
        or "\\sum" in stripped
    ):
        return True
    words = [w for w in _words(stripped) if len(w) > 2]
    symbols = sum(1 for c in stripped if c in _MATH)
    return symbols >= 3 and symbols > 2 * len(words)


_FUNCTION_BEFORE = words(
    "is are was were be of as and or than such like to for from with by between if then "
    "whether both either nor not includes include called named"
)
_VERB_AFTER = re.compile(
    r"^\s*(?:\(|,|\)|\.|;|:|=|is\b|are\b|was\b|belongs?\b|falls?\b|has\b|have\b|consists?\b|"
    r"contains?\b|includes?\b|stands?\b|comprises?\b|and\b|or\b|$)"
)
_TOKEN = re.compile(r"[\w’'.-]+|[^\w\s]")


def _variables(text: str) -> set[str]:
    """Single capital letters (with an index: "A1", "X_2") used as the arguments of a schema."""
    found: set[str] = set()
    for m in _VARIABLE.finditer(text):
        var = m.group()
        if var == "I":
            continue
        before = _TOKEN.findall(text[: m.start()])
        prev = before[-1] if before else ""
        if prev in ("°",) or prev[:1].isdigit():
            continue  # "20 °C", "5 F"
        if prev and prev[0].isalnum() and prev.lower() not in _FUNCTION_BEFORE:
            continue  # "vitamin C", "Plan B", "Type A": part of a name
        after = text[m.end() :]
        if _INITIAL_AFTER.match(after) or re.match(r"^\s*\)", after) and prev == "(":
            continue  # "M. Ward", "(R)": an initial, a party
        if prev in ("°", "") and var in ("C", "F", "K") and before:
            continue
        if not _VERB_AFTER.match(after):
            continue  # "A dog is ...": an article
        found.add(var)
    return found


def template_like(text: str) -> bool:
    """A quoted prompt, a placeholder or a schema written with variables ("A is a kind of B")."""
    if _PLACEHOLDER.search(text) or _CHAT.search(text):
        return True
    return len(_variables(text)) >= 2


def block_role(text: str) -> str:
    """The role of one block judged by its text alone (``prose`` if nothing else fits)."""
    lines = _lines(text)
    if not lines:
        return PROSE
    if _CAPTION.match(lines[0]) and len(lines) <= 3:
        return "caption"
    if all(_PAGE.match(ln) for ln in lines) or (len(lines) == 1 and _running_line(lines[0])):
        return "header_footer"
    listed = len(lines) >= 2 or bool(_CITATION_START.match(lines[0]))
    if listed and _share(lines, is_reference_entry) >= 0.6:
        return "reference"
    if len(lines) == 1 and _cited_work(lines[0]):
        return "reference"  # one entry on its own ("STANDARDS" of a manual page)
    if _EMAIL.search(text) and not _has_sentence(text):
        return "affiliation"
    if _is_table(lines):
        return "table"
    if _CHAT.search(text):
        return "template"
    if _is_code(lines) or _is_data(lines) or text.lstrip().startswith(("```", "~~~")):
        return "code"
    if _is_equation(text):
        return "equation"
    if _CHAT.search(text) or (template_like(text) and not _has_sentence(text)):
        return "template"
    return PROSE


# a manual page reference: "GZIP(1)", "openssl-req(1ssl)", "Net::DNS(3pm)"
_MAN_REF = re.compile(r"[A-Za-z][\w.:+-]*\(\d[A-Za-z]*\)")
_VERSION = re.compile(r"\b\d+\.\d+")
RUNNING_LINE_WORDS = 12


def _running_line(line: str) -> bool:
    """A manual page's running header or footer: a short line that starts and ends with the
    page's reference ("GPG(1)  GNU Privacy Guard 2.2  GPG(1)"), that ends with it after a date
    or version ("GNU coreutils 9.1  September 2022  DU(1)"), or that starts and ends with one
    word in capitals around a date ("BSD  November 28, 2022  BSD")."""
    words = line.split()
    if not 1 <= len(words) <= RUNNING_LINE_WORDS or line.rstrip().endswith((".", ":", ",")):
        return False
    same = len(words) >= 2 and words[0] == words[-1]
    if _MAN_REF.fullmatch(words[-1]):
        return same or bool(_YEAR.search(line) or _VERSION.search(line))
    return same and len(words) >= 3 and words[0].isupper() and bool(_YEAR.search(line))


def manual_running_line(line: str) -> bool:
    """Whether ``line`` is a manual page's running header or footer naming its page: a running
    line that ends with the page's reference ("MG(1)  General Commands Manual  MG(1)", "Debian
    2023-02-02  MG(1)"). A name written like a word of prose ("Vol(8)", "Smith(2)") or a comma
    other than a date's ("Released in 2021, see fork(2)") is no such line."""
    words = line.split()
    if not words or not _MAN_REF.fullmatch(words[-1]) or not _running_line(line):
        return False
    name = words[-1].split("(", 1)[0]
    if name.isalpha() and name.istitle():
        return False
    return not re.search(r",(?!\s*\d{4}\b)", line)


def manual_page_name(line: str) -> str | None:
    """The command a manual page's running header names ("GPG(1)  GNU Privacy Guard 2.2
    GPG(1)" → "gpg"; a name in capitals is the command in lower case), else ``None``."""
    words = line.split()
    if len(words) < 2 or not _MAN_REF.fullmatch(words[0]) or words[0] != words[-1]:
        return None
    if not _running_line(line):
        return None
    name = words[0].split("(", 1)[0]
    return name.lower() if name.isupper() else name


def _has_sentence(text: str) -> bool:
    """Some run of at least eight words ends with a full stop."""
    return any(
        len(_words(part)) >= 8
        for part in re.split(r"(?<=[.!?])\s", text)
        if part.rstrip().endswith((".", "!", "?"))
    )


FRONT_MATTER_WORDS = 15
_TITLE_PAGE_ROLES = frozenset({PROSE, "heading", "affiliation"})


def _front_matter(blocks: Sequence[Block]) -> int:
    """How many leading blocks are a title page (title, authors, affiliations, e-mails).

    Only a document that starts with at least two short lines without a full stop and then
    goes on to prose has one; a paragraph of a QA set or a short note has none.
    """
    n = 0
    for block in blocks:
        first = block.text.strip()
        if block.sentences is not None or re.match(r"^\W*abstract\b", first, re.I):
            break
        if block.role not in _TITLE_PAGE_ROLES:
            break
        if first.endswith((".", "!", "?")) or len(_words(first)) > FRONT_MATTER_WORDS:
            break
        n += 1
    return n if 2 <= n < len(blocks) else 0


def section_roles(section: Section, first: bool) -> Section:
    """``section`` with a role on every block a reader left as prose."""
    if is_reference_heading(section.title or ""):
        forced: str | None = "reference"
    elif _AFFILIATION_HEADING.match(section.title or ""):
        forced = "affiliation"
    else:
        forced = None
    front = _front_matter(section.blocks) if first else 0
    blocks = []
    for k, block in enumerate(section.blocks):
        role = block.role
        if k < front:
            role = "heading" if k == 0 else "affiliation"
        elif role == PROSE:
            if forced is not None:
                role = forced
            elif block.sentences is None:
                role = block_role(block.text)
        blocks.append(block if role == block.role else replace(block, role=role))
    return replace(section, blocks=tuple(blocks))


def assign_roles(doc: SourceDocument) -> SourceDocument:
    """``doc`` with the role of every prose block checked against its text."""
    sections = tuple(section_roles(s, k == 0) for k, s in enumerate(doc.sections))
    return replace(doc, sections=sections)


def sentence_role(text: str, block: str) -> str:
    """The role of one sentence of a block: the block's, or ``template`` for a prose sentence
    that quotes a prompt, holds a placeholder or states a schema with variables."""
    if block == PROSE and template_like(text):
        return "template"
    if block == PROSE and _CAPTION.match(text):
        return "caption"
    return block
