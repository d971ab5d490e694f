"""Findings of the suite: the one type of `talkie_models.findings`, shared with the mock's inspector.

Every check, fuzz check and state-machine step reports through it; the runner adds the suite's bookkeeping
(`verdict`, `origin` = the check's name, `duration`, `accepted`). Re-exported here so the suite's modules and
its users keep one import path; `finding_lines` is how the terminal, the fuzzer and the plugin print one:
with the rule's sentence and a link to the line of the specification, or the note, it rests on.
"""

from __future__ import annotations

from talkie_models.findings import *  # noqa: F403 - the shared type is this module's public face
from talkie_models.findings import Finding, basis_text
from talkie_models.findings import __all__ as _shared

__all__ = [*_shared, "finding_lines"]


def finding_lines(finding: Finding) -> list[str]:
    """The plain-text lines of one finding: rule, level and basis, message, request, failing member."""
    lines = [
        f"{finding.rule_id} ({finding.level or '?'}, basis: {basis_text(finding.basis)}) "
        f"{finding.origin}: {finding.message}"
    ]
    if finding.statement:
        lines.append(f"rule: {finding.statement}")
    if finding.reference:
        lines.append(f"rests on: {finding.reference}")
    request = finding.evidence.request_line()
    if request:
        lines.append(f"request: {request}")
    if finding.evidence.member:
        lines.append(f"member: {finding.evidence.member}")
    return lines
