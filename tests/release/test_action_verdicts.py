"""The Action's step decides the job from the suite's verdicts: warnings are shown and never fail the job,
failures fail it, a suite that could not run fails it as such; and what a server said reaches the log only
escaped (one line, no workflow command of its own)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

STEP = Path(__file__).resolve().parents[2] / "action" / "conformance_step.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("conformance_step", STEP)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("conformance_step", module)
    spec.loader.exec_module(module)
    return module


step = _load()


def test_warnings_are_shown_and_do_not_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    warned = step.Step("run", counts={"pass": 40, "warn": 1}, problems=[("warn", "MAN-020", "advice")])
    assert step.exit_code([warned, step.Step("fuzz", counts={"pass": 1})]) == step.EXIT_PASS
    step.annotate([warned])
    assert capsys.readouterr().out == "::warning title=run MAN-020::advice\n"
    summary = step.summary("http://127.0.0.1:1", [warned], tmp_path, [])
    assert "| `talkie-conformance run` | ✅ passed | 40 | 0 | 1 | 0 | 0 |" in summary
    assert "### Warnings (not failing the job)\n" in summary
    assert "### Failures" not in summary


def test_failures_and_a_suite_that_cannot_run_fail() -> None:
    failed = step.Step("run", code=step.EXIT_FINDINGS, problems=[("fail", "RUN-004", "no RUN_STARTED")])
    broken = step.Step("fuzz", code=step.EXIT_CANNOT_RUN)
    assert step.exit_code([failed, step.Step("fuzz")]) == step.EXIT_FINDINGS
    assert step.exit_code([failed, broken]) == step.EXIT_CANNOT_RUN


def test_a_servers_text_stays_one_escaped_line(capsys: pytest.CaptureFixture[str]) -> None:
    hostile = "first\n::set-output name=status::passed\r\n100% sure"
    step.annotate([step.Step("run", code=1, problems=[("fail", "MAN-016", hostile)])])
    (line,) = capsys.readouterr().out.splitlines()
    assert line == "::error title=run MAN-016::first%0A::set-output name=status::passed%0D%0A100%25 sure"
