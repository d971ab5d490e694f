"""Copies of contract files that installed distributions ship as package data.

An installed wheel has no repository beside it, so the conformance suite (which fuzzes the OpenAPI bundle of
the text view, notes N-101) carries its own copy. Copies are generator outputs like any other, so
`python -m codegen --check` fails when
one is stale. (The models distribution's data files, the rule catalogue among them, are written by
`codegen.models`; the mock and the suite read rules through `talkie_models.rules`.)
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# repository source -> shipped copies
SHIPPED: dict[str, tuple[str, ...]] = {
    "spec/generated/text/openapi-3.1.text.bundled.yaml": (
        "conformance/src/talkie_conformance/data/openapi-3.1.text.bundled.yaml",
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
