"""Run the HermiT reasoner (through owlready2) on an exported OWL file.

owlready2 is an optional dependency (extra ``owl``) and HermiT needs a Java runtime; when either
is missing ``run_hermit`` returns ``ok=False`` with a message saying what to install. The
reasoner runs in a child Python process so that a timeout can stop it (with its Java process)
and a crash of owlready2 or Java cannot take the caller down.

Run as a script (``python reasoner.py FILE``) this module is that child: it prints one line
``LGM_REASONER_RESULT {json}``. It imports only the standard library and owlready2.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["ReasonerReport", "run_hermit"]

_MARKER = "LGM_REASONER_RESULT "


@dataclass
class ReasonerReport:
    """Outcome of one reasoner run.

    ``ok`` says whether the reasoner ran to the end (consistent or not); ``unsatisfiable``
    lists the IRIs of classes equivalent to ``owl:Nothing``; ``inferred_subclass_count`` is the
    number of direct subclass (or equivalence) links between named classes that reasoning added
    to the class hierarchy, as owlready2 applies it (entailed but redundant ancestors are not
    counted: ``a ⊑ b ⊑ c`` adds nothing for ``a ⊑ c``).
    """

    ok: bool
    consistent: bool = False
    unsatisfiable: list[str] = field(default_factory=list)
    inferred_subclass_count: int = 0
    seconds: float = 0.0
    message: str = ""


def run_hermit(owl_file: Path, timeout: float = 300) -> ReasonerReport:
    """Classify ``owl_file`` (RDF/XML, e.g. from ``export_owl``) with HermiT via owlready2.

    Never raises for a missing owlready2 / Java, an unreadable file, a reasoner crash or a
    timeout: the report says ``ok=False`` and why.
    """
    start = time.perf_counter()
    path = Path(owl_file)
    if importlib.util.find_spec("owlready2") is None:
        return ReasonerReport(
            ok=False, message="owlready2 is not installed (pip install 'lgm_rdf[owl]')"
        )
    if shutil.which("java") is None:
        return ReasonerReport(
            ok=False, message="HermiT needs Java, but no `java` executable is on the PATH"
        )
    if not path.is_file():
        return ReasonerReport(ok=False, message=f"{path}: no such file")
    try:
        proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), str(path.resolve())],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group: a timeout also stops Java
        )
    except OSError as exc:
        return ReasonerReport(ok=False, message=f"cannot start the reasoner process: {exc}")
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        proc.communicate()
        return ReasonerReport(
            ok=False,
            seconds=time.perf_counter() - start,
            message=f"HermiT did not finish within {timeout:g} s (stopped)",
        )
    seconds = time.perf_counter() - start
    result = _parse_result(stdout)
    if result is None:
        tail = (stderr or stdout or "").strip().splitlines()[-3:]
        return ReasonerReport(
            ok=False,
            seconds=seconds,
            message=f"the reasoner process failed (exit {proc.returncode}): " + " | ".join(tail),
        )
    return ReasonerReport(
        ok=bool(result["ok"]),
        consistent=bool(result["consistent"]),
        unsatisfiable=list(result["unsatisfiable"]),
        inferred_subclass_count=int(result["inferred"]),
        seconds=seconds,
        message=str(result["message"]),
    )


def _kill_group(proc: subprocess.Popen[str]) -> None:
    """Stop the child process and everything it started (its own process group)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()


def _parse_result(stdout: str) -> dict[str, Any] | None:
    for line in reversed(stdout.splitlines()):
        if line.startswith(_MARKER):
            try:
                return json.loads(line[len(_MARKER) :])
            except ValueError:
                return None
    return None


def _named_subclass_pairs(world: Any) -> set[tuple[str, str]]:
    """(sub, super) IRIs of every subclass axiom between named classes in ``world``."""
    import owlready2

    pairs: set[tuple[str, str]] = set()
    for cls in world.classes():
        for parent in cls.is_a:
            if isinstance(parent, owlready2.ThingClass) and parent is not owlready2.Thing:
                pairs.add((cls.iri, parent.iri))
        for equivalent in cls.equivalent_to:
            if isinstance(equivalent, owlready2.ThingClass):
                pairs.add((cls.iri, equivalent.iri))
                pairs.add((equivalent.iri, cls.iri))
    return pairs


def _reason(path: str) -> dict[str, Any]:
    """Child-process side: load, classify, and summarise (runs with owlready2 imported)."""
    import owlready2

    out: dict[str, Any] = {"ok": False, "consistent": False, "unsatisfiable": [], "inferred": 0}
    world = owlready2.World()
    try:
        world.get_ontology(Path(path).as_uri()).load()
    except Exception as exc:  # owlready2 raises many types on unreadable files
        out["message"] = f"owlready2 cannot load {path}: {exc}"
        return out
    before = _named_subclass_pairs(world)
    try:
        owlready2.sync_reasoner(world, infer_property_values=False, debug=0)
    except owlready2.OwlReadyInconsistentOntologyError:
        out.update(ok=True, message="the ontology is inconsistent")
        return out
    except Exception as exc:  # Java errors surface as CalledProcessError / OwlReadyJavaError
        out["message"] = f"HermiT failed: {str(exc).strip()[:500]}"
        return out
    unsatisfiable = sorted(
        c.iri for c in world.inconsistent_classes() if c is not owlready2.Nothing
    )
    inferred = len(_named_subclass_pairs(world) - before)
    message = "consistent" + (
        f", {len(unsatisfiable)} unsatisfiable classes" if unsatisfiable else ""
    )
    out.update(
        ok=True, consistent=True, unsatisfiable=unsatisfiable, inferred=inferred, message=message
    )
    return out


if __name__ == "__main__":
    print(_MARKER + json.dumps(_reason(sys.argv[1])), flush=True)
