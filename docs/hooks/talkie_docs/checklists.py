"""The two role checklists, "Building a talkie/1 server" and "Building a talkie/1 client", from the catalogue.

One row per rule that binds the role (a rule of side `both` is on both lists), grouped by specification
section: the rule (linked to its sentence), its level, what it asks, its basis (the specification's line, an
inference, or the note that adds it) and what tests it — a check of `talkie-conformance`, a fuzz check, the
mock's inspector — or, when nothing can, why not.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

from . import basis, client_suite
from .contract import Contract, Rule
from .markdown import cell, table
from .rules import Coverage, Placement, level_label, rule_link, statement
from .sections import section_titles

SERVER_URI = "guides/server-checklist.md"
CLIENT_URI = "guides/client-checklist.md"
_TESTABLE_REASON = {
    "client-side": "Client behaviour: the suite cannot see it",
    "untestable": "Not testable from outside",
}


@dataclass(frozen=True)
class Role:
    """One checklist: which side it lists, where it lives, and how it opens."""

    side: str
    uri: str
    title: str
    intro: str

    def holds(self, rule: Rule) -> bool:
        """Whether the rule binds this role (its own side, or both sides)."""
        return rule.side in (self.side, "both")


SERVER = Role(
    side="server",
    uri=SERVER_URI,
    title="Building a talkie/1 server",
    intro=(
        "Everything a backend has to do to speak talkie/1, rule by rule, in the order of the protocol's "
        "sections. Work down the list while you build; the [server tutorial](build-a-server.md) covers "
        "the smallest server that passes, and `talkie-conformance run` (see the "
        "[server teams guide](server-teams.md)) checks every rule marked with a check. A rule whose basis "
        "is a note of ours is at most a warning in the suite: the specification leaves that point open and "
        "the note only recommends a reading."
    ),
)
CLIENT = Role(
    side="client",
    uri=CLIENT_URI,
    title="Building a talkie/1 client",
    intro=(
        "Everything an app (or any other client) has to do to talk to a talkie/1 server, rule by rule, in "
        "the order of the protocol's sections. Most client rules cannot be seen from a server's side of the "
        "wire, so the conformance suite does not test them; the mock server's "
        "[inspector](app-developers.md#the-inspector) flags the ones it can observe in the requests your "
        "client sends, and the [client tutorial](build-a-client.md) shows a minimal client that follows "
        "them. "
        "The mock's [client conformance suite](client-suite.md) judges your app rule by rule: **Scenario** "
        "names the scenario that judges each rule (`talkie-mock clients list` prints the same), or says why "
        "none can."
    ),
)
ROLES = (SERVER, CLIENT)


def _section_key(section: str) -> tuple[int, ...]:
    return tuple(int(part) for part in section.split(".") if part.isdigit())


def grouped(rules: Iterable[Rule]) -> list[tuple[str, list[Rule]]]:
    """Rules grouped by their specification section, sections in protocol order, rules in catalogue order."""
    groups: dict[str, list[Rule]] = {}
    for rule in rules:
        groups.setdefault(rule.section, []).append(rule)
    return sorted(groups.items(), key=lambda item: _section_key(item[0]))


def _may_fail(rule: Rule) -> bool:
    """Whether a suite finding on this rule fails a server (the catalogue's `may_fail`, derived if absent)."""
    recorded = getattr(rule, "may_fail", None)
    if isinstance(recorded, bool):
        return recorded
    return rule.level in ("MUST", "MUST NOT") and basis.basis_of(rule).kind != "note"


def tested_by(rule: Rule, coverage: Coverage) -> str:
    """The cell naming what tests the rule, or why nothing does."""
    parts: list[str] = []
    checks = (coverage.checks or {}).get(rule.id, [])
    if checks:
        parts.append("suite: " + ", ".join(f"`{name}`" for name in checks))
    fuzz = (coverage.fuzz or {}).get(rule.id, [])
    if fuzz:
        parts.append("fuzz: " + ", ".join(f"`{name}`" for name in fuzz))
    inspector = (coverage.inspector or {}).get(rule.id, [])
    if inspector:
        parts.append("mock inspector (" + ", ".join(inspector) + ")")
    if parts:
        if checks and not _may_fail(rule):
            parts.append("a finding is only a warning (SHOULD, MAY or a note's reading)")
        return "; ".join(parts)
    reason = _TESTABLE_REASON.get(rule.testable)
    if reason is None:
        return "No check yet: the suite could test it over HTTP, but does not"
    return reason + (": " + rule.why if rule.why else "")


def _scenario_cell(rule: Rule, coverage: Coverage) -> str:
    """The client suite's scenarios of a rule, or why none judges it (`client_suite`)."""
    if coverage.scenarios is None:
        return "—"
    return cell(html.escape(client_suite.cell(coverage.scenarios.get(rule.id)), quote=False))


def _summary(role: Role, rules: list[Rule], coverage: Coverage) -> str:
    own = sum(rule.side == role.side for rule in rules)
    kinds = [basis.basis_of(rule).kind for rule in rules]
    tested = sum(
        bool(
            (coverage.checks or {}).get(rule.id)
            or (coverage.fuzz or {}).get(rule.id)
            or (coverage.inspector or {}).get(rule.id)
        )
        for rule in rules
    )
    return table(
        ["Rules", f"{role.side} only", "both sides", "specification", "inferred", "note", "tested"],
        [
            [
                str(len(rules)),
                str(own),
                str(len(rules) - own),
                str(kinds.count("specification")),
                str(kinds.count("inferred")),
                str(kinds.count("note")),
                str(tested),
            ]
        ],
    )


def render(role: Role, contract: Contract, placement: Placement, coverage: Coverage) -> str:
    """The checklist page of one role."""
    lines = basis.spec_lines(contract)
    titles = section_titles(lines)
    rules = [rule for rule in contract.rules if role.holds(rule)]
    parts = [
        "---\nhide:\n  - toc\n---",
        f"# {role.title}",
        role.intro,
        _summary(role, rules, coverage),
        "**Level** is the requirement level of the rule, written so its origin shows: in capitals (`MUST`) "
        "when it is the specification's own keyword; in lower case with *our reading* when the "
        "specification states it without a keyword and the level is our reading of the sentence; in lower "
        "case with *note* when one of our [implementation notes](../spec/notes.md) adds it where the "
        "specification is silent (such a rule only ever warns). **Basis** links the line and quotes its "
        "whole sentence. "
        "**Tested by** names what catches a violation, or why nothing can.",
    ]
    judged = role.side == "client"
    for section, members in grouped(rules):
        title = titles.get(section, "")
        parts.append(f"## §{section} {title}".rstrip())
        rows = [
            [
                rule_link(rule.id, placement.page_of.get(rule.id), role.uri)
                + ("" if rule.side == role.side else " <small>both</small>"),
                level_label(rule.level, basis.basis_of(rule).kind),
                cell(html.escape(statement(rule), quote=False)),
                basis.describe(rule, lines, role.uri),
                cell(tested_by(rule, coverage)),
                *([_scenario_cell(rule, coverage)] if judged else []),
            ]
            for rule in members
        ]
        heads = ["Rule", "Level", "Requirement", "Basis", "Tested by", *(["Scenario"] if judged else [])]
        parts.append('<div class="talkie-checklist" markdown="1">\n\n' + table(heads, rows) + "\n\n</div>")
    return "\n\n".join(parts) + "\n"
