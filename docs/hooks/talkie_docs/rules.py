"""Rules on the site: `[[AREA-NNN]]` markers in spec pages and the generated rule matrix.

A spec page names a rule by writing its ID in double brackets on a line of its own. At build time the marker
becomes the rule's block: the anchor (`id="RUN-004"`, so a report can link `spec/runs.md#RUN-004`), a
visible ID badge, the BCP 14 level, the side it binds and the statement from `spec/rules.yaml`. The wording
therefore lives in one place and the pages cannot disagree with the catalogue.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .contract import Contract, Rule
from .markdown import cell, table

MARKER_RE = re.compile(r"^\[\[([A-Z]+-\d{3})\]\]\s*$", re.MULTILINE)
SPEC_DIR = "spec"
# Where a rule that no page places lands, by area code (each page ends with its leftovers).
AREA_PAGE = {
    "MAN": "spec/discovery.md",
    "AUTH": "spec/authentication.md",
    "ERR": "spec/errors.md",
    "STAT": "spec/status.md",
    "RUN": "spec/runs.md",
    "CARD": "spec/cards.md",
    "TEXT": "spec/text-format.md",
    "ACT": "spec/actions.md",
    "THR": "spec/threads.md",
    "VOICE": "spec/voice.md",
    "TEST": "spec/test-mode.md",
    "SEC": "spec/security.md",
}
_TESTABLE_WORDS = {
    "black-box": "black-box",
    "client-side": "client-side",
    "untestable": "not testable",
}


@dataclass
class Placement:
    """Which page shows which rule, found by scanning the spec sources before the build renders them."""

    page_of: dict[str, str] = field(default_factory=dict)
    unknown: list[tuple[str, str]] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    leftovers: dict[str, list[str]] = field(default_factory=dict)


def place_rules(contract: Contract, sources: Mapping[str, str]) -> Placement:
    """Map every rule ID to the page (docs-relative path) whose marker shows it."""
    known = {rule.id for rule in contract.rules}
    placement = Placement()
    for uri, text in sorted(sources.items()):
        for rule_id in MARKER_RE.findall(text):
            if rule_id not in known:
                placement.unknown.append((uri, rule_id))
            elif rule_id in placement.page_of:
                placement.duplicates.append((uri, rule_id))
            else:
                placement.page_of[rule_id] = uri
    for rule in contract.rules:
        if rule.id not in placement.page_of:
            page = AREA_PAGE.get(rule.area)
            if page is not None and page in sources:
                placement.page_of[rule.id] = page
                placement.leftovers.setdefault(page, []).append(rule.id)
    return placement


def spec_sources(docs_dir: Path) -> dict[str, str]:
    """The Markdown sources of the spec pages, by docs-relative path."""
    return {
        path.relative_to(docs_dir).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted((docs_dir / SPEC_DIR).glob("*.md"))
    }


def rule_block(rule: Rule) -> str:
    """The HTML block of one rule (inline Markdown of the statement is rendered by md_in_html)."""
    level_class = rule.level.lower().replace(" ", "-")
    statement = html.escape(rule.statement, quote=False)
    return (
        f'<div class="talkie-rule" id="{rule.id}" markdown="span">'
        f'<a class="talkie-rule__id" href="#{rule.id}" title="Link to this rule">{rule.id}</a> '
        f'<span class="talkie-rule__level talkie-rule__level--{level_class}">{rule.level}</span> '
        f'<span class="talkie-rule__side">{rule.side}</span> '
        f'<span class="talkie-rule__text">{statement}</span></div>'
    )


def expand_markers(markdown: str, uri: str, contract: Contract, placement: Placement) -> str:
    """Replace the markers of one page with rule blocks, and append the page's leftover rules."""

    def replace(match: re.Match[str]) -> str:
        rule = contract.rule(match.group(1))
        if rule is None or placement.page_of.get(rule.id) != uri:
            return match.group(0)  # unknown or duplicate: left visible; the build warns about it
        return "\n" + rule_block(rule) + "\n"

    expanded = MARKER_RE.sub(replace, markdown)
    leftovers = [contract.rule(rule_id) for rule_id in placement.leftovers.get(uri, [])]
    blocks = [rule_block(rule) for rule in leftovers if rule is not None]
    if blocks:
        expanded += "\n\n## Further rules\n\n" + "\n\n".join(blocks) + "\n"
    return expanded


def _link(rule_id: str, page: str | None) -> str:
    if page is None:
        return rule_id
    relative = Path(page).relative_to(SPEC_DIR).as_posix()
    return f"[{rule_id}](../{SPEC_DIR}/{relative}#{rule_id})"


