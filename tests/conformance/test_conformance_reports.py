"""Report writers escape what the server sent and keep one JUnit testcase per verdict."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from talkie_conformance.findings import Evidence, Finding, Verdict
from talkie_conformance.report import to_html, to_json, to_junit, to_markdown
from talkie_conformance.runner import RunResult

HOSTILE = '<script>alert("Horizont")</script> & </pre>'


def _result() -> RunResult:
    findings = [
        Finding(
            "RUN-014",
            "run_stream_lifecycle",
            "runs",
            "MUST",
            Verdict.FAIL,
            HOSTILE,
            Evidence(request="POST /run", response=HOSTILE, events=[{"type": HOSTILE}]),
        ),
        Finding("RUN-017", "run_stream_lifecycle", "runs", "SHOULD", Verdict.WARN, "no label"),
        Finding("ACT-011", "action_expiry", "actions", "MUST", Verdict.SKIP, "no clock hook"),
        Finding("MAN-003", "manifest_spec", "manifest", "MUST", Verdict.PASS, "ok"),
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
    assert data["counts"] == {"pass": 1, "fail": 1, "warn": 1, "skip": 1}
    assert data["findings"][0]["evidence"]["events"] == [{"type": HOSTILE}]
    markdown = to_markdown(_result())
    assert "| RUN-014 | MUST |" in markdown
    assert "### RUN-014" in markdown
