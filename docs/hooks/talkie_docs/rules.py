"""Rules on the site: `[[AREA-NNN]]` markers in spec pages and the generated rule matrix.

A spec page names a rule by writing its ID in double brackets on a line of its own. At build time the marker
becomes the rule's block: the anchor (`id="RUN-004"`, so a report can link `spec/runs.md#RUN-004`), a
visible ID badge, the BCP 14 level, the side it binds and the statement from `spec/rules.yaml`, then the line
(or note) it rests on with the specification's own sentence, and whether the suite fails or warns on it. The
wording therefore lives in one place and the pages cannot disagree with the catalogue. Which page shows
which rule is `codegen.rule_pages`' (the playground build reads it too).
"""

from __future__ import annotations

import html
import posixpath
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from talkie_models.rules import LEVELS

from codegen.rule_pages import AREA_PAGE, MARKER_RE, SPEC_DIR, Placement, place_rules, spec_sources

from . import basis, sections
from .client_suite import Judged
from .contract import Contract, Rule
from .markdown import cell, table

__all__ = ["AREA_PAGE", "SPEC_DIR", "Placement", "place_rules", "spec_sources"]
"""The rule placement (`codegen.rule_pages`) as the site's other modules read it."""

MATRIX_URI = "reference/rules.md"
_TESTABLE_WORDS = {
    "black-box": "black-box",
    "client-side": "client-side",
    "untestable": "not testable",
}


_LEVEL_TITLES = {
    "specification": "The specification's own RFC 2119 keyword",
    "inferred": "Our reading: the specification states this without an RFC 2119 keyword",
    "note": "Added by an implementation note: at most a warning, never a failure",
}
_LEVEL_ORIGINS = {"inferred": "our reading", "note": "note"}


def level_label(level: str, kind: basis.BasisKind = "specification") -> str:
    """The coloured requirement level, saying at a glance where it comes from.

    The specification's own keyword stands alone (`MUST`); a level we read from an unkeyed sentence says so
    (`must · our reading`), and so does one a note adds (`should · note`), so neither passes for a keyword.
    """
    level_class = level.lower().replace(" ", "-")
    classes = f"talkie-rule__level talkie-rule__level--{level_class} talkie-rule__level--{kind}"
    title = _LEVEL_TITLES[kind]
    origin = _LEVEL_ORIGINS.get(kind)
    if origin is None:
        return f'<span class="{classes}" title="{title}">{level}</span>'
    return (
        f'<span class="{classes}" title="{title}">{level.lower()}'
        f'<span class="talkie-rule__origin"> · {origin}</span></span>'
    )


KEYWORDS_RE = re.compile(
    r"\b(?:MUST NOT|MUST|SHALL NOT|SHALL|SHOULD NOT|SHOULD|NOT RECOMMENDED|RECOMMENDED|REQUIRED|MAY"
    r"|OPTIONAL)\b"
)
"""The BCP 14 keywords as RFC 2119 and RFC 8174 spell them: in capitals they claim the text's own force."""


def statement(rule: Rule) -> str:
    """A rule's statement as the site shows it: the specification's own keywords in capitals, and a level we
    read from an unkeyed sentence or a note adds in plain words, so it never passes for the text's keyword."""
    if basis.basis_of(rule).kind == "specification":
        return rule.statement
    return KEYWORDS_RE.sub(lambda match: match.group(0).lower(), rule.statement)


def search_title(rule: Rule) -> str:
    """A rule's title in the site's search: its ID, its level as :func:`level_label` words it, its side."""
    kind = basis.basis_of(rule).kind
    origin = _LEVEL_ORIGINS.get(kind)
    level = rule.level if origin is None else f"{rule.level.lower()} · {origin}"
    return f"{rule.id} — {level} ({rule.side})"


def rule_block(rule: Rule, uri: str, lines: list[str] | None = None) -> str:
    """The HTML block of one rule (inline Markdown of the statement is rendered by md_in_html).

    The section linker leaves the block's own ID alone (it is the anchor's text), so no link nests in
    another. With the specification's `lines`, the block quotes the sentence the rule rests on.
    """
    shown = html.escape(statement(rule), quote=False)
    return (
        f'<div class="talkie-rule" id="{rule.id}" markdown="span">'
        f'<a class="talkie-rule__id" href="#{rule.id}" title="Link to this rule">{rule.id}</a> '
        f"{level_label(rule.level, basis.basis_of(rule).kind)} "
        f'<span class="talkie-rule__side">{rule.side}</span> '
        f'<span class="talkie-rule__text">{shown}</span> '
        f'<span class="talkie-rule__basis">{basis.short(rule, uri)} · {basis.verdict(rule)}</span>'
        f"{basis.quote(rule, lines or [])}</div>"
    )


