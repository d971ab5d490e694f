"""Each failure names the rule the server broke: a buffered run stream is §5's streaming rule (RUN-012), a run
answered with another media type §5's response format (RUN-010), never RUN-028; a test hook that fails is the
setup's error (exit 2), never a verdict on the server; a message quotes only limits in force; a run stream
left open after its terminal event holds nothing up."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import pytest
from click.testing import CliRunner
from talkie_conformance.cli import EXIT_CANNOT_RUN, main
from talkie_conformance.client import TalkieClient, discover
from talkie_conformance.findings import Finding, Verdict
from talkie_conformance.limits import Limits
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import RunResult, all_checks, run_suite, select
from talkie_models.protocol import echo_message

pytestmark = pytest.mark.slow  # slow test-mode runs (~5 s each)

ServeFake = Callable[..., AbstractContextManager[str]]
STREAM_CHECKS = ("run_stream_lifecycle", "run_disconnect_is_not_cancel", "testmode_slow")


def _run(serve_fake: ServeFake, token: str, switch: str) -> RunResult:
    checks = [spec for spec in all_checks() if spec.name in STREAM_CHECKS]
    with serve_fake(frozenset({switch})) as origin:
        return run_suite(origin, token=token, rules=load_rules(), checks=checks)


def _verdicts(result: RunResult) -> dict[str, Verdict]:
    return {str(f.rule_id): f.outcome for f in result.findings}


def _one(result: RunResult, rule_id: str) -> Finding:
    found = [f for f in result.findings if f.rule_id == rule_id]
    assert len(found) == 1, found
    return found[0]


def test_a_buffered_stream_is_blamed_on_the_streaming_rule(serve_fake: ServeFake, fake_token: str) -> None:
    result = _run(serve_fake, fake_token, "RUN-012:buffered")
    verdicts = _verdicts(result)
    assert verdicts["RUN-012"] is Verdict.WARN, result.findings
    assert "held back on its way" in _one(result, "RUN-012").message
    assert verdicts["RUN-028"] is Verdict.SKIP
    assert "RUN-012" in _one(result, "RUN-028").message
    assert verdicts["TEST-009"] is Verdict.SKIP
    assert not result.failed, [f"{f.rule_id}: {f.message}" for f in result.findings if f.counts_as_failure]


def test_a_stream_of_another_media_type_fails_the_format_rule(serve_fake: ServeFake, fake_token: str) -> None:
    result = _run(serve_fake, fake_token, "RUN-010:media-type")
    verdicts = _verdicts(result)
    assert verdicts["RUN-010"] is Verdict.FAIL
    assert "not text/event-stream" in _one(result, "RUN-010").message
    assert verdicts["RUN-028"] is Verdict.SKIP
    assert "RUN-010" in _one(result, "RUN-028").message


def test_a_failing_clock_hook_is_a_setup_error(
    serve_fake: ServeFake, fake_token: str, tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    with serve_fake() as origin:
        result = CliRunner().invoke(
            main,
            [
                *("run", origin, "--token", fake_token, "--only", "ACT-011"),
                *("--clock-url", f"{origin}/no-such-hook", "--report", str(report)),
            ],
        )
    assert result.exit_code == EXIT_CANNOT_RUN, result.output
    assert "test hook failed" in result.output
    findings = json.loads(report.read_text(encoding="utf-8"))["findings"]
    assert [(f["rule"], f["verdict"]) for f in findings] == [("ACT-011", "error")]
    assert "setup error, no verdict on the server" in findings[0]["message"]
    assert "--clock-url hook" in findings[0]["message"]
    assert "answered HTTP 404" in findings[0]["message"]


def test_a_deadline_a_check_sets_quotes_no_option_nobody_set() -> None:
    limit = str(Limits().bound(stream=True, seconds=25).seconds)
    assert "--stream-timeout 25" not in limit
    assert limit == "of this check (within --stream-timeout 120), seconds: 25"
    assert str(Limits().bound(stream=True).seconds) == "--stream-timeout 120"


def test_a_stream_kept_open_after_its_last_event_is_read_to_that_event(
    serve_fake: ServeFake, fake_token: str
) -> None:
    """The fake keeps each finished stream open for 20 s; the suite hangs up at its terminal event."""
    with serve_fake(frozenset({"linger-after-terminal"})) as origin:
        with TalkieClient(discover(origin), fake_token) as client:
            body = {
                "threadId": "t_linger",
                "runId": "r_linger",
                "messages": [{"id": "m_linger", "role": "user", "content": echo_message("Ivana Dušková")}],
                "tools": [],
                "context": [],
                "state": {},
                "forwardedProps": {"talkie": {"channel": "chat"}},
            }
            recording = client.run(body)
        result = run_suite(origin, token=fake_token, rules=load_rules(), checks=select(["runs"])[0])
    assert recording.types()[-1] == "RUN_FINISHED"
    assert recording.completed
    assert recording.lingered
    assert recording.text() == "Ivana Dušková"
    assert not result.failed, [f"{f.rule_id}: {f.message}" for f in result.findings if f.counts_as_failure]
    assert all("limit" not in f.message for f in result.findings)
