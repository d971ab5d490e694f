"""Per-section tallies shared by every report format."""

from __future__ import annotations

from dataclasses import dataclass, field

from talkie_conformance.checks import SECTION_NUMBERS
from talkie_conformance.findings import Finding, Verdict


@dataclass
class SectionSummary:
    """Counts of one section of the spec."""

    section: str
    counts: dict[Verdict, int] = field(default_factory=lambda: dict.fromkeys(Verdict, 0))

    @property
    def label(self) -> str:
        """`§5 runs` style label."""
        number = SECTION_NUMBERS.get(self.section)
        return f"§{number} {self.section}" if number else self.section


def by_section(findings: list[Finding]) -> list[SectionSummary]:
    """Summaries in the order sections first appear."""
    summaries: dict[str, SectionSummary] = {}
    for finding in findings:
        summary = summaries.setdefault(finding.section, SectionSummary(finding.section))
        summary.counts[finding.outcome] += 1
    return list(summaries.values())


def verdict_label(finding: Finding) -> str:
    """Verdict as shown to people (accepted failures are marked)."""
    if finding.outcome is Verdict.FAIL and finding.accepted:
        return "fail (accepted)"
    return finding.outcome.value
