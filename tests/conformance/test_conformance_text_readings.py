"""A server written from the specification's text alone passes: the suite fails only by the text.

The fake's `TEXT_READINGS` take the readings a reasonable implementer may take where our notes ask for more:
cards with `fallbackText` and blocks only, extra audit members on actions, a manifest with neither brand nor
voice nor anything only the example shows, threads newest first by creation. Each such reading is a warning
that names its note, never a failure. And a shape that does break the text stops no other verdict.
"""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import httpx
import pytest
from talkie_conformance.baseline import BaselineEntry, apply_baseline
from talkie_conformance.cli import EXIT_PASS
from talkie_conformance.findings import Finding, Verdict
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import RunResult, all_checks, run_suite

ServeFake = Callable[..., AbstractContextManager[str]]
TEXT_READINGS = {"text:bare-cards", "text:audit-members", "text:lean-manifest", "text:threads-by-creation"}
NOTES = "https://talkie-protocol.org/spec/notes/#"


def _findings(result: RunResult, rule_id: str, check: str | None = None) -> list[Finding]:
    return [f for f in result.findings if f.rule_id == rule_id and (check is None or f.origin == check)]


@pytest.fixture(scope="module")
def text_server(serve_fake: ServeFake, fake_token: str) -> RunResult:
    with serve_fake(frozenset(TEXT_READINGS)) as origin:
        return run_suite(origin, token=fake_token, rules=load_rules(), checks=all_checks())


def test_a_server_of_the_text_fails_nothing(text_server: RunResult) -> None:
    failures = [
        f"{f.rule_id} {f.origin}: {f.message}" for f in text_server.findings if f.outcome is Verdict.FAIL
    ]
    assert failures == []
    assert not text_server.failed
    assert not text_server.errored
    assert {f.rule_id for f in text_server.findings if f.outcome is Verdict.PASS} >= {
        "CARD-002",
        "CARD-003",
        "ACT-009",
        "THR-004",
        "TEST-006",
    }


@pytest.mark.parametrize(
    ("rule_id", "check", "note", "member"),
    [
        ("CARD-001", "card_rules", "N-26", "'fallbackText'"),  # the example's members, missing
        ("THR-003", "thread_detail", "N-18", "'a11yLabel' is a required property"),  # and N-26
        ("ACT-002", "testmode_action", "N-18", "'proposedBy' was unexpected"),  # an extra member
        ("ACT-006", "decision_cancel_table", "N-18", "'decidedAt', 'decisionMethod', 'proposedBy'"),
        ("MAN-029", "manifest_shape", "N-26", "'brand' is a required property"),
    ],
)
def test_each_reading_of_ours_it_does_not_follow_warns_naming_its_note(
    text_server: RunResult, rule_id: str, check: str, note: str, member: str
) -> None:
    (finding,) = _findings(text_server, rule_id, check)
    assert finding.outcome is Verdict.WARN, finding.message
    assert (finding.basis, finding.note, finding.reference) == (note, note, NOTES + note)
    assert f"note {note}" in finding.message
    if member != "'fallbackText'":
        assert member in finding.message
    else:
        assert member not in finding.message  # the one member §6 requires is there


def test_no_verdict_on_a_reading_of_ours_claims_the_specification(text_server: RunResult) -> None:
    for finding in text_server.findings:
        if finding.outcome is Verdict.WARN and finding.level.startswith("MUST"):
            assert finding.note is not None, finding
            assert finding.reference.startswith(NOTES), finding


def _run(client: httpx.Client, text: str, thread_id: str) -> None:
    body = {
        "threadId": thread_id,
        "runId": f"r_{uuid.uuid4().hex[:12]}",
        "messages": [{"id": f"m_{uuid.uuid4().hex[:12]}", "role": "user", "content": text}],
        "tools": [],
        "context": [],
        "state": {},
        "forwardedProps": {"talkie": {"channel": "chat"}},
    }
    with client.stream(
        "POST", "/api/talkie/run", json=body, headers={"Accept": "text/event-stream"}
    ) as answer:
        assert answer.status_code == 200
        stream = "".join(answer.iter_text())
    assert "RUN_FINISHED" in stream


def test_threads_newest_first_by_creation_warn_naming_n09(serve_fake: ServeFake, fake_token: str) -> None:
    checks = [spec for spec in all_checks() if spec.name == "threads_list"]
    with serve_fake(frozenset({"text:threads-by-creation"})) as origin:
        headers = {"Authorization": f"Bearer {fake_token}"}
        with httpx.Client(base_url=origin, headers=headers, timeout=30.0) as client:
            older, newer = f"t_{uuid.uuid4().hex[:12]}", f"t_{uuid.uuid4().hex[:12]}"
            for thread_id in (older, newer, older):  # the older thread is the one updated last
                _run(client, "talkie-test:echo ahoj", thread_id)
            listed = [t["id"] for t in client.get("/api/talkie/threads").json()["threads"]]
            assert listed == [newer, older]
        result = run_suite(origin, token=fake_token, rules=load_rules(), checks=checks)
    (passed,) = _findings(result, "THR-002")
    assert passed.outcome is Verdict.PASS, passed.message
    warned = [f for f in _findings(result, "THR-007") if f.outcome is Verdict.WARN]
    assert warned, "THR-007 (N-09: by updatedAt) warns"
    assert all(f.basis == "N-09" for f in warned)
    assert any("not ordered by updatedAt" in f.message for f in warned)
    assert not result.failed


def test_a_shape_broken_by_the_text_hides_no_other_verdict(serve_fake: ServeFake, fake_token: str) -> None:
    checks = [
        spec for spec in all_checks() if spec.name in {"decision_confirm_table", "decision_cancel_table"}
    ]
    with serve_fake(frozenset({"schema:decision-without-events"})) as origin:
        result = run_suite(origin, token=fake_token, rules=load_rules(), checks=checks)
    broken = _findings(result, "ACT-006")
    assert [f.outcome for f in broken] == [Verdict.FAIL, Verdict.FAIL]
    assert all("'events' is a required property" in f.message for f in broken)
    assert all(f.basis in {"specification", "inferred"} for f in broken)  # §8 line 228 names `events`
    judged = {
        (f.rule_id, f.origin): f.outcome for f in result.findings if f.rule_id in {"ACT-003", "ACT-009"}
    }
    assert set(judged.values()) == {Verdict.PASS}, judged
    assert len(judged) == 4
    # a baseline accepting the shape leaves every other rule judged, and the run passes
    entries = [BaselineEntry(rule="ACT-006"), BaselineEntry(rule="ACT-008")]
    accepted = apply_baseline(result.findings, entries, load_rules())
    assert not any(f.counts_as_failure for f in accepted)
    assert {f.rule_id for f in accepted if f.outcome is Verdict.PASS} >= {"ACT-003", "ACT-009"}
    assert json.dumps([f.to_dict() for f in accepted])  # every verdict still reportable


@pytest.mark.slow
def test_fuzz_finds_no_shape_fault_in_a_server_of_the_text(serve_fake: ServeFake, fake_token: str) -> None:
    """No `brand.logo`, no card `url`, an action's own members: nothing of it is a fuzz failure either."""
    with serve_fake(frozenset(TEXT_READINGS)) as origin:
        command = [str(Path(sys.executable).with_name("talkie-conformance")), "fuzz", origin]
        command += ["--token", fake_token, "--max-examples", "3", "--seed", "3", "--time-limit", "60"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=180)
    output = done.stdout + done.stderr
    assert done.returncode == EXIT_PASS, output[-4000:]
    assert " 0 failures" in output, output[-2000:]
