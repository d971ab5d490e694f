"""The OpenAPI documents: the hand-written 3.2 source, its generated 3.1 copy and bundles.

What must hold: every document is valid for its OpenAPI version (openapi-spec-validator, the official 3.2
schema, Redocly, Spectral); the source maps one-to-one onto the manifest's endpoint keys, lists the §3 errors
of each endpoint, and defines no payload shape of its own; every `$ref` resolves; the bundles validate the
schema examples exactly like the schema files do; the generated files are current.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from openapi_spec_validator import validate
from openapi_spec_validator.validation import OpenAPIV31SpecValidator, OpenAPIV32SpecValidator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from codegen import openapi as gen

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "spec" / "openapi.yaml"
GENERATED = ROOT / "spec" / "generated"
COPY_31 = GENERATED / "openapi-3.1.yaml"
BUNDLE_32 = GENERATED / "openapi.bundled.yaml"
BUNDLE_31 = GENERATED / "openapi-3.1.bundled.yaml"
CONSUMER_32 = GENERATED / "consumer" / "openapi.consumer.bundled.yaml"
CONSUMER_31 = GENERATED / "consumer" / "openapi-3.1.consumer.bundled.yaml"
ALL_DOCS = (SPEC, COPY_31, BUNDLE_32, BUNDLE_31, CONSUMER_32, CONSUMER_31)
NODE_BIN = ROOT / "tools" / "node" / "node_modules" / ".bin"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace", "query")

# The manifest's endpoint keys and the example path templates of the specification's §1.
SPEC_ENDPOINTS = {
    "status": "/api/talkie/status",
    "run": "/api/talkie/run",
    "cancelRun": "/api/talkie/runs/{runId}/cancel",
    "threads": "/api/talkie/threads",
    "thread": "/api/talkie/threads/{threadId}",
    "action": "/api/talkie/actions/{actionId}",
    "decision": "/api/talkie/actions/{actionId}/decision",
    "voiceSessions": "/api/talkie/voice/sessions",
    "voiceTool": "/api/talkie/voice/sessions/{voiceSessionId}/tools/{name}",
    "voiceTranscript": "/api/talkie/voice/sessions/{voiceSessionId}/transcript",
    "voiceUsage": "/api/talkie/voice/sessions/{voiceSessionId}/usage",
}

# operationId -> (method, manifest key, success status, success media type, success schema file)
OPERATIONS = {
    "getManifest": ("get", None, "200", "application/json", "manifest.json"),
    "getStatus": ("get", "status", "200", "application/json", "status.json"),
    "startRun": ("post", "run", "200", "text/event-stream", "stream-event.json"),
    "cancelRun": ("post", "cancelRun", "200", "application/json", "ok-response.json"),
    "listThreads": ("get", "threads", "200", "application/json", "thread-list.json"),
    "getThread": ("get", "thread", "200", "application/json", "thread-detail.json"),
    "deleteThread": ("delete", "thread", "200", "application/json", "ok-response.json"),
    "getAction": ("get", "action", "200", "application/json", "action.json"),
    "decideAction": ("post", "decision", "200", "application/json", "decision-response.json"),
    "createVoiceSession": ("post", "voiceSessions", "200", "application/json", "voice-session.json"),
    "callVoiceTool": ("post", "voiceTool", "200", "application/json", "voice-tool-response.json"),
    "postVoiceTranscript": ("post", "voiceTranscript", "201", "application/json", "ok-response.json"),
    "reportVoiceUsage": ("post", "voiceUsage", "200", "application/json", "voice-usage-response.json"),
}

REQUEST_BODIES = {
    "startRun": "run-agent-input.json",
    "decideAction": "decision-request.json",
    "createVoiceSession": "voice-session-request.json",
    "callVoiceTool": "voice-tool-request.json",
    "postVoiceTranscript": "voice-transcript-request.json",
    "reportVoiceUsage": "voice-usage-request.json",
}

# §3 statuses per endpoint. Every authenticated endpoint: 401, 403, 429, 500, 503. Input (body or path id):
# 400. Unknown id: 404 (not cancel: an unknown runId is a success, N-04). Decision: 409 conflict/stale,
# 410 expired (§8). Voice tool: 409 reused callId (§10.2). Voice calls after the session closed: 410 (N-11).
# Message too long: 413 (run only). Model/speech provider down: 502 where a provider is called.
_AUTH = {"401", "403", "429", "500", "503"}
EXPECTED_ERRORS = {
    "getManifest": {"404", "500"},
    "getStatus": _AUTH,
    "startRun": _AUTH | {"400", "413", "502"},
    "cancelRun": _AUTH | {"400"},
    "listThreads": _AUTH,
    "getThread": _AUTH | {"400", "404"},
    "deleteThread": _AUTH | {"400", "404"},
    "getAction": _AUTH | {"400", "404"},
    "decideAction": _AUTH | {"400", "404", "409", "410", "502"},
    "createVoiceSession": _AUTH | {"400", "404", "502"},
    "callVoiceTool": _AUTH | {"400", "404", "409", "410", "502"},
    "postVoiceTranscript": _AUTH | {"400", "404", "410"},
    "reportVoiceUsage": _AUTH | {"400", "404", "410"},
}
ERROR_COMPONENTS = {
    "400": "BadRequest",
    "401": "Unauthorized",
    "403": "Forbidden",
    "404": "NotFound",
    "409": "Conflict",
    "410": "Gone",
    "413": "ContentTooLarge",
    "429": "TooManyRequests",
    "500": "InternalError",
    "502": "BadGateway",
    "503": "ServiceUnavailable",
}

# (from operationId, to operationId, parameter, runtime expression)
EXPECTED_LINKS = {
    ("startRun", "getThread", "threadId", "$request.body#/threadId"),
    ("startRun", "cancelRun", "runId", "$request.body#/runId"),
    ("getAction", "decideAction", "actionId", "$response.body#/id"),
    ("listThreads", "getThread", "threadId", "$response.body#/threads/0/id"),
    ("createVoiceSession", "callVoiceTool", "voiceSessionId", "$response.body#/voiceSessionId"),
    ("createVoiceSession", "postVoiceTranscript", "voiceSessionId", "$response.body#/voiceSessionId"),
    ("createVoiceSession", "reportVoiceUsage", "voiceSessionId", "$response.body#/voiceSessionId"),
    ("getThread", "deleteThread", "threadId", "$request.path.threadId"),
}

# OpenAPI 3.2 fields a 3.1 document must not carry (by the object that holds them).
FORMATS = jsonschema.Draft202012Validator.FORMAT_CHECKER

KEYWORDS_32_ONLY = {"itemSchema", "itemEncoding", "prefixEncoding", "oauth2MetadataUrl", "$self", "dataValue"}


# ------------------------------------------------------------------------------------------------ helpers
def _load(path: Path) -> Any:
    return gen.load_yaml(path)


@pytest.fixture(scope="module")
def source() -> Any:
    return _load(SPEC)


def _operations(doc: Any) -> Iterator[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    for path, item in doc["paths"].items():
        for method in METHODS:
            if method in item:
                yield path, method, item, item[method]


def _by_id(doc: Any) -> dict[str, tuple[str, str, dict[str, Any], dict[str, Any]]]:
    return {op["operationId"]: (path, method, item, op) for path, method, item, op in _operations(doc)}


def _deref(doc: Any, node: Any) -> Any:
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        node = _pointer(doc, node["$ref"][1:])
    return node


def _pointer(doc: Any, pointer: str) -> Any:
    node = doc
    for raw in pointer.split("/")[1:] if pointer else []:
        token = raw.replace("~1", "/").replace("~0", "~")
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node


def _refs(node: Any, *, skip_data: bool = True) -> Iterator[str]:
    """Every `$ref` value below ``node``, skipping instance data (examples, enum, const, default)."""
    if isinstance(node, list):
        for item in node:
            yield from _refs(item, skip_data=skip_data)
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            elif skip_data and key in ("examples", "example", "enum", "const", "default", "value"):
                continue
            elif key == "properties" and isinstance(value, dict):
                for sub in value.values():
                    yield from _refs(sub, skip_data=skip_data)
            else:
                yield from _refs(value, skip_data=skip_data)


def _media_types(op: dict[str, Any], doc: Any) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, media type, Media Type Object) of an operation's request body and responses."""
    body = _deref(doc, op.get("requestBody", {}))
    for media, obj in body.get("content", {}).items():
        yield "requestBody", media, obj
    for code, response in op["responses"].items():
        for media, obj in _deref(doc, response).get("content", {}).items():
            yield code, media, obj


