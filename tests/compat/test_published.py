"""What the spec site publishes for tools that dereference `$id`s (Swagger UI, Scalar, Redocly): every schema
at the path of its `$id`, every `$ref` landing on a published file, and one-file bundles that stand alone.
"""

from __future__ import annotations

import importlib.util
import json
from types import ModuleType
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

import jsonschema
from compat_support import ROOT, SCHEMAS
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012


def _module() -> ModuleType:
    path = ROOT / "docs" / "hooks" / "talkie_docs" / "published.py"
    spec = importlib.util.spec_from_file_location("talkie_docs_published", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return found + [
            r for k, v in node.items() if k not in ("examples", "const", "enum") for r in _refs(v)
        ]
    if isinstance(node, list):
        return [r for item in node for r in _refs(item)]
    return []


def test_every_schema_is_served_at_its_id_and_every_ref_lands_on_a_served_file() -> None:
    site = _module().published(ROOT)
    files = sorted([*SCHEMAS.glob("*.json"), *SCHEMAS.glob("meta/*.json")])
    for path in files:
        schema = json.loads(path.read_text())
        assert site[urlsplit(schema["$id"]).path.lstrip("/")] == path.read_bytes(), path.name
        for ref in _refs(schema):
            target = urldefrag(urljoin(schema["$id"], ref))[0]
            assert urlsplit(target).path.lstrip("/") in site, (path.name, ref)
    assert len(files) > 50


def test_single_file_bundles_stand_alone() -> None:
    site = _module().published(ROOT)
    version = "1.0.0"
    assert (
        site[f"openapi/talkie-{version}.openapi-3.1.yaml"]
        == (ROOT / "spec" / "generated" / "openapi-3.1.bundled.yaml").read_bytes()
    )
    bundle = json.loads(site[f"schemas/talkie-{version}.schemas.json"])
    registry: Registry[Any] = Registry().with_resource(
        bundle["$id"], Resource.from_contents(bundle, default_specification=DRAFT202012)
    )
    # Embedded resources are found by their own $id; nothing is read from schemas/.
    registry = registry.crawl()
    stream = jsonschema.Draft202012Validator(
        {"$ref": "https://talkie-protocol.org/schemas/1/stream-event.json"}, registry=registry
    )
    for path in sorted((SCHEMAS / "examples").glob("stream-*.json")):
        for event in json.loads(path.read_text()):
            assert stream.is_valid(event), (path.name, event)
    assert not stream.is_valid({"type": "RUN_STARTED"})


def test_the_downloads_page_lists_the_bundles_and_no_schema_of_its_own() -> None:
    """A schema may be named `talkie-…` (`talkie-custom-event.json`): the page lists what was bundled, not
    what a name matches, and calls only a bundle "every JSON Schema in one file"."""
    published = _module()
    page = published.render_downloads_page(ROOT)
    rows = [line for line in page.splitlines() if line.startswith("| [`")]
    listed = {row.split("`")[1] for row in rows}
    assert listed == set(published.bundles(ROOT))
    assert all("custom-event" not in path for path in listed), listed
    for row in rows:
        path = row.split("`")[1]
        if "every JSON Schema" in row:
            document = json.loads(published.published(ROOT)[path])
            assert len(document["$defs"]) > 10, path  # really every schema
