"""The Action's one step: `talkie-conformance run` and `fuzz` against a server, JUnit files and reports in a
folder, a Markdown job summary, an annotation per failure and warning, and an exit code that fails the job
only when a check failed or the suite could not run (warnings are shown, not failed).

Read from the environment (the Action's inputs): TALKIE_URL, TALKIE_TOKEN, TALKIE_SECOND_TOKEN, TALKIE_ONLY,
TALKIE_BASELINE, TALKIE_FUZZ, TALKIE_FUZZ_MAX_EXAMPLES, TALKIE_FUZZ_TIME_LIMIT, TALKIE_REPORTS; and GitHub's
GITHUB_STEP_SUMMARY and GITHUB_OUTPUT (either may be absent: run by hand, the summary goes to the reports
folder only). Runs anywhere `talkie-conformance` is on PATH.

The server's text reaches the log between `::stop-commands::` markers and the annotations escaped, so a
hostile server cannot issue workflow commands through its answers.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

EXIT_PASS, EXIT_FINDINGS, EXIT_CANNOT_RUN = 0, 1, 2
"""talkie-conformance's exit codes, which this step keeps."""
MAX_ANNOTATIONS = 50
"""GitHub shows a handful per step anyway; the rest are in the summary and the reports."""
MAX_SUMMARY = 900_000
"""Bytes of the full report put into the job summary (GitHub takes 1 MiB per step)."""
MAX_MESSAGE = 400
STATUS = {EXIT_PASS: "passed", EXIT_FINDINGS: "failed"}
ICON = {EXIT_PASS: "✅", EXIT_FINDINGS: "❌"}


@dataclass
class Step:
    """One suite command, what it wrote and how it ended."""

    name: str
    code: int = EXIT_PASS
    counts: dict[str, int] = field(default_factory=dict)
    problems: list[tuple[str, str, str]] = field(default_factory=list)
    """(verdict, rule, message) of each failure, warning and suite error."""


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _suite() -> str:
    found = shutil.which("talkie-conformance")
    if found is None:
        print("::error title=talkie-conformance::talkie-conformance is not installed", flush=True)
        sys.exit(EXIT_CANNOT_RUN)
    return found


def _takes(suite: str, command: str, option: str) -> bool:
    """Whether the installed suite's `command` has `option` (older releases lack some report flags)."""
    shown = subprocess.run(
        [suite, command, "--help"], capture_output=True, text=True, timeout=120, check=False
    )
    return option in shown.stdout.split()


def _call(suite: str, args: list[str], token: str) -> int:
    """Run the suite with its output in the log, workflow commands off while it prints."""
    marker = secrets.token_hex(16)
    print(f"::stop-commands::{marker}", flush=True)
    try:
        env = {**os.environ, "TALKIE_TOKEN": token}
        return subprocess.run([suite, *args], env=env, check=False).returncode
    finally:
        print(f"::{marker}::", flush=True)


