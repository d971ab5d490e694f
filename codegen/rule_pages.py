"""Which page of the site shows each rule, read from the spec pages' sources.

A spec page (`docs/spec/*.md`) names a rule by writing its ID in double brackets on a line of its own; a rule
no page names lands on its area's page. The site renders the markers (`docs/hooks/talkie_docs/rules.py`) and
the playground build links each rule to its block (`clients/playground/build.py`): both read the placement
from here, its one owner, and neither imports the other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from talkie_models.rules import Rule

MARKER_RE = re.compile(r"^\[\[([A-Z]+-\d{3})\]\]\s*$", re.MULTILINE)
SPEC_DIR = "spec"
"""The folder of the spec pages, below the site's docs folder."""
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


@dataclass
class Placement:
    """Which page shows which rule, found by scanning the spec sources before the build renders them."""

    page_of: dict[str, str] = field(default_factory=dict)
    unknown: list[tuple[str, str]] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    leftovers: dict[str, list[str]] = field(default_factory=dict)


def place_rules(rules: Iterable[Rule], sources: Mapping[str, str]) -> Placement:
    """Map every rule ID to the page (docs-relative path) whose marker shows it."""
    rules = list(rules)
    known = {rule.id for rule in rules}
    placement = Placement()
    for uri, text in sorted(sources.items()):
        for rule_id in MARKER_RE.findall(text):
            if rule_id not in known:
                placement.unknown.append((uri, rule_id))
            elif rule_id in placement.page_of:
                placement.duplicates.append((uri, rule_id))
            else:
                placement.page_of[rule_id] = uri
    for rule in rules:
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
