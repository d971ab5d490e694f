"""The rule catalogue (`spec/rules.yaml`), shipped inside the package so an installed mock can name rules.

`rules.yaml` beside this module is a copy of `spec/rules.yaml` written by `python3 dev.py codegen`; the drift
check fails when the two differ. The inspector only needs the ID,
level, side and statement of each rule.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources

import yaml


@dataclass(frozen=True)
class Rule:
    id: str
    section: str
    level: str
    side: str
    statement: str


@functools.cache
def catalogue() -> dict[str, Rule]:
    """Rule ID → rule, read once from the packaged copy."""
    text = resources.files("talkie_mock").joinpath("rules.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    return {
        r["id"]: Rule(r["id"], str(r["section"]), r["level"], r["side"], r["statement"])
        for r in data["rules"]
    }


def rule(rule_id: str) -> Rule:
    """One rule; a KeyError for an unknown ID is a bug in the caller (tests check every ID used)."""
    return catalogue()[rule_id]
