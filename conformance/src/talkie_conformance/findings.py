"""Findings: one verdict about one rule, with the evidence that justifies it."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Verdict(StrEnum):
    """Outcome of checking one rule against the server."""

    PASS = "pass"
    FAIL = "fail"
    WARN = "warn"
    SKIP = "skip"


class Severity(StrEnum):
    """How much a violated rule matters, derived from its RFC 2119 level."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


def severity_for_level(level: str) -> Severity:
    """MUST / MUST NOT break conformance; SHOULD / SHOULD NOT only warn; MAY is informational."""
    normalized = level.upper().strip()
    if normalized.startswith("MUST") or normalized in {"REQUIRED", "SHALL", "SHALL NOT"}:
        return Severity.ERROR
    if normalized.startswith("SHOULD") or normalized in {"RECOMMENDED", "NOT RECOMMENDED"}:
        return Severity.WARNING
    return Severity.INFO


EXCERPT_LIMIT = 2000


def excerpt(text: str | bytes | None, limit: int = EXCERPT_LIMIT) -> str | None:
    """Cut evidence to a readable size so reports stay small even for large responses."""
    if text is None:
        return None
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if len(text) <= limit:
        return text
    return text[:limit] + f"… [{len(text) - limit} more characters]"


@dataclass
class Evidence:
    """What the suite sent and saw when it reached its verdict."""

    request: str | None = None
    response: str | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    def is_empty(self) -> bool:
        """True when there is nothing worth printing."""
        return self.request is None and self.response is None and not self.events

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form used by the JSON report and the baseline."""
        return {"request": self.request, "response": self.response, "events": list(self.events)}


@dataclass
class Finding:
    """One verdict about one rule, produced by one check."""

    rule_id: str
    check: str
    section: str
    level: str
    verdict: Verdict
    message: str = ""
    evidence: Evidence = field(default_factory=Evidence)
    duration: float = 0.0
    accepted: bool = False  # a failure listed in the baseline: reported, but not counted

    @property
    def severity(self) -> Severity:
        """Severity comes from the rule's level, never from the check."""
        return severity_for_level(self.level)

    @property
    def counts_as_failure(self) -> bool:
        """A failure that the baseline does not accept makes the run fail."""
        return self.verdict is Verdict.FAIL and not self.accepted

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form used by the JSON report."""
        return {
            "rule": self.rule_id,
            "check": self.check,
            "section": self.section,
            "level": self.level,
            "severity": self.severity.value,
            "verdict": self.verdict.value,
            "accepted": self.accepted,
            "message": self.message,
            "durationSeconds": round(self.duration, 4),
            "evidence": self.evidence.to_dict(),
        }
