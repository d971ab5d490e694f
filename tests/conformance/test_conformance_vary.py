"""No false positives: the suite passes the mock in every `--vary` seed, where the mock takes, at each point
the seed leaves open, another legal choice. A check that fails here is wrong, not the mock."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager

import pytest
from talkie_conformance.checking import Options
from talkie_conformance.findings import Verdict
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import RunResult, all_checks, run_suite

StartMock = Callable[..., AbstractContextManager[str]]
SEEDS = tuple(range(1, 11))
MOCK_CLOCK_PATH = "/_mock/api/clock/advance"
PARALLEL = 3  # mocks at once: enough to be quick, few enough for a loaded CI machine


@pytest.fixture(scope="module")
def varied(start_mock: StartMock, mock_token: str) -> dict[int, RunResult]:
    def run_against(seed: int) -> RunResult:
        with start_mock(vary=seed) as origin:
            return run_suite(
                origin,
                token=mock_token,
                rules=load_rules(),
                checks=all_checks(),
                options=Options(clock_url=origin + MOCK_CLOCK_PATH),
            )

    with ThreadPoolExecutor(max_workers=PARALLEL) as pool:
        return dict(zip(SEEDS, pool.map(run_against, SEEDS), strict=True))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_suite_passes_the_mock_in_every_vary_seed(varied: dict[int, RunResult], seed: int) -> None:
    result = varied[seed]
    problems = [
        f"{f.rule_id} {f.origin}: {f.message}"
        for f in result.findings
        if f.verdict in {Verdict.FAIL, Verdict.ERROR}
    ]
    assert problems == []
    assert not result.nothing_tested
    tested = sum(1 for f in result.findings if f.verdict is Verdict.PASS)
    assert tested > 0.8 * len(result.findings)


def test_each_warning_in_the_varied_runs_names_the_note_it_rests_on(varied: dict[int, RunResult]) -> None:
    warnings = [f for result in varied.values() for f in result.findings if f.verdict is Verdict.WARN]
    noted = {f.rule_id: f.note for f in warnings if f.note is not None}
    assert noted.get("RUN-031") == "N-04"
    assert noted.get("VOICE-022") == "N-11"
    assert all(f.note in f.message for f in warnings if f.note is not None)
