"""The README promises a fresh machine exactly two set-up commands, and CI runs the same test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _fresh_machine_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Fresh machine", 1)[1].split("\n## ", 1)[0]
    setup = section.split("`serve` prints", 1)[0]  # the part before the "try it" walk-through
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", setup, flags=re.S)]


def test_readme_has_exactly_the_two_fresh_machine_commands() -> None:
    assert _fresh_machine_commands() == ["python3 dev.py serve", "python3 dev.py test"]


def test_ci_runs_the_readme_test_command() -> None:
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    lines = [line.strip() for line in script.splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert commands[-1] == _fresh_machine_commands()[1]
