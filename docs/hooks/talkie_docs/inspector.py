"""The client-side rules the mock's inspector flags, read from `talkie_mock/verdicts.py` as data.

The inspector judges every request a client sends to talkie-mock and names the rule it broke. verdicts.py
keeps no table of those rules: it builds `Finding(rule, level, message)` values in code. The module is parsed
(never imported, so the site does not need the mock installed) and each call is read:

- `Finding("AUTH-016", "error", …)`: the rule and its level, literally;
- `Finding(rule, "error", …)` with a variable rule: the assignments of that variable are traced, through a
  table of the module when the value is read from one (the request body rules of `BODY_TYPES`, say), and
  the rule IDs found there get the levels of those calls.

Levels: `error` (a MUST broken), `warning` (a SHOULD, or a likely mistake), `info` (worth knowing, not counted
as a violation by `talkie-mock report`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from .checks import RULE_ID_RE

SOURCE = Path("mock") / "src" / "talkie_mock" / "verdicts.py"
LEVELS = ("error", "warning", "info")
FINDING = "Finding"


def _finding_calls(tree: ast.AST) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == FINDING:
            yield node


def _literal(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _argument(call: ast.Call, index: int, keyword: str) -> ast.expr | None:
    if len(call.args) > index:
        return call.args[index]
    return next((kw.value for kw in call.keywords if kw.arg == keyword), None)


def _rule_constants(node: ast.AST) -> set[str]:
    return {
        child.value
        for child in ast.walk(node)
        if isinstance(child, ast.Constant) and isinstance(child.value, str) and RULE_ID_RE.match(child.value)
    }


def _assignments(tree: ast.AST) -> Iterator[tuple[set[str], ast.expr]]:
    """(assigned names, value) of every plain or annotated assignment, tuple targets flattened."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            names = {n.id for target in node.targets for n in ast.walk(target) if isinstance(n, ast.Name)}
            yield names, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None and isinstance(node.target, ast.Name):
            yield {node.target.id}, node.value


def levels_by_rule(source: str) -> dict[str, list[str]]:
    """Rule ID → the levels (in `LEVELS` order) at which the inspector reports it, from verdicts.py's text."""
    tree = ast.parse(source)
    found: dict[str, set[str]] = {}
    by_variable: dict[str, set[str]] = {}  # variable passed as the rule → levels of those calls
    for call in _finding_calls(tree):
        rule, level = _argument(call, 0, "rule"), _literal(_argument(call, 1, "level"))
        if level not in LEVELS:
            continue
        rule_id = _literal(rule)
        if rule_id is not None and RULE_ID_RE.match(rule_id):
            found.setdefault(rule_id, set()).add(level)
        elif isinstance(rule, ast.Name):
            by_variable.setdefault(rule.id, set()).add(level)
    tables = {
        name: value
        for names, value in _assignments(tree)
        for name in names
        if isinstance(value, ast.Dict | ast.Tuple | ast.List | ast.Set)
    }
    for names, value in _assignments(tree):
        levels = set().union(*(by_variable.get(name, set()) for name in names))
        if not levels:
            continue
        sources: list[ast.AST] = [value]
        sources += [tables[n.id] for n in ast.walk(value) if isinstance(n, ast.Name) and n.id in tables]
        for node in sources:
            for rule_id in _rule_constants(node):
                found.setdefault(rule_id, set()).update(levels)
    # A rule ID the tracing could not attribute is still one the inspector can name: give it every level a
    # variable rule is reported at, rather than leave it out of the matrix.
    fallback = set().union(*by_variable.values()) if by_variable else set()
    for rule_id in _rule_constants(tree) - set(found):
        found[rule_id] = set(fallback)
    return {
        rule_id: [level for level in LEVELS if level in levels]
        for rule_id, levels in sorted(found.items())
        if levels
    }


def inspector_rules(root: Path) -> dict[str, list[str]] | None:
    """The inspector's rules of the checkout at `root`, or None when the mock is not there."""
    path = root / SOURCE
    if not path.is_file():
        return None
    return levels_by_rule(path.read_text(encoding="utf-8"))
