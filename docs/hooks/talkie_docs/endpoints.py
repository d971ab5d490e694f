"""A uniform box per endpoint, from spec/openapi.yaml: method, endpoint key, request, response, errors, curl.

The boxes are collected on the generated Endpoints page, and a spec page can show one where it describes the
endpoint by writing `[[endpoint:decision]]` on a line of its own (a manifest endpoint key, or `manifest`;
`[[endpoint:thread DELETE]]` picks one method of a key).
Errors list the §3 codes each documented status can carry, from the catalogue of `schemas/error-code.json`;
the curl line fills the path with the request's example where the schema has one.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from dataclasses import dataclass
from typing import Any

from . import openapi
from .contract import Contract, JsonObject
from .markdown import code

PAGE_URI = "reference/endpoints.md"
MARKER_RE = re.compile(r"^\[\[endpoint:([A-Za-z]+)(?: ([A-Z]+))?\]\]\s*$", re.MULTILINE)
MANIFEST_KEY = "manifest"
_PLACEHOLDER_EXAMPLES = {
    "threadId": "thr_5e8a1c",
    "runId": "run_2b7d",
    "actionId": "act_3f9e",
    "voiceSessionId": "vs_41c0",
    "name": "search_records",
}


@dataclass(frozen=True)
class Endpoint:
    """One operation of the OpenAPI document, keyed like the manifest names it."""

    key: str
    method: str
    path: str
    operation: JsonObject

    @property
    def anchor(self) -> str:
        return f"endpoint-{self.key}-{self.method.lower()}"


def endpoints(contract: Contract) -> list[Endpoint]:
    """Every operation, in document order (the manifest itself under the key `manifest`)."""
    return [
        Endpoint(str(operation.get("x-talkie-endpoint", MANIFEST_KEY)), method, path, operation)
        for method, path, operation in openapi.operations(contract.openapi)
    ]


def _schema_link(contract: Contract, node: Any, page_uri: str) -> str:
    """Links to the schema pages `node` refers to, relative to `page_uri`."""
    links = openapi.schema_links(contract.openapi, node, contract)
    base = posixpath.relpath("reference", posixpath.dirname(page_uri) or ".")
    return ", ".join(link.replace("](schemas/", f"]({base}/schemas/") for link in links)


def _codes_by_status(contract: Contract) -> dict[str, list[str]]:
    schema = contract.schemas.get("error-code")
    catalogue = schema.data.get("x-talkie-catalogue", []) if schema else []
    found: dict[str, list[str]] = {}
    for entry in catalogue:
        for status in entry.get("httpStatus", []):
            found.setdefault(str(status), []).append(str(entry["code"]))
    return found


def _example_body(contract: Contract, endpoint: Endpoint) -> Any:
    body = endpoint.operation.get("requestBody") or {}
    media = (body.get("content") or {}).get("application/json") or {}
    ref = (media.get("schema") or {}).get("$ref", "")
    stem = posixpath.basename(str(ref)).removesuffix(".json")
    schema = contract.schemas.get(stem)
    examples = schema.data.get("examples") if schema else None
    return examples[0] if isinstance(examples, list) and examples else None


def curl(contract: Contract, endpoint: Endpoint) -> str:
    """A curl command for the endpoint against $TALKIE (the issuer origin) with $TOKEN, one option a line."""
    path = re.sub(r"\{(\w+)\}", lambda m: _PLACEHOLDER_EXAMPLES.get(m.group(1), m.group(0)), endpoint.path)
    first = "curl" + ("" if endpoint.method == "GET" else f" -X {endpoint.method}") + f' "$TALKIE{path}"'
    options: list[str] = []
    if endpoint.key == "run":
        options += ["-N", "-H 'Accept: text/event-stream'"]
    if endpoint.operation.get("security", contract.openapi.get("security")):
        options.append('-H "Authorization: Bearer $TOKEN"')
    body = _example_body(contract, endpoint)
    if body is not None:
        options += [
            "-H 'Content-Type: application/json'",
            "-d " + shlex.quote(json.dumps(body, ensure_ascii=False)),
        ]
    return " \\\n  ".join([first, *options])


def _resolved(document: JsonObject, response: JsonObject) -> JsonObject:
    """A response object with its local `$ref` (`#/components/responses/Ok`) followed, as OpenAPI reads it."""
    seen: set[str] = set()
    while isinstance(ref := response.get("$ref"), str) and ref.startswith("#/") and ref not in seen:
        seen.add(ref)
        target: Any = document
        for part in ref[2:].split("/"):
            target = (
                target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
            )
        if not isinstance(target, dict):
            break
        response = target
    return response


def _success(contract: Contract, endpoint: Endpoint) -> list[tuple[str, JsonObject]]:
    responses = endpoint.operation.get("responses") or {}
    return [
        (str(status), _resolved(contract.openapi, r))
        for status, r in responses.items()
        if str(status).startswith("2")
    ]


def box(contract: Contract, endpoint: Endpoint, page_uri: str) -> str:
    """The Markdown box of one endpoint, with links relative to `page_uri`."""
    operation = endpoint.operation
    codes = _codes_by_status(contract)
    request = _schema_link(contract, operation.get("requestBody"), page_uri) or "no body"
    success = _success(contract, endpoint)
    media = sorted({m for _, r in success for m in (r.get("content") or {})})
    response = " ".join(code(status) for status, _ in success)
    response += " " + (", ".join(code(m) for m in media) if media else "no body")
    linked = _schema_link(contract, dict(success), page_uri)
    if linked:
        response += " — " + linked
    errors = []
    for status in operation.get("responses") or {}:
        if str(status).startswith("2"):
            continue
        names = codes.get(str(status), [])
        errors.append(code(status) + (" " + " / ".join(code(name) for name in names) if names else ""))
    auth = "bearer token" if operation.get("security", contract.openapi.get("security")) else "none"
    key = code(endpoint.key) if endpoint.key != MANIFEST_KEY else "— (the manifest's own address)"
    rows = [
        ["Endpoint key", key + f" · served here at {code(endpoint.path)}"],
        ["Request", request],
        ["Response", response],
        ["Errors", ", ".join(errors) or "—"],
        ["Authentication", auth],
    ]
    summary = str(operation.get("summary", "")).strip()
    return (
        f'<div class="talkie-endpoint" id="{endpoint.anchor}" markdown="1">\n\n'
        f'<p class="talkie-endpoint__head"><span class="talkie-endpoint__method">{endpoint.method}</span> '
        f"{code(endpoint.key)} <span>{summary}</span></p>\n\n"
        + "\n\n".join(f"{name}\n:   {value}" for name, value in rows)
        + "\n\n```bash\n"
        + curl(contract, endpoint)
        + "\n```\n\n</div>"
    )


def render_page(contract: Contract) -> str:
    """The Endpoints page: how to read a box, then every endpoint's box."""
    parts = [
        "# Endpoints",
        "Every endpoint of talkie/1 in the same shape, generated from `spec/openapi.yaml`. The **endpoint "
        "key** is the name under `endpoints` in the manifest: a client never hard-codes a path, it takes the "
        "template the server publishes there and resolves it against the issuer origin. The paths shown are "
        "the ones the reference mock uses. **Errors** lists each documented status with the "
        "[error codes](errors.md) it can carry, always in the [error body](../spec/errors.md). In the "
        "curl lines, `$TALKIE` is the server's issuer origin and `$TOKEN` an access token (or the "
        "development token).",
    ]
    for endpoint in endpoints(contract):
        parts.append(f"## {endpoint.method} {endpoint.key}")
        parts.append(box(contract, endpoint, PAGE_URI))
    return "\n\n".join(parts) + "\n"


def expand_markers(markdown: str, page_uri: str, contract: Contract) -> str:
    """Replace `[[endpoint:KEY]]` (or `[[endpoint:KEY METHOD]]`) lines by the boxes of that key."""

    def replace(match: re.Match[str]) -> str:
        key, method = match.group(1), match.group(2)
        found = [e for e in endpoints(contract) if e.key == key and method in (None, e.method)]
        if not found:
            return match.group(0)  # left visible: the strict build's link check and the tests catch it
        return "\n" + "\n\n".join(box(contract, e, page_uri) for e in found) + "\n"

    return MARKER_RE.sub(replace, markdown)
