"""Every client rule scored from what an app did in app mode: pass, fail, warn, not exercised or not
observable, each judged by the checks of the scenarios that judge the rule (`catalogue.coverage`).

A scenario the app never asked for (no request reached its origin) leaves its checks not exercised; a fail
is a failure only where the rule may fail a client (`verdicts.result`), otherwise a warning. A rule judged
by several scenarios takes the worst of them: fail, then warn, then pass, then not exercised. A rule no
scenario judges is not observable, with the catalogue's reason. The text form is written for a terminal:
whatever came from the app passes through `printable`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from talkie_mock.clientsuite.base import Check, Outcome
from talkie_mock.clientsuite.catalogue import coverage
from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.runner import judged
from talkie_mock.clientsuite.scenarios import SCENARIOS
from talkie_mock.clientsuite.verdicts import Result, result
from talkie_mock.devtools.terminal import printable

Status = Literal["pass", "fail", "warn", "not exercised", "not observable"]
STATUSES: tuple[Status, ...] = ("fail", "warn", "pass", "not exercised", "not observable")
"""Worst first: the order a rule's scenarios are combined in and the report lists them in."""
_OF_VERDICT: Mapping[str, Status] = {"fail": "fail", "warn": "warn", "pass": "pass", "skip": "not exercised"}
NOT_ASKED = "not exercised: the app never asked for this scenario's manifest URL"


@dataclass(frozen=True)
class RuleScore:
    rule: str
    level: str
    section: str
    statement: str
    status: Status
    scenarios: tuple[str, ...]
    detail: str
    """Why the rule has its status: the deciding check's detail, or why no scenario judges it."""


@dataclass(frozen=True)
class Scores:
    results: tuple[Result, ...]
    rules: tuple[RuleScore, ...]

    def count(self, status: Status) -> int:
        return sum(1 for r in self.rules if r.status == status)

    @property
    def failed(self) -> bool:
        return self.count("fail") > 0


def _outcome(record: Record, check: Check, person: tuple[str, ...]) -> Outcome:
    if not record.seen("scenario"):
        return Outcome("skip", NOT_ASKED)
    try:
        # a gesture the UI test said the app cannot make leaves the scenario not exercised, as in command mode
        return judged(check, record, record.unable(person))
    except (ValueError, KeyError, TypeError, AttributeError, IndexError):
        # what the app sent is the app's; a check that cannot read it judges nothing rather than answer 500
        return Outcome("skip", "not exercised: the check could not read what the app sent")


def judge(records: Mapping[str, Record]) -> Scores:
    """Every check of every scenario on its record, and each client rule's score."""
    results = tuple(
        result(name, check, _outcome(records.get(name) or Record(), check, scenario.person))
        for name, scenario in SCENARIOS.items()
        for check in scenario.checks
    )
    rules: list[RuleScore] = []
    for row in coverage():
        mine = [r for r in results if r.rule == row.rule.id]
        if not mine:
            status: Status = "not observable"
            detail = row.reason
        else:
            status = min((_OF_VERDICT[r.verdict] for r in mine), key=STATUSES.index)
            deciding = next(r for r in mine if _OF_VERDICT[r.verdict] == status)
            detail = f"{deciding.scenario}: {deciding.detail}"
        known = row.rule
        rules.append(
            RuleScore(known.id, known.level, known.section, known.statement, status, row.scenarios, detail)
        )
    return Scores(results, tuple(rules))


def as_json(scores: Scores) -> dict[str, Any]:
    return {
        "summary": {status: scores.count(status) for status in STATUSES},
        "rules": [asdict(r) for r in scores.rules],
        "results": [asdict(r) for r in scores.results],
    }


def summary_line(summary: Mapping[str, int]) -> str:
    words = ("passed", "failed", "warnings", "not exercised", "not observable")
    counts = (summary.get(s, 0) for s in ("pass", "fail", "warn", "not exercised", "not observable"))
    return ", ".join(f"{count} {word}" for count, word in zip(counts, words, strict=True))


def as_text(data: Mapping[str, Any]) -> str:
    """The client rules' scores of `GET /_mock/api/clients` (its JSON), for a terminal."""
    rules: list[dict[str, Any]] = [r for r in data.get("rules", []) if isinstance(r, dict)]
    scenarios = [s for s in data.get("scenarios", []) if isinstance(s, dict)]
    asked = sum(1 for s in scenarios if s.get("requests"))
    if not asked:
        return (
            f"Client rules: the app asked for none of the {len(scenarios)} scenarios of the client suite "
            "(app mode: point it at a scenario's manifest URL, listed in the inspector's Client suite panel)."
        )
    lines = [
        f"Client rules, judged by the scenarios on what the app did ({asked} of {len(scenarios)} scenarios "
        "asked for):",
        "",
    ]
    order: dict[str, int] = {status: number for number, status in enumerate(STATUSES)}
    for r in sorted(rules, key=lambda r: order.get(str(r.get("status")), len(order))):
        status = str(r.get("status", "")).upper()
        lines.append(
            printable(f"{status:15} {r.get('rule', ''):10} {r.get('level', ''):10} {r.get('detail', '')}")
        )
    lines += ["", f"{len(rules)} client rules: {summary_line(data.get('summary', {}))}"]
    return "\n".join(lines)
