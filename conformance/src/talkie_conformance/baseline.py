"""Baseline of accepted failures: known gaps a team has decided to live with for now.

The file is JSON or YAML: `{"accepted": [{"rule": "RUN-028", "check": "optional name", "reason": "…"}]}`.
A listed failure is still reported but does not fail the run. An entry goes stale when its rule no longer
fails or is not in the catalogue; a stale entry fails the run, so the baseline only ever shrinks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from talkie_conformance.errors import ConformanceError
from talkie_conformance.findings import Finding, Severity, Verdict
from talkie_conformance.rules import RuleCatalogue


class BaselineError(ConformanceError):
    """The baseline file cannot be read."""


@dataclass(frozen=True)
class BaselineEntry:
    """One accepted failure."""

    rule: str
    check: str | None = None
    reason: str = ""

    def matches(self, finding: Finding) -> bool:
        """Whether this entry accepts that finding."""
        return finding.rule_id == self.rule and (self.check is None or finding.origin == self.check)


def load_baseline(path: str | Path) -> list[BaselineEntry]:
    """Read a baseline file."""
    file = Path(path)
    try:
        data: Any = yaml.safe_load(file.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise BaselineError(f"cannot read the baseline {file}: {exc}") from exc
    entries = data.get("accepted") if isinstance(data, dict) else data
    if not isinstance(entries, list):
        raise BaselineError(f"{file}: expected {{'accepted': [...]}}")
    parsed: list[BaselineEntry] = []
    for index, entry in enumerate(entries):
        if isinstance(entry, str):
            parsed.append(BaselineEntry(rule=entry))
        elif isinstance(entry, dict) and isinstance(entry.get("rule"), str):
            check = entry.get("check")
            parsed.append(
                BaselineEntry(
                    rule=entry["rule"],
                    check=check if isinstance(check, str) else None,
                    reason=str(entry.get("reason", "")),
                )
            )
        else:
            raise BaselineError(f"{file}: entry #{index} needs a 'rule'")
    return parsed


def apply_baseline(
    findings: list[Finding], entries: list[BaselineEntry], rules: RuleCatalogue
) -> list[Finding]:
    """The findings with accepted failures marked, followed by one failing finding per stale entry."""
    marked = list(findings)
    stale: list[Finding] = []
    for entry in entries:
        matched = [index for index, f in enumerate(marked) if entry.matches(f)]
        failing = [index for index in matched if marked[index].outcome is Verdict.FAIL]
        for index in failing:
            finding = marked[index]
            reason = entry.reason or "no reason given"
            marked[index] = finding.but(
                accepted=True, message=f"{finding.message} [accepted by the baseline: {reason}]"
            )
        problem: str | None = None
        if entry.rule not in rules:
            problem = "the baseline names a rule the catalogue does not have"
        elif matched and not failing:
            problem = "the baseline accepts a failure of this rule, but it no longer fails: remove the entry"
        if problem is not None:
            stale.append(
                Finding(
                    rule_id=entry.rule,
                    severity=Severity.ERROR,
                    message=f"stale baseline entry: {problem}",
                    origin="baseline" + (f":{entry.check}" if entry.check else ""),
                    verdict=Verdict.FAIL,
                    section="baseline",
                    level="MUST",
                )
            )
    return marked + stale
