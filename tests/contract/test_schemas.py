"""Generic contract checks over every file in `schemas/`: well-formed 2020-12, self-consistent, documented.

They hold for part A and part B alike, so a new schema file is covered the moment it lands in the folder.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry
from referencing.exceptions import Unresolvable

BASE = "https://talkie-protocol.org/schemas/1/"
DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Keywords whose value is one subschema, a list of them, or a name → subschema map (2020-12 applicators).
ONE_SCHEMA = (
    "items",
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contains",
    "propertyNames",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
)
SCHEMA_LIST = ("prefixItems", "allOf", "anyOf", "oneOf")
SCHEMA_MAP = ("properties", "patternProperties", "$defs", "dependentSchemas")
CONDITION = re.compile(r"/(?:if|then|else|not)(?:/|$)")
URI_FORMATS = {"uri", "uri-reference", "iri", "iri-reference"}

# §3 of the specification: every code with its HTTP status(es), and N-07's retryable flag.
SPEC_ERROR_TABLE: dict[str, tuple[list[int], bool]] = {
    "invalid_request": ([400], False),
    "unauthorized": ([401], False),
    "forbidden": ([403], False),
    "not_found": ([404], False),
    "conflict": ([409], False),
    "stale": ([409], False),
    "expired": ([410], False),
    "too_large": ([413], False),
    "rate_limited": ([429], True),
    "quota_exceeded": ([429], False),
    "upstream_unavailable": ([502, 503], True),
    "internal": ([500], False),
}


def _escape(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def subschemas(schema: Any, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object-valued subschema with its JSON pointer; skips data positions (examples, const, enum…)."""
    if not isinstance(schema, dict):
        return
    yield pointer, schema
    for keyword in ONE_SCHEMA:
        if keyword in schema:
            yield from subschemas(schema[keyword], f"{pointer}/{keyword}")
    for keyword in SCHEMA_LIST:
        for index, item in enumerate(schema.get(keyword, [])):
            yield from subschemas(item, f"{pointer}/{keyword}/{index}")
    for keyword in SCHEMA_MAP:
        for key, item in schema.get(keyword, {}).items():
            yield from subschemas(item, f"{pointer}/{keyword}/{_escape(key)}")


def _load(schemas: dict[str, Any], schema_name: str) -> dict[str, Any]:
    if schema_name not in schemas:
        pytest.fail(f"{schema_name} is not valid JSON")
    contents = schemas[schema_name]
    assert isinstance(contents, dict), f"{schema_name} is not a JSON object"
    return contents


def _validator(schema: dict[str, Any], registry: Registry[Any]) -> Draft202012Validator:
    return Draft202012Validator(schema, registry=registry, format_checker=Draft202012Validator.FORMAT_CHECKER)


def _keywords(errors: Iterator[ValidationError]) -> set[str]:
    """The failing keywords of these errors and of every error nested in their `context` (oneOf/anyOf)."""
    found: set[str] = set()
    for error in errors:
        found.add(str(error.validator))
        found |= _keywords(iter(error.context))
    return found


