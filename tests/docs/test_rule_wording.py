"""How the site words a rule: the specification's keywords in capitals, our reading and a note's level not.

Fast: the site's hooks are loaded as the MkDocs hook loads them, no build needed.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

from talkie_models.rules import load

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / "docs" / "hooks" / "talkie_docs"
CAPITALS = re.compile(r"\b(MUST|SHOULD|MAY|SHALL|REQUIRED|RECOMMENDED|OPTIONAL)\b")
RULES = list(load(ROOT / "spec" / "rules.yaml").values())


def _hooks(name: str) -> ModuleType:
    if "talkie_docs" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "talkie_docs", HOOKS / "__init__.py", submodule_search_locations=[str(HOOKS)]
        )
        assert spec is not None
        assert spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules["talkie_docs"] = package
        spec.loader.exec_module(package)
    return importlib.import_module(f"talkie_docs.{name}")


def _text(block: str) -> str:
    found = re.search(r'<span class="talkie-rule__text">(.*?)</span>', block)
    assert found, block
    return found.group(1)


def test_a_rule_of_our_reading_or_a_note_shows_no_keyword_in_capitals() -> None:
    rules = _hooks("rules")
    ours = [rule for rule in RULES if rule.basis_kind != "specification"]
    assert len(ours) > 100  # most rules rest on our reading of an unkeyed sentence
    for rule in ours:
        shown = _text(rules.rule_block(rule, "spec/runs.md"))
        assert not CAPITALS.search(shown), (rule.id, shown)
        assert rules.statement(rule).lower() == rule.statement.lower()  # the same words, the case aside


def test_the_specifications_own_keywords_stay_in_capitals() -> None:
    rules = _hooks("rules")
    own = [rule for rule in RULES if rule.basis_kind == "specification"]
    assert own
    for rule in own:
        assert rules.statement(rule) == rule.statement
        assert CAPITALS.search(_text(rules.rule_block(rule, "spec/runs.md"))), rule.id


def test_search_titles_give_the_level_as_the_rule_block_does() -> None:
    search = _hooks("search")
    entries = search.rule_entries(RULES, {rule.id: "spec/x/" for rule in RULES})
    by_id = {entry["title"].split(" — ")[0]: entry for entry in entries}
    for rule in RULES:
        entry = by_id[rule.id]
        if rule.basis_kind == "specification":
            assert entry["title"] == f"{rule.id} — {rule.level} ({rule.side})"
        else:
            assert not CAPITALS.search(entry["title"]), entry["title"]
            assert not CAPITALS.search(str(entry["text"])), entry["text"]
    kinds = {rule.basis_kind: by_id[rule.id]["title"] for rule in RULES}
    assert kinds["inferred"].split(" — ")[1].startswith(("must · our reading", "should · our reading"))
