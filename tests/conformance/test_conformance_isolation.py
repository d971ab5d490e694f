"""Two identities: a server that shows one user's threads, actions or runs to another fails with ERR-014; the
mock keeps its users apart; one identity (or two tokens of one user) skips and says why. An authorization
server that redirects to any `redirect_uri` fails AUTH-025."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from talkie_conformance.checking import Options
from talkie_conformance.cli import EXIT_FINDINGS, main
from talkie_conformance.findings import Verdict
from talkie_conformance.oauth import OAuthConfig
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import RunResult, run_suite, select

pytestmark = pytest.mark.slow  # a mock subprocess and slow test runs

ServeFake = Callable[..., AbstractContextManager[str]]
StartMock = Callable[..., AbstractContextManager[str]]
ISOLATION = ("isolation_threads_and_actions", "isolation_run_cancel", "isolation_voice")


def _findings(path: Path) -> list[dict[str, Any]]:
    findings: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["findings"]
    return findings


def _isolation(result: RunResult) -> list[str]:
    """`verdict rule origin: message` of every isolation finding."""
    return [
        f"{f.outcome.value} {f.rule_id} {f.origin}: {f.message}"
        for f in result.findings
        if f.origin in ISOLATION
    ]


def test_a_server_that_leaks_between_users_fails_err_014(
    serve_fake: ServeFake, fake_token: str, fake_other_token: str, tmp_path: Path
) -> None:
    """The fake's ERR-014 break lets a second user see and touch everything of the first."""
    report = tmp_path / "report.json"
    with serve_fake(frozenset({"ERR-014"})) as origin:
        result = CliRunner().invoke(
            main,
            [
                "run",
                origin,
                "--token",
                fake_token,
                "--token",
                fake_other_token,
                "--only",
                "ERR-014",
                "--report",
                str(report),
            ],
        )
    assert result.exit_code == EXIT_FINDINGS, result.output
    failed = [f for f in _findings(report) if f["verdict"] == "fail"]
    assert {f["rule"] for f in failed} == {"ERR-014"}
    messages = " ".join(f["message"] for f in failed)
    assert "GET threads of the other user lists the first user's thread" in messages
    assert "GET thread: the other user got HTTP 200" in messages
    assert "GET action: the other user got HTTP 200" in messages
    assert "run stopped after another user's cancelRun" in messages


def test_one_identity_skips_the_isolation_checks_and_says_why(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake() as origin:
        result = run_suite(origin, token=fake_token, rules=load_rules(), checks=select(["ERR-014"])[0])
    assert {f.verdict for f in result.findings} == {Verdict.SKIP}, _isolation(result)
    assert all("give a second --token" in f.message for f in result.findings)


def test_two_tokens_of_one_user_skip_and_say_so(serve_fake: ServeFake, fake_token: str) -> None:
    with serve_fake() as origin:
        result = run_suite(
            origin,
            token=fake_token,
            rules=load_rules(),
            checks=select(["ERR-014"])[0],
            options=Options(other_token=fake_token),
        )
    assert {f.verdict for f in result.findings} == {Verdict.SKIP}, _isolation(result)
    assert all("both identities are one user" in f.message for f in result.findings)


@pytest.fixture(scope="module")
def two_user_mock(start_mock: StartMock) -> Iterator[str]:
    with start_mock() as origin:
        yield origin


def test_the_mock_keeps_two_dev_users_apart(
    two_user_mock: str, mock_token: str, mock_other_token: str
) -> None:
    result = run_suite(
        two_user_mock,
        token=mock_token,
        rules=load_rules(),
        checks=select(["ERR-014"])[0],
        options=Options(other_token=mock_other_token),
    )
    verdicts = {f.origin: f.verdict for f in result.findings}
    assert verdicts["isolation_threads_and_actions"] is Verdict.PASS, _isolation(result)
    assert verdicts["isolation_run_cancel"] is Verdict.PASS, _isolation(result)
    assert verdicts.get("isolation_voice", Verdict.PASS) in {Verdict.PASS, Verdict.SKIP}, _isolation(result)


def test_the_mock_keeps_a_signed_in_user_apart_from_a_dev_user(
    start_mock: StartMock, mock_other_token: str
) -> None:
    """Signed in through OAuth (the first seeded user), with the second dev token as the other identity."""
    with start_mock(auto_approve=True) as origin:
        result = run_suite(
            origin,
            token=None,
            oauth=OAuthConfig(),
            rules=load_rules(),
            checks=select(["ERR-014", "AUTH-025"])[0],
            options=Options(other_token=mock_other_token),
        )
    problems = [line for line in _isolation(result) if not line.startswith(("pass", "skip"))]
    assert problems == []
    passed = {f.rule_id for f in result.findings if f.verdict is Verdict.PASS}
    assert {"ERR-014", "AUTH-025"} <= passed


def test_a_second_unattended_sign_in_of_the_same_user_skips(start_mock: StartMock) -> None:
    """The mock approves every unattended sign-in as its first user: the second identity is the same one."""
    with start_mock(auto_approve=True) as origin:
        result = run_suite(
            origin, token=None, oauth=OAuthConfig(), rules=load_rules(), checks=select(["ERR-014"])[0]
        )
    assert {f.verdict for f in result.findings} == {Verdict.SKIP}, _isolation(result)
    assert all("both identities are one user" in f.message for f in result.findings)


def test_an_authorization_server_that_redirects_anywhere_fails_auth_025(
    start_mock: StartMock, tmp_path: Path
) -> None:
    report = tmp_path / "report.json"
    with start_mock(auto_approve=True, oauth_faults=("any-redirect",)) as origin:
        result = CliRunner().invoke(
            main, ["run", origin, "--oauth", "--only", "AUTH-025", "--report", str(report)]
        )
    assert result.exit_code == EXIT_FINDINGS, result.output
    failed = [f for f in _findings(report) if f["verdict"] == "fail"]
    assert {f["rule"] for f in failed} == {"AUTH-025"}
    assert (
        "unregistered redirect_uri https://talkie-conformance.invalid/oauth/callback" in failed[0]["message"]
    )
    assert "altered redirect_uri" in failed[0]["message"]
