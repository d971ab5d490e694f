"""Which rules of the catalogue the suite proves, and why the remaining black-box ones are not checked.

The coverage test keeps this honest both ways; `talkie-conformance coverage` prints it.
"""

from __future__ import annotations

from dataclasses import dataclass

from talkie_conformance.rules import RuleCatalogue
from talkie_conformance.runner import all_checks

# Black-box rules the rule checks do not prove, each with the reason (shown in the coverage report).
NOT_CHECKED: dict[str, str] = {
    "MAN-018": "MAY: leaving out auth.token is a permission; no behaviour can violate it.",
    "ERR-010": "A 429 cannot be provoked on purpose; the fuzzer's talkie_error_body check judges any "
    "it sees.",
    "ERR-012": "An unreachable provider cannot be provoked over HTTP (TEST-008 covers its RUN_ERROR form); "
    "the fuzzer's talkie_error_body check judges any 502/503 it sees.",
    "ERR-013": "Judged on every fuzzed response by the talkie_error_body check (`talkie-conformance fuzz`).",
    "RUN-006": "MAY: the server may or may not choose its own threadId; RUN-007 checks what follows from it.",
    "RUN-019": "MAY: TOOL_CALL_RESULT is optional; when sent it is validated as part of RUN-010.",
    "RUN-021": "No test message must emit talkie.open; when one appears it is validated against StreamEvent "
    "(RUN-010, and the fuzzer).",
    "RUN-023": "No test message must emit talkie.usage; when one appears it is validated against StreamEvent "
    "(RUN-010, and the fuzzer).",
    "VOICE-011": "MAY: consent words are optional; when present they are validated with the session "
    "(VOICE-002).",
    "TEST-003": "Proved by the lifecycle verdicts RUN-014 and RUN-024 on the test messages; a second verdict "
    "would blame one fault twice.",
}


@dataclass(frozen=True)
class RuleCoverage:
    """One rule: which checks prove it, or why none does."""

    rule_id: str
    level: str
    testable: str
    checks: tuple[str, ...]
    reason: str

    @property
    def status(self) -> str:
        """checked | explained | client-side | untestable | missing."""
        if self.checks:
            return "checked"
        if self.testable != "black-box":
            return self.testable
        return "explained" if self.reason else "missing"


def coverage(rules: RuleCatalogue) -> list[RuleCoverage]:
    """Every rule of the catalogue with its checks or the reason it has none."""
    by_rule: dict[str, list[str]] = {}
    for spec in all_checks():
        for rule_id in spec.rules:
            by_rule.setdefault(rule_id, []).append(spec.name)
    return [
        RuleCoverage(
            rule_id=rule.id,
            level=rule.level,
            testable=rule.testable,
            checks=tuple(by_rule.get(rule.id, ())),
            reason=NOT_CHECKED.get(rule.id, rule.why if not rule.black_box else ""),
        )
        for rule in rules.values()
    ]
