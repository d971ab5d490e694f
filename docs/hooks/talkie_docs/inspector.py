"""The client-side rules the mock's inspector flags, read from its registry as data.

talkie-mock lists every rule its inspector can name, with the levels it reports it at, in
`talkie_mock.devtools.verdicts.RULES` (the inspector refuses to make any other finding). Nothing here reads
source code. When the mock cannot be imported (not installed, or broken mid-change) the matrix shows "—"
instead of failing the build.

Levels: `error` (a MUST broken), `warning` (a SHOULD, or a likely mistake), `info` (worth knowing, not counted
as a violation by `talkie-mock report`).
"""

from __future__ import annotations

import importlib
import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.plugins.talkie")
LEVELS = ("error", "warning", "info")


def inspector_rules(root: Path | None = None) -> dict[str, list[str]] | None:
    """Rule ID → the levels (in `LEVELS` order) at which the inspector reports it, or None when the mock's
    registry is unavailable. `root` (the checkout) is accepted for the callers' symmetry and not needed."""
    try:
        registry: Any = importlib.import_module("talkie_mock.devtools.verdicts").RULES
    except Exception as exc:  # the inspector column is informative; its absence must not break the site
        log.info("talkie: mock inspector registry unavailable (%s); rule matrix shows no inspector", exc)
        return None
    return {
        str(rule_id): [level for level in LEVELS if level in levels]
        for rule_id, levels in sorted(registry.items())
    }
