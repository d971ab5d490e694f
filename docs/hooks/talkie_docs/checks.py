"""The check → rule mapping of the conformance suite, read from its registry.

talkie-conformance registers each check with the rule IDs it proves (`talkie_conformance.checking.REGISTRY`,
filled by importing `talkie_conformance.checks`). The rule matrix inverts that. When the suite cannot be
imported (not installed, or broken mid-change) the matrix shows "—" instead of failing the build.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

log = logging.getLogger("mkdocs.plugins.talkie")


def checks_by_rule() -> dict[str, list[str]] | None:
    """Rule ID → names of the checks that prove it (sorted), or None when the registry is unavailable."""
    try:
        importlib.import_module("talkie_conformance.checks")
        registry: Any = importlib.import_module("talkie_conformance.checking").REGISTRY
    except Exception as exc:  # any import failure means "no registry", never a broken site
        log.info("talkie: conformance registry unavailable (%s); rule matrix shows no checks", exc)
        return None
    mapping: dict[str, set[str]] = {}
    for spec in registry:
        for rule_id in getattr(spec, "rules", ()):
            mapping.setdefault(str(rule_id), set()).add(f"{spec.section}.{spec.name}")
    return {rule_id: sorted(names) for rule_id, names in mapping.items()}
