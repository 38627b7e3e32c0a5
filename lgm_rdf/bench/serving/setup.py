"""What ``lgm bench serve`` runs against: the two SPARQL servers and the query mix.

* ``oxigraph_server``: ``oxigraph load`` of an N-Quads dump into a new store, then
  ``oxigraph serve --union-default-graph`` on 127.0.0.1 (a subprocess);
* ``lgm_server``: ``lgm serve`` on the KB, read-only (no update token), as a subprocess
  (default) or an ``LgmServer`` in a thread of this process;
* ``build_mix``: the project's own queries (``queries/*.rq``) with values filled in, as text
  both servers can run: bound variables as ``VALUES`` rows (``bind_values``), lists of
  concepts as ``VALUES`` blocks (``with_values``), the project prefixes declared.

Servers write their output to a log file in the work directory (a pipe nobody reads would
fill up and stall them) and are always stopped when their block ends.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from pyoxigraph import Literal, NamedNode

from lgm_rdf.bench.datasets import shared_data
from lgm_rdf.errors import LgmError
from lgm_rdf.ontology import load_query
from lgm_rdf.retrieve.linking import ConceptIndex
from lgm_rdf.store.oxigraph import OxigraphStore
from lgm_rdf.store.querytext import bind_values, with_prefixes
from lgm_rdf.store.values import with_values


class BenchError(LgmError):
    """The benchmark could not run, or the two servers disagreed."""


@dataclass(frozen=True)
class MixQuery:
    """One query of the mix: its kind, its full text, whether it returns a graph."""

    kind: str
    text: str
    graph: bool = False


# -- the servers --------------------------------------------------------------------------
def oxigraph_binary() -> str | None:
    """The ``oxigraph`` binary next to this Python, or on PATH (``None`` if absent)."""
    beside = Path(sys.executable).parent / "oxigraph"
    return str(beside) if beside.is_file() else shutil.which("oxigraph")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for_http(url: str, alive: Callable[[], bool], wait: float = 60.0) -> None:
    """Return once ``url`` answers HTTP at all; raise if ``alive()`` turns false or time runs out."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        if not alive():
            raise BenchError(f"the server for {url} exited while starting")
        try:
            httpx.get(url, timeout=1, trust_env=False)
            return
        except httpx.HTTPError:
            time.sleep(0.05)
    raise BenchError(f"no server answered on {url} within {wait:g} s")


