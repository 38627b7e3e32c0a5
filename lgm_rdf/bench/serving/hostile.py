"""``lgm bench serve --hostile``: cheap queries, memory and shutdown under a hostile mix.

The same KB is served by ``lgm serve`` and by ``oxigraph serve`` (an N-Quads dump loaded with
``oxigraph load``), one server at a time, both with the same query timeout. Each gets:

1. a baseline: its memory (RSS of the process and its children) once it is idle, and
   ``ASK {}`` latency on a quiet server;
2. the attack (``attacks``) for ``attack`` seconds, while a probe asks ``ASK {}`` every 50 ms;
3. recovery: RSS sampled for ``recovery`` seconds after the attack ends, then ``ASK {}``
   again;
4. SIGTERM, and the seconds until the process has exited.

A server whose memory passes ``max_rss_mb`` is killed by the benchmark (the machine is
shared), and the report says so. All traffic stays on 127.0.0.1 and every loop is bounded.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import psutil

from lgm_rdf.bench.latency import percentiles
from lgm_rdf.bench.serving import attacks
from lgm_rdf.bench.serving.setup import (
    BenchError,
    corpus_kb,
    dump_nquads,
    free_port,
    lgm_command,
    lgm_env,
    oxigraph_command,
    oxigraph_load,
    process,
)

SERVERS = ("lgm", "oxigraph")
RECOVERED = 1.2  # RSS within 20% of its value before the attack
STOP_WAIT = 30.0  # seconds to wait for a server to exit after SIGTERM


@dataclass(frozen=True)
class HostileOptions:
    """The size of the attack (every loop is bounded by ``attack`` seconds)."""

    attack: float = 20.0
    recovery: float = 10.0
    runaway: int = 4  # clients sending runaway queries
    slow: int = 64  # slowloris connections
    half_open: int = 64  # stalled connections
    timeout: float = 5.0  # the query timeout both servers get
    max_rss_mb: int = 4096
    probes: int = 40  # ASK {} probes on the quiet server, before and after the attack


def tree_rss(pid: int) -> int:
    """Resident memory (bytes) of a process and all its children."""
    try:
        root = psutil.Process(pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for proc in procs:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            total += proc.memory_info().rss
    return total


class RssWatch:
    """Samples a server's RSS every 0.2 s; kills it past ``cap`` bytes."""

    def __init__(self, proc: subprocess.Popen[bytes], cap: int) -> None:
        self.proc, self.cap = proc, cap
        self.peak = 0
        self.killed = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.2) and self.proc.poll() is None:
            rss = tree_rss(self.proc.pid)
            self.peak = max(self.peak, rss)
            if rss > self.cap:
                self.killed = True
                for child in psutil.Process(self.proc.pid).children(recursive=True):
                    with contextlib.suppress(psutil.NoSuchProcess):
                        child.kill()
                self.proc.kill()

    def stop(self) -> None:
        """Stop sampling."""
        self._stop.set()
        self._thread.join(timeout=5)


def probe_series(target: attacks.Target, count: int) -> attacks.Tally:
    """``count`` probes one after another."""
    tally = attacks.Tally()
    for _ in range(count):
        tally.record(*target.get(attacks.PROBE, 10.0)[:3])
        time.sleep(attacks.PROBE_EVERY)
    return tally


def run_attack(target: attacks.Target, opts: HostileOptions) -> dict[str, attacks.Tally]:
    """The attack: every attacker in its own thread, for ``opts.attack`` seconds."""
    stop = threading.Event()
    tallies = {k: attacks.Tally() for k in ("probe", "runaway", "slow", "half_open", "malformed")}
    jobs: list[tuple[Callable[..., None], tuple[Any, ...]]] = [
        (attacks.probe, (target, stop, tallies["probe"])),
        (attacks.hold, (target, stop, opts.slow, True, tallies["slow"])),
        (attacks.hold, (target, stop, opts.half_open, False, tallies["half_open"])),
        (attacks.malformed, (target, stop, tallies["malformed"])),
    ]
    jobs += [
        (attacks.runaway, (target, stop, opts.timeout + 10, k, tallies["runaway"]))
        for k in range(opts.runaway)
    ]
    threads = [threading.Thread(target=fn, args=args, daemon=True) for fn, args in jobs]
    for thread in threads:
        thread.start()
    stop.wait(opts.attack)
    stop.set()
    for thread in threads:
        thread.join(timeout=opts.timeout + 15)  # a runaway query in flight is waited for
    return tallies


