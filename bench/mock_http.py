"""HTTP figures of talkie-mock beside baselines measured in the same run, and the targets they are judged by.

Starts every server itself, each its own process: the mock twice (`talkie-mock serve`, state in a temporary
SQLite file, no access log): `mock` with `--quiet` and `mock (log)` as a user starts it, its request log on
(written to a file), side by side; a bare Starlette app and a raw ASGI app serving the mock's own JSON
bytes, an sse-starlette app for the run streams, and Stoplight Prism (static mode) on the same OpenAPI
document. Every Python server runs on one stack, the mock's default (uvicorn with uvloop and httptools where
installed); the script reads each process's loaded libraries to prove it and refuses to compare servers on
different stacks. Load comes from `wrk` (or, without it, the asyncio client in `_rawclient.py`), on
loopback only, bounded in time and count, in interleaved rounds (A B C… A B C…) so that drift hits every
row alike.

The machine this was written for has two cores: servers are pinned to the last core and the load generator to
the first, so a server never competes with its own load (`os.sched_setaffinity`). Other processes on the
machine still add noise; compare ratios of one run, not figures of different runs.

    python bench/mock_http.py [--rounds 3] [--seconds 3] [--slow-runs 5000] [--quick] [--no-prism]
    python bench/mock_http.py --smoke     # every row with tiny numbers, in seconds (tests/bench runs it)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import _rawclient as raw  # noqa: E402
from bench._tables import grid  # noqa: E402

TOKEN = "tk_bench_token"
SPEC = ROOT / "spec" / "generated" / "openapi-3.1.bundled.yaml"
NODE_DIR = ROOT / "bench" / "node"
PRISM = NODE_DIR / "node_modules" / ".bin" / "prism"
GETS = {
    "manifest": "/.well-known/talkie.json",
    "status": "/api/talkie/status",
    "threads": "/api/talkie/threads",
}
RUN = "/api/talkie/run"
SLOW_TARGET = 5000  # the target: this many concurrent slow runs, all on time
LOGGED = "mock (log)"
"""The mock as a user starts it: the request log on (the default), its lines written to a file."""
LOG_TARGET = 0.9
"""The default configuration's ratios ÷ the quiet mock's: the request log costs at most a tenth."""
FLOOR = "durable floor"
"""The echo row of `_baselines.py floor`: validation and the mock's own SQLite writes, nothing else."""
INDEPENDENT = "independent floor"
"""The echo row of `_baselines.py independent`: the same writes with the standard `sqlite3` module and none of
the mock's code; the echo target is judged against it."""
ECHO_TARGET = 0.75  # echo streams/s of the mock ÷ the independent floor
KB_TARGET = 24.0  # RSS growth per stream open at the peak
ECHO_TEXT = "talkie-test:echo Dobrý den, Marek Dvořák z Horizont Logistika s.r.o."
CORES = sorted(os.sched_getaffinity(0))
LOAD_CORE, SERVER_CORE = CORES[0], CORES[-1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _pin(core: int) -> Callable[[], None]:
    def pin() -> None:
        os.sched_setaffinity(0, {core})

    return pin


@dataclass
class Server:
    name: str
    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def rss_kb(self) -> int:
        """Resident memory of the server process, from /proc (kB)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def stack(self) -> str:
        """The event loop and HTTP parser this process really loaded (named in its memory map)."""
        maps = Path(f"/proc/{self.process.pid}/maps").read_text()
        loop = "uvloop" if "/uvloop/" in maps else "asyncio"
        parser = "httptools" if "/httptools/" in maps else "h11"
        return f"{loop} + {parser}"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


def start(name: str, command: list[str], port: int, ready_path: str, stdout: Path | None = None) -> Server:
    output = stdout.open("wb") if stdout is not None else subprocess.DEVNULL
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=output,
        stderr=subprocess.PIPE,
        preexec_fn=_pin(SERVER_CORE),
    )
    if stdout is not None:
        output.close()  # type: ignore[union-attr]  # the child holds its own copy
    server = Server(name, process, port)
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(server.url + ready_path, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=2)
            return server
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                error = process.stderr.read().decode() if process.stderr else ""
                raise RuntimeError(f"{name} did not start: {error[-2000:]}") from None
            time.sleep(0.2)


def ensure_prism() -> bool:
    if PRISM.exists():
        return True
    npm = shutil.which("npm")
    if npm is None:
        print("Prism row skipped: npm is missing (install Node.js >= 20)")
        return False
    print("installing Prism: npm ci --prefix bench/node")
    done = subprocess.run([npm, "ci", "--prefix", str(NODE_DIR), "--no-audit", "--no-fund"], check=False)
    return done.returncode == 0 and PRISM.exists()


# -- load ----------------------------------------------------------------------------------------------


def run_body(run_id: str, text: str) -> bytes:
    body = {
        "threadId": "t_bench",
        "runId": run_id,
        "messages": [{"id": f"m_{run_id}", "role": "user", "content": text}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {"talkie": {"channel": "chat"}},
    }
    return json.dumps(body, ensure_ascii=False).encode()


_ids = itertools.count()


def run_requests(text: str, tag: str) -> raw.RequestFactory:
    """Fresh run and message ids on every call (a repeated runId would replay a stored run)."""
    return lambda: raw.post(RUN, TOKEN, run_body(f"r_{tag}_{next(_ids)}", text))


WRK_SCRIPT = """
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer {token}"
wrk.headers["Accept"] = "text/event-stream"
request = function()
  n = n + 1
  local id = "{tag}_" .. n
  local body = '{{"threadId":"t_bench","runId":"r_' .. id .. '","messages":[{{"id":"m_' .. id ..
    '","role":"user","content":"{text}"}}]}}'
  return wrk.format(nil, "{path}", nil, body)
end
"""


class Load:
    """Requests/s from wrk when installed, else from the asyncio client."""

    def __init__(self, connections: int, seconds: float, workdir: Path, *, use_wrk: bool = True) -> None:
        self.wrk = shutil.which("wrk") if use_wrk else None
        self.connections = connections
        self.seconds = seconds
        self.workdir = workdir
        if self.wrk is None and use_wrk:
            print("wrk not found (Debian/Ubuntu: apt-get install -y wrk); using the asyncio client instead")

    def get(self, server: Server, path: str) -> float:
        if self.wrk is not None:
            return self._wrk(server, path, ["-H", f"Authorization: Bearer {TOKEN}"])
        return self._fallback(server, lambda: raw.get(path, TOKEN))

    def echo(self, server: Server, tag: str) -> float:
        if self.wrk is not None:
            script = self.workdir / f"echo_{tag}.lua"
            script.write_text(WRK_SCRIPT.format(token=TOKEN, tag=tag, text=ECHO_TEXT, path=RUN))
            return self._wrk(server, RUN, ["-s", str(script)])
        return self._fallback(server, run_requests(ECHO_TEXT, tag))

    def _wrk(self, server: Server, path: str, extra: list[str]) -> float:
        assert self.wrk is not None
        command = [
            self.wrk,
            "-t1",
            "--timeout",
            "10s",
            f"-c{self.connections}",
            f"-d{max(1, round(self.seconds))}s",
            *extra,
            server.url + path,
        ]
        done = subprocess.run(
            command, capture_output=True, text=True, preexec_fn=_pin(LOAD_CORE), check=False
        )
        found = re.search(r"Requests/sec:\s+([\d.]+)", done.stdout)
        if done.returncode != 0 or found is None:
            raise RuntimeError(f"wrk failed on {server.name}: {done.stdout}{done.stderr}")
        bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", done.stdout)
        errors = re.search(r"Socket errors:.*", done.stdout)
        if bad or errors:
            raise RuntimeError(f"{server.name} {path}: {bad.group(0) if bad else errors.group(0)}")  # type: ignore[union-attr]
        return float(found.group(1))

    def _fallback(self, server: Server, requests: raw.RequestFactory) -> float:
        rate, errors = asyncio.run(raw.load(server.port, requests, self.connections, self.seconds))
        if errors:
            raise RuntimeError(f"{server.name}: {errors} error answers")
        return rate


# -- the figures -----------------------------------------------------------------------------------------


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def paired(ours: list[float], theirs: list[float]) -> tuple[float, str]:
    """The median of the per-round ratios, and the ratios themselves as text.

    Each round measures both servers seconds apart, so a machine that slows down for a while slows both
    figures of that round; the ratio of one round cancels most of it, while the ratio of two medians mixes
    rounds. On a busy machine this is the steadier figure of the two."""
    ratios = [a / b for a, b in zip(ours, theirs, strict=True) if b > 0]
    if not ratios:  # the other server finished nothing in any round: no ratio to report
        return float("nan"), "none finished"
    return median(ratios), ", ".join(f"{r:.2f}" for r in ratios)


def ratio_text(ours: float, theirs: float) -> str:
    """`ours ÷ theirs` as a ratio, or why there is none: a server that finished nothing in a round (a
    starved smoke run) has no rate to divide by."""
    return f"{ours / theirs:.2f}x" if theirs > 0 else "n/a (none finished)"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def mark(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def mock_command(args: argparse.Namespace, port: int, state: Path, *, quiet: bool) -> list[str]:
    return [
        sys.executable,
        "-m",
        "talkie_mock.cli",
        "serve",
        "--port",
        str(port),
        "--state",
        str(state),
        "--token",
        TOKEN,
        "--locale",
        "cs",
        "--no-access-log",
        "--quiet" if quiet else "--no-quiet",  # the inspector and fault hooks stay on in both
        "--slow-seconds",
        str(args.slow_seconds),
    ]


@contextlib.contextmanager
def servers(args: argparse.Namespace, workdir: Path) -> Iterator[dict[str, Server]]:
    started: dict[str, Server] = {}
    try:
        port = free_port()
        command = mock_command(args, port, workdir / "state.db", quiet=True)
        started["mock"] = start("mock", command, port, GETS["manifest"])
        bodies = prefill_mock(started["mock"])
        port = free_port()
        command = mock_command(args, port, workdir / "state-log.db", quiet=False)
        started[LOGGED] = start(LOGGED, command, port, GETS["manifest"], stdout=workdir / "request-log.txt")
        prefill_mock(started[LOGGED])
        (workdir / "bodies.json").write_text(json.dumps(bodies, ensure_ascii=False))
        for kind, name in (
            ("starlette", "starlette"),
            ("asgi", "raw ASGI"),
            ("sse", "sse-starlette"),
            ("floor", FLOOR),
            ("independent", INDEPENDENT),
        ):
            port = free_port()
            command = [
                sys.executable,
                str(ROOT / "bench" / "_baselines.py"),
                kind,
                "--port",
                str(port),
                "--bodies",
                str(workdir / "bodies.json"),
                "--slow-seconds",
                str(args.slow_seconds),
            ]
            ready = RUN if kind == "sse" else GETS["manifest"]
            started[name] = start(name, command, port, ready if kind != "sse" else "/")
        if not args.no_prism and ensure_prism():
            port = free_port()
            command = [str(PRISM), "mock", "-p", str(port), "-h", "127.0.0.1", "-v", "warn", str(SPEC)]
            started["Prism"] = start("Prism", command, port, GETS["manifest"])
        check_stack(started)
        yield started
    finally:
        for server in started.values():
            server.stop()


def check_stack(started: dict[str, Server]) -> None:
    """Every Python server on the same loop and parser, or the ratios compare stacks instead of servers."""
    stacks = {name: server.stack() for name, server in started.items() if name != "Prism"}
    print("stack: uvicorn " + ", ".join(f"{name} {stack}" for name, stack in stacks.items()))
    if len(set(stacks.values())) != 1:
        raise RuntimeError(f"servers run on different stacks: {stacks}")
    if stacks["mock"] != "uvloop + httptools":
        print("warning: uvloop/httptools missing here; the targets are meant for the fast stack")


def prefill_mock(mock: Server) -> dict[str, str]:
    """Give the mock a realistic history (a few threads), then record its JSON answers for the baselines."""
    auth = {"Authorization": f"Bearer {TOKEN}"}
    with httpx.Client(base_url=mock.url, headers=auth, timeout=30) as http:
        for index, text in enumerate(
            [
                "Jaké mám dnes schůzky?",
                "Najdi klienta Horizont Logistika s.r.o.",
                "Dobrý den",
                "talkie-test:card",
            ]
        ):
            body = json.loads(run_body(f"r_prefill_{index}", text))
            body["threadId"] = f"t_prefill_{index}"
            http.post(RUN, json=body).raise_for_status()
        return {path: http.get(path).raise_for_status().text for path in GETS.values()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per figure")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one load measurement")
    parser.add_argument("--connections", type=int, default=32, help="keep-alive connections of the load")
    parser.add_argument("--first-events", type=int, default=200, help="runs timed to their first event")
    parser.add_argument("--slow-runs", type=int, default=SLOW_TARGET, help="concurrent talkie-test:slow runs")
    parser.add_argument("--no-prism", action="store_true", help="leave out the Prism row")
    parser.add_argument("--slow-seconds", type=float, default=5.0, help="length of one talkie-test:slow run")
    parser.add_argument("--no-wrk", action="store_true", help="load from the asyncio client even with wrk")
    parser.add_argument("--quick", action="store_true", help="tiny numbers: a smoke run of the script")
    parser.add_argument(
        "--smoke", action="store_true", help="tinier still (no Prism, asyncio load): every row in seconds"
    )
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.seconds, args.first_events, args.slow_runs = 1, 1.0, 20, 50
    if args.smoke:
        args.rounds, args.seconds, args.first_events, args.slow_runs = 1, 0.2, 5, 20
        args.slow_seconds, args.no_prism, args.no_wrk = 0.5, True, True
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = args.slow_runs + 1024
    if soft < wanted:  # children inherit the raised limit
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    os.sched_setaffinity(0, {LOAD_CORE})
    print(f"cores: load generator on {LOAD_CORE}, servers on {SERVER_CORE} (of {len(CORES)})")
    with tempfile.TemporaryDirectory(prefix="talkie-bench-") as tmp, servers(args, Path(tmp)) as running:
        report = measure(args, running, Path(tmp))
    print(report)
    return 0


def measure(args: argparse.Namespace, running: dict[str, Server], workdir: Path) -> str:
    load = Load(args.connections, args.seconds, workdir, use_wrk=not args.no_wrk)
    json_rows: list[str] = [n for n in ("mock", LOGGED, "starlette", "raw ASGI", "Prism") if n in running]
    stream_rows: list[str] = ["mock", LOGGED, "starlette", "raw ASGI", "sse-starlette", FLOOR, INDEPENDENT]
    rates: dict[tuple[str, str], list[float]] = {}
    echo: dict[str, list[float]] = {}
    first: dict[str, list[float]] = {}
    for round_no in range(args.rounds):
        for figure, path in GETS.items():
            for name in json_rows:
                rates.setdefault((figure, name), []).append(load.get(running[name], path))
        for name in stream_rows:
            echo.setdefault(name, []).append(load.echo(running[name], f"{round_no}{tag(name)}"))
        for name in stream_rows:
            requests = run_requests(ECHO_TEXT, f"f{round_no}{tag(name)}")
            first.setdefault(name, []).extend(
                asyncio.run(raw.first_event_latencies(running[name].port, requests, args.first_events))
            )
        print(f"round {round_no + 1}/{args.rounds} done", flush=True)
    per_row = {name: len(echo_events(running[name])) for name in stream_rows}
    if len(set(per_row.values())) != 1:
        raise RuntimeError(f"echo streams differ in length, the rows are not comparable: {per_row}")
    events_per_echo = per_row["mock"]
    held = {
        name: hold(running[name], args.slow_runs, args.slow_seconds)
        for name in ("mock", "raw ASGI", "sse-starlette")
    }
    return table(args, running, json_rows, stream_rows, rates, echo, first, events_per_echo, held)


def tag(name: str) -> str:
    """A short tag of a row for its run ids (letters only, distinct per row)."""
    return re.sub(r"[^A-Za-z]", "", name)[:7]


def echo_events(server: Server) -> list[str]:
    answer = asyncio.run(_one(server.port, run_requests(ECHO_TEXT, "count")()))
    return [line for line in answer.body.decode().split("\n") if line.startswith("data:")]


async def _one(port: int, request: bytes) -> raw.Answer:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        return await raw.read_answer(reader)
    finally:
        writer.close()


@dataclass
class Held:
    result: raw.HoldResult
    rss_before_kb: int
    rss_peak_kb: int
    """The server's RSS when the most streams were open at once."""
    count: int
    open_at_peak: int = 0
    """The most streams open at once: first event received and not ended (sampled every 0.1 s); the count
    when never sampled."""

    @property
    def kb_per_stream(self) -> float:
        """RSS growth divided by the streams open at the peak of open streams: what one held stream costs.

        At that moment, not at the highest RSS: the heap does not shrink when streams end, so the highest RSS
        comes last, when streams that already ended are no longer counted, and it would charge their memory
        to the few still open (one run gave 21.6 KB at 3,636 open, the next 48.9 KB at 1,696 on the same
        code)."""
        return (self.rss_peak_kb - self.rss_before_kb) / max(1, self.open_at_peak or self.count)


QUEUEING = 10.0  # on time: within the run's own length plus ten seconds for queueing


def hold(server: Server, count: int, slow_seconds: float) -> Held:
    # Warm up with a tenth of the load first (imports, caches, the heap's first growth, the inspector's ring
    # buffer), so the RSS difference is what holding the streams costs, not what starting the server costs.
    warm = run_requests("talkie-test:slow", f"warm{server.name[:3]}")
    asyncio.run(raw.hold_streams(server.port, warm, max(20, count // 10), slow_seconds + 55, lambda: None))
    before = server.rss_kb()
    samples = [(before, 0)]  # (RSS, streams being served then)

    def sample(streaming: int) -> None:
        samples.append((server.rss_kb(), streaming))

    result = asyncio.run(
        raw.hold_streams(
            server.port,
            run_requests("talkie-test:slow", f"hold{server.name[:3]}"),
            count,
            slow_seconds + QUEUEING,
            lambda: None,
            on_sample=sample,
        )
    )
    open_then, rss = max((open_now, rss) for rss, open_now in samples)  # most open; then the highest RSS
    return Held(result, before, rss, count, open_then)


def table(
    args: argparse.Namespace,
    running: dict[str, Server],
    json_rows: list[str],
    stream_rows: list[str],
    rates: dict[tuple[str, str], list[float]],
    echo: dict[str, list[float]],
    first: dict[str, list[float]],
    events_per_echo: int,
    held: dict[str, Held],
) -> str:
    out: list[str] = []
    loader = "wrk" if shutil.which("wrk") and not args.no_wrk else "asyncio client"
    out.append(
        f"\n== talkie-mock HTTP benchmark: {args.rounds} interleaved rounds x {args.seconds:g} s, "
        f"{args.connections} connections, load from {loader} =="
    )
    out.append("\nGET requests/s (median of rounds)")
    verdicts: list[str] = []
    get_rows: list[list[str]] = []
    for figure in GETS:
        med = {n: median(rates[(figure, n)]) for n in json_rows}
        others = [n for n in json_rows if n not in ("mock", LOGGED)]
        ratios = ", ".join(f"{ratio_text(med['mock'], med[n])} {n}" for n in others)
        get_rows.append([figure, *(f"{med[n]:.0f}" for n in json_rows), ratios])
        if figure == "manifest":
            raw_ratio, rounds = paired(rates[(figure, "mock")], rates[(figure, "raw ASGI")])
            verdicts.append(
                f"GET manifest ≥ 0.6x raw ASGI: {raw_ratio:.2f}x {mark(raw_ratio >= 0.6)} (rounds {rounds})"
            )
            if "Prism" in med:
                prism_ratio, rounds = paired(rates[(figure, "mock")], rates[(figure, "Prism")])
                verdicts.append(
                    f"GET manifest ≥ 5x Prism: {prism_ratio:.2f}x {mark(prism_ratio >= 5)} (rounds {rounds})"
                )
            else:
                verdicts.append("GET manifest ≥ 5x Prism: not measured (no Prism)")
        else:
            raw_ratio, rounds = paired(rates[(figure, "mock")], rates[(figure, "raw ASGI")])
            verdicts.append(
                f"GET {figure} ≥ 0.4x raw ASGI: {raw_ratio:.2f}x {mark(raw_ratio >= 0.4)} (rounds {rounds})"
            )
    out += grid(["endpoint", *json_rows, "mock ratios"], get_rows, notes=True)
    out.append(f"\ntalkie-test:echo runs ({events_per_echo} events each)")
    echo_med = {n: median(echo[n]) for n in stream_rows}
    echo_rows = [
        [
            name,
            f"{echo_med[name]:.0f}",
            f"{echo_med[name] * events_per_echo:.0f}",
            f"{pct(first[name], 0.5) * 1000:.2f} ms",
            f"{pct(first[name], 0.95) * 1000:.2f} ms",
            "" if name in ("mock", LOGGED) else ratio_text(echo_med["mock"], echo_med[name]),
        ]
        for name in stream_rows
    ]
    header = ["server", "streams/s", "events/s", "1st event p50", "p95", "mock ratio"]
    out += grid(header, echo_rows, notes=True)
    echo_ratio, rounds = paired(echo["mock"], echo[INDEPENDENT])
    verdicts.append(
        f"echo streams/s ≥ {ECHO_TARGET}x the independent durable floor: {echo_ratio:.2f}x "
        f"{mark(echo_ratio >= ECHO_TARGET)} (rounds {rounds})"
    )
    to_raw, rounds = paired(echo["mock"], echo["raw ASGI"])
    indep_raw, _ = paired(echo[INDEPENDENT], echo["raw ASGI"])
    floor_raw, _ = paired(echo[FLOOR], echo["raw ASGI"])
    mock_to_floor, _ = paired(echo["mock"], echo[FLOOR])
    floor_to_indep, _ = paired(echo[FLOOR], echo[INDEPENDENT])
    out.append(
        f"(medians of the rounds' ratios: the mock {to_raw:.2f}x raw ASGI (rounds {rounds}); the independent "
        f"floor, which validates, stores the run with sqlite3 in one transaction and sends it, reaches "
        f"{indep_raw:.2f}x raw ASGI; the floor on engine.store {floor_raw:.2f}x raw ASGI and "
        f"{floor_to_indep:.2f}x the independent floor; the mock {mock_to_floor:.2f}x the floor on "
        f"engine.store)"
    )
    if LOGGED in echo:
        out += logged_beside_quiet(json_rows, rates, echo, verdicts)
    out.append(
        f"\n{held['mock'].count} concurrent talkie-test:slow runs ({args.slow_seconds:g} s each, on time ≤ "
        f"{args.slow_seconds + QUEUEING:g} s)"
    )
    held_rows = [
        [
            name,
            str(h.result.opened),
            str(h.result.finished),
            f"{h.result.longest:.1f}s",
            f"{h.result.all_open_after:.1f}s",
            str(h.open_at_peak),
            f"{(h.rss_peak_kb - h.rss_before_kb) / 1024:.1f}",
            f"{h.kb_per_stream:.1f}",
        ]
        for name, h in held.items()
    ]
    out += grid(
        ["server", "opened", "on time", "longest", "all open", "open at peak", "RSS +MB", "KB/stream"],
        held_rows,
    )
    for name, h in held.items():
        if h.result.failed:
            out.append(f"   {name}: {len(h.result.failed)} failed, e.g. {h.result.failed[0]}")
    mock_held = held["mock"]
    all_ok = mock_held.result.finished == mock_held.count
    if mock_held.count >= SLOW_TARGET:
        verdicts.append(
            f"{SLOW_TARGET} concurrent slow runs, all finished in time: "
            f"{mock_held.result.finished}/{mock_held.count} {mark(all_ok)}"
        )
    else:  # fewer runs than the target asks say nothing about it (all on time or not)
        verdicts.append(
            f"{SLOW_TARGET} concurrent slow runs, all finished in time: not measured "
            f"({mock_held.result.finished}/{mock_held.count} of a smaller run on time)"
        )
    verdicts.append(
        f"≤ {KB_TARGET:g} KB per stream open at the peak: {mock_held.kb_per_stream:.1f} KB "
        f"({mock_held.open_at_peak} open) {mark(mock_held.kb_per_stream <= KB_TARGET)}"
    )
    out.append("\ntargets")
    out += [f"  {v}" for v in verdicts]
    return "\n".join(out)


def logged_beside_quiet(
    json_rows: list[str],
    rates: dict[tuple[str, str], list[float]],
    echo: dict[str, list[float]],
    verdicts: list[str],
) -> list[str]:
    """The default configuration (request log on) beside `--quiet`: each one's ratio to its baseline, and
    the first ÷ the second (medians of the rounds' ratios)."""
    rows: list[list[str]] = []
    figures: list[tuple[str, list[float], list[float], list[float]]] = [
        (f"GET {figure}", rates[(figure, "mock")], rates[(figure, LOGGED)], rates[(figure, "raw ASGI")])
        for figure in GETS
        if LOGGED in json_rows
    ]
    figures.append(("echo", echo["mock"], echo[LOGGED], echo[INDEPENDENT]))
    for figure, quiet, logged, base in figures:
        quiet_ratio, _ = paired(quiet, base)
        logged_ratio, _ = paired(logged, base)
        share, rounds = paired(logged, quiet)
        against = "independent floor" if figure == "echo" else "raw ASGI"
        rows.append([figure, f"{quiet_ratio:.2f}x", f"{logged_ratio:.2f}x", f"{share:.2f}x", against])
        ok = share >= LOG_TARGET
        verdict = f"{figure} with the request log ≥ {LOG_TARGET}x --quiet: {share:.2f}x {mark(ok)}"
        verdicts.append(f"{verdict} (rounds {rounds})")
    out = ["\nthe default configuration (request log on) beside --quiet (medians of the rounds' ratios)"]
    out += grid(["figure", "quiet", "log on", "log ÷ quiet", "each ÷"], rows, notes=True)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
