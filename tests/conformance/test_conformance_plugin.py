"""The pytest plugin turns each check into a test; without --talkie-url it adds nothing."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from talkie_conformance.runner import all_checks

ServeFake = Callable[..., AbstractContextManager[str]]


def test_plugin_runs_checks_as_tests(pytester: pytest.Pytester, fake: str, fake_token: str) -> None:
    result = pytester.runpytest_inprocess(
        "--talkie-url",
        fake,
        "--talkie-token",
        fake_token,
        "--talkie-only",
        "manifest",
        "-q",
        "-p",
        "no:cacheprovider",
    )
    # One test per check of the section: the fake server keeps every manifest rule.
    result.assert_outcomes(passed=sum(1 for spec in all_checks() if spec.section == "manifest"))


def test_plugin_fails_the_check_of_a_broken_rule(
    pytester: pytest.Pytester, serve_fake: ServeFake, fake_token: str
) -> None:
    with serve_fake({"ERR-001"}) as origin:
        result = pytester.runpytest_inprocess(
            "--talkie-url",
            origin,
            "--talkie-token",
            fake_token,
            "--talkie-only",
            "errors",
            "-q",
            "-p",
            "no:cacheprovider",
        )
    # and the checks of two users skip: one token
    result.assert_outcomes(failed=4, skipped=sum(1 for spec in all_checks() if "ERR-014" in spec.rules))
    result.stdout.fnmatch_lines(["*ERR-001 (MUST, basis: specification*", "*request: * → *"])


def test_plugin_takes_a_second_token_and_fails_a_leak_between_users(
    pytester: pytest.Pytester, serve_fake: ServeFake, fake_token: str, fake_other_token: str
) -> None:
    with serve_fake({"ERR-014"}) as origin:
        result = pytester.runpytest_inprocess(
            *("--talkie-url", origin, "--talkie-token", fake_token, "--talkie-token", fake_other_token),
            *("--talkie-only", "ERR-014", "-q", "-p", "no:cacheprovider"),
        )
    result.assert_outcomes(failed=sum(1 for spec in all_checks() if "ERR-014" in spec.rules))
    result.stdout.fnmatch_lines(["*ERR-014 (MUST*", "*the other user got HTTP 200*"])


def test_plugin_is_silent_without_a_url(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_nothing():\n    assert True\n")
    result = pytester.runpytest_inprocess("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
