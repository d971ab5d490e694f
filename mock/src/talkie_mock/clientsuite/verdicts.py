"""A suite run's results: one verdict per check, its severity the rule's own (a failure only where the rule
may fail a client: a MUST or MUST NOT of the specification; otherwise a warning naming its basis)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from talkie_models.rules import rule

from talkie_mock.clientsuite.base import Check, Outcome

Verdict = Literal["pass", "fail", "warn", "skip"]


@dataclass(frozen=True)
class Result:
    scenario: str
    rule: str
    title: str
    verdict: Verdict
    detail: str
    level: str
    basis: str


def result(scenario: str, check: Check, outcome: Outcome) -> Result:
    known = rule(check.rule)
    verdict: Verdict = outcome.status
    if outcome.status == "fail" and not known.may_fail:
        verdict = "warn"
    return Result(scenario, check.rule, check.title, verdict, outcome.detail, known.level, known.basis)


@dataclass(frozen=True)
class ScenarioRun:
    """One scenario as it ran: the command's ending and the verdicts of its checks."""

    name: str
    summary: str
    url: str
    deadline: float
    exit_code: int | None
    timed_out: bool
    seconds: float
    results: tuple[Result, ...]
    stderr_tail: str = ""


@dataclass
class SuiteRun:
    command: str
    scenarios: list[ScenarioRun] = field(default_factory=list)

    def results(self) -> list[Result]:
        return [r for s in self.scenarios for r in s.results]

    def count(self, verdict: Verdict) -> int:
        return sum(1 for r in self.results() if r.verdict == verdict)

    @property
    def failed(self) -> bool:
        return self.count("fail") > 0
