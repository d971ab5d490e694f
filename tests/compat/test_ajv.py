"""Ajv, the JavaScript validator most app backends and tools embed: its JSON Schema 2020-12 class in its
default strict mode compiles every schema file, once our annotation keywords (schemas/meta/vocabulary.json)
are declared the standard way (`addVocabulary`). Strict-mode warnings count as failures too.
"""

from __future__ import annotations

import json

import pytest
from compat_support import HERE, NODE_DIR, SCHEMAS, Run, Tool

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

VOCABULARY = SCHEMAS / "meta" / "vocabulary.json"


def _compile(run: Run, *keywords: str) -> dict[str, list[str]]:
    result = run(["node", HERE / "ajv_strict.mjs", NODE_DIR, SCHEMAS, *keywords])
    assert result.returncode == 0, result.stderr
    report: dict[str, list[str]] = json.loads(result.stdout)
    return report


def test_every_schema_compiles_in_strict_mode(run: Run, node_tool: Tool) -> None:
    node_tool("tsc")  # skips when the node tools are missing
    keywords = sorted(json.loads(VOCABULARY.read_text())["properties"])
    report = _compile(run, *keywords)
    assert len(report) == len(list(SCHEMAS.glob("*.json")))
    assert {name: problems for name, problems in report.items() if problems} == {}


def test_strict_mode_refuses_undeclared_keywords(run: Run, node_tool: Tool) -> None:
    """The check is live: without the vocabulary, every file with a `discriminator` fails."""
    node_tool("tsc")
    report = _compile(run)
    failing = {name for name, problems in report.items() if any("discriminator" in p for p in problems)}
    assert {"event.json", "card-block.json", "talkie-custom-event.json"} <= failing