# ---------------------------------------------------------------------------------- validity per version
def test_source_is_openapi_32_and_valid(source: Any) -> None:
    assert source["openapi"] == "3.2.0"
    OpenAPIV32SpecValidator(source, base_uri=SPEC.as_uri()).validate()


def _official_32_validator() -> jsonschema.protocols.Validator:
    text = (
        resources.files("openapi_spec_validator").joinpath("resources/schemas/v3.2/schema.json").read_text()
    )
    schema = json.loads(text)
    assert schema["$id"].startswith("https://spec.openapis.org/oas/3.2/schema/")
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


def test_source_matches_official_32_schema(source: Any) -> None:
    """The OAS 3.2 JSON Schema published by the OpenAPI Initiative (shipped by openapi-spec-validator)."""
    validator = _official_32_validator()
    assert list(validator.iter_errors(source)) == []
    broken = copy.deepcopy(source)
    run = broken["paths"]["/api/talkie/run"]["post"]["responses"]["200"]["content"]["text/event-stream"]
    run["itemSchemas"] = run.pop("itemSchema")  # a misspelt field must be caught
    assert list(validator.iter_errors(broken)) != []


@pytest.mark.parametrize(
    "path", [COPY_31, BUNDLE_32, BUNDLE_31, CONSUMER_32, CONSUMER_31], ids=lambda p: p.name
)
@pytest.mark.slow
def test_generated_documents_are_valid(path: Path) -> None:
    doc = _load(path)
    is_32 = path in (BUNDLE_32, CONSUMER_32)
    assert doc["openapi"] == ("3.2.0" if is_32 else gen.OPENAPI_31)
    cls = OpenAPIV32SpecValidator if is_32 else OpenAPIV31SpecValidator
    validate(doc, base_uri=path.as_uri(), cls=cls)