def expand_markers(markdown: str, uri: str, contract: Contract, placement: Placement) -> str:
    """Replace the markers of one page with rule blocks, and append the page's leftover rules."""

    lines = basis.spec_lines(contract)

    def replace(match: re.Match[str]) -> str:
        rule = contract.rule(match.group(1))
        if rule is None or placement.page_of.get(rule.id) != uri:
            return match.group(0)  # unknown or duplicate: left visible; the build warns about it
        return "\n" + rule_block(rule, uri, lines) + "\n"

    expanded = MARKER_RE.sub(replace, markdown)
    leftovers = [contract.rule(rule_id) for rule_id in placement.leftovers.get(uri, [])]
    blocks = [rule_block(rule, uri, lines) for rule in leftovers if rule is not None]
    if blocks:
        expanded += "\n\n## Further rules\n\n" + "\n\n".join(blocks) + "\n"
    return expanded


def rule_link(rule_id: str, page: str | None, from_uri: str = MATRIX_URI) -> str:
    """A Markdown link from the page `from_uri` to the rule's block on its spec page."""
    if page is None:
        return rule_id
    relative = posixpath.relpath(page, posixpath.dirname(from_uri) or ".")
    return f"[{rule_id}]({relative}#{rule_id})"


@dataclass(frozen=True)
class Coverage:
    """How each rule is caught: suite checks, fuzz checks, the mock's inspector, the client suite's
    scenarios (None: source unavailable)."""

    checks: Mapping[str, list[str]] | None = None
    fuzz: Mapping[str, list[str]] | None = None
    inspector: Mapping[str, list[str]] | None = None
    scenarios: Mapping[str, Judged] | None = None

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


def _filter_form(contract: Contract) -> str:
    """The matrix's filters (wired by assets/javascripts/rule-filter.js; without it every row shows)."""
    titles = sections.section_titles(basis.spec_lines(contract))
    majors = sorted({rule.section.split(".", 1)[0] for rule in contract.rules}, key=int)
    section_options = "".join(
        f'<option value="{major}">§{major} {html.escape(titles.get(major, "").replace("`", ""))}</option>'
        for major in majors
    )
    level_options = "".join(f'<option value="{level}">{level}</option>' for level in LEVELS)
    return (
        '<form class="talkie-filter" data-talkie-filter="talkie-matrix" hidden>'
        '<label>Side <select name="side"><option value="">any</option>'
        '<option value="server">binds a server</option><option value="client">binds a client</option>'
        '<option value="both">binds both</option></select></label> '
        f'<label>Level <select name="level"><option value="">any</option>{level_options}</select></label> '
        '<label>Section <select name="section"><option value="">any</option>'
        f"{section_options}</select></label> "
        '<output class="talkie-filter__count" aria-live="polite"></output></form>'
    )


def render_matrix(contract: Contract, placement: Placement, coverage: Coverage) -> str:
    """The rule matrix: rule, level, side, basis, testability, checks, inspector, suite status, statement."""
    parts = [
        "---\nhide:\n  - toc\n---",
        "# Rule matrix",
        "Every requirement of talkie/1 from `spec/rules.yaml`, with the conformance checks that prove it. "
        "A rule ID links to the sentence in the specification; the role checklists "
        "([server](../guides/server-checklist.md), [client](../guides/client-checklist.md)) list the same "
        "rules split by the side they bind. **Basis** is where a rule comes from: the protocol text with "
        "its keyword (*specification*), a sentence of it without one (*inferred*), or one of our notes "
        "(*note*), with the specification's sentence it rests on. **Suite** says what breaking the rule "
        "earns in `talkie-conformance`: only a MUST of the specification's text *fails*; a SHOULD, or a rule "
        "one of our notes adds, *warns* and names the note; a MAY *informs*. (A shape the text states "
        "fails its rule; a member only the specification's examples show, or one our notes close out, only "
        "warns, naming [N-26](../spec/notes.md#N-26) or [N-18](../spec/notes.md#N-18): see "
        "[N-101](../spec/notes.md#N-101).) **Testable** says who can observe a "
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
    lines = basis.spec_lines(contract)
    for rule in contract.rules:
        rows.append(
            [
                rule_link(rule.id, placement.page_of.get(rule.id)),
                f"§{rule.section}",
                level_label(rule.level, basis.basis_of(rule).kind),
                rule.side,
                basis.short(rule, MATRIX_URI) + basis.quote(rule, lines),
                basis.verdict(rule),
                _TESTABLE_WORDS.get(rule.testable, rule.testable),
                coverage.check_cell(rule.id),
                coverage.inspector_cell(rule.id),
                _status(rule, coverage),
                cell(html.escape(statement(rule), quote=False)),
            ]
        )
    parts.append(_filter_form(contract))
    parts.append(
        '<div class="talkie-matrix" id="talkie-matrix" markdown="1">\n\n'
        + table(
            [
                "Rule",
                "§",
                "Level",
                "Side",
                "Basis",
                "Suite",
                "Testable",
                "Checks",
                "Inspector flags it",
                "Suite status",
                "Statement",
            ],
            rows,
        )
        + "\n\n</div>"
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
