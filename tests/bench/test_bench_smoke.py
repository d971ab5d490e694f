"""`bench/mock_http.py --smoke` runs end to end and prints every figure row.

Not a timed test: no figure is asserted (the benchmark measures ratios on a quiet machine, a test run cannot).
It checks that the script still starts every server, measures every row and prints the targets, so a change
to the mock or the baselines cannot silently break the benchmark. The smoke mode uses the asyncio load
client (no wrk needed) and leaves out Prism (no npm needed).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "mock_http.py"
NUMBER = r"\d+(?:\.\d+)?"


@pytest.mark.slow
def test_smoke_run_prints_every_figure_row() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = done.stdout
    assert "load from asyncio client" in out
    # every Python server on one stack (read from each process's memory map), the mock's own
    stack = re.search(r"^stack: uvicorn (.*)$", out, re.MULTILINE)
    assert stack is not None, out
    named = (
        stack.group(1).replace("raw ASGI", "raw_ASGI").replace(" floor", "_floor").replace(" (log)", "_(log)")
    )
    stacks = dict(part.split(" ", 1) for part in named.split(", "))
    assert set(stacks) == {
        "mock",
        "mock_(log)",
        "starlette",
        "raw_ASGI",
        "sse-starlette",
        "durable_floor",
        "independent_floor",
    }, stacks
    assert len(set(stacks.values())) == 1, stacks
    for endpoint in ("manifest", "status", "threads"):
        figures = rf"{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}"  # mock, mock (log), starlette, raw ASGI
        row = rf"^{endpoint}\s+{figures}\s+{NUMBER}x starlette, {NUMBER}x raw ASGI$"
        assert re.search(row, out, re.MULTILINE), f"no GET row for {endpoint}:\n{out}"
    for server in (
        "mock",
        "mock (log)",
        "starlette",
        "raw ASGI",
        "sse-starlette",
        "durable floor",
        "independent floor",
    ):
        row = rf"^{re.escape(server)}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER} ms\s+{NUMBER} ms"
        assert re.search(row, out, re.MULTILINE), f"no echo row for {server}:\n{out}"
    assert re.search(r"talkie-test:echo runs \(5 events each\)", out)
    # both floors keep real state: each is read against raw ASGI, and the floor on engine.store against
    # the independent one
    floors = (
        rf"the independent floor, .* reaches {NUMBER}x raw ASGI; the floor on engine.store {NUMBER}x raw"
        rf" ASGI and {NUMBER}x the independent floor; the mock {NUMBER}x the floor on engine.store\)"
    )
    assert re.search(floors, out), out
    for server in ("mock", "raw ASGI", "sse-starlette"):
        # every smoke stream opens and finishes on time: opened == on time == the 20 runs
        row = rf"^{re.escape(server)}\s+20\s+20\s+{NUMBER}s\s+{NUMBER}s\s+\d+\s+-?{NUMBER}\s+-?{NUMBER}$"
        assert re.search(row, out, re.MULTILINE), f"no slow-runs row for {server}:\n{out}"
    # the default configuration (request log on) beside --quiet, each against its baseline
    for figure, against in (
        ("GET manifest", "raw ASGI"),
        ("GET status", "raw ASGI"),
        ("GET threads", "raw ASGI"),
        ("echo", "independent floor"),
    ):
        row = rf"^{figure}\s+{NUMBER}x\s+{NUMBER}x\s+{NUMBER}x\s+{against}$"
        assert re.search(row, out, re.MULTILINE), f"no request-log row for {figure}:\n{out}"
    targets = out.split("\ntargets\n", 1)[1]
    for figure in ("GET manifest", "GET status", "GET threads", "echo"):
        verdict = rf"{figure} with the request log ≥ 0\.9x --quiet: {NUMBER}x (PASS|FAIL) \(rounds {NUMBER}\)"
        assert re.search(verdict, targets), targets
    # judged on the median of the rounds' own ratios, each printed (one round here)
    assert re.search(rf"GET manifest ≥ 0\.6x raw ASGI: {NUMBER}x (PASS|FAIL) \(rounds {NUMBER}\)", targets)
    assert "GET manifest ≥ 5x Prism: not measured (no Prism)" in targets
    for endpoint in ("status", "threads"):
        verdict = rf"GET {endpoint} ≥ 0\.4x raw ASGI: {NUMBER}x (PASS|FAIL) \(rounds {NUMBER}\)"
        assert re.search(verdict, targets), targets
    echo = (
        rf"echo streams/s ≥ 0\.75x the independent durable floor: {NUMBER}x (PASS|FAIL) \(rounds {NUMBER}\)"
    )
    assert re.search(echo, targets), targets
    # 20 runs say nothing of the 5,000 the target asks: never a PASS or FAIL
    assert "5000 concurrent slow runs, all finished in time: not measured (20/20 of a smaller run" in targets
    assert re.search(rf"≤ 24 KB per stream open at the peak: -?{NUMBER} KB \(\d+ open\) (PASS|FAIL)", targets)


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("talkie_bench_mock_http", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


CELL = re.compile(r"\S+(?: \S+)*")
"""One cell of a printed table: words joined by single spaces; columns are two or more spaces apart."""


def _tables(text: str) -> list[list[str]]:
    """The printed tables: a header line (`endpoint …` or `server …`), then its rows up to a blank line."""
    tables, current = [], None
    for line in text.splitlines():
        if line.startswith(("endpoint", "server")):
            current = [line]
            tables.append(current)
        elif current is not None and line.strip() and not line.startswith(("(", " ")):
            current.append(line)
        else:
            current = None
    return tables


def test_the_tables_stay_aligned_for_any_figure_width() -> None:
    """A slow machine's first event takes seconds (a p95 of 123456.79 ms), a fast one serves a million
    requests/s: every column still ends where its header ends, and the ratios start in one place."""
    bench = _bench()
    json_rows = ["mock", "starlette", "raw ASGI"]
    stream_rows = ["mock", "raw ASGI", bench.FLOOR, bench.INDEPENDENT]
    rates = {(f, name): [1234567.0 if name == "mock" else 9.0] for f in bench.GETS for name in json_rows}
    echo = {"mock": [3.0], "raw ASGI": [123456.0], bench.FLOOR: [7.0], bench.INDEPENDENT: [8.0]}
    first = {
        "mock": [0.001, 123.45679],
        "raw ASGI": [0.002],
        bench.FLOOR: [9999.5],
        bench.INDEPENDENT: [0.5],
    }
    result = bench.raw.HoldResult(opened=123456, finished=7, longest=12345.6, all_open_after=0.1)
    held = {"mock": bench.Held(result, 1000, 99_999_999, 123456), "raw ASGI": bench.Held(result, 1, 2, 1)}
    args = argparse.Namespace(rounds=1, seconds=1.0, connections=8, no_wrk=True, slow_seconds=5.0)
    text = bench.table(args, {}, json_rows, stream_rows, rates, echo, first, 5, held)
    assert "123456.79 ms" in text
    tables = _tables(text)
    assert [len(t) for t in tables] == [4, 5, 3], text
    for lines in tables:
        cells = [[(m.start(), m.end()) for m in CELL.finditer(line)] for line in lines]
        header = cells[0]
        figures = len(header) - 1 if lines[0].rstrip().endswith(("ratios", "ratio")) else len(header)
        shown = "\n".join(lines)
        for line, row in zip(lines, cells, strict=True):
            assert row[0][0] == 0, line
            assert [end for _, end in row[1:figures]] == [end for _, end in header[1:figures]], shown
            if len(row) > figures:  # the free-text ratios
                assert row[figures][0] == header[figures][0], shown
