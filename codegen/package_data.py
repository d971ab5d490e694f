"""Copies of contract files that installed distributions ship as package data.

An installed wheel has no repository beside it, so the mock (which names the rule a client broke) and the
conformance suite (which reports per rule and fuzzes the OpenAPI bundle) carry their own copies. They are
generator outputs like any other, so `python -m codegen --check` fails when one is stale. (The models
distribution's data files are written by `codegen.models`.)
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# repository source -> shipped copies
SHIPPED: dict[str, tuple[str, ...]] = {
    "spec/rules.yaml": (
        "mock/src/talkie_mock/rules.yaml",
        "conformance/src/talkie_conformance/data/rules.yaml",
    ),
    "spec/generated/openapi-3.1.bundled.yaml": (
        "conformance/src/talkie_conformance/data/openapi-3.1.bundled.yaml",
    ),
}


def outputs() -> dict[Path, bytes]:
    """Every shipped copy with the exact bytes of its source."""
    result: dict[Path, bytes] = {}
    for source, copies in SHIPPED.items():
        content = (ROOT / source).read_bytes()
        for copy in copies:
            result[ROOT / copy] = content
    return result
