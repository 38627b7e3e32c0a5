"""HTML pages: the main content without navigation and boilerplate, headings as sections.

Parsed with Beautiful Soup (``html.parser``, pure Python). The content root is ``<main>`` (or
``role=main``), else the longest ``<article>``, else ``<body>``; navigation, headers, footers,
sidebars, forms, scripts and elements whose class or id names a boilerplate region (cookie
banners, menus, breadcrumbs, share bars …) are dropped, and so are link lists (blocks that are
mostly link text). Tables, ``<pre>`` listings and captions become blocks with their role.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lgm_rdf.learn.readers.builder import SectionBuilder, import_parser
from lgm_rdf.learn.readers.model import ReaderError, SourceDocument

HTML_SUFFIXES = frozenset({".html", ".htm", ".xhtml"})

_DROP_TAGS = (
    "script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "form",
    "button", "input", "select", "textarea", "nav", "aside", "dialog", "menu",
)  # fmt: skip
_BOILERPLATE = re.compile(
    r"(?:^|[-_\s])(?:nav|navbar|navigation|menu|breadcrumbs?|cookies?|consent|banner|sidebar|"
    r"footer|masthead|share|sharing|social|related|advert\w*|ads|promo|newsletter|subscribe|"
    r"skip-?link|toolbar|pagination|pager|comments?|popup|modal)(?:$|[-_\s])",
    re.I,
)
_BOILERPLATE_ROLES = frozenset({"navigation", "banner", "contentinfo", "complementary", "search"})
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BLOCK_TAGS = frozenset(
    {"p", "li", "dd", "dt", "blockquote", "address", "summary", "div", "section", "article",
     "main", "body", "ul", "ol", "dl", "figure", "details", "header", "footer", "td", "th"}
)  # fmt: skip
_MAX_LINK_SHARE = 0.6


def read_html(data: bytes, path: Path, source: str, encoding: str | None) -> SourceDocument:
    """The main content of an HTML page as a document (title from metadata or the first h1)."""
    bs4 = import_parser("bs4", "beautifulsoup4", "HTML", path)
    soup = bs4.BeautifulSoup(data, "html.parser", from_encoding=encoding)
    title = _meta_title(soup)
    root = _content_root(soup)
    for br in root.find_all("br"):
        br.replace_with(" ")
    _drop_boilerplate(root, whole_page=root.name in ("body", "[document]"))
    builder = SectionBuilder()
    _walk(root, builder)
    if builder.empty:
        raise ReaderError("no text found", path)
    h1 = soup.find("h1")
    fallback = h1.get_text(" ", strip=True) if h1 is not None else None
    page_title = soup.title.get_text(" ", strip=True) if soup.title is not None else None
    return builder.document(source, source, title or fallback or page_title, path.stem)


def _meta_title(soup: Any) -> str | None:
    for attrs in ({"property": "og:title"}, {"name": "dc.title"}, {"name": "DC.title"}):
        tag = soup.find("meta", attrs=attrs)
        if tag is not None and tag.get("content", "").strip():
            return str(tag["content"])
    return None


def _content_root(soup: Any) -> Any:
    main = soup.find("main") or soup.find(attrs={"role": "main"})
    if main is not None:
        return main
    articles = soup.find_all("article")
    if articles:
        return max(articles, key=lambda a: len(a.get_text(" ", strip=True)))
    return soup.body or soup


def _is_boilerplate(tag: Any) -> bool:
    if tag.name in _DROP_TAGS:
        return True
    if tag.get("hidden") is not None or tag.get("aria-hidden") == "true":
        return True
    if tag.get("role") in _BOILERPLATE_ROLES:
        return True
    names = " ".join([*(tag.get("class") or []), tag.get("id") or ""])
    return bool(names.strip()) and bool(_BOILERPLATE.search(names))


def _drop_boilerplate(root: Any, whole_page: bool) -> None:
    """Remove comments and boilerplate elements under ``root``.

    A ``<footer>`` always goes; a ``<header>`` only when the root is the whole page and the
    header is not an article's own.
    """
    for comment in root.find_all(string=lambda s: type(s).__name__ in ("Comment", "Doctype")):
        comment.extract()
    for tag in root.find_all(True):
        if tag.decomposed:
            continue
        page_part = tag.name == "footer" or (
            tag.name == "header" and whole_page and tag.find_parent("article") is None
        )
        if page_part or _is_boilerplate(tag):
            tag.decompose()


def _text(tag: Any) -> str:
    return " ".join(tag.get_text().split())


def _walk(node: Any, builder: SectionBuilder) -> None:
    """Emit headings and blocks in document order; inline runs of a container form a block."""
    run: list[str] = []
    run_links = 0

    def flush() -> None:
        nonlocal run_links
        text = " ".join("".join(run).split())
        if text and run_links / max(1, len(text)) <= _MAX_LINK_SHARE:
            builder.block(text)
        run.clear()
        run_links = 0

    for child in node.children:
        name = getattr(child, "name", None)
        if name is None:  # a string
            run.append(str(child))
            continue
        if name in _HEADINGS:
            flush()
            builder.heading(_text(child), _HEADINGS[name])
        elif name == "table":
            flush()
            _table(child, builder)
        elif name == "pre":
            flush()
            builder.block(child.get_text(), "code")
        elif name in ("figcaption", "caption"):
            flush()
            builder.block(_text(child), "caption")
        elif name in _BLOCK_TAGS or child.find(list(_HEADINGS) + ["p", "table", "pre"]):
            flush()
            _walk(child, builder)
        else:  # inline element
            text = child.get_text()
            run.append(text)
            if name == "a":
                run_links += len(" ".join(text.split()))
            else:
                run_links += sum(len(a.get_text(" ", strip=True)) for a in child.find_all("a"))
    flush()


def _table(table: Any, builder: SectionBuilder) -> None:
    """A table's caption and rows; a first row of ``<th>`` cells is its header."""
    caption = table.find("caption")
    if caption is not None:
        builder.block(_text(caption), "caption")
    rows = [r for r in table.find_all("tr") if r.find_parent("table") is table]
    cells = [r.find_all(["th", "td"], recursive=False) for r in rows]
    header = None
    if cells and cells[0] and all(c.name == "th" for c in cells[0]):
        header = [_text(c) for c in cells[0]]
        cells = cells[1:]
    builder.table([[_text(c) for c in row] for row in cells], header)
