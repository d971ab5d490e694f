"""Running the whole client conformance suite (`talkie-mock clients run`) against one of the toolkit's own
clients through its adapter, and reading the JUnit it writes.

A client takes part in the scenarios whose gestures it makes (`gestures`); there every check must pass, and
in the others every check must be not exercised (its adapter said `unable`). No check may fail anywhere.
"""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from talkie_mock.clientsuite.scenarios import SCENARIOS


@dataclass(frozen=True)
class Judged:
    """The suite's verdicts from its JUnit: scenario name → [(case name, verdict)], and the run's seconds."""

    verdicts: dict[str, list[tuple[str, str]]]
    seconds: float

    def scenarios(self, verdict: str) -> set[str]:
        """The scenarios whose every check has this verdict."""
        return {name for name, cases in self.verdicts.items() if cases and {v for _, v in cases} == {verdict}}


def taking_part(gestures: Iterable[str]) -> set[str]:
    """The scenarios a client that makes `gestures` takes part in: every gesture they ask is among them."""
    made = set(gestures)
    return {name for name, scenario in SCENARIOS.items() if set(scenario.person) <= made}


def run(
    command: str, junit: Path, timeout: float, env: Mapping[str, str] | None = None
) -> tuple[subprocess.CompletedProcess[str], Judged]:
    """`talkie-mock clients run --command COMMAND --junit JUNIT` (with `env` added to the command's
    environment), and its verdicts."""
    ran = subprocess.run(
        [
            sys.executable,
            "-m",
            "talkie_mock.cli",
            "clients",
            "run",
            "--command",
            command,
            "--junit",
            str(junit),
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, **(env or {})},
    )
    return ran, read(junit) if junit.exists() else Judged({}, 0.0)


def read(junit: Path) -> Judged:
    verdicts: dict[str, list[tuple[str, str]]] = {}
    seconds = 0.0
    for suite in ET.parse(junit).getroot().iter("testsuite"):
        seconds += float(suite.get("time", "0"))
        cases = verdicts.setdefault(suite.get("name", ""), [])
        for case in suite.iter("testcase"):
            out = case.find("system-out")
            if case.find("failure") is not None or case.find("error") is not None:
                verdict = "fail"
            elif case.find("skipped") is not None:
                verdict = "skip"
            elif out is not None and (out.text or "").startswith("warning"):
                verdict = "warn"
            else:
                verdict = "pass"
            cases.append((case.get("name", ""), verdict))
    return Judged(verdicts, seconds)


def assert_takes_part(
    judged: Judged, gestures: Iterable[str], output: str, warned: Mapping[str, str] | None = None
) -> None:
    """No check failed; none warned but in the scenarios of `warned` (scenario → why the client only warns,
    or does not get as far, there: a SHOULD it does not follow yet); the scenarios the client takes part in
    passed whole, the others were not exercised whole."""
    expected = taking_part(gestures)
    assert set(judged.verdicts) == set(SCENARIOS), output
    allowed = set(warned or {})
    wrong = {
        name: [
            case
            for case in cases
            if case[1] != ("pass" if name in expected else "skip")
            and not (name in allowed and case[1] in ("warn", "skip"))
        ]
        for name, cases in judged.verdicts.items()
    }
    assert not any(wrong.values()), {name: cases for name, cases in wrong.items() if cases}
    assert expected, "the client takes part in no scenario"
