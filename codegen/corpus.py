"""The generated part of the forward-compatibility corpus ``tests/compat/corpus/`` (notes N-88).

Why: every generated client (Kotlin, TypeScript, Python, …) is held to the same inputs with the same exact
expectations. Each corpus file is one case: ``{"description", "schema", "input", "expect": {"kind",
"type"?, "values"}}``. This module writes the cases that follow from the contract's own examples:

* ``example-<title>-<n>.json`` — every ``examples`` entry of every titled schema, as it is;
* ``stream-<name>-<n>.json`` — every event of every recorded stream (``schemas/examples/stream-*.json``);
* ``example-decision-response-confirm.json`` — the other recorded example files;
* ``member-<title>.json`` — the first object example of each titled type with an unknown member added to
  the root and to every nested object (receivers ignore unknown members).

The hand-written cases (``forward-*.json``: unknown event type, unknown CUSTOM name, future block type,
unknown outcome, …) sit beside them and are not touched here.

``type`` is the wire value of ``input``'s own ``type`` member, present exactly when it has a string one
(never a decoded class name, never ``name``: a ``talkie.card`` event's type is ``CUSTOM``).

``values`` maps a JSON pointer into ``input`` to the value that must survive decoding exactly: every scalar
the consumer view types (members it declares, reached through the union branch that matches). Members of
an unknown event, and anything typed "any JSON value", are not held: a receiver ignores them.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from codegen import views

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "compat" / "corpus"
UNKNOWN_MEMBER = "futureMember"
UNKNOWN_VALUE = {"since": "talkie/1.9", "items": [1, "two", None]}
Json = Any


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class _Consumer:
    """The consumer view's bundle with a validator per type and a walker that lists typed scalars."""

    def __init__(self, bundle: Json) -> None:
        self.bundle = bundle
        self.defs: dict[str, Json] = bundle["$defs"]
        self.registry: Registry[Any] = Registry().with_resource(
            bundle["$id"], Resource.from_contents(bundle, default_specification=DRAFT202012)
        )
        self._validators: dict[str, jsonschema.Draft202012Validator] = {}

    def valid(self, title: str, instance: Json) -> bool:
        if title not in self._validators:
            ref = {"$ref": f"{self.bundle['$id']}#/$defs/{title}"}
            self._validators[title] = jsonschema.Draft202012Validator(ref, registry=self.registry)
        return bool(self._validators[title].is_valid(instance))

    def _resolve(self, schema: Json) -> Json:
        while isinstance(schema, dict) and "$ref" in schema:
            ref = schema["$ref"]
            match = re.fullmatch(r"#/\$defs/([^/]+)(.*)", ref)
            if match is None:
                raise ValueError(f"unexpected ref {ref}")
            schema = self.defs[match.group(1)]
            for token in filter(None, match.group(2).split("/")):
                schema = schema[token]
        return schema

    def _validates(self, schema: Json, instance: Json) -> bool:
        validator = jsonschema.Draft202012Validator(
            {"$defs": self.defs, **schema} if isinstance(schema, dict) else schema
        )
        return bool(validator.is_valid(instance))

    def scalars(self, schema: Json, instance: Json, pointer: str, out: dict[str, Json]) -> None:
        """Record every scalar of ``instance`` that ``schema`` types, by JSON pointer."""
        schema = self._resolve(schema)
        if not isinstance(schema, dict):
            return
        for branch_key in ("oneOf", "anyOf"):
            if branch_key in schema:
                for branch in schema[branch_key]:
                    if self._validates(branch, instance):
                        self.scalars(branch, instance, pointer, out)
                        break
        for part in schema.get("allOf", []):
            self.scalars(part, instance, pointer, out)
        kinds = schema.get("type")
        if isinstance(instance, dict):
            properties = schema.get("properties", {})
            extra = schema.get("additionalProperties")
            for key, value in instance.items():
                if key in properties:
                    self.scalars(properties[key], value, f"{pointer}/{_escape(key)}", out)
                elif isinstance(extra, dict) and extra:
                    self.scalars(extra, value, f"{pointer}/{_escape(key)}", out)
        elif isinstance(instance, list) and isinstance(schema.get("items"), dict):
            for index, item in enumerate(instance):
                self.scalars(schema["items"], item, f"{pointer}/{index}", out)
        elif isinstance(instance, (str, int, float, bool)) and kinds is not None:
            out[pointer] = instance


def consumer_of(bundle: Json) -> _Consumer:
    """The reader of ``case`` for the consumer view's schema bundle (``schemas.consumer.bundled.json``)."""
    return _Consumer(bundle)


