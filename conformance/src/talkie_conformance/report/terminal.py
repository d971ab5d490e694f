"""Terminal output with rich: a line per check as it finishes, then a summary per section and the problems.

Every failure, warning and suite error is printed with the basis of its rule (the specification, or the note
that adds it) and the request behind it (method, endpoint key, URL and status), so a server team can act on
the terminal alone.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from talkie_conformance.checking import CheckSpec
from talkie_conformance.findings import Finding, Verdict, finding_lines
from talkie_conformance.report.summary import by_section, verdict_label
from talkie_conformance.runner import RunResult

_STYLE = {
    Verdict.PASS: "green",
    Verdict.FAIL: "bold red",
    Verdict.WARN: "yellow",
    Verdict.SKIP: "dim",
    Verdict.ERROR: "bold magenta",
}
_PROBLEMS = {Verdict.FAIL, Verdict.WARN, Verdict.ERROR}
_WORST_FIRST = (Verdict.ERROR, Verdict.FAIL, Verdict.WARN, Verdict.PASS, Verdict.SKIP)


class TerminalReporter:
    """Prints progress while checks run, and the summary at the end."""

    def __init__(self, console: Console | None = None, *, verbose: bool = False) -> None:
        self.console = console or Console(highlight=False)
        self.verbose = verbose

    def progress(self, spec: CheckSpec, findings: list[Finding]) -> None:
        """One line per check: its worst verdict, name and rules; then its problems."""
        worst = _worst(findings)
        style = _STYLE[worst] if worst else "dim"
        rules = " ".join(str(f.rule_id) for f in findings)
        seconds = findings[0].duration if findings else 0.0
        self.console.print(
            f"[{style}]{(worst.value if worst else '-'):>5}[/] {spec.section:<9} {spec.name} "
            f"[dim]{rules} ({seconds:.1f} s)[/]"
        )
        for finding in findings:
            if finding.outcome in _PROBLEMS or self.verbose:
                first, *rest = finding_lines(finding)
                self.console.print(f"        {escape(first)}")
                for line in rest:
                    self.console.print(f"        [dim]{escape(line)}[/]")

    def summary(self, result: RunResult) -> None:
        """Per-section table, then every failure, warning and suite error with its request and basis."""
        table = Table(title=escape(f"talkie/1 conformance: {result.target}"))
        table.add_column("section")
        for verdict in Verdict:
            table.add_column(verdict.value, justify="right", style=_STYLE[verdict])
        for summary in by_section(result.findings):
            table.add_row(summary.label, *(str(summary.counts[v]) for v in Verdict))
        self.console.print(table)
        for finding in (f for f in result.findings if f.outcome in _PROBLEMS):
            first, *rest = finding_lines(finding)
            style = _STYLE[finding.outcome]
            self.console.print(f"[{style}]{verdict_label(finding)}[/] {escape(first)}")
            for line in rest:
                self.console.print(f"  [dim]{escape(line)}[/]")
        counts = result.counts()
        if result.errored:
            verdict_text = "[bold magenta]SUITE ERROR[/]"
        elif result.nothing_tested:
            verdict_text = "[bold magenta]NOTHING TESTED[/]"
        elif result.failed:
            verdict_text = "[bold red]FAILED[/]"
        else:
            verdict_text = "[bold green]PASSED[/]"
        self.console.print(
            f"{verdict_text} in {result.duration:.1f} s: "
            + ", ".join(f"{counts[v]} {v.value}" for v in Verdict)
        )


def _worst(findings: list[Finding]) -> Verdict | None:
    for verdict in _WORST_FIRST:
        if any(f.outcome is verdict for f in findings):
            return verdict
    return None
