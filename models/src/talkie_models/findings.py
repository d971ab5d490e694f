"""Findings: the one type for every judgement about a server or a client under test.

The conformance suite (its checks, the Schemathesis checks, the state machine, the pytest plugin) judges a
server; the mock's inspector judges a client. Both say the same thing: which rule of ``spec/rules.yaml`` is at
stake, how much it matters, what was wrong, and what crossed the wire. This is the third of the three error
planes: wire errors are data (``ErrorResponse``), the toolkit's own failures are exceptions
(``TalkieModelsError`` and the roots of the other distributions), and a finding is neither — it is a verdict.

How much a finding may matter follows the rule's basis: only a MUST or MUST NOT of the specification's own
text (basis ``specification`` or ``inferred``) can make a finding an error; a rule added by one of our notes,
or a SHOULD, is at most a warning that names its note; MAY is information. :func:`severity_for` encodes that
on top of ``Rule.may_fail``.

Each finding carries its law: the rule's sentence (``statement``, from the catalogue) and ``reference``, a
link to the specification's line or to the note its basis is (``basis_url``).

The suite's bookkeeping (verdict per check, duration, whether a baseline accepted the failure) rides along as
optional members; the mock leaves them at their defaults.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from talkie_models import rules as _rules

__all__ = [
    "EXCERPT_LIMIT",
    "Evidence",
    "Finding",
    "Severity",
    "Verdict",
    "basis_text",
    "basis_url",
    "excerpt",
    "severity_for",
    "severity_for_level",
]

EXCERPT_LIMIT = 2000
_NOTE_ID = re.compile(r"^N-\d{2,}$")


class Severity(StrEnum):
    """How much a finding matters: ``error`` breaks conformance, ``warning`` does not, ``info`` remarks."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Verdict(StrEnum):
    """The suite's outcome for one rule of one check.

    ``error`` is the suite's own failure (a check crashed): it is never counted against the server.
    """

    PASS = "pass"
    FAIL = "fail"
    WARN = "warn"
    SKIP = "skip"
    ERROR = "error"


_VERDICT_OF = {Severity.ERROR: Verdict.FAIL, Severity.WARNING: Verdict.WARN, Severity.INFO: Verdict.WARN}


def severity_for_level(level: str) -> Severity:
    """MUST / MUST NOT / REQUIRED are errors, SHOULD / SHOULD NOT / RECOMMENDED warnings, the rest info."""
    normalized = level.upper().strip()
    if normalized.startswith("MUST") or normalized in {"REQUIRED", "SHALL", "SHALL NOT"}:
        return Severity.ERROR
    if normalized.startswith("SHOULD") or normalized in {"RECOMMENDED", "NOT RECOMMENDED"}:
        return Severity.WARNING
    return Severity.INFO


def _note_of(basis: str | None) -> str | None:
    return basis if basis is not None and _NOTE_ID.match(basis) else None


def severity_for(rule: _rules.Rule | None) -> Severity:
    """The severity of breaking ``rule``: its level, capped at warning unless ``rule.may_fail`` (a MUST or
    MUST NOT of the specification's own text)."""
    if rule is None:
        return Severity.ERROR
    severity = severity_for_level(rule.level)
    if severity is Severity.ERROR and not rule.may_fail:
        return Severity.WARNING
    return severity


def basis_text(basis: str | None) -> str:
    """A short human label for a basis, as the terminal and the reports print it."""
    if basis is None:
        return "no rule"
    if basis == "specification":
        return "specification"
    if basis == "inferred":
        return "specification, level inferred"
    return f"note {basis}"


SITE = "https://talkie-protocol.org/"
"""The published site: the protocol text with an anchor per line, and the notes with one per note."""


def basis_url(basis: str | None, line: int) -> str:
    """Where a basis can be read: the note's anchor, or the specification's line (empty when neither)."""
    note = _note_of(basis)
    if note is not None:
        return f"{SITE}spec/notes/#{note}"
    if basis is not None and line > 0:
        return f"{SITE}reference/protocol-text/#L{line}"
    return ""


def excerpt(text: str | bytes | None, limit: int = EXCERPT_LIMIT) -> str | None:
    """Cut evidence to a readable size so reports stay small even for large bodies."""
    if text is None:
        return None
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if len(text) <= limit:
        return text
    return text[:limit] + f"… [{len(text) - limit} more characters]"


@dataclass(frozen=True)
class Evidence:
    """What crossed the wire when the finding was made. Every member is optional.

    ``endpoint`` is the manifest's endpoint key (``run``, ``decision``); ``member`` is the JSON path of the
    member at fault (``$.messages[0].cards``); ``exchange`` is the mock inspector's sequence number.
    """

    method: str | None = None
    endpoint: str | None = None
    url: str | None = None
    status: int | None = None
    request: str | None = None
    response: str | None = None
    events: tuple[Mapping[str, Any], ...] = ()
    member: str | None = None
    exchange: int | None = None

    def is_empty(self) -> bool:
        """True when there is nothing worth printing."""
        return all(value in (None, ()) for value in self.to_dict().values())

    def request_line(self) -> str | None:
        """``POST run /api/talkie/run → 401``: the request behind the finding in one line, if known."""
        if self.method is None and self.endpoint is None and self.url is None:
            return None
        parts = [part for part in (self.method, self.endpoint, self.url) if part]
        line = " ".join(parts)
        if self.status is not None:
            line += f" → {self.status}"
        return line

    def with_events(self, events: Sequence[Mapping[str, Any]]) -> Evidence:
        """A copy carrying ``events`` (the run stream seen)."""
        return replace(self, events=tuple(events))

    def to_dict(self) -> dict[str, Any]:
        """JSON form; absent members are left out."""
        data: dict[str, Any] = {
            "method": self.method,
            "endpoint": self.endpoint,
            "url": self.url,
            "status": self.status,
            "request": self.request,
            "response": self.response,
            "events": [dict(event) for event in self.events],
            "member": self.member,
            "exchange": self.exchange,
        }
        return {key: value for key, value in data.items() if value not in (None, [])}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Evidence:
        """Read back what :meth:`to_dict` wrote."""
        return cls(
            method=data.get("method"),
            endpoint=data.get("endpoint"),
            url=data.get("url"),
            status=data.get("status"),
            request=data.get("request"),
            response=data.get("response"),
            events=tuple(data.get("events") or ()),
            member=data.get("member"),
            exchange=data.get("exchange"),
        )


