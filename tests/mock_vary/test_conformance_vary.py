"""The proof that the suite has no false positives: `talkie-conformance run` passes against
`talkie-mock serve --vary SEED` in ten seeds, five at a time — zero failures and zero errors in every
one, the whole suite.

Both sides are the real command lines: one mock process per seed on a free loopback port, started and
stopped by tests/support/served.py (the Czech mock the voice tests use), and the suite as a second
process. A check may warn when it rests on a note (and names it) or on a SHOULD; a failure here is a
check that fails a reading the specification allows (or a
mock that breaks the specification), never an accepted outcome.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from served import serving
from talkie_mock.engine.statefile import MEMORY

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

SEEDS = tuple(range(1, 11))
BIN = Path(sys.executable).parent


CONCURRENT = 5
"""Seeds proved at once: each run mostly waits (slow runs, expiry, pings), so five share two cores well."""


@dataclass(frozen=True)
class Proof:
    """One seed's evidence: the suite's exit code, its output and its findings."""

    returncode: int
    stdout: str
    findings: list[dict[str, Any]]


def _prove(seed: int, workdir: Path) -> Proof:
    """`talkie-mock serve --vary SEED` started by served.py, the suite run against it, the mock stopped."""
    with serving(Path(MEMORY), "--vary", str(seed)) as mock:
        report = workdir / f"report-{seed}.json"
        suite = [
            str(BIN / "talkie-conformance"),
            "run",
            mock.origin,
            "--token",
            mock.token,
            "--clock-url",  # the suite moves the mock's clock (expiry checks); served opens the control API
            f"{mock.origin}/_mock/api/clock/advance",
            "--report",
            str(report),
        ]
        done = subprocess.run(suite, capture_output=True, text=True, timeout=240)
    findings = json.loads(report.read_text())["findings"] if report.exists() else []
    return Proof(done.returncode, done.stdout + done.stderr, findings)


@pytest.fixture(scope="module")
def proofs(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Proof]:
    """Every seed's proof, run CONCURRENT at a time (the seeds share nothing: own port, own memory state)."""
    workdir = tmp_path_factory.mktemp("vary")
    with ThreadPoolExecutor(CONCURRENT) as pool:
        futures = {seed: pool.submit(_prove, seed, workdir) for seed in SEEDS}
        return {seed: future.result() for seed, future in futures.items()}


@pytest.mark.parametrize("seed", SEEDS, ids=lambda s: f"vary{s}")
def test_the_whole_suite_passes_against_the_varied_mock(seed: int, proofs: dict[int, Proof]) -> None:
    proof = proofs[seed]
    findings = proof.findings
    wrong = [f for f in findings if f["verdict"] in ("fail", "error")]
    assert wrong == [], proof.stdout[-4000:]
    assert proof.returncode == 0, proof.stdout[-4000:]
    passed = [f for f in findings if f["verdict"] == "pass"]
    assert len(passed) >= 90  # the whole suite ran (a reduced set would prove nothing)
    for warning in (f for f in findings if f["verdict"] == "warn"):
        # a warning rests on a note (and names it) or on a
        # SHOULD of the specification, never on a MUST of the specification
        if warning["basis"].startswith("N-"):
            assert warning["basis"] in warning["message"], warning
        else:
            assert warning["level"] not in ("MUST", "MUST NOT"), warning
