"""The drift gate's command line: a generator it cannot find fails the check instead of passing unseen."""

from __future__ import annotations

import pytest

from codegen import __main__ as cli


def test_a_listed_generator_whose_module_is_missing_fails_the_check(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "GENERATORS", ("no_such_generator",))
    assert cli.main(["--check"]) == 2
    assert "codegen.no_such_generator" in capsys.readouterr().err


def test_a_generator_module_without_outputs_fails_the_check(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "GENERATORS", ("contract",))  # a helper module of codegen, no outputs()
    assert cli.main(["--check"]) == 2
    assert "has no outputs()" in capsys.readouterr().err
