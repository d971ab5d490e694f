"""The proof that the suite has no false positives: `talkie-conformance run` passes against
`talkie-mock serve --vary SEED` in ten seeds — zero failures and zero errors in every one, the whole suite.

Both sides are the real command lines: one mock process per seed on a free loopback port (stopped after),
the suite as a second process. A check may warn when it rests on a note (and names it) or on a SHOULD; a
failure here is a check that fails a reading the seed allows (or a mock that breaks the seed), never an
accepted outcome.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

SEEDS = tuple(range(1, 11))
TOKEN = "tk_vary_proof"
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def varied_mock(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    command = [
        str(BIN / "talkie-mock"),
        "serve",
        "--quiet",  # no request log into a pipe nobody reads
        "--port",
        str(port),
        "--state",
        ":memory:",
        "--token",
        TOKEN,
        "--vary",
        str(request.param),
        "--open-devtools",  # the suite's --clock-url moves the mock's clock (expiry checks)
    ]
    log = (tmp_path / "mock.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    origin = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, (tmp_path / "mock.log").read_text()
            try:
                if httpx.get(f"{origin}/.well-known/talkie.json", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the mock did not start"
            time.sleep(0.1)
        yield origin
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
        log.close()


@pytest.mark.parametrize("varied_mock", SEEDS, indirect=True, ids=lambda s: f"vary{s}")
def test_the_whole_suite_passes_against_the_varied_mock(varied_mock: str, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    command = [
        str(BIN / "talkie-conformance"),
        "run",
        varied_mock,
        "--token",
        TOKEN,
        "--clock-url",
        f"{varied_mock}/_mock/api/clock/advance",
        "--report",
        str(report),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240)
    findings = json.loads(report.read_text())["findings"]
    wrong = [f for f in findings if f["verdict"] in ("fail", "error")]
    assert wrong == [], done.stdout[-4000:]
    assert done.returncode == 0, done.stdout[-4000:]
    passed = [f for f in findings if f["verdict"] == "pass"]
    assert len(passed) >= 90  # the whole suite ran (a reduced set would prove nothing)
    for warning in (f for f in findings if f["verdict"] == "warn"):
        # a warning rests on a note (and names it) or on a SHOULD of the seed, never on a seed MUST
        if warning["basis"].startswith("N-"):
            assert warning["basis"] in warning["message"], warning
        else:
            assert warning["level"] not in ("MUST", "MUST NOT"), warning
