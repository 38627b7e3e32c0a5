"""The layout's rules, checked on the source: one-way layers, no import cycles, small modules.

Every ``import`` counts, also those inside functions (lazy) and under ``TYPE_CHECKING``:
a lazy import still makes one module depend on another.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "lgm_rdf"
MAX_LINES = 420  # "no module over ~400 lines"

# Layer of each top-level part of lgm_rdf: a module may import its own part, or a part of a
# LOWER layer. Parts of one layer are siblings and do not import each other.
LAYERS: dict[str, int] = {
    "cli": 5,
    "server": 5,
    "mcp": 5,
    "bench": 5,
    "__init__": 6,
    "graph": 4,
    "learn": 3,
    "retrieve": 3,
    "interop": 3,
    "nlp": 2,
    "llm": 2,
    "store": 2,
    "ontology": 1,
    "settings": 1,
    "errors": 1,
    "fileio": 1,
}
# ``lgm_rdf/__init__`` (6) is the public API. The foundation modules (layer 1) may import each
# other (the cycle test still guards them). The front ends (layer 5) share: the benchmarks
# drive the server and the CLI drives everything, so these pairs of siblings are allowed.
SIBLING_OK = {("cli", "server"), ("cli", "bench"), ("cli", "mcp"), ("bench", "server")}


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str, known: dict[str, Path]) -> str | None:
    """The longest known module that ``name`` is or lies in."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                if not is_package:
                    anchor = anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        for target in targets:
            if not target.startswith("lgm_rdf"):
                continue
            resolved = _resolve(target, known)
            # a submodule's implicit import of its own package is not a dependency
            if resolved and resolved != module and not module.startswith(resolved + "."):
                found.add(resolved)
    return found


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {m: _imports(m, p, known) for m, p in known.items()}


def _part(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def test_every_part_has_a_layer() -> None:
    unknown = sorted({_part(m) for m in _modules()} - set(LAYERS))
    assert not unknown, f"parts of lgm_rdf with no layer in this test: {unknown}"


def test_layers_are_one_way() -> None:
    bad = []
    for module, deps in _graph().items():
        here = _part(module)
        for dep in deps:
            there = _part(dep)
            if there == here or (here, there) in SIBLING_OK or LAYERS[here] == LAYERS[there] == 1:
                continue
            if LAYERS[there] >= LAYERS[here]:
                bad.append(f"{module} -> {dep}")
    assert not bad, "imports against the layers:\n" + "\n".join(sorted(bad))


def test_no_import_cycles() -> None:
    graph = _graph()
    # Tarjan's strongly connected components; any component of two or more is a cycle
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: p.name)
def test_modules_are_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(PACKAGE.parent)} has {lines} lines"


def test_families_are_packages() -> None:
    """Three or more sibling modules sharing a prefix (``coref_*.py``) belong in a package."""
    for folder in {p.parent for p in PACKAGE.rglob("*.py")}:
        prefixes: dict[str, int] = {}
        for p in folder.glob("*_*.py"):
            prefixes[p.stem.split("_")[0]] = prefixes.get(p.stem.split("_")[0], 0) + 1
        crowded = {k: n for k, n in prefixes.items() if n >= 3}
        assert not crowded, f"{folder.relative_to(PACKAGE.parent)}: families {crowded}"
