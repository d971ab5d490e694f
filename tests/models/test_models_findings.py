"""talkie_models.findings: one finding type whose severity follows the rule's level and basis."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from talkie_models import rules
from talkie_models.findings import (
    Evidence,
    Finding,
    Severity,
    Verdict,
    basis_text,
    basis_url,
    excerpt,
    severity_for,
    severity_for_level,
)


def _rule(level: rules.Level, basis: str) -> rules.Rule:
    base = next(iter(rules.catalogue().values()))
    return replace(base, level=level, basis=basis)


@pytest.mark.parametrize(
    ("level", "basis", "expected"),
    [
        ("MUST", "specification", Severity.ERROR),
        ("MUST NOT", "inferred", Severity.ERROR),
        ("MUST", "N-04", Severity.WARNING),
        ("SHOULD", "specification", Severity.WARNING),
        ("SHOULD", "N-11", Severity.WARNING),
        ("MAY", "specification", Severity.INFO),
    ],
)
def test_only_a_spec_must_can_be_an_error(level: rules.Level, basis: str, expected: Severity) -> None:
    rule = _rule(level, basis)
    assert severity_for(rule) is expected
    assert rule.may_fail is (expected is Severity.ERROR)


def test_level_words() -> None:
    assert severity_for_level("REQUIRED") is Severity.ERROR
    assert severity_for_level("should not") is Severity.WARNING
    assert severity_for_level("OPTIONAL") is Severity.INFO


def test_about_reads_the_catalogue_and_caps_a_note_based_rule() -> None:
    catalogue = dict(rules.catalogue())
    rule_id = next(rid for rid, rule in catalogue.items() if rule.level == "MUST")
    catalogue[rule_id] = _rule("MUST", "N-04")
    finding = Finding.about(rule_id, "ended with RUN_ERROR", catalogue=catalogue, severity=Severity.ERROR)
    assert finding.severity is Severity.WARNING
    assert finding.outcome is Verdict.WARN
    assert finding.note == "N-04"
    assert not finding.counts_as_failure
    assert finding.level == "MUST"
    assert finding.section == catalogue[rule_id].section


def test_about_rejects_an_unknown_rule() -> None:
    with pytest.raises(KeyError, match="XYZ-999"):
        Finding.about("XYZ-999", "nothing")


def test_a_remark_without_rule_keeps_its_severity() -> None:
    finding = Finding.about(None, "unknown route", severity=Severity.INFO, origin="inspector")
    assert finding.rule_id is None
    assert finding.basis is None
    assert finding.severity is Severity.INFO
    assert basis_text(finding.basis) == "no rule"


def test_verdict_overrides_and_acceptance() -> None:
    failure = Finding("RUN-004", Severity.ERROR, "bad", basis="specification")
    assert failure.counts_as_failure
    assert not failure.but(accepted=True).counts_as_failure
    crashed = failure.but(verdict=Verdict.ERROR)
    assert crashed.outcome is Verdict.ERROR
    assert not crashed.counts_as_failure


def test_request_line_names_method_endpoint_and_status() -> None:
    evidence = Evidence(
        method="POST", endpoint="decision", url="/api/talkie/actions/a_1/decision", status=200
    )
    assert evidence.request_line() == "POST decision /api/talkie/actions/a_1/decision → 200"
    assert Evidence().request_line() is None
    assert Evidence().is_empty()
    assert not evidence.is_empty()


def test_json_round_trip() -> None:
    finding = Finding(
        "THR-003",
        Severity.ERROR,
        "cards is missing",
        Evidence(
            method="GET", endpoint="thread", status=200, member="$.messages[0]", events=({"type": "X"},)
        ),
        basis="specification",
        origin="thread_shape",
        section="9",
        level="MUST",
        duration=0.25,
        accepted=True,
    )
    data = json.loads(json.dumps(finding.to_dict()))
    assert data["basis"] == "specification"
    assert data["verdict"] == "fail"
    assert data["evidence"]["member"] == "$.messages[0]"
    assert Finding.from_dict(data) == finding


def test_basis_labels_and_excerpt() -> None:
    assert basis_text("specification") == "specification"
    assert basis_text("inferred") == "specification, level inferred"
    assert basis_text("N-11") == "note N-11"
    assert excerpt("x" * 10, limit=4) == "xxxx… [6 more characters]"
    assert excerpt(b"ok") == "ok"
    assert excerpt(None) is None


def test_a_finding_carries_its_rule_sentence_and_a_link_to_its_basis() -> None:
    rule = rules.rule("RUN-004")
    finding = Finding.about("RUN-004", "the retry was stored twice")
    assert (finding.statement, finding.line) == (rule.statement, rule.source.line)
    assert finding.reference == f"https://talkie-protocol.org/reference/protocol-text/#L{rule.source.line}"
    advice = finding.but(basis="N-26")
    assert advice.reference == "https://talkie-protocol.org/spec/notes/#N-26"
    data = advice.to_dict()
    assert (data["statement"], data["reference"]) == (rule.statement, advice.reference)
    assert Finding.from_dict(data) == advice
    assert basis_url(None, 12) == ""
    assert basis_url("N-101", 0).endswith("#N-101")
