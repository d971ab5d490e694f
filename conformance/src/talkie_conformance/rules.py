"""The rule catalogue (`spec/rules.yaml`): every rule the suite can report on, with its level and side.

Looked up in this order: an explicit path, `$TALKIE_RULES`, the repository's `spec/rules.yaml` (editable
installs and CI clones), then the catalogue talkie-models ships (installed wheels). Parsing and the `Rule`
type are `talkie_models.rules`'; this module adds what the suite needs on top: severities, the name reports
give the catalogue (its protocol and version, never a path of the machine that ran them), and its own error
type.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from talkie_models import rules as contract_rules
from talkie_models.rules import LEVELS, RuleCatalogueError

from talkie_conformance.errors import RulesError
from talkie_conformance.findings import Severity, severity_for

__all__ = ["LEVELS", "Rule", "RuleCatalogue", "default_rules", "load_rules", "load_rules_text"]


@dataclass(frozen=True)
class Rule(contract_rules.Rule):
    """One normative statement of talkie/1 (the shared `talkie_models.rules.Rule`) with its severity."""

    @classmethod
    def of(cls, rule: contract_rules.Rule) -> Rule:
        """The suite's view of a shared rule (the same fields)."""
        if isinstance(rule, cls):
            return rule
        return cls(**{field.name: getattr(rule, field.name) for field in fields(rule)})

    @property
    def severity(self) -> Severity:
        """Severity of a violation of this rule: its level, at most a warning when a note adds the rule."""
        return severity_for(self)


class RuleCatalogue(Mapping[str, Rule]):
    """Rules by ID, in catalogue order."""

    def __init__(self, rules: Iterable[contract_rules.Rule], source: str, name: str = "") -> None:
        self._rules = {rule.id: Rule.of(rule) for rule in rules}
        self.source = source
        self.name = name or "talkie/1 rules"

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


def _repo_rules() -> Path | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "spec" / "rules.yaml"
        if candidate.is_file():
            return candidate
    return None


def catalogue_name(data: Any) -> str:
    """How reports name a catalogue: ``talkie/1 rules, catalogue sha256:1a2b3c4d5e6f``.

    The version is the digest of the catalogue's content (the same for the YAML and the packaged JSON), so
    two reports name the same catalogue alike on any machine, and a changed catalogue differently.
    """
    protocol = data.get("catalogue") if isinstance(data, Mapping) else None
    canonical = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]
    return f"{protocol if isinstance(protocol, str) else 'talkie/1'} rules, catalogue sha256:{digest}"


def load_rules_text(text: str, source: str = "<text>") -> RuleCatalogue:
    """Parse a catalogue from YAML text (used by tests and by the loaders below)."""
    try:
        data = yaml.safe_load(text)
        rules = contract_rules.parse(data, source)
    except yaml.YAMLError as exc:
        raise RulesError(f"{source}: not valid YAML: {exc}") from exc
    except RuleCatalogueError as exc:
        raise RulesError(str(exc)) from exc
    return RuleCatalogue(rules.values(), source, catalogue_name(data))


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
    try:
        packaged = contract_rules.catalogue()
        text = (resources.files("talkie_models") / "data" / "spec" / "rules.json").read_text(encoding="utf-8")
    except (OSError, RuleCatalogueError) as exc:
        raise RulesError(
            f"no usable rule catalogue: set TALKIE_RULES or reinstall talkie-models ({exc})"
        ) from exc
    return RuleCatalogue(packaged.values(), contract_rules.PACKAGED, catalogue_name(json.loads(text)))


@lru_cache(maxsize=1)
def default_rules() -> RuleCatalogue:
    """The catalogue the CLI and the plugin use (loaded once per process)."""
    return load_rules()
