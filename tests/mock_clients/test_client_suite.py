"""The client conformance suite judged by clients whose behaviour is known: the reference client, written
from the text, passes every check; each deliberately broken variant fails exactly the checks of the rule it
breaks and no other; the command mode's exit codes, reports and deadline hold."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import waiting
from talkie_mock.clientsuite import command
from talkie_mock.clientsuite.base import GESTURES
from talkie_mock.clientsuite.catalogue import client_rules, coverage, selected
from talkie_mock.clientsuite.observe import MAX_SHOWN, Record, read_shown
from talkie_mock.clientsuite.runner import run_suite
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.devtools.terminal import printable
from talkie_models.rules import catalogue

HERE = Path(__file__).resolve().parent
CLIENT = f"{sys.executable} {HERE / 'reference_client.py'} {{url}} {{token}}"
MOCK = [sys.executable, "-m", "talkie_mock.cli"]


def _mock(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*MOCK, *args], capture_output=True, text=True, timeout=280, cwd=cwd)


@pytest.mark.slow
def test_the_reference_client_passes_every_check_and_the_reports_say_so(tmp_path: Path) -> None:
    junit, report = tmp_path / "clients.xml", tmp_path / "clients.json"
    ran = _mock("clients", "run", "--command", CLIENT, "--junit", str(junit), "--report", str(report))
    assert ran.returncode == 0, ran.stdout + ran.stderr
    found = json.loads(report.read_text())
    assert found["summary"] == {
        "pass": sum(len(s.checks) for s in SCENARIOS.values()),
        "fail": 0,
        "warn": 0,
        "skip": 0,
    }
    assert [s["name"] for s in found["scenarios"]] == list(SCENARIOS)
    cases = ET.parse(junit).getroot().findall(".//testcase")
    assert len(cases) == found["summary"]["pass"]
    assert all(case.find("failure") is None and case.find("skipped") is None for case in cases)


def test_a_broken_client_fails_through_the_command_line_with_exit_1(tmp_path: Path) -> None:
    junit = tmp_path / "clients.xml"
    ran = _mock(
        "clients",
        "run",
        "--command",
        f"{CLIENT} --break token-everywhere",
        "--only",
        "AUTH-019",
        "--junit",
        str(junit),
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "FAIL AUTH-019" in ran.stdout
    failures = ET.parse(junit).getroot().findall(".//failure")
    assert [f.get("type") for f in failures] == ["AUTH-019"]
    assert "talkie-dev-" not in junit.read_text()  # the token itself is never reported


def test_setup_errors_exit_2(tmp_path: Path) -> None:
    assert _mock("clients", "run", "--command", CLIENT, "--only", "NOPE-999").returncode == 2
    missing = _mock(
        "clients", "run", "--command", str(tmp_path / "no-such-client") + " {url}", "--only", "plain-run"
    )
    assert missing.returncode == 2
    assert "cannot start" in missing.stderr
    assert _mock("clients", "run", "--command", "'unclosed", "--only", "plain-run").returncode == 2
    assert _mock("clients", "run", "--command", CLIENT, "--report", str(tmp_path / "r.txt")).returncode == 2


def test_a_command_past_its_deadline_is_stopped_with_its_whole_process_group() -> None:
    ran = command.run("sh -c 'sleep 60 & echo $!; wait'", "http://127.0.0.1:9/x", "t", deadline=1.0)
    assert ran.timed_out
    assert ran.code is None
    child = int(ran.stdout.split()[0])

    def gone() -> bool:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            return True
        return Path(f"/proc/{child}/stat").read_text().split(")")[-1].split()[0] == "Z"

    waiting.until(gone, "the command's child to be killed with it")


def test_the_command_gets_url_and_token_as_words_and_environment() -> None:
    ran = command.run(
        "sh -c 'echo \"$1 $2 $TALKIE_URL $TALKIE_TOKEN\"' sh {url} {token}", "http://u", "tk", deadline=30
    )
    assert ran.stdout.split() == ["http://u", "tk", "http://u", "tk"]
    assert ran.code == 0


def test_clients_list_names_every_client_rule_with_its_scenario_or_its_reason() -> None:
    ran = _mock("clients", "list", "--json")
    assert ran.returncode == 0, ran.stderr
    rows = json.loads(ran.stdout)
    assert [row["rule"] for row in rows] == [r.id for r in client_rules()]
    assert all(bool(row["scenarios"]) != bool(row["reason"]) for row in rows)
    judged = {row["rule"] for row in rows if row["scenarios"]}
    assert judged == {check.rule for s in SCENARIOS.values() for check in s.checks}
    text = _mock("clients", "list")
    assert f"{len(judged)} of {len(rows)} client rules are judged by a scenario" in text.stdout


def test_every_check_names_a_client_rule_of_the_catalogue() -> None:
    for scenario in SCENARIOS.values():
        for check in scenario.checks:
            assert catalogue()[check.rule].side in ("client", "both"), (scenario.name, check.rule)
    assert [row.rule.id for row in coverage() if row.scenarios]


def test_only_selects_by_rule_section_or_scenario() -> None:
    assert selected(("MAN-008",)) == {"manifest-redirect": {"MAN-008"}}
    assert selected(("§5",)) == {
        "server-thread-id": {"RUN-008"},
        "open-link": {"RUN-022"},
        "tool-output": {"RUN-020"},
        "unknown-event": {"RUN-026"},
        "unknown-custom": {"RUN-027"},
        "dropped-stream": {"RUN-029"},
        "plain-run": {"RUN-002", "RUN-003", "RUN-005", "RUN-033"},
        "stop": {"RUN-032", "RUN-009"},
        "again": {"RUN-009"},
    }
    assert selected(("version-2",)) == {"version-2": {"MAN-004"}}
    with pytest.raises(ValueError, match="selects no scenario"):
        selected(("THR-999",))


def test_what_a_client_sent_is_escaped_before_a_terminal_sees_it() -> None:
    assert printable("GET /a\x1b[31mred\n") == "GET /a\\x1b[31mred\\x0a"


def test_a_flooding_command_is_stopped_and_its_output_bounded() -> None:
    ran = command.run(
        """yes '{"kind": "text", "text": "flood"}'""", "http://127.0.0.1:9/x", "t", deadline=1.0
    )
    assert ran.timed_out
    assert len(ran.stdout.encode()) <= command.OUTPUT_CAP
    shown = read_shown(ran.stdout)
    assert len(shown) == MAX_SHOWN
    assert shown[0].data == {"kind": "text", "text": "flood"}


@pytest.mark.slow
def test_a_client_that_hangs_is_judged_at_the_deadline_as_not_exercised() -> None:
    result = run_suite("sleep 600", ("version-2",))
    [scenario] = result.scenarios
    assert scenario.timed_out
    assert scenario.seconds >= SCENARIOS["version-2"].deadline
    assert [r.verdict for r in scenario.results] == ["skip"]


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_client_that_did_nothing_is_not_exercised_by_any_check(name: str) -> None:
    for check in SCENARIOS[name].checks:
        assert check.judge(Record()).status == "skip", (name, check.rule)


@pytest.mark.slow
def test_a_client_that_never_presses_stop_fails_run_032_and_its_held_run_still_ends() -> None:
    result = run_suite(f"{CLIENT} --person ''", ("stop",))
    [scenario] = result.scenarios
    assert not scenario.timed_out
    assert scenario.exit_code == 0
    assert {(r.rule, r.verdict) for r in scenario.results} == {("RUN-032", "fail"), ("RUN-009", "skip")}


def test_the_reference_client_says_unable_for_each_gesture_it_does_not_make() -> None:
    spec = importlib.util.spec_from_file_location("reference_client", HERE / "reference_client.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    made = {*module.MADE, *module.SIGNING, *module.VOICE, *module.BEFORE, *module.AFTER}
    person = [*GESTURES, "juggle"]
    ran = subprocess.run(
        [sys.executable, str(HERE / "reference_client.py"), "http://127.0.0.1:9/x", "t"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TALKIE_PERSON": ",".join(person)},
    )
    said = [line.data["gesture"] for line in read_shown(ran.stdout) if line.kind == "unable"]
    assert said == [gesture for gesture in person if gesture not in made]
    assert "juggle" in said
    assert "stop" not in said
