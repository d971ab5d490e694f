"""A suite run as JUnit XML, JSON, Markdown, HTML and terminal lines. Whatever came from the client (its
paths, its texts, its stderr) is escaped for the medium it is written to."""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET
from dataclasses import asdict
from pathlib import Path
from typing import Any

from talkie_mock.clientsuite.verdicts import Result, ScenarioRun, SuiteRun
from talkie_mock.devtools.terminal import printable

MARKS = {"pass": "PASS", "fail": "FAIL", "warn": "WARN", "skip": "SKIP"}


def summary(run: SuiteRun) -> str:
    return (
        f"{len(run.scenarios)} scenarios, {len(run.results())} checks: {run.count('pass')} passed, "
        f"{run.count('fail')} failed, {run.count('warn')} warnings, {run.count('skip')} not exercised"
    )


def lines(scenario: ScenarioRun) -> list[str]:
    """The terminal lines of one scenario."""
    ending = "stopped at its deadline" if scenario.timed_out else f"exit {scenario.exit_code}"
    out = [f"{scenario.name} ({ending}, {scenario.seconds:.1f} s)"]
    out.extend(f"  {MARKS[r.verdict]} {r.rule} {r.title}: {printable(r.detail)}" for r in scenario.results)
    return out


def as_json(run: SuiteRun) -> dict[str, Any]:
    return {
        "command": run.command,
        "summary": {v: run.count(v) for v in ("pass", "fail", "warn", "skip")},
        "scenarios": [asdict(s) for s in run.scenarios],
    }


def junit(run: SuiteRun) -> str:
    suites = ET.Element("testsuites", name="talkie-mock clients")
    for scenario in run.scenarios:
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=scenario.name,
            tests=str(len(scenario.results)),
            failures=str(sum(r.verdict == "fail" for r in scenario.results)),
            skipped=str(sum(r.verdict == "skip" for r in scenario.results)),
            time=f"{scenario.seconds:.3f}",
        )
        for r in scenario.results:
            case = ET.SubElement(
                suite, "testcase", classname=f"clients.{scenario.name}", name=f"{r.rule} {r.title}"
            )
            if r.verdict == "fail":
                ET.SubElement(case, "failure", message=_xml_safe(r.detail), type=r.rule).text = _xml_safe(
                    r.detail
                )
            elif r.verdict == "skip":
                ET.SubElement(case, "skipped", message=_xml_safe(r.detail))
            elif r.verdict == "warn":
                ET.SubElement(case, "system-out").text = _xml_safe(
                    f"warning ({r.level}, {r.basis}): {r.detail}"
                )
        if scenario.stderr_tail:
            ET.SubElement(suite, "system-err").text = _xml_safe(scenario.stderr_tail)
    return ET.tostring(suites, encoding="unicode", xml_declaration=True)


def _xml_safe(text: str) -> str:
    """XML 1.0 has no place for most control characters: they are escaped as text."""
    return "".join(
        c if c in "\t\n\r" or (c >= " " and c != "\ufffe" and c != "\uffff") else repr(c)[1:-1] for c in text
    )


def _cell(text: str) -> str:
    return printable(text).replace("|", "\\|").replace("<", "&lt;")


def markdown(run: SuiteRun) -> str:
    out = ["# talkie-mock client conformance", "", summary(run), ""]
    for scenario in run.scenarios:
        ending = "stopped at its deadline" if scenario.timed_out else f"exit {scenario.exit_code}"
        out += [
            f"## {scenario.name}",
            "",
            _cell(scenario.summary) + f" ({ending})",
            "",
            "| verdict | rule | check | detail |",
            "| --- | --- | --- | --- |",
        ]
        out += [
            f"| {MARKS[r.verdict]} | {r.rule} | {_cell(r.title)} | {_cell(r.detail)} |"
            for r in scenario.results
        ]
        out.append("")
    return "\n".join(out)


def _row(r: Result) -> str:
    return (
        f"<tr class='{r.verdict}'><td>{MARKS[r.verdict]}</td><td>{html.escape(r.rule)}</td>"
        f"<td>{html.escape(r.title)}</td><td>{html.escape(r.detail)}</td></tr>"
    )


def html_page(run: SuiteRun) -> str:
    parts = [
        "<!doctype html><html lang='en'><meta charset='utf-8'><title>talkie-mock client conformance</title>",
        "<style>td{padding:2px 8px}.fail{color:#b00020}.warn{color:#8a5a00}</style>",
        f"<h1>talkie-mock client conformance</h1><p>{html.escape(summary(run))}</p>",
    ]
    for scenario in run.scenarios:
        parts.append(f"<h2>{html.escape(scenario.name)}</h2><p>{html.escape(scenario.summary)}</p><table>")
        parts.extend(_row(r) for r in scenario.results)
        parts.append("</table>")
    parts.append("</html>")
    return "\n".join(parts)


def write(run: SuiteRun, path: Path) -> None:
    """The report whose kind the file name says: .json, .md or .html (a ValueError otherwise)."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        text = json.dumps(as_json(run), indent=2, ensure_ascii=False)
    elif suffix == ".md":
        text = markdown(run)
    elif suffix in (".html", ".htm"):
        text = html_page(run)
    else:
        raise ValueError(f"--report {path}: the name must end in .json, .md or .html")
    path.write_text(text + "\n", encoding="utf-8")
