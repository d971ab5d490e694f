"""The mock's control API on the site: an operations page plus the same Redoc rendering as the main document.

`mock/src/talkie_mock/devtools/control-api.yaml` describes the developer surface of talkie-mock under
`/_mock/api/`.
It is no part of talkie/1 (a production server offers nothing like it), so it gets a page of its own in the
reference, built from the file the mock ships, next to the protocol's OpenAPI page.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from . import openapi
from .contract import JsonObject
from .markdown import cell, code, table

SOURCE = Path("mock") / "src" / "talkie_mock" / "devtools" / "control-api.yaml"
PAGE_URI = "reference/control-api.md"
REDOC_URI = "reference/control-api/redoc.html"
REDOC_DARK_URI = "reference/control-api/redoc-dark.html"
TITLE = "talkie-mock control API"


def source_path(root: Path) -> Path:
    """Where the control API document lives in a checkout."""
    return root / SOURCE


def load(root: Path) -> JsonObject:
    """The parsed control API document (empty when the mock is not in this checkout)."""
    path = source_path(root)
    if not path.is_file():
        return {}
    loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded if isinstance(loaded, dict) else {}


def build_redoc(root: Path, dark: bool = False) -> bytes | None:
    """Redoc rendering of the control API (same renderer, template, themes and cache as the talkie/1 one)."""
    return openapi.render_redoc(root, source_path(root), TITLE, dark=dark)


def _body(operation: JsonObject) -> str:
    """The request body: the named component it references, or the members of an inline object."""
    content = (operation.get("requestBody") or {}).get("content") or {}
    schema: Any = (content.get("application/json") or {}).get("schema")
    if not isinstance(schema, dict):
        return "—"
    ref = schema.get("$ref")
    if isinstance(ref, str):
        return code(ref.rsplit("/", 1)[-1])
    members = schema.get("properties") or {}
    return "{" + ", ".join(code(name) for name in members) + "}" if members else code("object")


def render_page(document: JsonObject, redoc_ready: bool) -> str:
    """The control API page: what it is for, the Redoc rendering and one row per operation."""
    info = document.get("info") or {}
    parts = [
        "# Mock control API",
        "talkie-mock, the reference test-mode server, has a developer surface of its own under "
        "`/_mock/api/`: it moves the mock's virtual clock, switches faults on and off, decides or expires "
        "actions, and hands out the recorded traffic and the client-side rule violations. The inspector "
        "page at `/_mock/` is built on it, and an app's own test suite can drive it the same way. It is "
        "**not part of talkie/1**: a production server has nothing like it. It takes the developer secret "
        "the mock prints at start (`dk_…`, as a bearer token, or the inspector's cookie after opening the "
        "printed link) and refuses cross-site requests; `--open-devtools` opens it on loopback for CI. Its "
        "errors use the talkie/1 error body.",
        f"The description is `{SOURCE.as_posix()}` (OpenAPI {document.get('openapi', '?')}, "
        f"“{info.get('title', TITLE)}”, version {info.get('version', '?')}), shipped inside the mock "
        "package. How to use it from an app's tests: [App developers → faults on demand]"
        "(../guides/app-developers.md#faults-on-demand).",
    ]
    if redoc_ready:
        # A link, not an embedded frame: Redoc's renderer alone is over 2 MB, which this page does not load
        # until the reader asks for it. palette.js points the link at the dark rendering in dark mode.
        parts.append(
            '<a class="md-button md-button--primary talkie-redoc-link" href="redoc.html" '
            'data-dark-href="redoc-dark.html">Open the interactive control API reference</a>'
            " — rendered by Redoc at build time, every script embedded."
        )
    else:
        parts.append(
            '!!! warning "Interactive reference not built"\n\n'
            "    Redocly CLI (`tools/node`) was not available when this site was built. "
            "Run `python3 dev.py setup` to install it."
        )
    rows = [
        [
            code(operation.get("operationId", "")),
            f"{code(method)} {code(path)}",
            cell(str(operation.get("summary", ""))),
            _body(operation),
            ", ".join(code(status) for status in operation.get("responses") or {}),
        ]
        for method, path, operation in openapi.operations(document)
    ]
    parts.append("## Operations")
    parts.append(table(["operationId", "Endpoint", "Summary", "Request body", "Statuses"], rows))
    return "\n\n".join(parts) + "\n"
