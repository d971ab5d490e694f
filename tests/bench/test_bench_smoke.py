"""`bench/mock_http.py --smoke` runs end to end and prints every figure row.

Not a timed test: no figure is asserted (the benchmark measures ratios on a quiet machine, a test run cannot).
It checks that the script still starts every server, measures every row and prints the targets, so a change
to the mock or the baselines cannot silently break the benchmark. The smoke mode uses the asyncio load
client (no wrk needed) and leaves out Prism (no npm needed).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "mock_http.py"
NUMBER = r"\d+(?:\.\d+)?"


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
    named = stack.group(1).replace("raw ASGI", "raw_ASGI").replace("durable floor", "durable_floor")
    stacks = dict(part.split(" ", 1) for part in named.split(", "))
    assert set(stacks) == {"mock", "starlette", "raw_ASGI", "sse-starlette", "durable_floor"}, stacks
    assert len(set(stacks.values())) == 1, stacks
    for endpoint in ("manifest", "status", "threads"):
        row = rf"^{endpoint}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}x starlette, {NUMBER}x raw ASGI$"
        assert re.search(row, out, re.MULTILINE), f"no GET row for {endpoint}:\n{out}"
    for server in ("mock", "starlette", "raw ASGI", "sse-starlette", "durable floor"):
        row = rf"^{re.escape(server)}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER} ms\s+{NUMBER} ms"
        assert re.search(row, out, re.MULTILINE), f"no echo row for {server}:\n{out}"
    assert re.search(r"talkie-test:echo runs \(5 events each\)", out)
    # the floor's state is real: its row is read against the mock's, never judged
    floor = rf"reaches {NUMBER}x raw ASGI; the mock {NUMBER}x the floor; medians of the rounds' ratios\)"
    assert re.search(floor, out), out
    for server in ("mock", "raw ASGI", "sse-starlette"):
        # every smoke stream opens and finishes on time: opened == on time == the 20 runs
        row = rf"^{re.escape(server)}\s+20\s+20\s+{NUMBER}s\s+{NUMBER}s\s+-?{NUMBER}\s+-?{NUMBER}$"
        assert re.search(row, out, re.MULTILINE), f"no slow-runs row for {server}:\n{out}"
    targets = out.split("\ntargets\n", 1)[1]
    # judged on the median of the rounds' own ratios, each printed (one round here)
    assert re.search(rf"GET manifest ≥ 0\.6x raw ASGI: {NUMBER}x (PASS|FAIL) \(rounds {NUMBER}\)", targets)
    assert "GET manifest ≥ 5x Prism: not measured (no Prism)" in targets
    assert re.search(rf"echo streams/s ≥ 0\.5x raw ASGI: {NUMBER}x (PASS|FAIL) \(rounds {NUMBER}\)", targets)
    # 20 runs say nothing of the 5,000 the target asks: never a PASS or FAIL
    assert "5000 concurrent slow runs, all finished in time: not measured (20/20 of a smaller run" in targets
    assert re.search(rf"≤ 20 KB per stream: -?{NUMBER} KB (PASS|FAIL)", targets)