@pytest.mark.parametrize("path", [COPY_31, BUNDLE_31], ids=lambda p: p.name)
def test_31_copies_carry_no_32_fields(path: Path, source: Any) -> None:
    text = path.read_text(encoding="utf-8")
    assert "itemSchema" not in text
    doc = _load(path)

    def keys(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            for key, value in node.items():
                yield key
                if key not in ("properties", "examples", "example", "value"):
                    yield from keys(value)
        elif isinstance(node, list):
            for item in node:
                yield from keys(item)

    assert KEYWORDS_32_ONLY.isdisjoint(keys({k: v for k, v in doc.items() if k != "components"}))
    assert KEYWORDS_32_ONLY.isdisjoint(keys(doc["components"].get("securitySchemes", {})))
    for tag in doc["tags"]:
        assert {"summary", "parent", "kind"}.isdisjoint(tag)
    # 3.1 describes the body as what it is, one string; the SSE item schema moves to x-talkie-sse-item and
    # the recorded stream becomes the body's example, in SSE framing
    media = doc["paths"]["/api/talkie/run"]["post"]["responses"]["200"]["content"]["text/event-stream"]
    item = source["paths"]["/api/talkie/run"]["post"]["responses"]["200"]["content"]["text/event-stream"]
    assert set(media) == {"schema", gen.SSE_ITEM, "example"}
    assert media["schema"]["type"] == "string"
    assert media[gen.SSE_ITEM]["properties"].keys() == item["itemSchema"]["properties"].keys()
    assert media[gen.SSE_ITEM]["properties"]["data"]["contentSchema"]["$ref"] == (
        "openapi-3.1.bundled.yaml#/components/schemas/StreamEvent"
        if path == COPY_31
        else "#/components/schemas/StreamEvent"
    )
    recorded = json.loads((SPEC.parent / item[gen.STREAM_EXAMPLE]).resolve().read_text())
    assert media["example"] == gen.sse_text(recorded)
    assert media["example"].count("\n\ndata: ") == len(recorded) - 1


def test_31_conversion_refuses_what_it_cannot_express(source: Any) -> None:
    doc = copy.deepcopy(source)
    doc["tags"][1]["parent"] = doc["tags"][0]["name"]
    with pytest.raises(gen.BundleError, match="tag parent"):
        gen.to_openapi_31(doc)
    doc = copy.deepcopy(source)
    doc["paths"]["/api/talkie/status"]["query"] = doc["paths"]["/api/talkie/status"]["get"]
    with pytest.raises(gen.BundleError, match="query"):
        gen.to_openapi_31(doc)


# ----------------------------------------------------------------------------- mapping onto the specification
def test_operations_are_the_expected_ones(source: Any) -> None:
    ops = _by_id(source)
    assert set(ops) == set(OPERATIONS)
    tags = {tag["name"] for tag in source["tags"]}
    for operation_id, (_path, method, _item, op) in ops.items():
        assert re.fullmatch(r"[a-z]+(?:[A-Z][a-z]+)*", operation_id)
        assert method == OPERATIONS[operation_id][0], operation_id
        assert op["summary"].strip(), operation_id
        assert len(op["description"]) > 40, operation_id
        assert op["tags"], operation_id
        assert set(op["tags"]) <= tags, operation_id


def test_every_manifest_key_maps_to_exactly_one_path(source: Any, schemas: dict[str, Any]) -> None:
    schema_keys = set(schemas["manifest.json"]["$defs"]["Endpoints"]["properties"])
    assert schema_keys == set(SPEC_ENDPOINTS)
    paths_by_key: dict[str, set[str]] = {}
    seen: set[tuple[str, str]] = set()
    for path, method, _item, op in _operations(source):
        key = op.get("x-talkie-endpoint")
        assert key == OPERATIONS[op["operationId"]][1], op["operationId"]
        if key is None:
            continue
        assert (key, method) not in seen, f"two {method} operations for {key}"
        seen.add((key, method))
        paths_by_key.setdefault(key, set()).add(path)
    assert paths_by_key == {key: {path} for key, path in SPEC_ENDPOINTS.items()}
    assert set(source["paths"]) == {*SPEC_ENDPOINTS.values(), "/.well-known/talkie.json"}


def test_path_parameters_are_declared_with_schemas(source: Any) -> None:
    for path, _method, item, op in _operations(source):
        declared = {}
        for param in [*item.get("parameters", []), *op.get("parameters", [])]:
            param = _deref(source, param)
            assert param["in"] == "path"
            assert param["required"] is True
            assert param["schema"]["type"] == "string"
            declared[param["name"]] = param
        assert set(declared) == set(re.findall(r"{(\w+)}", path)), path


def test_security(source: Any) -> None:
    schemes = source["components"]["securitySchemes"]
    flow = schemes["talkieOAuth"]["flows"]["authorizationCode"]
    assert flow["authorizationUrl"] == "/oauth/authorize"
    assert flow["tokenUrl"] == "/oauth/token"
    assert set(flow["scopes"]) == {"talkie", "offline_access"}
    assert "PKCE" in schemes["talkieOAuth"]["description"]
    assert "auth.oauth.issuer" in schemes["talkieOAuth"]["description"]
    assert schemes["bearerToken"] == {**schemes["bearerToken"], "type": "http", "scheme": "bearer"}
    assert source["servers"][0]["variables"]["issuer"]["default"] == "http://127.0.0.1:8765"
    for operation_id, (_path, _method, _item, op) in _by_id(source).items():
        if operation_id == "getManifest":
            assert op["security"] == []
        else:
            assert {"talkieOAuth": ["talkie"]} in op["security"], operation_id
            assert {"bearerToken": []} in op["security"], operation_id


def test_success_responses_and_request_bodies(source: Any) -> None:
    for operation_id, (_path, _method, _item, op) in _by_id(source).items():
        _, _, status, media, schema_file = OPERATIONS[operation_id]
        successes = {code for code in op["responses"] if code.startswith("2")}
        assert successes == {status}, operation_id
        content = _deref(source, op["responses"][status])["content"]
        assert list(content) == [media], operation_id
        if media == "text/event-stream":
            ref = content[media]["itemSchema"]["properties"]["data"]["contentSchema"]["$ref"]
        else:
            ref = content[media]["schema"]["$ref"]
        assert ref == f"../schemas/{schema_file}", operation_id
        body = op.get("requestBody")
        if operation_id in REQUEST_BODIES:
            assert body is not None, operation_id
            assert body["required"] is True
            assert body["content"] == {
                "application/json": {"schema": {"$ref": f"../schemas/{REQUEST_BODIES[operation_id]}"}}
            }
        else:
            assert body is None, f"{operation_id} takes no body (N-04 for cancel)"


def test_sse_item_schema_describes_one_event(source: Any) -> None:
    media = source["paths"]["/api/talkie/run"]["post"]["responses"]["200"]["content"]["text/event-stream"]
    item = media["itemSchema"]
    assert "schema" not in media
    assert item["type"] == "object"
    assert item["required"] == ["data"]
    assert set(item["properties"]) == {"data", "event", "id", "retry"}
    data = item["properties"]["data"]
    assert data["type"] == "string"
    assert data["contentMediaType"] == "application/json"
    assert item["properties"]["retry"] == {**item["properties"]["retry"], "type": "integer", "minimum": 0}


def test_every_endpoint_lists_its_error_responses(source: Any, schema_dir: Path) -> None:
    for operation_id, (_path, _method, _item, op) in _by_id(source).items():
        errors = {code for code in op["responses"] if code[0] in "45"}
        assert errors == EXPECTED_ERRORS[operation_id], operation_id
        for code in errors:
            assert op["responses"][code] == {"$ref": f"#/components/responses/{ERROR_COMPONENTS[code]}"}
    catalogue = {
        e["code"]: e for e in json.loads((schema_dir / "error-code.json").read_text())["x-talkie-catalogue"]
    }
    for status, name in ERROR_COMPONENTS.items():
        media = source["components"]["responses"][name]["content"]
        assert list(media) == ["application/json"]
        assert media["application/json"]["schema"] == {"$ref": "../schemas/error-response.json"}
        # each status has an example of its own (mock servers such as Prism answer with it)
        code = media["application/json"]["example"]["error"]["code"]
        assert int(status) in catalogue[code]["httpStatus"], (status, code)


def test_document_defines_no_payload_shape(source: Any, schema_dir: Path) -> None:
    assert "schemas" not in source["components"]
    for operation_id, (_path, _method, _item, op) in _by_id(source).items():
        for where, media, obj in _media_types(op, source):
            if "itemSchema" in obj:
                assert media == "text/event-stream", operation_id
                props = obj["itemSchema"]["properties"]
                assert set(props["data"]["contentSchema"]) == {"$ref"}
                assert all(
                    set(p) <= {"type", "description", "minimum"} for n, p in props.items() if n != "data"
                )
                ref = props["data"]["contentSchema"]["$ref"]
            else:
                assert set(obj["schema"]) == {"$ref"}, f"{operation_id} {where} {media}: inline schema"
                ref = obj["schema"]["$ref"]
            assert re.fullmatch(r"\.\./schemas/[a-z0-9-]+\.json", ref), ref
            assert (schema_dir / ref.removeprefix("../schemas/")).is_file(), ref


def test_links(source: Any) -> None:
    ops = _by_id(source)
    found = set()
    for operation_id, (_path, _method, _item, op) in ops.items():
        for response in op["responses"].values():
            for link in _deref(source, response).get("links", {}).values():
                target_path = ops[link["operationId"]][0]
                names = set(re.findall(r"{(\w+)}", target_path))
                for name, expression in link["parameters"].items():
                    assert name in names, f"{operation_id} -> {link['operationId']}: {name}"
                    found.add((operation_id, link["operationId"], name, expression))
    assert found >= EXPECTED_LINKS


def test_link_expressions_point_at_real_fields() -> None:
    """Walk each runtime expression through the bundled schemas: a renamed field would break a link."""
    bundle = _load(BUNDLE_32)
    ops = _by_id(bundle)

    def walk(schema: Any, tokens: list[str]) -> None:
        for token in tokens:
            schema = _deref(bundle, schema)
            schema = schema["items"] if token.isdigit() else schema["properties"][token]

    for _path, _method, _item, op in ops.values():
        for code, response in op["responses"].items():
            for link in _deref(bundle, response).get("links", {}).values():
                for expression in [*link["parameters"].values(), *link.get("requestBody", {}).values()]:
                    if expression.startswith("$request.body#"):
                        schema = op["requestBody"]["content"]["application/json"]["schema"]
                    elif expression.startswith("$response.body#"):
                        schema = _deref(bundle, response)["content"]["application/json"]["schema"]
                    elif expression.startswith("$request.path."):
                        assert expression.split(".")[-1] in re.findall(r"{(\w+)}", _path)
                        continue
                    else:
                        continue  # a literal (e.g. decision: confirm)
                    walk(schema, expression.split("#", 1)[1].split("/")[1:])
                assert code.startswith("2")


# --------------------------------------------------------------------------------------- references
def _resolve_everything(doc_path: Path) -> int:
    """Resolve every `$ref` reachable from ``doc_path`` (through schema files too); return how many."""
    cache: dict[Path, Any] = {}

    def load(path: Path) -> Any:
        if path not in cache:
            cache[path] = _load(path) if path.suffix == ".yaml" else json.loads(path.read_text())
        return cache[path]

    seen: set[tuple[Path, str]] = set()
    queue = [(doc_path.resolve(), "")]
    count = 0
    while queue:
        base, pointer = queue.pop()
        for ref in _refs(_pointer(load(base), pointer)):
            count += 1
            url, _, fragment = ref.partition("#")
            target = (base.parent / url).resolve() if url else base
            assert target.is_file(), f"{ref} (from {base.name}) names no file"
            _pointer(load(target), fragment)  # raises KeyError/IndexError when the pointer dangles
            if (target, fragment) not in seen:
                seen.add((target, fragment))
                queue.append((target, fragment))
    return count


@pytest.mark.parametrize("path", ALL_DOCS, ids=lambda p: p.name)
def test_every_ref_resolves(path: Path) -> None:
    assert _resolve_everything(path) > 20


def test_bundles_reference_nothing_outside(tmp_path: Path) -> None:
    for path in (BUNDLE_32, BUNDLE_31, CONSUMER_32, CONSUMER_31):
        doc = _load(path)
        assert all(ref.startswith("#/components/") for ref in _refs(doc)), path.name
        assert "$id" not in json.dumps(doc["components"]["schemas"])
        assert "externalValue" not in path.read_text()
        titles = {name: schema.get("title") for name, schema in doc["components"]["schemas"].items()}
        assert all(name == title for name, title in titles.items()), titles
        assert list(titles) == sorted(titles)


@pytest.fixture(scope="module")
def bundle_registry() -> tuple[Any, Registry[Any]]:
    bundle = _load(BUNDLE_31)
    resource = Resource.from_contents(bundle, default_specification=DRAFT202012)
    return bundle, Registry().with_resource("urn:talkie:bundle", resource)


def _bundle_validator(registry: Registry[Any], title: str) -> jsonschema.protocols.Validator:
    return jsonschema.Draft202012Validator(
        {"$ref": f"urn:talkie:bundle#/components/schemas/{title}"},
        registry=registry,
        format_checker=FORMATS,
    )


def test_bundle_accepts_and_rejects_like_the_schema_files(
    bundle_registry: tuple[Any, Registry[Any]],
    schemas: dict[str, Any],
    registry: Registry[Any],
    schema_dir: Path,
) -> None:
    """Resolved through the bundle alone, every component judges examples exactly like its source file."""
    bundle, reg = bundle_registry
    by_title = {schema["title"]: name for name, schema in schemas.items()}
    checked = 0
    for title, component in bundle["components"]["schemas"].items():
        if title not in by_title:
            continue  # a hoisted $defs entry; its file's examples cover it
        source_validator = jsonschema.Draft202012Validator(
            schemas[by_title[title]], registry=registry, format_checker=FORMATS
        )
        bundled = _bundle_validator(reg, title)
        for example in component.get("examples", []):
            assert source_validator.is_valid(example)
            assert bundled.is_valid(example), (title, example)
            checked += 1
        stem = by_title[title].removesuffix(".json")
        for case in sorted((schema_dir / "invalid" / stem).glob("*.json")):
            instance = json.loads(case.read_text())["instance"]
            assert not source_validator.is_valid(instance), (title, case.name)
            assert not bundled.is_valid(instance), (title, case.name)
            checked += 1
    assert checked > 30


def test_bundled_sse_item_validates_stream_examples(
    bundle_registry: tuple[Any, Registry[Any]], schema_dir: Path
) -> None:
    """The run stream as Schemathesis reads it: each event JSON-encoded in `data`, checked via its schema."""
    bundle, reg = bundle_registry
    media = bundle["paths"]["/api/talkie/run"]["post"]["responses"]["200"]["content"]["text/event-stream"]
    content_ref = media[gen.SSE_ITEM]["properties"]["data"]["contentSchema"]["$ref"]
    event_validator = jsonschema.Draft202012Validator(
        {"$ref": f"urn:talkie:bundle{content_ref}"}, registry=reg
    )
    item_validator = jsonschema.Draft202012Validator(media[gen.SSE_ITEM], registry=reg)
    streams = sorted(schema_dir.glob("examples/stream-*.json"))
    assert streams
    for stream in streams:
        for event in json.loads(stream.read_text()):
            assert item_validator.is_valid({"data": json.dumps(event)})
            assert event_validator.is_valid(event), (stream.name, event)
    assert not event_validator.is_valid({"type": "RUN_STARTED"}), "a known event missing its ids must fail"
    assert not item_validator.is_valid({"event": "message"}), "an SSE item without data must fail"


# ----------------------------------------------------------------------------------- the generator
def test_generated_files_are_current() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "codegen", "--check", "--only", "openapi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_generation_is_deterministic() -> None:
    first, second = gen.build(ROOT), gen.build(ROOT)
    assert first == second
    assert set(first) == {COPY_31, BUNDLE_32, BUNDLE_31}
    for content in first.values():
        assert content.decode().startswith(gen.HEADER)


def _tiny_contract(tmp_path: Path, files: dict[str, Any]) -> Path:
    (tmp_path / "spec").mkdir(parents=True)
    (tmp_path / "schemas").mkdir()
    for name, schema in files.items():
        (tmp_path / "schemas" / name).write_text(json.dumps(schema))
    doc = {
        "openapi": "3.2.0",
        "info": {"title": "t", "version": "1"},
        "paths": {
            "/a": {
                "get": {
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {"application/json": {"schema": {"$ref": "../schemas/a.json"}}},
                        }
                    }
                }
            }
        },
    }
    (tmp_path / "spec" / "openapi.yaml").write_text(json.dumps(doc))
    return tmp_path


