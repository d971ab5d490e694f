"""JUnit XML: one testcase per (check, rule) verdict, grouped in one testsuite per section."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from talkie_conformance.findings import Finding, Verdict, basis_text
from talkie_conformance.report.text import writable
from talkie_conformance.runner import RunResult


def _details(finding: Finding) -> str:
    parts = [finding.message, f"basis: {basis_text(finding.basis)}"]
    if finding.statement:
        parts.append(f"rule: {finding.statement}")
    if finding.reference:
        parts.append(f"rests on: {finding.reference}")
    request = finding.evidence.request_line()
    if request:
        parts.append(f"request behind it: {request}")
    if finding.evidence.member:
        parts.append(f"member at fault: {finding.evidence.member}")
    if finding.evidence.request:
        parts += ["", "Request:", finding.evidence.request]
    if finding.evidence.response:
        parts += ["", "Response:", finding.evidence.response]
    if finding.evidence.events:
        parts += [
            "",
            "Events:",
            *(json.dumps(dict(ev), ensure_ascii=False) for ev in finding.evidence.events),
        ]
    return "\n".join(parts)


def to_junit(result: RunResult) -> str:
    """The JUnit XML document CI systems display as test results."""
    root = ET.Element("testsuites", name="talkie-conformance", time=f"{result.duration:.3f}")
    if result.rules_source:
        properties = ET.SubElement(root, "properties")
        ET.SubElement(properties, "property", name="rules", value=result.rules_source)
    suites: dict[str, ET.Element] = {}
    for finding in result.findings:
        suite = suites.get(finding.section)
        if suite is None:
            suite = ET.SubElement(root, "testsuite", name=f"talkie.{finding.section}")
            suites[finding.section] = suite
        case = ET.SubElement(
            suite,
            "testcase",
            classname=f"talkie.{finding.section}.{finding.origin}",
            name=f"{finding.rule_id} {finding.origin}",
            time=f"{finding.duration:.3f}",
        )
        verdict = finding.outcome
        if verdict is Verdict.ERROR:
            kind = "setup error" if result.setup_error is not None else "suite error"
            error = ET.SubElement(case, "error", message=finding.message[:500], type=kind)
            error.text = _details(finding)
        elif verdict is Verdict.FAIL and not finding.accepted:
            failure = ET.SubElement(case, "failure", message=finding.message[:500], type=finding.level)
            failure.text = _details(finding)
        elif verdict is Verdict.FAIL or verdict is Verdict.SKIP:
            ET.SubElement(case, "skipped", message=finding.message[:500])
        elif verdict is Verdict.WARN:
            out = ET.SubElement(case, "system-out")
            out.text = f"WARNING ({finding.level}): " + _details(finding)
    for suite in suites.values():
        cases = suite.findall("testcase")
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
        suite.set("skipped", str(sum(1 for c in cases if c.find("skipped") is not None)))
        suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))
    root.set("tests", str(len(result.findings)))
    root.set("failures", str(sum(1 for f in result.findings if f.counts_as_failure)))
    root.set("errors", str(sum(1 for f in result.findings if f.outcome is Verdict.ERROR)))
    ET.indent(root)
    return writable('<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n")