def measure_server(
    name: str, args: list[str], url: str, workdir: Path, opts: HostileOptions, env: dict[str, str]
) -> dict[str, Any]:
    """Start one server, attack it, watch it recover, stop it; its figures."""
    with process(args, url, workdir / f"{name}-hostile.log", env) as proc:
        target = attacks.Target(url + ("/sparql" if name == "lgm" else "/query"))
        probe_series(target, 10)  # warm
        time.sleep(1.0)
        rss_start = tree_rss(proc.pid)
        baseline = probe_series(target, opts.probes)
        watch = RssWatch(proc, opts.max_rss_mb * 2**20)
        tallies = run_attack(target, opts)
        ended = time.monotonic()
        recovered_after = None
        while time.monotonic() - ended < opts.recovery and proc.poll() is None:
            if recovered_after is None and tree_rss(proc.pid) <= RECOVERED * rss_start:
                recovered_after = time.monotonic() - ended
            time.sleep(0.2)
        rss_after = tree_rss(proc.pid)
        after = probe_series(target, opts.probes) if proc.poll() is None else attacks.Tally()
        watch.stop()
        stop_seconds = None
        if proc.poll() is None:
            started = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=STOP_WAIT)
                stop_seconds = time.monotonic() - started
    return {
        "rss_start_mb": rss_start / 2**20,
        "rss_peak_mb": watch.peak / 2**20,
        "rss_after_mb": rss_after / 2**20,
        "recovered_after_s": recovered_after,
        "killed_by_bench": watch.killed,
        "stop_seconds": stop_seconds,
        "baseline": summary(baseline),
        "after": summary(after),
        "attack": {kind: summary(tally) for kind, tally in tallies.items()},
    }


def summary(tally: attacks.Tally) -> dict[str, Any]:
    """A tally as plain data: counts, statuses and latency percentiles (ms)."""
    return {
        "sent": tally.sent,
        "answered": tally.answered,
        "server_errors": tally.server_errors,
        "statuses": {str(k): v for k, v in sorted(tally.statuses.items())},
        "errors": dict(tally.errors),
        "events": dict(tally.events),
        "latency_ms": percentiles([s * 1000 for s in tally.latencies]),
    }


def run_hostile_benchmark(
    paths: list[str] | None = None,
    kb: str | Path | None = None,
    opts: HostileOptions | None = None,
    say: Callable[[str], None] = lambda msg: None,
) -> dict[str, Any]:
    """Learn (or reuse ``kb``), then attack ``lgm serve`` and ``oxigraph serve`` in turn."""
    opts = opts or HostileOptions()
    load = os.getloadavg()
    with ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lgm-hostile-")))
        kb, sources, _ = corpus_kb(paths, kb, workdir, say)
        nquads, quads = dump_nquads(kb, workdir)
        location = oxigraph_load(nquads, workdir)
        results = {}
        for name in SERVERS:
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            if name == "lgm":
                args, env = lgm_command(kb, port), lgm_env(server_query_timeout=f"{opts.timeout:g}")
            else:
                args, env = oxigraph_command(location, port, opts.timeout), dict(os.environ)
            say(f"{name}: {opts.attack:g} s of attack, {opts.recovery:g} s of recovery")
            results[name] = measure_server(name, args, url, workdir, opts, env)
    return {
        "kb": "learned into a temporary directory" if sources else str(kb),
        "corpus": [str(p) for p in sources],
        "quads": quads,
        "options": asdict(opts),
        "servers": results,
        "machine": {"cpus": os.cpu_count(), "load_before": load, "load_after": os.getloadavg()},
    }


# -- report ---------------------------------------------------------------------------------
def _ms(stats: dict[str, float], *keys: str) -> str:
    return " / ".join("–" if v != v else f"{v:.1f}" for v in (stats[k] for k in keys))


def _statuses(part: dict[str, Any]) -> str:
    codes = ", ".join(f"{k}: {v}" for k, v in part["statuses"].items()) or "none"
    lost = ", ".join(f"{k}: {v}" for k, v in part["errors"].items())
    return codes + (f"; no answer: {lost}" if lost else "")


def _row(label: str, result: dict[str, Any], cell: Callable[[dict[str, Any]], str]) -> str:
    return f"| {label} | " + " | ".join(cell(result["servers"][n]) for n in SERVERS) + " |"