def test_bundler_hoists_defs_and_follows_ids(tmp_path: Path) -> None:
    base = "https://example.org/s/"
    root = _tiny_contract(
        tmp_path,
        {
            "a.json": {
                "$id": base + "a.json",
                "title": "A",
                "properties": {"b": {"$ref": "b.json#/$defs/Inner"}, "c": {"$ref": base + "c.json"}},
                "$defs": {"Unused": {"title": "Unused"}},
            },
            "b.json": {
                "$id": base + "b.json",
                "title": "B",
                "$defs": {
                    "Inner": {"title": "Inner", "items": {"$ref": "#/$defs/Deep/properties/x"}},
                    "Deep": {"properties": {"x": {"type": "string"}}},
                },
            },
            "c.json": {
                "$id": base + "c.json",
                "title": "C",
                "oneOf": [{"$ref": "a.json"}],
                "discriminator": {"propertyName": "k", "mapping": {"a": "a.json"}},
            },
        },
    )
    out = gen.build(root)
    bundle = _yaml_bytes(out[root / "spec" / "generated" / "openapi.bundled.yaml"])
    schemas = bundle["components"]["schemas"]
    assert set(schemas) == {"A", "B", "C", "Inner"}
    assert schemas["A"]["properties"] == {
        "b": {"$ref": "#/components/schemas/Inner"},
        "c": {"$ref": "#/components/schemas/C"},
    }
    assert schemas["Inner"]["items"] == {"$ref": "#/components/schemas/B/$defs/Deep/properties/x"}
    assert schemas["B"] == {"title": "B", "$defs": {"Deep": {"properties": {"x": {"type": "string"}}}}}
    assert schemas["C"]["discriminator"]["mapping"] == {"a": "#/components/schemas/A"}
    assert "Unused" not in json.dumps(schemas)
    copy_31 = _yaml_bytes(out[root / "spec" / "generated" / "openapi-3.1.yaml"])
    media = copy_31["paths"]["/a"]["get"]["responses"]["200"]["content"]["application/json"]
    # the copy refers to the bundle's components, which carry no `$id` to resolve against
    assert media["schema"] == {"$ref": "openapi-3.1.bundled.yaml#/components/schemas/A"}


