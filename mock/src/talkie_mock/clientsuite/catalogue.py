"""Which client rule a scenario judges, and why no scenario can judge the others: the rule list is the
catalogue's (talkie_models.rules), the scenarios the registry's; this module only joins them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from talkie_models.rules import Rule, catalogue

from talkie_mock.clientsuite.scenarios import SCENARIOS


@dataclass(frozen=True)
class Coverage:
    rule: Rule
    scenarios: tuple[str, ...]
    reason: str
    """Why no scenario judges the rule (empty when one does)."""


def client_rules() -> list[Rule]:
    """Every rule that binds a client (side client or both), in catalogue order."""
    return [r for r in catalogue().values() if r.side in ("client", "both")]


def coverage() -> list[Coverage]:
    judged: dict[str, list[str]] = {}
    for scenario in SCENARIOS.values():
        for check in scenario.checks:
            names = judged.setdefault(check.rule, [])
            if scenario.name not in names:
                names.append(scenario.name)
    rows: list[Coverage] = []
    for known in client_rules():
        found = tuple(judged.get(known.id, []))
        if found:
            reason = ""
        elif known.testable == "untestable":
            reason = f"not observable: {known.why}"
        elif known.testable == "black-box":
            reason = "judged of servers by talkie-conformance; the client's half has no scenario yet"
        else:
            reason = f"no scenario: {known.why}"
        rows.append(Coverage(known, found, reason))
    return rows


def listing() -> list[dict[str, Any]]:
    """Every client rule with its scenarios or why none judges it: what `clients list --json` prints and the
    site's client checklist shows."""
    return [
        {
            "rule": row.rule.id,
            "section": row.rule.section,
            "level": row.rule.level,
            "statement": row.rule.statement,
            "scenarios": list(row.scenarios),
            "reason": row.reason,
        }
        for row in coverage()
    ]


def selected(only: tuple[str, ...]) -> dict[str, set[str]] | None:
    """The checks `--only` keeps, as rule IDs per scenario; None keeps all. An item is a rule ID (MAN-004), a
    section (1, §2.1, 5) or a scenario name; a ValueError names an item that selects nothing."""
    if not only:
        return None
    picked: dict[str, set[str]] = {}
    for item in only:
        key = item.strip().removeprefix("§")
        hit = False
        for scenario in SCENARIOS.values():
            for check in scenario.checks:
                known = catalogue()[check.rule]
                if (
                    key in (check.rule, scenario.name)
                    or known.section == key
                    or known.section.startswith(key + ".")
                ):
                    picked.setdefault(scenario.name, set()).add(check.rule)
                    hit = True
        if not hit:
            raise ValueError(f"--only {item!r} selects no scenario (a rule ID, a section or a scenario name)")
    return picked
