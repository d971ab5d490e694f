"""The contract files the site publishes as files, each at the URL its `$id` names.

Why: a schema's relative `$ref`s resolve against its `$id` (JSON Schema 2020-12), so Swagger UI, Scalar,
Redocly and any other tool that dereferences by `$id` fetch `https://talkie-protocol.org/schemas/1/...`.
Serving every schema at that path makes those URLs real. Tools that want one file get the OpenAPI bundles
(3.2 and 3.1) and a single-file JSON Schema bundle, each also under a versioned name that never changes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
BUNDLES = {  # generated OpenAPI bundle -> (site path, format label of the versioned copy)
    "spec/generated/openapi.bundled.yaml": ("openapi/1/openapi.bundled.yaml", "openapi-3.2"),
    "spec/generated/openapi-3.1.bundled.yaml": ("openapi/1/openapi-3.1.bundled.yaml", "openapi-3.1"),
    "spec/generated/consumer/openapi.consumer.bundled.yaml": (
        "openapi/1/consumer/openapi.consumer.bundled.yaml",
        "openapi-3.2.consumer",
    ),
    "spec/generated/consumer/openapi-3.1.consumer.bundled.yaml": (
        "openapi/1/consumer/openapi-3.1.consumer.bundled.yaml",
        "openapi-3.1.consumer",
    ),
}
CONSUMER_DIR = "spec/generated/consumer"  # the consumer view's schemas, each at its own `$id` (.../consumer/)


def _id_path(schema: dict[str, Any], source: Path) -> str:
    schema_id = schema.get("$id")
    if not isinstance(schema_id, str):
        raise ValueError(f"{source} has no $id")
    return urlsplit(schema_id).path.lstrip("/")


def _schema_files(root: Path) -> list[Path]:
    schemas = root / "schemas"
    return sorted([*schemas.glob("*.json"), *schemas.glob("meta/*.json")])


def schema_bundle(root: Path, version: str) -> dict[str, Any]:
    """Every schema in one 2020-12 document: each embedded under `$defs` (by title) with its own `$id`."""
    embedded: dict[str, Any] = {}
    for path in _schema_files(root):
        schema = json.loads(path.read_text(encoding="utf-8"))
        embedded[schema["title"]] = {k: v for k, v in schema.items() if k != "$schema"}
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": f"https://talkie-protocol.org/schemas/talkie-{version}.schemas.json",
        "title": "TalkieSchemas",
        "description": f"Every talkie/1 JSON Schema (contract version {version}) in one file.",
        "$defs": embedded,
    }


def published(root: Path) -> dict[str, bytes]:
    """Site path -> exact bytes of every published contract file."""
    out: dict[str, bytes] = {}
    for path in _schema_files(root):
        out[_id_path(json.loads(path.read_text(encoding="utf-8")), path)] = path.read_bytes()
    consumer = root / CONSUMER_DIR
    for path in sorted((consumer / "schemas").glob("*.json")):
        out[_id_path(json.loads(path.read_text(encoding="utf-8")), path)] = path.read_bytes()
    return {**out, **bundles(root)}


def bundles(root: Path) -> dict[str, bytes]:
    """Site path -> exact bytes of each single-file bundle: the Downloads page lists these, known where they
    are made (a schema's own file may be named `talkie-…` too, so a name says nothing)."""
    version = str(
        yaml.safe_load((root / "spec" / "openapi.yaml").read_text(encoding="utf-8"))["info"]["version"]
    )
    out: dict[str, bytes] = {}
    for source, (site_path, label) in BUNDLES.items():
        content = (root / source).read_bytes()
        out[site_path] = content
        out[f"openapi/talkie-{version}.{label}.yaml"] = content
    bundle = json.dumps(schema_bundle(root, version), indent=2, ensure_ascii=False) + "\n"
    out[f"schemas/talkie-{version}.schemas.json"] = bundle.encode("utf-8")
    bundled = root / CONSUMER_DIR / "schemas.consumer.bundled.json"
    if bundled.is_file():
        out[_id_path(json.loads(bundled.read_text(encoding="utf-8")), bundled)] = bundled.read_bytes()
        out[f"schemas/talkie-{version}.consumer.schemas.json"] = bundled.read_bytes()
    return out


DOWNLOADS_URI = "reference/downloads.md"


def _describe(site_path: str) -> str:
    """What a published single-file bundle is, read from its name (a view and a format)."""
    name = site_path.rsplit("/", 1)[-1]
    if name.endswith(".json"):
        kind = "every JSON Schema (2020-12) in one file"
    elif "3.1" in name:
        kind = "OpenAPI 3.1, one file"
    else:
        kind = "OpenAPI 3.2, one file"
    if "consumer" in site_path:
        kind += "; consumer view: what a receiver must accept (point client generators here)"
    elif "producer" in site_path:
        kind += "; producer view: exactly what a server sends (what the conformance suite checks)"
    if re.match(r"talkie-\d+\.\d+\.\d+\.", name):
        kind += "; a versioned name that never changes"
    return kind


def render_downloads_page(root: Path) -> str:
    """The page that links every single-file bundle the site publishes (the per-schema files are linked
    from each schema's page)."""
    rows = [f"| [`{path}`](../{path}) | {_describe(path)} |" for path in sorted(bundles(root))]
    return (
        "# Downloads\n\n"
        "The contract as files, for tools that want one document: API client generators, linters, mock "
        "servers and validators. Each JSON Schema is also served on its own at the URL of its `$id` (linked "
        "from its [schema page](schemas/index.md)), so `$ref`s resolve on this site.\n\n"
        "| file | what it is |\n| --- | --- |\n" + "\n".join(rows) + "\n"
    )