def _yaml_bytes(content: bytes) -> Any:
    return gen.loads_yaml(content.decode())


def test_bundler_refuses_title_clashes_and_anchor_refs(tmp_path: Path) -> None:
    clash = _tiny_contract(
        tmp_path / "clash",
        {"a.json": {"title": "A", "properties": {"b": {"$ref": "b.json"}}}, "b.json": {"title": "A"}},
    )
    with pytest.raises(gen.BundleError, match="title 'A'"):
        gen.build(clash)
    anchor = _tiny_contract(tmp_path / "anchor", {"a.json": {"title": "A", "items": {"$ref": "#here"}}})
    with pytest.raises(gen.BundleError, match="anchor"):
        gen.build(anchor)


# ------------------------------------------------------------------------------------------ linters
def _node_tool(name: str) -> Path:
    tool = NODE_BIN / name
    if not tool.exists() or shutil.which("node") is None:
        pytest.skip(f"{name} is not installed (run `python3 dev.py setup`)")
    return tool


def _json_stream(text: str) -> list[Any]:
    decoder, index = json.JSONDecoder(), 0
    items: list[Any] = []
    while True:
        while index < len(text) and text[index].isspace():
            index += 1
        if index >= len(text):
            return items
        item, index = decoder.raw_decode(text, index)
        items.append(item)