def _escape(text: str, limit: int = MAX_MESSAGE) -> str:
    """A workflow command's message: one line, its own escapes."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape(text, 80).replace(":", "%3A").replace(",", "%2C")


def run_step(suite: str, url: str, token: str, reports: Path, second_token: str = "") -> Step:
    """`talkie-conformance run` with JUnit, Markdown and JSON reports; with a second user's token, the checks
    that one user can reach nothing another owns run too (both tokens in TALKIE_TOKEN, as `--token` twice)."""
    step = Step("run")
    args = ["run", url, "--junit", str(reports / "run.xml")]
    args += ["--report", str(reports / "run.md"), "--report", str(reports / "run.json")]
    if only := _env("TALKIE_ONLY"):
        args += ["--only", only]
    if baseline := _env("TALKIE_BASELINE"):
        args += ["--baseline", baseline]
    step.code = _call(suite, args, f"{token} {second_token}" if second_token else token)
    document = reports / "run.json"
    if document.is_file():
        data = json.loads(document.read_text(encoding="utf-8"))
        step.counts = {str(k): int(v) for k, v in data.get("counts", {}).items()}
        for finding in data.get("findings", []):
            verdict = finding.get("verdict")
            if verdict in ("fail", "warn", "error") and not finding.get("accepted"):
                step.problems.append((verdict, str(finding.get("rule", "")), str(finding.get("message", ""))))
    return step


def fuzz_step(suite: str, url: str, token: str, reports: Path) -> Step:
    """`talkie-conformance fuzz`; its own JUnit and report where the installed suite writes them, else a
    JUnit file of one test case made here from its exit code and its output."""
    step = Step("fuzz")
    args = ["fuzz", url]
    args += ["--max-examples", _env("TALKIE_FUZZ_MAX_EXAMPLES", "25")]
    args += ["--time-limit", _env("TALKIE_FUZZ_TIME_LIMIT", "120")]
    junit = reports / "fuzz.xml"
    own_junit = _takes(suite, "fuzz", "--junit")
    if own_junit:
        args += ["--junit", str(junit), "--report", str(reports / "fuzz.md")]
    step.code = _call(suite, args, token)
    if own_junit and junit.is_file():
        step.counts, step.problems = _junit_counts(junit)
    else:
        _write_junit(junit, step.code)
        step.counts = {"pass": int(step.code == EXIT_PASS), "fail": int(step.code != EXIT_PASS)}
        if step.code != EXIT_PASS:
            step.problems.append(
                ("fail", "fuzz", "talkie-conformance fuzz found failures (see the job's log)")
            )
    return step


def _write_junit(path: Path, code: int) -> None:
    root = ET.Element("testsuites", name="talkie-conformance fuzz")
    suite = ET.SubElement(root, "testsuite", name="talkie.fuzz", tests="1", failures=str(int(code != 0)))
    case = ET.SubElement(suite, "testcase", classname="talkie.fuzz", name="talkie-conformance fuzz")
    if code == EXIT_FINDINGS:
        ET.SubElement(case, "failure", message="the fuzzer found failures; the job's log shows them")
    elif code != EXIT_PASS:
        ET.SubElement(case, "error", message=f"the fuzzer could not run (exit {code})")
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def _junit_counts(path: Path) -> tuple[dict[str, int], list[tuple[str, str, str]]]:
    counts = {"pass": 0, "fail": 0, "skip": 0, "error": 0}
    problems: list[tuple[str, str, str]] = []
    for case in ET.parse(path).getroot().iter("testcase"):
        for tag, verdict in (("failure", "fail"), ("error", "error"), ("skipped", "skip")):
            found = case.find(tag)
            if found is not None:
                counts[verdict] += 1
                if verdict != "skip":
                    problems.append((verdict, case.get("name", ""), found.get("message", "")))
                break
        else:
            counts["pass"] += 1
    return counts, problems


def annotate(steps: list[Step]) -> None:
    """One `::error` per failure and `::warning` per warning, the first MAX_ANNOTATIONS of them."""
    shown = 0
    for step in steps:
        for verdict, rule, message in step.problems:
            if shown == MAX_ANNOTATIONS:
                return
            level = "warning" if verdict == "warn" else "error"
            print(
                f"::{level} title={_escape_property(f'{step.name} {rule}')}::{_escape(message)}", flush=True
            )
            shown += 1


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:MAX_MESSAGE]


def summary(url: str, steps: list[Step], reports: Path, notes: list[str]) -> str:
    """The job summary: one row per command, the failures and warnings, the full run report folded."""
    verdicts = ("pass", "fail", "warn", "skip", "error")
    lines = [f"## talkie/1 conformance: `{_cell(url)}`", ""]
    lines += ["| command | result | " + " | ".join(verdicts) + " |", "| --- " * (len(verdicts) + 2) + "|"]
    for step in steps:
        result = f"{ICON.get(step.code, '💥')} {STATUS.get(step.code, 'could not run')}"
        numbers = " | ".join(str(step.counts.get(v, 0)) for v in verdicts)
        lines.append(f"| `talkie-conformance {step.name}` | {result} | {numbers} |")
    lines += ["", *notes] if notes else []
    for title, wanted in (("Failures", ("fail", "error")), ("Warnings (not failing the job)", ("warn",))):
        rows = [(s.name, r, m) for s in steps for v, r, m in s.problems if v in wanted]
        if rows:
            lines += ["", f"### {title}", "", "| command | rule | message |", "| --- | --- | --- |"]
            lines += [f"| {name} | {_cell(rule)} | {_cell(message)} |" for name, rule, message in rows]
    report = reports / "run.md"
    if report.is_file():
        text = report.read_text(encoding="utf-8")
        if len(text.encode()) > MAX_SUMMARY:
            text = (
                text.encode()[:MAX_SUMMARY].decode(errors="ignore")
                + "\n\n(cut: the whole report is in the artifact)\n"
            )
        lines += ["", "<details><summary>The full run report</summary>", "", text, "</details>"]
    lines += ["", f"Reports: `{reports}` (uploaded as the job's artifact)."]
    return "\n".join(lines) + "\n"


def exit_code(steps: list[Step]) -> int:
    """Cannot run beats failures beats passed; warnings never fail."""
    codes = {step.code for step in steps}
    if codes - {EXIT_PASS, EXIT_FINDINGS}:
        return EXIT_CANNOT_RUN
    return EXIT_FINDINGS if EXIT_FINDINGS in codes else EXIT_PASS


def main() -> int:
    url, token = _env("TALKIE_URL"), _env("TALKIE_TOKEN")
    if not url or not token:
        print("::error title=talkie-conformance::the url and token inputs are required", flush=True)
        return EXIT_CANNOT_RUN
    reports = Path(_env("TALKIE_REPORTS", "talkie-reports")).resolve()
    reports.mkdir(parents=True, exist_ok=True)
    suite = _suite()
    notes: list[str] = []
    if not _env("TALKIE_SECOND_TOKEN"):
        notes.append(
            "No second-token was given: the checks that one user can neither see nor change what "
            "another owns were skipped."
        )
    steps = [run_step(suite, url, token, reports, _env("TALKIE_SECOND_TOKEN"))]
    if _env("TALKIE_FUZZ", "true").lower() not in ("false", "0", "no", "off"):
        steps.append(fuzz_step(suite, url, token, reports))
    annotate(steps)
    text = summary(url, steps, reports, notes)
    (reports / "summary.md").write_text(text, encoding="utf-8")
    if target := os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(text)
    code = exit_code(steps)
    if target := os.environ.get("GITHUB_OUTPUT"):
        with open(target, "a", encoding="utf-8") as handle:
            handle.write(f"status={STATUS.get(code, 'error')}\n")
    return code


if __name__ == "__main__":
    sys.exit(main())