def _readme_rows(schema_dir: Path) -> list[tuple[list[str], list[str]]]:
    """(file names, titles) of each row of the README's file table, in the order they are written."""
    rows: list[tuple[list[str], list[str]]] = []
    text = (schema_dir / "README.md").read_text(encoding="utf-8")
    in_files = False
    for line in text.splitlines():
        if line.startswith("## "):
            in_files = line.strip() == "## Files"
            continue
        if not in_files or not line.startswith("|") or set(line) <= set("|- "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2 or cells[0] == "file":
            continue
        files = list(dict.fromkeys(re.findall(r"`([a-z0-9-]+\.json)`", line)))
        titles = re.findall(r"`([A-Z][A-Za-z0-9]*)`", cells[1])
        rows.append((files, titles))
    return rows


def test_file_is_a_json_object(schema_dir: Path, schema_name: str) -> None:
    contents = json.loads((schema_dir / schema_name).read_text(encoding="utf-8"))
    assert isinstance(contents, dict)


def test_file_is_a_valid_2020_12_schema(schemas: dict[str, Any], schema_name: str) -> None:
    Draft202012Validator.check_schema(_load(schemas, schema_name))


def test_file_has_the_required_header(schemas: dict[str, Any], schema_name: str) -> None:
    schema = _load(schemas, schema_name)
    assert schema.get("$schema") == DIALECT
    assert schema.get("$id") == BASE + schema_name
    assert isinstance(schema.get("title"), str)
    assert re.fullmatch(r"[A-Z][A-Za-z0-9]*", schema["title"]), "title is the PascalCase model name"
    assert isinstance(schema.get("description"), str)
    assert schema["description"].strip()
    assert isinstance(schema.get("examples"), list)
    assert schema["examples"], "at least one example"


def test_defs_carry_their_own_title(schemas: dict[str, Any], schema_name: str) -> None:
    for name, definition in _load(schemas, schema_name).get("$defs", {}).items():
        assert isinstance(definition, dict), f"$defs/{name} is not an object schema"
        assert definition.get("title") == name, f"$defs/{name} needs title {name!r}"


def test_every_ref_resolves_offline(
    schemas: dict[str, Any], registry: Registry[Any], schema_name: str
) -> None:
    schema = _load(schemas, schema_name)
    resolver = registry.resolver(base_uri=schema["$id"])
    refs: list[tuple[str, str]] = []
    for pointer, subschema in subschemas(schema):
        if isinstance(subschema.get("$ref"), str):
            refs.append((pointer, subschema["$ref"]))
        mapping = subschema.get("discriminator", {}).get("mapping", {})
        refs.extend((f"{pointer}/discriminator/mapping", target) for target in mapping.values())
    for pointer, ref in refs:
        try:
            resolver.lookup(ref)
        except Unresolvable as exc:
            pytest.fail(f"{schema_name}#{pointer}: $ref {ref!r} does not resolve ({exc!r})")


def test_every_example_is_valid(schemas: dict[str, Any], registry: Registry[Any], schema_name: str) -> None:
    schema = _load(schemas, schema_name)
    checked = 0
    for pointer, subschema in subschemas(schema):
        validator = _validator({"$ref": f"{schema['$id']}#{pointer}"}, registry)
        for index, example in enumerate(subschema.get("examples", [])):
            errors = sorted(validator.iter_errors(example), key=lambda error: list(error.path))
            assert not errors, f"{schema_name}#{pointer}/examples/{index}: " + "; ".join(
                f"{list(error.absolute_path)}: {error.message}" for error in errors
            )
            checked += 1
    assert checked >= 1


def test_invalid_example_fails_for_its_keyword(
    schema_dir: Path, schemas: dict[str, Any], registry: Registry[Any], invalid_case: str
) -> None:
    case = json.loads((schema_dir / "invalid" / invalid_case).read_text(encoding="utf-8"))
    assert isinstance(case, dict)
    assert set(case) == {"reason", "keyword", "instance"}
    assert isinstance(case["reason"], str)
    assert case["reason"].strip()
    schema_name = invalid_case.split("/")[0] + ".json"
    assert (schema_dir / schema_name).is_file(), f"no schema {schema_name} for this invalid case"
    schema = _load(schemas, schema_name)
    errors = list(_validator(schema, registry).iter_errors(case["instance"]))
    assert errors, "the instance is valid, but the case says it is not"
    keywords = _keywords(iter(errors))
    assert case["keyword"] in keywords, f"expected a {case['keyword']!r} error, got {sorted(keywords)}"


def test_object_schemas_state_their_unknown_field_policy(schemas: dict[str, Any], schema_name: str) -> None:
    loose: list[str] = []
    for pointer, subschema in subschemas(_load(schemas, schema_name)):
        if CONDITION.search(pointer):
            continue  # an if/then/else/not branch constrains members of its parent; it declares no shape
        types = subschema.get("type")
        is_object = types == "object" or (isinstance(types, list) and "object" in types)
        is_object = is_object or "properties" in subschema or "patternProperties" in subschema
        if "oneOf" in subschema and "properties" not in subschema:
            continue  # a union of object members (typed so generators see objects): its members state it
        stated = "additionalProperties" in subschema or "unevaluatedProperties" in subschema
        if is_object and not stated:
            loose.append(pointer or "/")
    assert not loose, f"object schemas without additionalProperties/unevaluatedProperties: {loose}"


def test_no_uri_format(schemas: dict[str, Any], schema_name: str) -> None:
    offending = [
        pointer or "/"
        for pointer, subschema in subschemas(_load(schemas, schema_name))
        if subschema.get("format") in URI_FORMATS
    ]
    assert not offending, f"use a patterned string instead of format uri at {offending}"


def test_readme_lists_exactly_the_schema_files(schema_dir: Path) -> None:
    listed = {name for files, _ in _readme_rows(schema_dir) for name in files}
    present = {path.name for path in schema_dir.glob("*.json")}
    assert not present - listed, f"files missing from schemas/README.md: {sorted(present - listed)}"
    assert not listed - present, f"README lists files that do not exist: {sorted(listed - present)}"


def test_readme_titles_match_the_files(schema_dir: Path, schemas: dict[str, Any]) -> None:
    for files, titles in _readme_rows(schema_dir):
        assert len(files) == len(titles), f"README row {files} names {len(titles)} titles"
        for name, title in zip(files, titles, strict=True):
            if name in schemas:
                assert schemas[name].get("title") == title, f"{name}: README says title {title!r}"


def test_error_catalogue_is_the_spec_table(schemas: dict[str, Any]) -> None:
    error_code = _load(schemas, "error-code.json")
    catalogue = error_code["x-talkie-catalogue"]
    assert [entry["code"] for entry in catalogue] == list(SPEC_ERROR_TABLE)
    for entry in catalogue:
        assert set(entry) == {"code", "httpStatus", "meaning", "retryable"}
        statuses, retryable = SPEC_ERROR_TABLE[entry["code"]]
        assert entry["httpStatus"] == statuses, entry["code"]
        assert entry["retryable"] is retryable, entry["code"]
        assert isinstance(entry["meaning"], str)
        assert entry["meaning"].strip()


def test_known_error_codes_are_the_catalogue_and_fit_the_open_pattern(
    schemas: dict[str, Any], registry: Registry[Any]
) -> None:
    error_code = _load(schemas, "error-code.json")
    known = error_code["$defs"]["KnownErrorCode"]["enum"]
    assert known == [entry["code"] for entry in error_code["x-talkie-catalogue"]]
    open_set = _validator(error_code, registry)
    for code in [*known, "crm_maintenance"]:
        assert open_set.is_valid(code), code


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("http://localhost:8765", True),
        ("http://192.168.1.20", True),
        ("http://169.254.10.2:8080", True),
        ("http://[fd12:3456::1]:8765", True),
        ("http://[FC00:1::2]", True),
        ("http://[fe80::1]", True),
        ("http://[2001:db8::17]", False),
        ("http://[fc::1]", False),
        ("http://crm.example.org", False),
        ("https://[2001:db8::17]", True),
    ],
)
def test_http_is_allowed_on_private_and_link_local_hosts_only(
    schemas: dict[str, Any], origin: str, allowed: bool
) -> None:
    """§1 line 77: plain http only for localhost, 127.0.0.1 and private LAN addresses (IPv4, IPv6; N-19)."""
    issuer = re.compile(schemas["manifest.json"]["properties"]["issuer"]["pattern"])
    signaling = schemas["voice-session.json"]["$defs"]["Signaling"]["properties"]["url"]["pattern"]
    assert bool(issuer.match(origin)) is allowed
    assert bool(re.match(signaling, origin + "/sdp")) is allowed
