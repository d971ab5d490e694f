"""The client suite's guide says what the suite does: its scenario table is the registry, its adapter table
the kinds the suite reads, and its command lines parse with the real CLI."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import yaml
from click.testing import CliRunner
from talkie_mock import cli
from talkie_mock.clientsuite.appmode import API_PATH
from talkie_mock.clientsuite.observe import KINDS
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.situations import MANIFEST_PATH, PREFIX, Origins

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "client-suite.md"


def _rows(first_header: str) -> list[list[str]]:
    text = GUIDE.read_text(encoding="utf-8")
    table = text[text.index(f"| {first_header} |") :].split("\n\n", 1)[0].splitlines()[2:]
    return [[cell.strip() for cell in row.strip("|").split(" | ")] for row in table]


def test_the_scenario_table_is_the_registry() -> None:
    rows = {row[0].strip("`"): set(row[2].split(", ")) for row in _rows("scenario")}
    assert rows == {name: {check.rule for check in s.checks} for name, s in SCENARIOS.items()}


def test_the_adapter_table_lists_the_kinds_the_suite_reads() -> None:
    assert {row[0].strip("`") for row in _rows("`kind`")} == KINDS


def test_the_guide_command_lines_parse_with_the_real_cli() -> None:
    lines = [
        line
        for line in GUIDE.read_text(encoding="utf-8").splitlines()
        if line.startswith("talkie-mock clients ")
    ]
    assert lines
    for line in lines:
        words = shlex.split(line)[1:]
        result = CliRunner().invoke(cli.main, [*words, "--help"], terminal_width=200)
        assert result.exit_code == 0, result.output
        for flag in re.findall(r"(--[a-z][a-z-]*)", line):
            assert flag in result.output, flag


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)


def _talkie_mock_lines() -> list[str]:
    """Every `talkie-mock` command the guide prints: in its shell blocks and in its CI job's `run` steps."""
    lines = [line.strip() for block in _blocks("sh") for line in block.splitlines()]
    for block in _blocks("yaml"):
        for job in yaml.safe_load(block)["jobs"].values():
            lines += [str(step["run"]).strip() for step in job["steps"] if "run" in step]
    return [line for line in lines if line.startswith("talkie-mock ")]


def test_every_talkie_mock_command_of_the_guide_parses_with_the_real_cli() -> None:
    lines = _talkie_mock_lines()
    assert any(line.startswith("talkie-mock clients run ") and "--junit" in line for line in lines)
    assert any(line.startswith("talkie-mock report") for line in lines)
    assert any(line.startswith("talkie-mock serve") for line in lines)
    for line in lines:
        words = shlex.split(line)[1:]
        command: click.Command = cli.main
        while isinstance(command, click.Group):
            command = command.commands[words.pop(0)]
        # parsed as the shell would hand it over: an unknown option or a bad value raises a UsageError
        with command.make_context(command.name, words) as context:
            assert context.params


def test_the_ci_job_is_a_github_actions_workflow_that_keeps_its_reports() -> None:
    (block,) = _blocks("yaml")
    workflow = yaml.safe_load(block)
    steps = workflow["jobs"]["clients"]["steps"]
    assert workflow["jobs"]["clients"]["runs-on"]
    assert all(("uses" in step) != ("run" in step) for step in steps)
    suite = next(step for step in steps if "clients run" in str(step.get("run", "")))
    kept = next(step for step in steps if str(step.get("uses", "")).startswith("actions/upload-artifact@"))
    assert kept["if"] == "always()"
    for flag in ("--junit", "--report"):
        written = shlex.split(suite["run"])[shlex.split(suite["run"]).index(flag) + 1]
        assert written in kept["with"]["path"].split()


def test_the_ui_tests_point_the_app_at_a_scenario_of_the_registry() -> None:
    """The Swift and Kotlin samples build the manifest URL the mock serves (`Origins.manifest_url`) and name
    scenarios that exist; their brackets balance."""
    template = f"{PREFIX}/{{scenario}}/{MANIFEST_PATH}"
    for language, launched, url in (
        ("swift", r'launch\(scenario: "([a-z0-9-]+)"\)', r"\\\(scenario\)"),
        ("kotlin", r'launch\("([a-z0-9-]+)"\)', r"\$scenario"),
    ):
        (block,) = _blocks(language)
        assert re.search(re.escape(template).replace(re.escape("{scenario}"), url), block), language
        names = re.findall(launched, block)
        assert names, language
        assert set(names) <= set(SCENARIOS), (language, names)
        code = re.sub(r"//[^\n]*", "", re.sub(r'"(?:[^"\\]|\\.)*"', '""', block))
        for left, right in ("()", "{}", "[]"):
            assert code.count(left) == code.count(right), (language, left)
    assert Origins("http://127.0.0.1:8765", "", "", "").manifest_url("plain-run") == (
        "http://127.0.0.1:8765" + template.replace("{scenario}", "plain-run")
    )


def test_the_guide_names_the_clients_api_of_app_mode() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert f"GET {API_PATH}" in text
    assert f"DELETE {API_PATH}" in text
