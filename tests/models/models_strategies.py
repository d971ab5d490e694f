"""Hypothesis strategies that draw JSON instances from the talkie/1 schemas.

hypothesis-jsonschema is not used (broken on current Hypothesis, ignores 2020-12 keywords). This small
generator covers the keywords our schemas use; whatever it cannot express exactly (``not``, ``contains``,
``uniqueItems`` across branches) is left to a validity filter in the test, which checks every instance with
python-jsonschema before using it.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urldefrag, urljoin

from hypothesis import strategies as st
from models_support import documents

BY_ID = {doc["$id"]: doc for doc in documents().values()}

JSON_LEAF = st.none() | st.booleans() | st.integers(-(2**31), 2**31) | st.text(max_size=8)
ANY_JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
DATE_TIME = st.builds(
    lambda d, frac, zone: d.strftime("%Y-%m-%dT%H:%M:%S") + frac + zone,
    st.datetimes(),
    st.sampled_from(["", ".5", ".120"]),
    st.sampled_from(["Z", "+02:00", "-05:30"]),
)
EXTRA_KEY = st.from_regex(r"x[A-Z][a-z]{1,6}", fullmatch=True)


def _resolve(ref: str, base: str) -> tuple[dict[str, Any], str]:
    uri, fragment = urldefrag(urljoin(base, ref))
    node: Any = BY_ID[uri]
    for part in filter(None, fragment.split("/")):
        node = node[part]
    return node, uri


def from_schema(schema: Any, base: str, depth: int = 0) -> st.SearchStrategy[Any]:
    """A strategy of instances that mostly match ``schema`` (``base`` is the ``$id`` it is relative to)."""
    if schema is True or schema == {}:
        return ANY_JSON
    base = schema.get("$id", base)
    if "$ref" in schema:
        target, target_base = _resolve(schema["$ref"], base)
        siblings = {k: v for k, v in schema.items() if k not in {"$ref", "title", "description", "examples"}}
        if "properties" in siblings and "properties" in target:
            merged = {**target, "properties": {**target["properties"], **siblings["properties"]}}
            return from_schema(merged, target_base, depth)
        return from_schema(target, target_base, depth)
    if "allOf" in schema:  # a refinement of other schemas: draw from their merged properties and required
        merged = {k: v for k, v in schema.items() if k != "allOf"}
        for branch in schema["allOf"]:
            part, _ = _resolve(branch["$ref"], base) if "$ref" in branch else (branch, base)
            merged["properties"] = {**part.get("properties", {}), **merged.get("properties", {})}
            merged["required"] = sorted({*part.get("required", []), *merged.get("required", [])})
            if part.get("additionalProperties") is False:
                merged["additionalProperties"] = False
        return from_schema(merged, base, depth)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for keyword in ("oneOf", "anyOf"):
        if keyword in schema:
            return st.one_of([from_schema(branch, base, depth) for branch in schema[keyword]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": k}, base, depth) for k in kind])
    if kind == "object" or "properties" in schema:
        return _object(schema, base, depth)
    if kind == "array":
        return _array(schema, base, depth)
    if kind == "string":
        return _string(schema)
    if kind == "integer":
        return st.integers(schema.get("minimum", -(2**40)), schema.get("maximum", 2**40))
    if kind == "number":
        low, high = schema.get("minimum", -1e9), schema.get("maximum", 1e9)
        return st.integers(int(low), int(high)) | st.floats(low, high, allow_nan=False, allow_infinity=False)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    return ANY_JSON


def _string(schema: dict[str, Any]) -> st.SearchStrategy[str]:
    if schema.get("format") == "date-time":
        return DATE_TIME
    low, high = schema.get("minLength", 0), schema.get("maxLength", 30)
    if "pattern" in schema:
        return st.from_regex(schema["pattern"], fullmatch=True).filter(
            lambda s: low <= len(s) <= max(high, low)
        )
    return st.text(min_size=low, max_size=max(high, low))


def _array(schema: dict[str, Any], base: str, depth: int) -> st.SearchStrategy[list[Any]]:
    items = from_schema(schema.get("items", True), base, depth + 1)
    low = schema.get("minItems", 0)
    high = min(schema.get("maxItems", low + 3), low + (3 if depth < 3 else 0))
    unique = (lambda v: json.dumps(v, sort_keys=True)) if schema.get("uniqueItems") else None
    return st.lists(items, min_size=low, max_size=high, unique_by=unique)


def _object(schema: dict[str, Any], base: str, depth: int) -> st.SearchStrategy[dict[str, Any]]:
    properties: dict[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", []))
    optional = [name for name in properties if name not in required]
    open_object = schema.get("additionalProperties", True) is True

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        result: dict[str, Any] = {}
        chosen = draw(st.lists(st.sampled_from(optional), unique=True)) if optional and depth < 4 else []
        for name in properties:
            if name in required or name in chosen:
                result[name] = draw(from_schema(properties[name], base, depth + 1))
        if open_object and not properties:
            result.update(draw(st.dictionaries(st.text(max_size=6), ANY_JSON, max_size=3)))
        elif open_object and draw(st.booleans()):
            result[draw(EXTRA_KEY)] = draw(ANY_JSON)
        return result

    return build()