def _kind(consumer: _Consumer, title: str, instance: Json) -> str:
    """``unknown`` for an event a receiver ignores or a member of a tolerant union it does not know."""
    if title == "StreamEvent":
        return "known" if consumer.valid("Event", instance) else "unknown"
    for branch in consumer.defs[title].get("oneOf", []):  # a tolerant union: Known… or Unknown…
        name = branch.get("$ref", "").rsplit("/", 1)[-1]
        if name.startswith("Known") and "discriminator" in consumer.defs.get(name, {}):
            return "known" if consumer.valid(name, instance) else "unknown"
    return "known"


def case(consumer: _Consumer, title: str, instance: Json, description: str) -> Json:
    """One corpus case: what a receiver of ``title`` must make of ``instance``."""
    if not consumer.valid(title, instance):
        raise ValueError(f"{description}: not accepted by the consumer view's {title}")
    kind = _kind(consumer, title, instance)
    tag = instance.get("type") if isinstance(instance, dict) else None
    values: dict[str, Json] = {}
    if kind == "known":
        consumer.scalars(consumer.defs[title], instance, "", values)
    else:
        for key in ("type", "name"):
            if isinstance(instance, dict) and isinstance(instance.get(key), str):
                values[f"/{key}"] = instance[key]
    expect: dict[str, Json] = {"kind": kind}
    if isinstance(tag, str):
        expect["type"] = tag
    expect["values"] = dict(sorted(values.items()))
    return {"description": description, "schema": title, "input": instance, "expect": expect}


def _objects(instance: Json) -> list[Json]:
    """Every object of ``instance``, the root first."""
    if isinstance(instance, list):
        return [found for item in instance for found in _objects(item)]
    if not isinstance(instance, dict):
        return []
    return [instance, *(found for value in instance.values() for found in _objects(value))]


def _with_unknown_members(consumer: _Consumer, title: str, instance: Json) -> Json:
    """``instance`` with ``futureMember`` added to every object that may have one: the root and every
    nested object except maps whose values are typed (``labels``), where the key would be a map entry."""
    out = copy.deepcopy(instance)
    for target in _objects(out):
        target[UNKNOWN_MEMBER] = copy.deepcopy(UNKNOWN_VALUE)
        if not consumer.valid(title, out):
            del target[UNKNOWN_MEMBER]
    return out


def _kebab(title: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", title).lower()


def build(root: Path) -> dict[Path, bytes]:
    """Every generated corpus case for the contract found under ``root``."""
    producer = views.producer_files(root)
    consumer_files = views.consumer_files(producer)
    bundle = views.schema_bundle(
        consumer_files, root / "schemas", views.CONSUMER_ID_BASE + "corpus.json", "Corpus", "corpus"
    )
    consumer = _Consumer(bundle)
    out = root / "tests" / "compat" / "corpus"
    cases: dict[str, Json] = {}
    for title, schema in bundle["$defs"].items():
        examples = schema.get("examples", [])
        for index, example in enumerate(examples):
            name = f"example-{_kebab(title)}-{index + 1}"
            cases[name] = case(consumer, title, example, f"Example {index + 1} of {title}.")
        objects = [e for e in examples if isinstance(e, dict)]
        if objects and consumer.valid(title, objects[0]):
            kind = _kind(consumer, title, objects[0])
            if kind == "known":
                varied = _with_unknown_members(consumer, title, objects[0])
                description = (
                    f"Example 1 of {title} with an unknown member `{UNKNOWN_MEMBER}` on every object: "
                    "a receiver ignores it and keeps every other value."
                )
                made = case(consumer, title, varied, description)
                made["expect"]["values"] = case(consumer, title, objects[0], "")["expect"]["values"]
                cases[f"member-{_kebab(title)}"] = made
    for path in sorted((root / "schemas" / "examples").glob("*.json")):
        recorded = json.loads(path.read_text(encoding="utf-8"))
        if path.name.startswith("stream-"):
            for index, event in enumerate(recorded):
                description = f"Event {index + 1} of the recorded stream {path.name}."
                cases[f"{path.stem}-{index + 1:02d}"] = case(consumer, "StreamEvent", event, description)
        else:
            title = "DecisionResponse" if path.name.startswith("decision-response") else None
            if title is None:
                raise ValueError(f"no schema known for recorded example {path.name}")
            cases[f"example-{path.stem}"] = case(consumer, title, recorded, f"The recorded {path.name}.")
    return {
        out / f"{name}.json": (json.dumps(made, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        for name, made in cases.items()
    }


def outputs() -> dict[Path, bytes]:
    """The files this generator owns (see ``codegen/__init__.py``)."""
    return build(ROOT)
