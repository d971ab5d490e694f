"""The OpenAPI reference: an endpoint table page and a Redoc rendering built by Redocly CLI.

Redoc (the renderer inside `@redocly/cli`'s `build-docs`) reads OpenAPI 3.2 and falls back to a media type's
`itemSchema` when it has no `schema`, so the run stream's SSE item (`data`, `event`, `id`, `retry`) is shown
from the 3.2 document itself. Redoc does not expand the `contentSchema` inside `data`; the operations table
links the event union (StreamEvent) instead. `--inlineBundle` embeds Redoc's JavaScript in the page, and the
template's Content-Security-Policy blocks the one remote image Redoc would still fetch (its attribution
logo), so nothing is loaded from a CDN.
"""

from __future__ import annotations

import hashlib
import logging
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from .contract import Contract, JsonObject
from .markdown import cell, code, table

log = logging.getLogger("mkdocs.plugins.talkie")
REDOC_URI = "reference/openapi/redoc.html"
REDOC_DARK_URI = "reference/openapi/redoc-dark.html"
# Redoc themes its page at build time, so dark mode is a second rendering with these options; the site's
# palette.js shows the one that matches the palette (Material's slate scheme).
DARK_THEME = {
    "openapi.theme.colors.primary.main": "#4cc7bd",
    "openapi.theme.colors.text.primary": "#e2e4e9",
    "openapi.theme.colors.text.secondary": "#b4b8c2",
    "openapi.theme.colors.border.dark": "#5a6070",
    "openapi.theme.colors.border.light": "#3a3f4b",
    "openapi.theme.sidebar.backgroundColor": "#191c22",
    "openapi.theme.sidebar.textColor": "#e2e4e9",
    "openapi.theme.sidebar.activeTextColor": "#4cc7bd",
    "openapi.theme.rightPanel.backgroundColor": "#11131a",
    "openapi.theme.rightPanel.textColor": "#e2e4e9",
    "openapi.theme.typography.links.color": "#4cc7bd",
    "openapi.theme.typography.code.color": "#ffcc66",
    "openapi.theme.typography.code.backgroundColor": "#2b2f3a",
    "openapi.theme.schema.nestedBackground": "#262a33",
    "openapi.theme.schema.typeNameColor": "#b4b8c2",
    "openapi.theme.schema.linesColor": "#5a6070",
    "templateOptions.background": "#1e2129",
    "templateOptions.colorScheme": "dark",
}
# Redocly's default page plus a Content-Security-Policy that keeps every load on the site's own origin.
TEMPLATE = Path(__file__).with_name("redoc.hbs")
METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "query")
_cache: dict[str, bytes] = {}


