"""File reports for people and tools: Markdown, HTML (escaped) and JSON."""

from __future__ import annotations

import html
import json
from typing import Any

from talkie_conformance.findings import Finding, Verdict, basis_text
from talkie_conformance.report.summary import by_section, verdict_label
from talkie_conformance.report.text import writable, writable_data
from talkie_conformance.runner import RunResult

_ICON = {"pass": "✅", "fail": "❌", "warn": "⚠️", "skip": "⏭️", "error": "💥", "fail (accepted)": "🟡"}
_PROBLEMS = {Verdict.FAIL, Verdict.WARN, Verdict.ERROR}


def _as_dict(result: RunResult) -> dict[str, Any]:
    counts = result.counts()
    return {
        "target": result.target,
        "passed": not (result.failed or result.errored or result.nothing_tested),
        "suiteError": result.errored and result.setup_error is None,
        "setupError": result.setup_error,
        "nothingTested": result.nothing_tested,
        "durationSeconds": round(result.duration, 3),
        "rules": result.rules_source,
        "counts": {verdict.value: counts[verdict] for verdict in Verdict},
        "sections": [
            {"section": s.section, "label": s.label, **{v.value: n for v, n in s.counts.items()}}
            for s in by_section(result.findings)
        ],
        "findings": [finding.to_dict() for finding in result.findings],
    }


def _status(result: RunResult) -> str:
    if result.setup_error is not None:
        return "CANNOT RUN"
    if result.errored:
        return "SUITE ERROR"
    if result.nothing_tested:
        return "NOTHING TESTED"
    return "FAILED" if result.failed else "PASSED"


def to_json(result: RunResult) -> str:
    """Machine-readable report: every finding with its evidence."""
    return json.dumps(writable_data(_as_dict(result)), ensure_ascii=False, indent=2) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_basis(finding: Finding) -> str:
    """The basis, linked to the line or note it rests on."""
    text = basis_text(finding.basis)
    return f"[{text}]({finding.reference})" if finding.reference else text


def _md_evidence(finding: Finding) -> list[str]:
    lines: list[str] = []
    if finding.statement:
        lines += ["", f"> {_md_cell(finding.statement)}"]
    evidence = finding.evidence
    request = evidence.request_line()
    if request:
        lines += ["", f"Request behind it: `{request}`"]
    if evidence.member:
        lines += ["", f"Member at fault: `{evidence.member}`"]
    if evidence.request:
        lines += ["", "Request:", "", "```http", evidence.request, "```"]
    if evidence.response:
        lines += ["", "Response:", "", "```http", evidence.response, "```"]
    if evidence.events:
        shown = "\n".join(json.dumps(dict(event), ensure_ascii=False) for event in evidence.events)
        lines += ["", "Events:", "", "```json", shown, "```"]
    return lines


def to_markdown(result: RunResult) -> str:
    """A Markdown report: summary per section, a table of every rule, evidence of each failure."""
    counts = result.counts()
    out = [
        f"# talkie/1 conformance: {result.target}",
        "",
        f"**{_status(result)}** in {result.duration:.1f} s · "
        + " · ".join(f"{counts[v]} {v.value}" for v in Verdict),
        "",
        f"Judged by the {result.rules_source}." if result.rules_source else "",
        "",
        "| section | " + " | ".join(v.value for v in Verdict) + " |",
        "| --- " * (len(Verdict) + 1) + "|",
    ]
    for summary in by_section(result.findings):
        out.append(f"| {summary.label} | " + " | ".join(str(summary.counts[v]) for v in Verdict) + " |")
    out += [
        "",
        "## Rules",
        "",
        "| rule | level | basis | verdict | check | the rule | message |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for finding in result.findings:
        label = verdict_label(finding)
        out.append(
            f"| {finding.rule_id} | {finding.level} | {_md_basis(finding)} | {_ICON.get(label, '')} "
            f"{label} | `{finding.origin}` | {_md_cell(finding.statement)} | {_md_cell(finding.message)} |"
        )
    problems = [f for f in result.findings if f.outcome in _PROBLEMS]
    if problems:
        out += ["", "## Evidence"]
        for finding in problems:
            out += [
                "",
                f"### {finding.rule_id} — {finding.origin} ({verdict_label(finding)}, "
                f"basis: {_md_basis(finding)})",
                "",
                finding.message,
            ]
            out += _md_evidence(finding)
    return writable("\n".join(out) + "\n")


def to_html(result: RunResult) -> str:
    """A self-contained HTML report; everything the server sent is escaped."""
    e = html.escape
    counts = result.counts()
    rows = []
    for finding in result.findings:
        label = verdict_label(finding)
        evidence = ""
        if finding.outcome in _PROBLEMS and not finding.evidence.is_empty():
            parts = []
            request = finding.evidence.request_line()
            if request:
                parts.append(f"<p>Request behind it: <code>{e(request)}</code></p>")
            if finding.evidence.member:
                parts.append(f"<p>Member at fault: <code>{e(finding.evidence.member)}</code></p>")
            if finding.evidence.request:
                parts.append(f"<h4>Request</h4><pre>{e(finding.evidence.request)}</pre>")
            if finding.evidence.response:
                parts.append(f"<h4>Response</h4><pre>{e(finding.evidence.response)}</pre>")
            if finding.evidence.events:
                events = "\n".join(json.dumps(dict(ev), ensure_ascii=False) for ev in finding.evidence.events)
                parts.append(f"<h4>Events</h4><pre>{e(events)}</pre>")
            evidence = "<details><summary>evidence</summary>" + "".join(parts) + "</details>"
        basis = e(basis_text(finding.basis))
        if finding.reference:
            basis = f'<a href="{e(finding.reference)}">{basis}</a>'
        rows.append(
            f'<tr class="{e(finding.outcome.value)}"><td>{e(str(finding.rule_id))}</td>'
            f"<td>{e(finding.level)}</td><td>{basis}</td>"
            f"<td>{e(label)}</td><td><code>{e(finding.origin)}</code></td>"
            f"<td>{e(finding.statement)}</td><td>{e(finding.message)}{evidence}</td></tr>"
        )
    sections = "".join(
        f"<tr><td>{e(s.label)}</td>" + "".join(f"<td>{s.counts[v]}</td>" for v in Verdict) + "</tr>"
        for s in by_section(result.findings)
    )
    status = _status(result)
    summary = " · ".join(f"{counts[v]} {v.value}" for v in Verdict)
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>talkie/1 conformance: {e(result.target)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; }}
table {{ border-collapse: collapse; margin-bottom: 2rem; }}
td, th {{ border: 1px solid #ccc; padding: .3rem .6rem; vertical-align: top; text-align: left; }}
tr.fail td {{ background: #fde8e8; }} tr.warn td {{ background: #fff6db; }} tr.skip td {{ color: #777; }}
pre {{ white-space: pre-wrap; max-width: 60rem; }}
</style></head><body>
<h1>talkie/1 conformance: {e(result.target)}</h1>
<p><strong>{status}</strong> in {result.duration:.1f} s · {e(summary)}</p>
<p>Judged by the {e(result.rules_source or "talkie/1 rules")}.</p>
<table><tr><th>section</th>{"".join(f"<th>{v.value}</th>" for v in Verdict)}</tr>{sections}</table>
<table><tr><th>rule</th><th>level</th><th>basis</th><th>verdict</th><th>check</th><th>the rule</th>
<th>message</th></tr>
{"".join(rows)}
</table></body></html>
"""
    return writable(page)
