"""The rule catalogue (`spec/rules.yaml`): every rule the suite can report on, with its level and side.

Looked up in this order: an explicit path, `$TALKIE_RULES`, the repository's `spec/rules.yaml` (editable
installs and CI clones), then the copy shipped as package data (installed wheels).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from talkie_conformance.errors import RulesError
from talkie_conformance.findings import Severity, severity_for_level

LEVELS = ("MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY")


@dataclass(frozen=True)
class Rule:
    """One normative statement of talkie/1."""

    id: str
    section: str
    level: str
    side: str
    statement: str
    testable: str
    why: str = ""

    @property
    def severity(self) -> Severity:
        """Severity of a violation of this rule."""
        return severity_for_level(self.level)

    @property
    def black_box(self) -> bool:
        """Whether a client that only talks HTTP to the server can test it."""
        return self.testable == "black-box"


class RuleCatalogue(Mapping[str, Rule]):
    """Rules by ID, in catalogue order."""

    def __init__(self, rules: list[Rule], source: str) -> None:
        self._rules = {rule.id: rule for rule in rules}
        self.source = source

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def level(self, rule_id: str) -> str:
        """The RFC 2119 level of a rule (MUST, SHOULD, …)."""
        return self._rules[rule_id].level

    def black_box(self) -> list[Rule]:
        """Rules a black-box suite is expected to test."""
        return [rule for rule in self._rules.values() if rule.black_box]


def _parse(data: Any, source: str) -> RuleCatalogue:
    entries = data.get("rules") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        raise RulesError(f"{source}: expected a list of rules (or a mapping with a 'rules' list)")
    rules: list[Rule] = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise RulesError(f"{source}: rule #{index} is not a mapping")
        try:
            rule = Rule(
                id=str(entry["id"]),
                section=str(entry.get("section", "")),
                level=str(entry["level"]).upper(),
                side=str(entry.get("side", "server")),
                statement=str(entry.get("statement", "")).strip(),
                testable=str(entry.get("testable", "black-box")),
                why=str(entry.get("why", "")).strip(),
            )
        except KeyError as exc:
            raise RulesError(f"{source}: rule #{index} lacks {exc.args[0]!r}") from exc
        if rule.level not in LEVELS:
            raise RulesError(f"{source}: rule {rule.id} has unknown level {rule.level!r}")
        rules.append(rule)
    return RuleCatalogue(rules, source)


def _repo_rules() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "spec" / "rules.yaml"
        if candidate.is_file():
            return candidate
    return None


def load_rules_text(text: str, source: str = "<text>") -> RuleCatalogue:
    """Parse a catalogue from YAML text (used by tests and by the loaders below)."""
    return _parse(yaml.safe_load(text), source)


def load_rules(path: str | Path | None = None) -> RuleCatalogue:
    """Load the catalogue from the first place that has one (see the module docstring)."""
    explicit = path or os.environ.get("TALKIE_RULES")
    if explicit:
        file = Path(explicit)
        if not file.is_file():
            raise RulesError(f"rule catalogue not found: {file}")
        return load_rules_text(file.read_text(encoding="utf-8"), str(file))
    repo = _repo_rules()
    if repo is not None:
        return load_rules_text(repo.read_text(encoding="utf-8"), str(repo))
    packaged = resources.files("talkie_conformance").joinpath("data/rules.yaml")
    if packaged.is_file():
        return load_rules_text(packaged.read_text(encoding="utf-8"), "talkie_conformance/data/rules.yaml")
    raise RulesError("no rule catalogue: set TALKIE_RULES or install talkie-conformance with its data")


@lru_cache(maxsize=1)
def default_rules() -> RuleCatalogue:
    """The catalogue the CLI and the plugin use (loaded once per process)."""
    return load_rules()