def terminate(proc: subprocess.Popen[bytes] | None, wait: float) -> None:
    """End a server process: SIGTERM, then SIGKILL after ``wait`` seconds (and reap it)."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextmanager
def process(
    args: list[str], url: str, log: Path, env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Run a server process (output to ``log``) until the block ends, once ``url`` answers."""
    with log.open("wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
        try:
            try:
                wait_for_http(url, lambda: proc.poll() is None)
            except BenchError as exc:
                tail = log.read_text(errors="replace")[-2000:]
                raise BenchError(f"{exc}: {' '.join(tail.split())[-500:]}") from None
            yield proc
        finally:
            terminate(proc, 20)


def oxigraph_load(nquads: Path, workdir: Path) -> Path:
    """Load ``nquads`` with ``oxigraph load`` into a new store under ``workdir``; its location."""
    binary = oxigraph_binary()
    if binary is None:
        raise BenchError("the `oxigraph` server binary is not installed (pip install oxigraph)")
    location = workdir / "oxigraph"
    done = subprocess.run(
        [binary, "load", "--location", str(location), "--file", str(nquads)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise BenchError(f"oxigraph load failed: {' '.join(done.stderr.split())[-500:]}")
    return location


def oxigraph_command(location: Path, port: int, timeout: float | None = None) -> list[str]:
    """``oxigraph serve`` on ``location`` (union default graph), with a query timeout if given."""
    args = [str(oxigraph_binary()), "serve", "--location", str(location), "--union-default-graph"]
    args += ["--bind", f"127.0.0.1:{port}"]
    return args + (["--timeout-s", f"{max(1, round(timeout))}"] if timeout else [])


def lgm_command(kb: Path, port: int) -> list[str]:
    """``lgm serve`` on ``kb`` (run by this Python)."""
    return [sys.executable, "-m", "lgm_rdf.cli", "serve", "--kb", str(kb), "--port", str(port)]


def lgm_env(**settings: str) -> dict[str, str]:
    """This environment without an update token or another KB, plus ``LGM_<NAME>`` settings."""
    env = {k: v for k, v in os.environ.items() if k not in ("LGM_SERVER_TOKEN", "LGM_KB")}
    env.update({f"LGM_{name.upper()}": value for name, value in settings.items()})
    return env


@contextmanager
def oxigraph_server(nquads: Path, workdir: Path) -> Iterator[str]:
    """Load ``nquads`` with ``oxigraph load`` into a new store and serve it (union default graph)."""
    port = free_port()
    args = oxigraph_command(oxigraph_load(nquads, workdir), port)
    url = f"http://127.0.0.1:{port}"
    with process(args, url, workdir / "oxigraph.log"):
        yield url + "/query"


@contextmanager
def lgm_server(kb: Path, workdir: Path, in_process: bool = False) -> Iterator[str]:
    """``lgm serve`` on ``kb`` (read-only: no update token); yields its ``/sparql`` URL."""
    if in_process:
        from lgm_rdf.graph import LanguageGraph
        from lgm_rdf.server.app import LgmServer
        from lgm_rdf.settings import Settings

        graph = LanguageGraph(settings=Settings.from_env(kb=kb).with_(server_token=None))
        try:
            server = LgmServer(graph, ("127.0.0.1", 0))
            thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
            thread.start()
            try:
                yield server.url + "/sparql"
            finally:
                server.shutdown()
                server.server_close()
                thread.join(timeout=10)
        finally:
            graph.close()
        return
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with process(lgm_command(kb, port), url, workdir / "lgm.log", lgm_env()):
        yield url + "/sparql"


# -- the KB and the query mix -------------------------------------------------------------
def learn_corpus(paths: Sequence[str | Path], kb: Path, nlp: Any = None) -> dict[str, Any]:
    """Learn ``paths`` into a new KB at ``kb`` (pattern extractor, no LLM)."""
    from lgm_rdf.graph import LanguageGraph
    from lgm_rdf.settings import Settings

    settings = Settings.from_env(kb=kb).with_(extractor="pattern", reflect=False)
    started = time.perf_counter()
    with LanguageGraph(settings=settings, nlp=nlp) as graph:
        report = graph.learn(list(paths))
    return {"seconds": time.perf_counter() - started, "sentences": report.sentences}


def corpus_kb(
    paths: Sequence[str | Path] | None,
    kb: str | Path | None,
    workdir: Path,
    say: Callable[[str], None],
    nlp: Any = None,
) -> tuple[Path, list[Path], dict[str, Any] | None]:
    """The KB to serve: ``kb`` as given, or ``paths`` (default: the HotpotQA dev file) learned
    into ``workdir``. Returns the KB, the corpus learned and the learning figures (or None)."""
    if kb is not None:
        return Path(kb), [], None
    sources = [Path(p) for p in paths] if paths else [shared_data("hotpotqa_dev50.json")]
    say(f"learning {', '.join(map(str, sources))}")
    learned = learn_corpus(sources, workdir / "kb", nlp)
    return workdir / "kb", sources, learned


def dump_nquads(kb: Path, workdir: Path) -> tuple[Path, int]:
    """The KB's quads as an N-Quads file in ``workdir`` (for ``oxigraph load``), and their count."""
    store = OxigraphStore(kb, read_only=True)
    try:
        nquads = workdir / "kb.nq"
        with nquads.open("wb") as out:
            store.dump(out, "nquads")
        return nquads, len(store)
    finally:
        store.close()


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """``count`` distinct items at log-spaced positions of ``items`` (first and last included).

    Concepts sorted by mention count have a long tail of single mentions: log spacing picks
    very common, middling and rare ones alike.
    """
    if len(items) <= count:
        return list(items)
    picked: list[int] = []
    for i in range(count):
        at = round(len(items) ** (i / (count - 1))) - 1
        picked.append(max(at, picked[-1] + 1 if picked else 0))
    return [items[min(at, len(items) - 1)] for at in picked]


def build_mix(store: OxigraphStore, seed: int = 0) -> list[MixQuery]:
    """The query mix, with concepts picked from the KB (log-spaced over mention-count ranks)."""
    index = ConceptIndex.from_store(store)
    mentioned = sorted(
        (iri for iri, n in index.mentions.items() if n > 0),
        key=lambda iri: (-index.mentions[iri], iri),
    )
    related = [r["concept"] for r in store.select(load_query("relation_concepts"))]
    if not mentioned or not related:
        raise BenchError("the KB has no mentioned concepts or no relations to query")
    rng = random.Random(seed)
    related = sorted(set(related), key=lambda c: c.value)
    rng.shuffle(related)
    common = [NamedNode(iri) for iri in spread(mentioned, 12)]
    labels = [index.label_of(iri) for iri in spread(mentioned, 6)]
    labels += [index.label_of(c.value) for c in related[:3] if c.value in index.labels]

    def q(name: str) -> str:
        return with_prefixes(load_query(name))

    def group(start: int) -> list[NamedNode]:
        return related[start : start + 3] or related[:3]

    mix = [
        MixQuery("concept_by_name", bind_values(q("concept_by_name"), {"name": Literal(n.lower())}))
        for n in dict.fromkeys(labels)
    ]
    for i in range(3):
        rows = [[c] for c in group(3 * i) + common[4 * i : 4 * i + 1]]
        mix.append(MixQuery("expand_aliases", with_values(q("expand_aliases"), ["from"], rows)))
        mix.append(MixQuery("expand_step", with_values(q("expand_step"), ["from"], rows)))
    for i in range(4):
        rows = [[c] for c in common[3 * i : 3 * i + 3][-(i % 3 + 1) :]]
        mix.append(
            MixQuery(
                "candidate_sentences", with_values(q("candidate_sentences"), ["concept"], rows)
            )
        )
    for concept in related[:2] + common[5:6]:
        bound = {"concept": concept}
        mix.append(MixQuery("concept_relations", bind_values(q("concept_relations"), bound)))
        mix.append(MixQuery("mention_count", bind_values(q("concept_labels"), bound)))
        mix.append(
            MixQuery("construct_relations", bind_values(q("concept_relation_graph"), bound), True)
        )
    mix.append(MixQuery("stats", q("stats")))
    mix.append(MixQuery("relation_counts", q("relation_counts")))
    return mix


def schedule(mix: Sequence[MixQuery], count: int, seed: int) -> list[int]:
    """``count`` indices into ``mix``: every kind equally often, its variants in turn, shuffled."""
    kinds: dict[str, list[int]] = {}
    for i, query in enumerate(mix):
        kinds.setdefault(query.kind, []).append(i)
    names = list(kinds)
    order = [
        kinds[names[k % len(names)]][(k // len(names)) % len(kinds[names[k % len(names)]])]
        for k in range(count)
    ]
    random.Random(seed).shuffle(order)
    return order