@dataclass(frozen=True)
class Coverage:
    """How each rule is caught: suite checks, fuzz checks, the mock's inspector (None: source unavailable)."""

    checks: Mapping[str, list[str]] | None = None
    fuzz: Mapping[str, list[str]] | None = None
    inspector: Mapping[str, list[str]] | None = None

    def check_cell(self, rule_id: str) -> str:
        names = [f"`{name}`" for name in (self.checks or {}).get(rule_id, [])]
        fuzz = (self.fuzz or {}).get(rule_id, [])
        if fuzz:
            names.append("fuzz: " + ", ".join(f"`{name}`" for name in fuzz))
        return ", ".join(names) if names else "—"

    def inspector_cell(self, rule_id: str) -> str:
        return ", ".join((self.inspector or {}).get(rule_id, [])) or "—"

    def covered(self, rule_id: str) -> bool:
        return bool((self.checks or {}).get(rule_id) or (self.fuzz or {}).get(rule_id))


def render_matrix(contract: Contract, placement: Placement, coverage: Coverage) -> str:
    """The rule matrix page: rule, level, side, testability, proving checks, inspector and suite status."""
    parts = [
        "# Rule matrix",
        "Every requirement of talkie/1 from `spec/rules.yaml`, with the conformance checks that prove it. "
        "A rule ID links to the sentence in the specification. **Testable** says who can observe a "
        "violation: the black-box suite over HTTP, only the client's own tests (or the mock's inspector), "
        "or nobody from outside.",
        "**Checks** lists the checks of `talkie-conformance run` that prove the rule, and after “fuzz:” the "
        "Schemathesis checks of `talkie-conformance fuzz` that judge every response the fuzzer provokes. "
        "**Inspector flags it** shows how a client breaking the rule is caught: the level at which the "
        "[mock's inspector](../guides/app-developers.md#the-inspector) names the rule beside the request "
        "(`error` for a broken MUST, `warning` for a SHOULD or a likely mistake; both are listed by "
        "`talkie-mock report`; `info` is a hint only).",
    ]
    if coverage.checks is None:
        parts.append(
            "The conformance suite's check registry could not be loaded while the site was built, so the "
            "check column shows “—”."
        )
    if coverage.inspector is None:
        parts.append(
            "The mock's verdict rules (`mock/src/talkie_mock/verdicts.py`) were not found while the site "
            "was built, so the inspector column shows “—”."
        )
    summary = _summary(contract.rules, coverage)
    parts.append(
        table(
            [
                "Rules",
                "black-box",
                "covered by a check",
                "client-side",
                "flagged by the inspector",
                "not testable",
            ],
            [[str(len(contract.rules)), *summary]],
        )
    )
    rows: list[list[str]] = []
    for rule in contract.rules:
        rows.append(
            [
                _link(rule.id, placement.page_of.get(rule.id)),
                f"§{rule.section}",
                rule.level,
                rule.side,
                _TESTABLE_WORDS.get(rule.testable, rule.testable),
                coverage.check_cell(rule.id),
                coverage.inspector_cell(rule.id),
                _status(rule, coverage),
                cell(rule.statement),
            ]
        )
    parts.append(
        table(
            [
                "Rule",
                "§",
                "Level",
                "Side",
                "Testable",
                "Checks",
                "Inspector flags it",
                "Suite status",
                "Statement",
            ],
            rows,
        )
    )
    return "\n\n".join(parts) + "\n"


def _status(rule: Rule, coverage: Coverage) -> str:
    if (coverage.checks or {}).get(rule.id):
        return "checked"
    if (coverage.fuzz or {}).get(rule.id):
        return "checked (fuzz)"
    if rule.testable != "black-box":
        return "out of scope"
    return "not yet checked" if coverage.checks is not None else "—"


def _summary(rules: Iterable[Rule], coverage: Coverage) -> list[str]:
    rules = list(rules)
    black_box = [rule for rule in rules if rule.testable == "black-box"]
    covered = [rule for rule in rules if coverage.covered(rule.id)]
    flagged = [rule for rule in rules if (coverage.inspector or {}).get(rule.id)]
    return [
        str(len(black_box)),
        str(len(covered)) if coverage.checks is not None or coverage.fuzz is not None else "—",
        str(sum(rule.testable == "client-side" for rule in rules)),
        str(len(flagged)) if coverage.inspector is not None else "—",
        str(sum(rule.testable == "untestable" for rule in rules)),
    ]
