"""The client suite's guide says what the suite does: its scenario table is the registry, its adapter table
the kinds the suite reads, and its command lines parse with the real CLI."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner
from talkie_mock import cli
from talkie_mock.clientsuite.observe import KINDS
from talkie_mock.clientsuite.scenarios import SCENARIOS

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
