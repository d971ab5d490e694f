"""The contract's schema files as the client generators read them: every file by `$id`, and JSON pointers.

One reader for `codegen.typescript` and `codegen.kotlin`, so both resolve `$ref`s against the same documents.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"

Json = Any


def schemas_by_id() -> dict[str, dict[str, Json]]:
    """Every schema file of `schemas/` by its `$id`."""
    found: dict[str, dict[str, Json]] = {}
    for path in sorted(SCHEMAS.glob("*.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        found[schema["$id"]] = schema
    return found


def pointer(document: Json, fragment: str) -> Json:
    """The node a JSON-pointer fragment (`/$defs/Tone`) names inside `document`."""
    node = document
    for token in [t for t in fragment.split("/") if t]:
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return node
