"""`talkie-mock serve --break RULE-ID`: the switch itself (the verdicts are in test_conformance_suite), and
RUN-015's break, whose text only in chunks also starves the checks that read text (here: RUN-015 is named)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from click.testing import CliRunner
from talkie_conformance.findings import Verdict
from talkie_conformance.rules import load_rules
from talkie_conformance.runner import run_suite, select
from talkie_mock.cli import main as mock_main
from talkie_mock.devtools.breaks import BreakError, check_breaks, other_origin

StartMock = Callable[..., AbstractContextManager[str]]


def test_unknown_break_is_a_usage_error() -> None:
    result = CliRunner().invoke(mock_main, ["serve", "--break", "XYZ-001", "--port", "0"])
    assert result.exit_code == 2
    assert "XYZ-001" in result.output
    assert "RUN-014" in result.output


def test_breaks_are_normalised_and_checked() -> None:
    assert check_breaks([" run-014", "RUN-014", "err-001"]) == ("RUN-014", "ERR-001")
    with pytest.raises(BreakError):
        check_breaks(["MAN-001"])


def test_other_origin_reaches_the_same_loopback_server() -> None:
    assert other_origin("http://127.0.0.1:8765") == "http://localhost:8765"
    assert other_origin("http://localhost:8765") == "http://127.0.0.1:8765"


@pytest.mark.slow
def test_text_only_in_chunks_fails_run_015(start_mock: StartMock, mock_token: str) -> None:
    """`--break RUN-015` sends assistant text only as TEXT_MESSAGE_CHUNK, which a client of §5's table skips
    (line 172): `--only runs` fails the server naming RUN-015, at the run stream that carried the chunks."""
    with start_mock(("RUN-015",)) as origin:
        result = run_suite(
            origin, token=mock_token, rules=load_rules(), checks=select(["runs"])[0], rule_filter=None
        )
    failing = [f for f in result.findings if f.verdict is Verdict.FAIL and f.rule_id == "RUN-015"]
    assert failing, [f"{f.rule_id}: {f.message}" for f in result.findings if f.verdict is Verdict.FAIL]
    assert "TEXT_MESSAGE_CHUNK" in failing[0].message
    assert failing[0].evidence.request_line(), "the failure names the request behind it"
    assert result.failed


@pytest.mark.slow
def test_the_healthy_mock_passes_run_015(start_mock: StartMock, mock_token: str) -> None:
    with start_mock() as origin:
        result = run_suite(origin, token=mock_token, rules=load_rules(), checks=select(["RUN-015"])[0])
    verdicts = {f.verdict for f in result.findings if f.rule_id == "RUN-015"}
    assert verdicts == {Verdict.PASS}