def operations(document: JsonObject) -> list[tuple[str, str, JsonObject]]:
    """(method, path, operation) for every operation, in document order."""
    found: list[tuple[str, str, JsonObject]] = []
    for path, item in (document.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            operation = item.get(method)
            if isinstance(operation, dict):
                found.append((method.upper(), str(path), operation))
    return found


def _resolve(document: JsonObject, node: Any) -> Any:
    """Follow a local `#/components/...` reference once."""
    if isinstance(node, dict) and str(node.get("$ref", "")).startswith("#/"):
        target: Any = document
        for part in str(node["$ref"])[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        return target
    return node


def schema_links(document: JsonObject, node: Any, contract: Contract) -> list[str]:
    """Links to the schema pages a request body or response refers to (through `$ref` to schemas/)."""
    links: list[str] = []

    def walk(value: Any) -> None:
        value = _resolve(document, value)
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str) and ref.endswith(".json"):
                stem = Path(ref).stem
                if stem in contract.schemas:
                    link = f"[{contract.schemas[stem].title}](schemas/{stem}.md)"
                    if link not in links:
                        links.append(link)
            for key, child in value.items():
                if key not in ("examples", "example", "links"):
                    walk(child)
        elif isinstance(value, list):
            for child in value:
                walk(child)

    walk(node)
    return links


def render_openapi_page(contract: Contract, redoc_ready: bool) -> str:
    """The OpenAPI page: what the document is, a link to the Redoc rendering, and every operation."""
    document = contract.openapi
    info = document.get("info") or {}
    parts = [
        "---\nhide:\n  - toc\n---",
        "# OpenAPI",
        f"The HTTP surface of talkie/1 is described by `spec/openapi.yaml` (OpenAPI "
        f"{document.get('openapi', '?')}, “{info.get('title', '')}”). Its request and response bodies are "
        "the schemas of this reference; the run stream is a `text/event-stream` whose `itemSchema` carries "
        "one AG-UI event per item. Paths below are the ones the reference mock serves: a real server "
        "publishes its own path templates in the manifest, and clients always resolve endpoints from there.",
    ]
    if redoc_ready:
        parts.append(
            "[Open the interactive API reference](openapi/redoc.html){ .md-button .md-button--primary } "
            "— rendered by Redoc from the OpenAPI 3.2 document at build time, with every script embedded."
        )
        parts.append(
            '<iframe class="talkie-redoc" src="../openapi/redoc.html" '
            'data-dark-src="../openapi/redoc-dark.html" title="talkie/1 API reference" '
            'loading="lazy"></iframe>'
        )
    else:
        parts.append(
            '!!! warning "Interactive reference not built"\n\n'
            "    Redocly CLI (`tools/node`) was not available when this site was built. "
            "Run `python3 dev.py setup` to install it."
        )
    rows: list[list[str]] = []
    for method, path, operation in operations(document):
        body = operation.get("requestBody")
        responses = operation.get("responses") or {}
        success = {status: r for status, r in responses.items() if str(status).startswith("2")}
        rows.append(
            [
                code(operation.get("operationId", "")),
                f"{code(method)} {code(path)}",
                code(operation.get("x-talkie-endpoint", "—")),
                cell(str(operation.get("summary", ""))),
                ", ".join(schema_links(document, body, contract)) or "—",
                ", ".join(schema_links(document, success, contract)) or "—",
                ", ".join(code(status) for status in responses),
            ]
        )
    parts.append("## Operations")
    parts.append(
        '<div class="talkie-operations" markdown="1">\n\n'
        + table(
            ["operationId", "Endpoint", "Manifest key", "Summary", "Request", "Success body", "Statuses"],
            rows,
        )
        + "\n\n</div>"
    )
    return "\n\n".join(parts) + "\n"


def redocly_binary(root: Path) -> Path | None:
    """The Redocly CLI installed by `dev.py setup` in tools/node, if present."""
    binary = root / "tools" / "node" / "node_modules" / ".bin" / "redocly"
    return binary if binary.exists() else None


def build_redoc(contract: Contract, dark: bool = False) -> bytes | None:
    """Render the talkie/1 OpenAPI document (its `$ref`s into schemas/ are part of the cache key)."""
    return render_redoc(
        contract.root,
        contract.openapi_path,
        "talkie/1 API reference",
        [schema.path for schema in contract.schemas.values()],
        dark=dark,
    )


def render_redoc(
    root: Path, document: Path, title: str, inputs: list[Path] | None = None, dark: bool = False
) -> bytes | None:
    """Render `document` with `redocly build-docs --inlineBundle`; cached by the content of every input."""
    binary = redocly_binary(root)
    if binary is None or not document.is_file():
        return None
    options = [f"--{name}={value}" for name, value in DARK_THEME.items()] if dark else []
    digest = hashlib.sha256(document.read_bytes() + TEMPLATE.read_bytes() + title.encode())
    digest.update(" ".join(options).encode())
    for path in inputs or []:
        digest.update(path.read_bytes())
    key = digest.hexdigest()
    cached = _cache.get(key)
    if cached is not None:
        return cached
    with tempfile.TemporaryDirectory(prefix="talkie-redoc-") as scratch:  # nothing left behind in /tmp
        html = _build_docs(binary, root, document, Path(scratch) / "redoc.html", title, options)
    if html is not None:
        _cache[key] = html
    return html


def _build_docs(
    binary: Path, root: Path, document: Path, output: Path, title: str, options: list[str]
) -> bytes | None:
    """One `redocly build-docs` run; the page it wrote, or None (and a warning) when it failed."""
    env = {
        **os.environ,
        "REDOCLY_TELEMETRY": "off",
        "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
        "REDOCLY_SUPPRESS_NOTIFICATIONS": "true",
    }
    command = [
        str(binary),
        "build-docs",
        str(document),
        "--output",
        str(output),
        "--inlineBundle",
        "--title",
        title,
        "--template",
        str(TEMPLATE),
        *options,
    ]
    result = subprocess.run(
        command, cwd=root, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    if result.returncode != 0 or not output.is_file():
        log.warning(
            "talkie: redocly build-docs of %s failed:\n%s%s",
            document.name,
            result.stdout[-2000:],
            result.stderr[-2000:],
        )
        return None
    return offline(output.read_bytes())


# Redoc's bundle names its attribution logo on a CDN; the page's CSP blocks the fetch, and the console then
# reports a violation on every load. The logo is replaced by an empty inline image, so nothing is fetched.
_EMPTY_SVG = b"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
_REMOTE_ASSETS = (
    b"https://cdn.redoc.ly/redoc/logo-mini-full.svg",
    b"https://cdn.redoc.ly/redoc/logo-mini.svg",
)


def offline(page: bytes) -> bytes:
    """A Redoc page that names no asset on another host (links to other sites stay links)."""
    for remote in _REMOTE_ASSETS:
        page = page.replace(remote, _EMPTY_SVG)
    return page