# A small document with lint findings, linted in the same run as ours: proves the linter ran and reports.
FLAWED = {
    "openapi": "3.1.1",
    "info": {"title": "flawed", "version": "1"},
    "servers": [{"url": "https://example.com/"}],
    "paths": {"/x": {"get": {"responses": {"200": {"description": "ok"}}}}},
}


@pytest.fixture(scope="module")
def flawed_doc(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("lint") / "flawed.yaml"
    path.write_text(json.dumps(FLAWED))
    return path


@pytest.fixture(scope="module")
def redocly_reports(flawed_doc: Path) -> dict[Path, Any]:
    """One Redocly run over our documents and the flawed one; its JSON is one report per document."""
    tool = _node_tool("redocly")
    docs = [*ALL_DOCS, flawed_doc]
    result = subprocess.run(
        [str(tool), "lint", "--config", str(ROOT / "redocly.yaml"), "--format=json", *map(str, docs)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=180,
    )
    reports = _json_stream(result.stdout)
    assert len(reports) == len(docs), result.stdout + result.stderr
    return dict(zip(docs, reports, strict=True))


# Redocly findings on the hand-written source (it reaches the schema files, which carry `$id`s) that come from
# the tool or from a deliberate schema choice:
# - its example check compiles each external schema with its `$id` more than once and then reports "schema
#   with key or id ... already exists" (Redocly/redocly-cli#965, #1245); in the bundles, which carry no
#   `$id`, the same examples are checked cleanly; likewise the media-type examples (the §3 error bodies, the
#   manifest): Redocly resolves `error-code.json` inside `error-response.json` against that file's `$id` host,
#   which it cannot fetch offline ("can't resolve reference … from id"), and Spectral registers each `$id`
#   twice ("resolves to more than one schema"); both check the same examples cleanly in the bundles;
# - it counts `$defs` of the schema files as components: `ErrorCode.$defs.KnownErrorCode` is there for
#   generated constants and nothing refers to it (the bundles leave it out).
REDOCLY_KNOWN = (
    (
        "no-invalid-schema-examples",
        re.compile(r"^Example validation errored: schema with key or id .* already exists"),
    ),
    *(
        (
            rule,
            re.compile(r"^Example validation errored: can't resolve reference [\w./#$-]+ from id https://"),
        )
        for rule in ("no-invalid-media-type-examples", "no-invalid-schema-examples")
    ),
    ("no-unused-components", re.compile(r'^Component: "KnownErrorCode" is never used\.$')),
)
# The same tool issue in Spectral, on the unbundled documents only (see REDOCLY_KNOWN).
SPECTRAL_KNOWN = re.compile(
    r'^reference "https://talkie-protocol\.org/schemas/1/[a-z-]+\.json" resolves to more'
)


@pytest.mark.node
@pytest.mark.slow
def test_redocly_reports_a_flawed_document(redocly_reports: dict[Path, Any], flawed_doc: Path) -> None:
    rules = {problem["ruleId"] for problem in redocly_reports[flawed_doc]["problems"]}
    assert {"operation-4xx-response", "no-server-trailing-slash", "info-license"} <= rules


@pytest.mark.node
@pytest.mark.node
@pytest.mark.parametrize("path", [CONSUMER_32, CONSUMER_31], ids=lambda p: p.name)
def test_redocly_finds_no_error_and_resolves_every_example_in_the_consumer_bundles(
    path: Path, redocly_reports: dict[Path, Any]
) -> None:
    """Redocly's example rules assume `allowAdditionalProperties: false`: an absent `additionalProperties`
    counts as closed for them, while JSON Schema (and every generator) reads it as open. The consumer view
    leaves it out on purpose (notes N-86), so examples carrying members a type does not declare are
    reported as warnings; none is an error and none is an unresolvable reference."""
    report = redocly_reports[path]
    assert report["totals"]["errors"] == 0, report["problems"]
    rules = {"no-invalid-schema-examples", "no-invalid-media-type-examples"}
    assert [p for p in report["problems"] if p["ruleId"] not in rules] == []
    assert [p for p in report["problems"] if "resolve" in p["message"]] == []
    assert len(report["problems"]) < 20


@pytest.mark.parametrize("path", [COPY_31, BUNDLE_32, BUNDLE_31], ids=lambda p: p.name)
def test_redocly_finds_nothing_in_the_published_documents(
    path: Path, redocly_reports: dict[Path, Any]
) -> None:
    assert redocly_reports[path]["problems"] == []


@pytest.mark.node
@pytest.mark.parametrize("path", [SPEC], ids=lambda p: p.name)
def test_redocly_finds_only_known_tool_issues_in_the_source(
    path: Path, redocly_reports: dict[Path, Any]
) -> None:
    report = redocly_reports[path]
    assert report["totals"]["errors"] == 0, report["problems"]
    unexpected = [
        problem
        for problem in report["problems"]
        if not any(
            problem["ruleId"] == rule and pattern.match(problem["message"]) for rule, pattern in REDOCLY_KNOWN
        )
    ]
    assert unexpected == []


@pytest.fixture(scope="module")
def spectral_results(flawed_doc: Path) -> list[Any]:
    """One Spectral run (ruleset `spectral:oas`) over our documents and the flawed one."""
    tool = _node_tool("spectral")
    result = subprocess.run(
        [
            *(str(tool), "lint", "--ruleset", str(ROOT / ".spectral.yaml")),
            *("--format", "json", "--fail-severity", "hint", "--quiet"),
            *(str(p) for p in (*ALL_DOCS, flawed_doc)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=180,
    )
    results: list[Any] = json.loads(result.stdout)
    assert result.returncode == (1 if results else 0), result.stderr
    return results


@pytest.mark.node
@pytest.mark.slow
def test_spectral_finds_nothing_in_our_documents(spectral_results: list[Any], flawed_doc: Path) -> None:
    flawed = [r for r in spectral_results if Path(r["source"]).resolve() == flawed_doc.resolve()]
    assert {"info-contact", "oas3-api-servers", "operation-operationId"} & {r["code"] for r in flawed}
    unbundled = {SPEC.resolve()}
    known = [
        r
        for r in spectral_results
        if Path(r["source"]).resolve() in unbundled
        and r["code"] == "oas3-valid-media-example"
        and SPECTRAL_KNOWN.match(r["message"])
    ]
    assert [r for r in spectral_results if r not in flawed and r not in known] == []
