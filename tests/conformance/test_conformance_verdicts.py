"""The suite's verdicts are the specification's: note-based rules warn, a crash is the suite's error, and
nothing tested is no pass. Every failure names its
request, its basis and, for a schema, the member at fault."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
import talkie_conformance.runner as runner_module
from click.testing import CliRunner
from talkie_conformance.checking import CheckContext, CheckSpec
from talkie_conformance.cli import EXIT_CANNOT_RUN, EXIT_PASS, main
from talkie_conformance.findings import Finding, Verdict
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import RunResult, all_checks, run_suite

ServeFake = Callable[..., AbstractContextManager[str]]
# The fake's route names, with the endpoint key and method each one serves.
ROUTES = {
    "run": ("POST", "run"),
    "status": ("GET", "status"),
    "cancel": ("POST", "cancelRun"),
    "threads": ("GET", "threads"),
    "thread": ("GET", "thread"),
    "delete": ("DELETE", "thread"),
    "action": ("GET", "action"),
    "decision": ("POST", "decision"),
    "voice_session": ("POST", "voiceSessions"),
    "voice_tool": ("POST", "voiceTool"),
    "voice_transcript": ("POST", "voiceTranscript"),
    "voice_usage": ("POST", "voiceUsage"),
}


def _checks(*names: str) -> list[CheckSpec]:
    chosen = [spec for spec in all_checks() if spec.name in names]
    assert len(chosen) == len(names)
    return chosen


def _run(serve_fake: ServeFake, token: str, breaks: set[str], *names: str) -> RunResult:
    with serve_fake(frozenset(breaks)) as origin:
        return run_suite(origin, token=token, rules=load_rules(), checks=_checks(*names))


def _one(result: RunResult, rule_id: str) -> Finding:
    found = [f for f in result.findings if f.rule_id == rule_id]
    assert len(found) == 1, found
    return found[0]


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


# -- a note-based check warns, names its note, and never fails ----------------------------------------------


@pytest.fixture(scope="module")
def other_readings(serve_fake: ServeFake, fake_token: str) -> RunResult:
    """A server that ends a cancelled stream with RUN_ERROR and answers 200 after the final usage report."""
    breaks = {"cancel-ends-with-run-error", "usage-open-after-final"}
    return _run(serve_fake, fake_token, breaks, "run_cancel", "voice_usage")


@pytest.mark.parametrize(
    ("rule_id", "note", "wording"),
    [
        ("RUN-031", "N-04", "N-04 recommends closing the open text message and RUN_FINISHED with outcome"),
        ("VOICE-022", "N-11", "N-11 recommends 410 expired"),
    ],
)
def test_a_note_based_check_warns_and_names_its_note(
    other_readings: RunResult, rule_id: str, note: str, wording: str
) -> None:
    finding = _one(other_readings, rule_id)
    assert finding.verdict is Verdict.WARN
    assert finding.basis == note
    assert wording in finding.message
    assert "the specification leaves" in finding.message


def test_a_spec_conforming_reading_fails_nothing(other_readings: RunResult) -> None:
    assert not other_readings.failed
    assert [f.rule_id for f in other_readings.findings if f.verdict is Verdict.FAIL] == []
    passed = {f.rule_id for f in other_readings.findings if f.verdict is Verdict.PASS}
    assert {"RUN-030", "RUN-034", "RUN-024", "VOICE-020"} <= passed


def test_the_recommended_reading_passes_the_note_based_checks(serve_fake: ServeFake, fake_token: str) -> None:
    result = _run(serve_fake, fake_token, set(), "run_cancel", "voice_usage")
    assert _one(result, "RUN-031").verdict is Verdict.PASS
    assert _one(result, "VOICE-022").verdict is Verdict.PASS


def test_the_terminal_shows_the_basis_of_a_warning(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake(frozenset({"usage-open-after-final"})) as origin:
        code, output = _cli("run", origin, "--token", fake_token, "--only", "VOICE-022")
    assert code == EXIT_PASS, output
    assert "basis: note N-11" in output
    assert "request: POST voiceUsage http://127.0.0.1:" in output


# -- authentication on every endpoint that needs a token ----------------------------------------------------


@pytest.mark.parametrize("route", sorted(ROUTES))
@pytest.mark.slow
def test_skipping_the_bearer_check_on_any_endpoint_fails(
    serve_fake: ServeFake, fake_token: str, route: str
) -> None:
    method, endpoint = ROUTES[route]
    result = _run(serve_fake, fake_token, {f"AUTH-017:{route}"}, "unauthorized_without_token")
    finding = _one(result, "AUTH-017")
    assert finding.verdict is Verdict.FAIL, finding.message
    assert f"{method} {endpoint}" in finding.message
    assert (finding.evidence.method, finding.evidence.endpoint) == (method, endpoint)
    assert result.failed


def test_a_server_checking_every_token_passes(serve_fake: ServeFake, fake_token: str) -> None:
    result = _run(serve_fake, fake_token, set(), "unauthorized_without_token")
    assert {f.verdict for f in result.findings} == {Verdict.PASS}


# -- a crash of a check is the suite's error; a run that tests nothing is no pass ---------------------------


def _crashing(ctx: CheckContext) -> None:
    """A check with a bug."""
    raise RuntimeError("check bug")


@pytest.fixture
def crashing_check(monkeypatch: pytest.MonkeyPatch) -> CheckSpec:
    spec = CheckSpec(name="crashing", section="status", rules=("STAT-001",), function=_crashing)

    def select(only: object = ()) -> tuple[list[CheckSpec], None]:
        return [spec], None

    monkeypatch.setattr(runner_module, "select", select)
    return spec


def test_a_crash_is_an_error_of_the_suite_and_exits_2(
    fake: str, fake_token: str, crashing_check: CheckSpec
) -> None:
    result = run_suite(fake, token=fake_token, rules=load_rules(), checks=[crashing_check])
    finding = _one(result, "STAT-001")
    assert finding.verdict is Verdict.ERROR
    assert "RuntimeError: check bug" in finding.message
    assert result.errored
    assert not result.failed
    code, output = _cli("run", fake, "--token", fake_token)
    assert code == EXIT_CANNOT_RUN, output
    assert "suite error" in output
    assert "FAILED" not in output


def test_a_run_where_every_check_skipped_exits_2(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake(frozenset({"no-test-mode"})) as origin:
        code, output = _cli("run", origin, "--token", fake_token, "--only", "testmode")
    assert code == EXIT_CANNOT_RUN, output
    assert "nothing was tested" in output


# -- the terminal names the request, and a schema failure the member at fault -------------------------------


def test_the_terminal_names_the_request_behind_a_failure(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake(frozenset({"ERR-001"})) as origin:
        code, output = _cli("run", origin, "--token", fake_token, "--only", "errors")
    assert code == 1, output
    assert "ERR-001 (MUST, basis: specification" in output
    assert "request: GET thread http://127.0.0.1:" in output
    assert "→ 404" in output


def test_a_schema_failure_names_the_member_path(serve_fake: ServeFake, fake_token: str) -> None:
    result = _run(serve_fake, fake_token, {"schema:card-tone"}, "run_stream_lifecycle")
    failures = [f for f in result.findings if f.verdict is Verdict.FAIL]
    assert failures
    assert failures[0].evidence.member == "$.value.blocks[0].tone"
    assert "$.value.blocks[0].tone: 'loud' is not one of" in failures[0].message
    assert "any of the given schemas" not in failures[0].message
    assert (failures[0].evidence.method, failures[0].evidence.endpoint) == ("POST", "run")


def test_text_only_in_chunks_is_a_text_problem_a_client_of_the_table_cannot_read() -> None:
    from talkie_conformance.lifecycle import analyze

    stream = [
        {"type": "RUN_STARTED", "threadId": "t_1", "runId": "r_1"},
        {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m_1", "role": "assistant", "delta": "Dobrý "},
        {"type": "TEXT_MESSAGE_CHUNK", "delta": "den"},
        {"type": "RUN_FINISHED", "threadId": "t_1", "runId": "r_1"},
    ]
    problems = analyze(stream)
    assert [(p.kind, p.index) for p in problems] == [("text", 1)]
    assert "TEXT_MESSAGE_CHUNK" in problems[0].message
    assert "line 172" in problems[0].message
    triple = [
        stream[0],
        {"type": "TEXT_MESSAGE_START", "messageId": "m_1", "role": "assistant"},
        {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m_1", "delta": "Dobrý den"},
        {"type": "TEXT_MESSAGE_END", "messageId": "m_1"},
        {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m_1", "delta": ""},  # no text in it: ignorable
        stream[-1],
    ]
    assert analyze(triple) == []
