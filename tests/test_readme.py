"""The README promises a fresh machine exactly two set-up commands, and CI runs the same test command."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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


def test_talkie_mock_commands_are_given_as_a_checkout_runs_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """After the two commands `talkie-mock` is in .venv/bin, not on the PATH: the README gives its commands
    through `python3 dev.py` (`dev.py mock report`, `dev.py serve --help`), and dev.py passes them on."""
    import importlib.util

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.findall(r"`talkie-mock (?:report|serve --help|serve -h)", readme) == []
    assert "`python3 dev.py mock report`" in readme
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    assert spec is not None
    assert spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    called: list[list[str]] = []
    monkeypatch.setattr(dev, "ensure_serving", lambda: None)

    def call(argv: list[str]) -> int:
        called.append(argv)
        return 0

    monkeypatch.setattr(dev.subprocess, "call", call)
    assert dev.main(["mock", "report", "--json"]) == 0
    assert dev.main(["serve", "--help"]) == 0
    assert [argv[1:] for argv in called] == [["report", "--json"], ["serve", "--help"]]
    assert all(argv[0].endswith("talkie-mock") for argv in called)