def format_hostile(result: dict[str, Any]) -> str:
    """The Markdown report: one table, the two servers side by side."""
    o = result["options"]
    machine = result["machine"]

    def seconds(value: float | None, none: str) -> str:
        return none if value is None else f"{value:.2f}"

    def five(r: dict[str, Any]) -> str:
        attack = r["attack"]
        other = sum(attack[k]["server_errors"] for k in attack if k != "runaway")
        return f"{attack['runaway']['server_errors']} / {other}"

    rows = [
        _row(
            "`ASK {}` quiet, p50 / p99 (ms)",
            result,
            lambda r: _ms(r["baseline"]["latency_ms"], "p50", "p99"),
        ),
        _row(
            "`ASK {}` under attack, p50 / p99 / max (ms)",
            result,
            lambda r: _ms(r["attack"]["probe"]["latency_ms"], "p50", "p99", "max"),
        ),
        _row(
            "`ASK {}` under attack, answered 200 / sent",
            result,
            lambda r: (
                f"{r['attack']['probe']['statuses'].get('200', 0)} / {r['attack']['probe']['sent']}"
            ),
        ),
        _row("`ASK {}` under attack, answers", result, lambda r: _statuses(r["attack"]["probe"])),
        _row(
            "runaway queries, answers",
            result,
            lambda r: (
                _statuses(r["attack"]["runaway"])
                + "".join(f"; {k}: {v}" for k, v in r["attack"]["runaway"]["events"].items())
            ),
        ),
        _row("malformed requests, answers", result, lambda r: _statuses(r["attack"]["malformed"])),
        _row(
            "requests answered / sent (all kinds)",
            result,
            lambda r: (
                f"{sum(p['answered'] for p in r['attack'].values())} / "
                f"{sum(p['sent'] for p in r['attack'].values())}"
            ),
        ),
        _row("5xx: to runaway queries / to anything else", result, five),
        _row(
            "held connections: opened / closed by the server",
            result,
            lambda r: (
                f"{r['attack']['slow']['events'].get('opened', 0) + r['attack']['half_open']['events'].get('opened', 0)} / "
                f"{r['attack']['slow']['events'].get('closed by the server', 0) + r['attack']['half_open']['events'].get('closed by the server', 0)}"
            ),
        ),
        _row(
            "RSS before / peak / after recovery (MB)",
            result,
            lambda r: (
                f"{r['rss_start_mb']:.0f} / {r['rss_peak_mb']:.0f} / {r['rss_after_mb']:.0f}"
                + (" (killed by the benchmark)" if r["killed_by_bench"] else "")
            ),
        ),
        _row(
            f"s until RSS within 20% of before (≤ {o['recovery']:g} s watched)",
            result,
            lambda r: seconds(r["recovered_after_s"], "not within the window"),
        ),
        _row(
            "`ASK {}` after recovery, p50 / p99 (ms)",
            result,
            lambda r: _ms(r["after"]["latency_ms"], "p50", "p99"),
        ),
        _row(
            "s from SIGTERM to exit",
            result,
            lambda r: seconds(r["stop_seconds"], f"still running after {STOP_WAIT:g} s"),
        ),
    ]
    source = ", ".join(result["corpus"]) if result["corpus"] else f"KB {result['kb']}"
    lines = [
        "## Hostile clients: `lgm serve` vs `oxigraph serve` (one run)",
        "",
        f"KB: {source}, {result['quads']:,} quads (the same N-Quads loaded into oxigraph). "
        f"Both servers with a {o['timeout']:g} s query timeout (`LGM_SERVER_QUERY_TIMEOUT`, "
        "`oxigraph serve --timeout-s`), one at a time, each attacked for "
        f"{o['attack']:g} s by {o['runaway']} clients sending runaway queries back to back, "
        f"{o['slow']} slowloris connections, {o['half_open']} stalled connections and a "
        "stream of malformed requests, while a probe sent `ASK {}` every 50 ms on a new "
        f"connection; then {o['recovery']:g} s of recovery and SIGTERM.",
        f"Machine: {machine['cpus']} CPUs shared with other work (load average "
        f"{machine['load_before'][0]:.1f} before, {machine['load_after'][0]:.1f} after); "
        "attackers and servers on the same cores. RSS counts a server's child processes.",
        "",
        "| | lgm serve | oxigraph serve |",
        "|---|---|---|",
        *rows,
    ]
    return "\n".join(lines) + "\n"


def cmd(args: Any) -> int:
    """Run ``lgm bench serve --hostile`` and print the Markdown report."""
    opts = HostileOptions(
        attack=args.attack,
        recovery=args.recovery,
        runaway=args.runaway,
        slow=args.slow,
        half_open=args.half_open,
        timeout=args.timeout,
    )
    if min(opts.attack, opts.recovery, opts.timeout) <= 0 or min(opts.runaway, opts.slow) < 0:
        raise BenchError("--attack, --recovery and --timeout must be positive")
    result = run_hostile_benchmark(
        args.paths or None,
        kb=args.kb,
        opts=opts,
        say=lambda msg: print(f"lgm: {msg}", file=sys.stderr, flush=True),
    )
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(format_hostile(result), end="")
    return 0
