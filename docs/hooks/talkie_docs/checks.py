"""The check → rule mappings of the conformance suite, read from its two registries as data.

talkie-conformance registers each rule check with the rule IDs it proves (`checking.REGISTRY`,
filled by importing `talkie_conformance.checks`) and each Schemathesis check with the rule IDs it judges
(`talkie_conformance.fuzz_checks.FUZZ_CHECKS`, filled by its `@fuzz_check` decorator). Nothing here reads
source code. When the suite cannot be imported (not installed, or broken mid-change) the matrix shows "—"
instead of failing the build.
"""

from __future__ import annotations

import importlib
import logging
import re
from typing import Any

log = logging.getLogger("mkdocs.plugins.talkie")
RULE_ID_RE = re.compile(r"^[A-Z]{2,}-\d{3}$")  # a note (`N-140`) has one letter
"""The shape of a rule ID (`RUN-004`), for pages that pick rule IDs out of data."""


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


def fuzz_checks_by_rule() -> dict[str, list[str]] | None:
    """Rule ID → names of the Schemathesis checks that judge it, or None when the registry is unavailable."""
    try:
        registry: Any = importlib.import_module("talkie_conformance.fuzz_checks").FUZZ_CHECKS
    except Exception as exc:  # the fuzz column is informative; its absence must not break the site
        log.info("talkie: fuzz checks unavailable (%s); rule matrix shows no fuzz checks", exc)
        return None
    mapping: dict[str, set[str]] = {}
    for name, fuzz_check in registry.items():
        for rule_id in getattr(fuzz_check, "rules", ()):
            mapping.setdefault(str(rule_id), set()).add(str(name))
    return {rule_id: sorted(found) for rule_id, found in mapping.items()}
