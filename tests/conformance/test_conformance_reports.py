"""Report writers escape what the server sent, keep one JUnit testcase per verdict, and give each finding its
law: the rule's sentence and a link to the specification's line or the note it rests on."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from talkie_conformance.findings import Evidence, Finding, Verdict, basis_text, finding_lines
from talkie_conformance.report import to_html, to_json, to_junit, to_markdown
from talkie_conformance.rules import default_rules, load_rules
from talkie_conformance.runner import RunResult
from talkie_models import rules as contract_rules

SITE = "https://talkie-protocol.org/"

HOSTILE = '<script>alert("Horizont")</script> & </pre>'


def _finding(rule_id: str, check: str, verdict: Verdict, message: str, **changes: Any) -> Finding:
    section = {"RUN": "runs", "ACT": "actions", "MAN": "manifest"}[rule_id.split("-")[0]]
    finding = Finding.about(rule_id, message, origin=check, verdict=verdict)
    return finding.but(section=section, **changes)


def _result() -> RunResult:
    findings = [
        _finding(
            "RUN-014",
            "run_stream_lifecycle",
            Verdict.FAIL,
            HOSTILE,
            evidence=Evidence(
                method="POST",
                endpoint="run",
                url="http://127.0.0.1:1/api/talkie/run",
                status=200,
                request="POST /run",
                response=HOSTILE,
                events=({"type": HOSTILE},),
                member="$.type",
            ),
        ),
        _finding("RUN-017", "run_stream_lifecycle", Verdict.WARN, "no label"),
        _finding("ACT-011", "action_expiry", Verdict.SKIP, "no clock hook"),
        _finding("MAN-003", "manifest_spec", Verdict.PASS, "ok"),
    ]
    return RunResult(target="http://127.0.0.1:1", findings=findings, duration=1.5, rules_source="rules.yaml")


def test_html_escapes_server_content() -> None:
    html = to_html(_result())
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_junit_has_one_testcase_per_finding_with_the_right_outcome() -> None:
    root = ET.fromstring(to_junit(_result()))
    cases = {case.get("name"): case for case in root.iter("testcase")}
    assert set(cases) == {
        "RUN-014 run_stream_lifecycle",
        "RUN-017 run_stream_lifecycle",
        "ACT-011 action_expiry",
        "MAN-003 manifest_spec",
    }
    assert cases["RUN-014 run_stream_lifecycle"].find("failure") is not None
    assert cases["ACT-011 action_expiry"].find("skipped") is not None
    assert cases["RUN-017 run_stream_lifecycle"].find("failure") is None
    assert root.get("failures") == "1"


def test_json_and_markdown_carry_verdicts_and_evidence() -> None:
    data = json.loads(to_json(_result()))
    assert data["passed"] is False
    assert data["counts"] == {"pass": 1, "fail": 1, "warn": 1, "skip": 1, "error": 0}
    assert data["findings"][0]["evidence"]["events"] == [{"type": HOSTILE}]
    basis = data["findings"][0]["basis"]
    assert basis in {
        "specification",
        "inferred",
    }  # RUN-014 rests on the specification's own text, not on a note
    markdown = to_markdown(_result())
    line = contract_rules.rule("RUN-014").source.line
    link = f"{SITE}reference/protocol-text/#L{line}"
    assert f"| RUN-014 | MUST | [{basis_text(basis)}]({link}) |" in markdown
    assert "### RUN-014" in markdown
    assert "Request behind it: `POST run http://127.0.0.1:1/api/talkie/run → 200`" in markdown
    assert "Member at fault: `$.type`" in markdown


def test_a_suite_error_is_a_junit_error_and_never_a_pass() -> None:
    crashed = _finding("RUN-014", "run_stream_lifecycle", Verdict.ERROR, "the suite failed inside this check")
    result = RunResult(
        target="http://127.0.0.1:1", findings=[crashed], duration=0.1, rules_source="rules.yaml"
    )
    assert result.errored
    assert not result.failed
    root = ET.fromstring(to_junit(result))
    assert root.get("errors") == "1"
    assert next(root.iter("testcase")).find("error") is not None
    assert json.loads(to_json(result))["passed"] is False
    assert "SUITE ERROR" in to_markdown(result)


def test_every_report_carries_the_rule_sentence_and_the_line_it_rests_on() -> None:
    rule = contract_rules.rule("RUN-014")
    link = f"{SITE}reference/protocol-text/#L{rule.source.line}"
    finding = _result().findings[0]
    assert (finding.statement, finding.reference) == (rule.statement, link)
    assert f"rule: {rule.statement}" in finding_lines(finding)
    assert f"rests on: {link}" in finding_lines(finding)
    data = json.loads(to_json(_result()))["findings"][0]
    assert (data["statement"], data["line"], data["reference"]) == (rule.statement, rule.source.line, link)
    assert Finding.from_dict(data).reference == link
    failure = next(
        c for c in ET.fromstring(to_junit(_result())).iter("testcase") if c.find("failure") is not None
    )
    assert rule.statement in (failure.find("failure").text or "")  # type: ignore[union-attr]
    assert link in (failure.find("failure").text or "")  # type: ignore[union-attr]
    assert f'<a href="{link}">' in to_html(_result())
    assert f"> {rule.statement}" in to_markdown(_result())


def test_a_warning_resting_on_a_note_links_the_note() -> None:
    advice = _finding("RUN-010", "run_stream_lifecycle", Verdict.WARN, "the card lacks url").but(basis="N-26")
    assert advice.reference == f"{SITE}spec/notes/#N-26"
    assert "basis: note N-26" in finding_lines(advice)[0]


def test_reports_name_the_catalogue_by_version_never_by_path() -> None:
    catalogue = default_rules()
    assert catalogue.name.startswith("talkie/1 rules, catalogue sha256:")
    assert load_rules().name == catalogue.name  # the same content: the same name, wherever it was read
    result = RunResult(target="http://127.0.0.1:1", findings=_result().findings, rules_source=catalogue.name)
    assert json.loads(to_json(result))["rules"] == catalogue.name
    assert "/" not in catalogue.name.removeprefix("talkie/1")
    assert f"Judged by the {catalogue.name}." in to_markdown(result)
    properties = {p.get("name"): p.get("value") for p in ET.fromstring(to_junit(result)).iter("property")}
    assert properties["rules"] == catalogue.name