@dataclass(frozen=True)
class Finding:
    """One judgement about one rule.

    ``rule_id`` is None only for a remark that no rule backs (the mock's "unknown route" info). ``basis``
    is the rule's basis (``Rule.basis``: ``specification``, ``inferred`` or a note ID); ``origin`` names what
    made the finding (a check, a fuzz check, ``statemachine``, ``inspector``). ``verdict``, ``section``,
    ``level``, ``duration`` and ``accepted`` are the suite's bookkeeping: ``verdict`` defaults to what
    the severity implies. ``statement`` is the rule's sentence and ``line`` the line of the specification it
    stands on; ``reference`` links to what the finding rests on (the note, when ``basis`` is one).
    """

    rule_id: str | None
    severity: Severity
    message: str
    evidence: Evidence = field(default_factory=Evidence)
    basis: str | None = None
    origin: str = ""
    verdict: Verdict | None = None
    section: str = ""
    level: str = ""
    duration: float = 0.0
    accepted: bool = False
    statement: str = ""
    line: int = 0

    @classmethod
    def about(
        cls,
        rule_id: str | None,
        message: str,
        *,
        evidence: Evidence | None = None,
        origin: str = "",
        severity: Severity | None = None,
        verdict: Verdict | None = None,
        catalogue: Mapping[str, _rules.Rule] | None = None,
    ) -> Finding:
        """A finding about ``rule_id`` whose basis, section and level come from the rule catalogue.

        Without ``severity`` the rule decides (:func:`severity_for`); a given severity is still capped at
        warning when the rule may not fail anyone. An ID the catalogue lacks raises KeyError.
        """
        rules = catalogue if catalogue is not None else _rules.catalogue()
        rule = None
        if rule_id is not None:
            if rule_id not in rules:
                raise KeyError(f"talkie/1 has no rule {rule_id!r}")
            rule = rules[rule_id]
        ceiling = severity_for(rule)
        chosen = ceiling if severity is None else _lower(severity, ceiling)
        return cls(
            rule_id=rule_id,
            severity=chosen,
            message=message,
            evidence=evidence or Evidence(),
            basis=rule.basis if rule is not None else None,
            origin=origin,
            verdict=verdict,
            section=rule.section if rule is not None else "",
            level=rule.level if rule is not None else "",
            statement=rule.statement if rule is not None else "",
            line=rule.source.line if rule is not None else 0,
        )

    @property
    def outcome(self) -> Verdict:
        """The verdict, or the one the severity implies when none was set."""
        return self.verdict if self.verdict is not None else _VERDICT_OF[self.severity]

    @property
    def note(self) -> str | None:
        """The note ID the finding rests on, when a note (not the specification) adds its rule."""
        return _note_of(self.basis)

    @property
    def reference(self) -> str:
        """A link to what the finding rests on: the note of its basis, or the specification's line."""
        return basis_url(self.basis, self.line)

    @property
    def counts_as_failure(self) -> bool:
        """A failure that no baseline accepts makes the run fail."""
        return self.outcome is Verdict.FAIL and not self.accepted

    def but(self, **changes: Any) -> Finding:
        """A copy with ``changes`` (findings are immutable)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON form shared by the suite's reports and baselines and the mock's inspector and report."""
        data: dict[str, Any] = {
            "rule": self.rule_id,
            "severity": self.severity.value,
            "verdict": self.outcome.value,
            "basis": self.basis,
            "message": self.message,
            "evidence": self.evidence.to_dict(),
        }
        if self.origin:
            data["origin"] = self.origin
        if self.section:
            data["section"] = self.section
        if self.level:
            data["level"] = self.level
        if self.duration:
            data["durationSeconds"] = round(self.duration, 4)
        if self.accepted:
            data["accepted"] = True
        if self.statement:
            data["statement"] = self.statement
        if self.line:
            data["line"] = self.line
        if self.reference:
            data["reference"] = self.reference
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Finding:
        """Read back what :meth:`to_dict` wrote (baselines, stored inspector findings)."""
        severity = Severity(data.get("severity", Severity.ERROR.value))
        verdict = Verdict(data["verdict"]) if data.get("verdict") is not None else None
        return cls(
            rule_id=data.get("rule"),
            severity=severity,
            message=str(data.get("message", "")),
            evidence=Evidence.from_dict(data.get("evidence") or {}),
            basis=data.get("basis"),
            origin=str(data.get("origin", "")),
            verdict=None if verdict is _VERDICT_OF[severity] else verdict,
            section=str(data.get("section", "")),
            level=str(data.get("level", "")),
            duration=float(data.get("durationSeconds", 0.0)),
            accepted=bool(data.get("accepted", False)),
            statement=str(data.get("statement", "")),
            line=int(data.get("line", 0) or 0),
        )


_ORDER = (Severity.INFO, Severity.WARNING, Severity.ERROR)


def _lower(a: Severity, b: Severity) -> Severity:
    return a if _ORDER.index(a) <= _ORDER.index(b) else b
