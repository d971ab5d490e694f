"""The check → rule mappings of the conformance suite: its check registry and its fuzz checks.

talkie-conformance registers each check with the rule IDs it proves (`talkie_conformance.checking.REGISTRY`,
filled by importing `talkie_conformance.checks`). Its Schemathesis checks (`talkie_conformance.fuzz_checks`,
listed by name in `TALKIE_CHECKS`) keep no such table: each one names its rules through the `rule_ids`
constants in the failure messages it raises. The fuzz mapping is therefore read from the check functions
themselves: every `rule_ids` constant (or literal rule ID) a check's source mentions is a rule it judges.
When the suite cannot be imported (not installed, or broken mid-change) the matrix shows "—" instead of
failing the build.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
import re
import textwrap
from types import ModuleType
from typing import Any

log = logging.getLogger("mkdocs.plugins.talkie")
RULE_ID_RE = re.compile(r"^[A-Z]+-\d{3}$")
RULE_IDS_MODULE = "talkie_conformance.rule_ids"


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


def rules_named_by(function: Any, module: ModuleType) -> list[str]:
    """The rule IDs a check function names: `<rule_ids alias>.CONSTANT` attributes and literal IDs."""
    aliases = {
        name
        for name, value in vars(module).items()
        if isinstance(value, ModuleType) and value.__name__ == RULE_IDS_MODULE
    }
    rule_ids = importlib.import_module(RULE_IDS_MODULE)
    found: set[str] = set()
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(function)))):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            value = getattr(rule_ids, node.attr, None)
            if isinstance(value, str) and RULE_ID_RE.match(value):
                found.add(value)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID_RE.match(node.value):
            found.add(node.value)
    return sorted(found)


def fuzz_checks_by_rule() -> dict[str, list[str]] | None:
    """Rule ID → names of the Schemathesis checks that judge it, or None when they cannot be read."""
    try:
        module = importlib.import_module("talkie_conformance.fuzz_checks")
        names = [str(name) for name in module.TALKIE_CHECKS]
        mapping: dict[str, set[str]] = {}
        for name in names:
            for rule_id in rules_named_by(getattr(module, name), module):
                mapping.setdefault(rule_id, set()).add(name)
    except Exception as exc:  # the fuzz column is informative; its absence must not break the site
        log.info("talkie: fuzz checks unavailable (%s); rule matrix shows no fuzz checks", exc)
        return None
    return {rule_id: sorted(found) for rule_id, found in mapping.items()}
