"""Shared helpers of the talkie-models tests: the contract files as the tests read them (from the repo)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
EXAMPLES = SCHEMAS / "examples"

# Names the package adds by hand on top of the generated schema titles.
HAND_WRITTEN = {
    "EventParseError",
    "PROFILES",
    "Profile",
    "RuleCatalogueError",
    "SchemaValidationError",
    "TalkieModel",
    "TalkieModelsError",
    "UnknownBlock",
    "UnknownEvent",
    "UnknownOutcome",
    "parse_event",
    "parse_model",
}

_SKIP = {"examples", "const", "enum", "default"}


@cache
def documents() -> dict[str, dict[str, Any]]:
    """File name -> schema document of every ``schemas/*.json``."""
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMAS.glob("*.json"))}


def _titles(node: Any, found: set[str]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("title"), str):
            found.add(node["title"])
        for key, value in node.items():
            if key not in _SKIP and not key.startswith("x-"):
                _titles(value, found)
    elif isinstance(node, list):
        for item in node:
            _titles(item, found)


@cache
def all_titles() -> frozenset[str]:
    """Every ``title`` in the schema files (roots, ``$defs`` and any titled subschema)."""
    found: set[str] = set()
    for document in documents().values():
        _titles(document, found)
    return frozenset(found)


def named_schemas() -> dict[str, dict[str, Any]]:
    """Title -> schema of every document root and every titled ``$defs`` entry."""
    named: dict[str, dict[str, Any]] = {}
    for document in documents().values():
        named[document["title"]] = document
        for sub in document.get("$defs", {}).values():
            if isinstance(sub.get("title"), str):
                named.setdefault(sub["title"], sub)
    return named


def schema_examples() -> list[tuple[str, int, Any]]:
    """(title, index, example) for the ``examples`` of every document root and titled ``$defs`` entry."""
    return [
        (title, index, example)
        for title, schema in sorted(named_schemas().items())
        for index, example in enumerate(schema.get("examples", []))
    ]


def example_files() -> dict[str, Any]:
    """File name -> content of every ``schemas/examples/*.json``."""
    return {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))}


def example_file_type(name: str) -> str:
    """The type an example file holds: ``stream-*`` files are lists of stream events, the others are named
    after their schema file (``decision-response-confirm.json`` -> ``DecisionResponse``)."""
    stem = name.removesuffix(".json")
    if stem.startswith("stream-"):
        return "stream"
    candidates = [f for f in documents() if stem.startswith(f.removesuffix(".json"))]
    if not candidates:
        raise LookupError(f"no schema file matches the example file {name}")
    return str(documents()[max(candidates, key=len)]["title"])
