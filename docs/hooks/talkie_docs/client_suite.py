"""Which scenario of the mock's client conformance suite judges each client rule, or why none does.

Read as data from `talkie_mock.clientsuite.catalogue.listing()`, the very rows `talkie-mock clients list
--json` prints; nothing here reads source code or keeps a copy. When the mock cannot be imported the client
checklist shows "—" in that column instead of failing the build.
"""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("mkdocs.plugins.talkie")
GUIDE = "client-suite.md"
"""The guide that shows how to run the suite (a sibling of the checklists under guides/)."""


@dataclass(frozen=True)
class Judged:
    """One client rule in the suite: the scenarios that judge it, or why none does."""

    scenarios: tuple[str, ...]
    reason: str


def scenarios_by_rule() -> dict[str, Judged] | None:
    """Rule ID → its scenarios or reason, or None when the suite's catalogue is unavailable."""
    try:
        rows: Any = importlib.import_module("talkie_mock.clientsuite.catalogue").listing()
    except Exception as exc:  # the column is informative; its absence must not break the site
        log.info(
            "talkie: client suite catalogue unavailable (%s); the client checklist shows no scenarios", exc
        )
        return None
    return {
        str(row["rule"]): Judged(tuple(str(name) for name in row["scenarios"]), str(row["reason"]))
        for row in rows
    }


def cell(judged: Judged | None) -> str:
    """The checklist cell: the scenarios by name, or why none judges the rule."""
    if judged is None:
        return "—"
    if judged.scenarios:
        return ", ".join(f"`{name}`" for name in judged.scenarios)
    return judged.reason[:1].upper() + judged.reason[1:]
