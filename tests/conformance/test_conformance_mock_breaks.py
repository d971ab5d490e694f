"""`talkie-mock serve --break RULE-ID`: the switch itself (the verdicts are in test_conformance_suite)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from talkie_mock.cli import main as mock_main
from talkie_mock.devtools.breaks import BreakError, check_breaks, other_origin


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
