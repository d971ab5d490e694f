"""Terminal output with rich: a line per check as it finishes, then a summary per section and the problems."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from talkie_conformance.checking import CheckSpec
from talkie_conformance.findings import Finding, Verdict
from talkie_conformance.report.summary import by_section, verdict_label
from talkie_conformance.runner import RunResult

_STYLE = {Verdict.PASS: "green", Verdict.FAIL: "bold red", Verdict.WARN: "yellow", Verdict.SKIP: "dim"}


class TerminalReporter:
    """Prints progress while checks run, and the summary at the end."""

    def __init__(self, console: Console | None = None, *, verbose: bool = False) -> None:
        self.console = console or Console(highlight=False)
        self.verbose = verbose

    def progress(self, spec: CheckSpec, findings: list[Finding]) -> None:
        """One line per check: its worst verdict, name and rules."""
        worst = _worst(findings)
        style = _STYLE[worst] if worst else "dim"
        rules = " ".join(f.rule_id for f in findings)
        seconds = findings[0].duration if findings else 0.0
        self.console.print(
            f"[{style}]{(worst.value if worst else '-'):>4}[/] {spec.section:<9} {spec.name} "
            f"[dim]{rules} ({seconds:.1f} s)[/]"
        )
        if self.verbose or worst in {Verdict.FAIL, Verdict.WARN}:
            for finding in findings:
                if finding.verdict in {Verdict.FAIL, Verdict.WARN} or self.verbose:
                    self.console.print(f"       [dim]{finding.rule_id}[/] {escape(finding.message)}")

    def summary(self, result: RunResult) -> None:
        """Per-section table, then every failure and warning with its message."""
        table = Table(title=escape(f"talkie/1 conformance: {result.target}"))
        table.add_column("section")
        for verdict in Verdict:
            table.add_column(verdict.value, justify="right", style=_STYLE[verdict])
        for summary in by_section(result.findings):
            table.add_row(summary.label, *(str(summary.counts[v]) for v in Verdict))
        self.console.print(table)
        problems = [f for f in result.findings if f.verdict in {Verdict.FAIL, Verdict.WARN}]
        for finding in problems:
            style = _STYLE[finding.verdict]
            self.console.print(
                f"[{style}]{verdict_label(finding)}[/] {finding.rule_id} ({finding.level}) "
                f"[dim]{finding.check}[/]: {escape(finding.message)}"
            )
        counts = result.counts()
        verdict_text = "[bold red]FAILED[/]" if result.failed else "[bold green]PASSED[/]"
        self.console.print(
            f"{verdict_text} in {result.duration:.1f} s: "
            + ", ".join(f"{counts[v]} {v.value}" for v in Verdict)
        )


def _worst(findings: list[Finding]) -> Verdict | None:
    for verdict in (Verdict.FAIL, Verdict.WARN, Verdict.PASS, Verdict.SKIP):
        if any(f.verdict is verdict for f in findings):
            return verdict
    return None
