"""The two views of the contract, both derived from ``schemas/`` (notes N-86).

Why two: the files of ``schemas/`` are the *producer* view — closed and exact, what a talkie/1 server must
send; the conformance suite and ``talkie_models``' strict check hold servers to it. A *receiver* must accept
more than that (the talkie/1 specification §1: ignore unknown fields; §5: ignore unknown event types and
CUSTOM names; §6: show ``fallbackText`` for a block it cannot render). A generator fed the producer view
writes decoders that throw or drop data on such input, so app developers get the *consumer* view: the same
types with every object open, an unknown branch in every union a receiver must tolerate, and open string
sets where the specification lists values without closing them.

Outputs:

* ``spec/generated/schemas.bundled.json`` — the producer view as one JSON Schema document;
* ``spec/generated/consumer/schemas/*.json`` — the consumer view, one file per schema file, nothing else in
  the folder (``datamodel-codegen --input`` reads every file of a folder);
* ``spec/generated/consumer/schemas.consumer.bundled.json`` — the consumer view as one JSON Schema document;
* ``spec/generated/consumer/openapi.consumer.bundled.yaml`` and ``openapi-3.1.consumer.bundled.yaml`` — the
  OpenAPI 3.2 and 3.1 bundles of ``spec/openapi.yaml`` over the consumer view.

The producer's OpenAPI bundles are ``codegen.openapi``'s outputs.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from codegen import openapi as gen

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "https://talkie-protocol.org/schemas/1/"
CONSUMER_ID_BASE = ID_BASE + "consumer/"

Json = Any

# Closed string sets a receiver keeps open: the specification lists their values without closing the set,
# and a receiver can act on a value it does not know (notes N-87).
OPEN_SETS: dict[str, str] = {
    "BadgeTone": "a receiver shows a tone it does not know as `neutral`",
    "Channel": "a receiver lists a thread of another channel like a chat thread",
    "MessageRole": "a receiver shows a message of another role without a speaker",
    "ConfirmMethod": "a receiver offers only the methods it knows",
    "TextMessageRole": "AG-UI may add roles; a receiver shows the text as the assistant's",
}

# Unions a receiver must tolerate: (file, pointer tokens of the union) -> what an unknown member means.
TOLERANT_UNIONS: dict[tuple[str, tuple[str, ...]], str] = {
    ("card-block.json", ()): (
        "A block type this receiver does not know (a later version's): the receiver shows the card's "
        "`fallbackText` instead of the card (the talkie/1 specification §6)."
    ),
    ("run-finished-event.json", ("$defs", "RunFinishedOutcome")): (
        "An outcome this receiver does not know: the run ended; the receiver treats it as a success."
    ),
}

# Members that are "any JSON value" with a typed object case: a receiver takes them as any JSON value. The
# producer's `oneOf [object, array, string, number, boolean, null]` says the same, but generators turn the
# primitive branches into wrappers they cannot serialize (openapi-generator's Kotlin: no `number` branch).
ANY_VALUE: frozenset[tuple[str, tuple[str, ...]]] = frozenset(
    {("run-agent-input.json", ("properties", "forwardedProps"))}
)

# Members other AG-UI 1.0 events carry with another JSON type than the Talkie-known event of the same member
# name: the consumer's `UnknownEvent` declares them "any JSON value". Generators that merge the objects of a
# union into one class (quicktype) then type the merged member so that an unknown event's value passes their
# run-time check instead of throwing (the talkie/1 specification §5: clients ignore unknown event types).
UNKNOWN_EVENT_MEMBERS: dict[str, str] = {
    "delta": "Text in TEXT_MESSAGE_CONTENT; AG-UI's STATE_DELTA carries a JSON Patch array (RFC 6902) here.",
    "content": "Tool output in TOOL_CALL_RESULT; AG-UI's ACTIVITY_SNAPSHOT carries an object here.",
}

# Members a server sends in one exact form that a receiver accepts in a wider one: (file, pointer tokens) ->
# the member's consumer schema. §1 line 65 has a client refuse only another major version of `spec`, so a
# receiver takes a minor form `talkie/1.<n>` too (notes N-27).
WIDER: dict[tuple[str, tuple[str, ...]], Json] = {
    ("manifest.json", ("properties", "spec")): {
        "type": "string",
        "pattern": "^talkie/1(?:\\.[0-9]+)*$",
        "description": "Protocol version. A server sends exactly `talkie/1`; a receiver accepts it and a "
        "minor form `talkie/1.<n>`, and refuses another major version (§1 line 65, notes N-27).",
    }
}

CONSUMER_HEADER = (
    "# Generated from spec/openapi.yaml and schemas/ (CONSUMER view: open objects, unknown union members, "
    "open string sets) — do not edit; regenerate with `python3 dev.py codegen`\n"
)


def producer_files(root: Path = ROOT) -> dict[str, Json]:
    """The producer view: the schema files as they are, by file name."""
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((root / "schemas").glob("*.json"))
    }


def _open_objects(node: Json) -> Json:
    """A copy of a schema with every object that declares members open (instance data kept).

    Such an object loses its boolean ``additionalProperties``: absent, it means "any other member", as
    ``true`` does, but generators then write a plain class that skips unknown members instead of one that
    derives from a map (openapi-generator's Kotlin writes ``HashMap<…>()()`` for ``true``, which does not
    compile). A free-form map and a condition (``if``/``then``, no ``type``) keep ``true``.
    """
    if isinstance(node, list):
        return [_open_objects(item) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("type") == "boolean" and isinstance(node.get("const"), bool):
        # `ok: true`: a receiver reads a boolean; generators make a one-value enum of a boolean `const`
        # and write it back as the string "true" (openapi-generator's Kotlin).
        return {k: v for k, v in node.items() if k != "const"}
    out: dict[str, Json] = {}
    for key, value in node.items():
        if key in gen._SCHEMA_DATA:
            out[key] = copy.deepcopy(value)
        elif key == "additionalProperties" and isinstance(value, bool):
            declares = ("properties" in node or "allOf" in node) and node.get("type") == "object"
            if not declares:  # a free-form map, or a condition (`if`/`then`) that only constrains
                out[key] = True
        elif key in gen._SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _open_objects(sub) for name, sub in value.items()}
        else:
            out[key] = _open_objects(value)
    return out


def _open_sets(node: Json) -> None:
    """Turn each titled enum of ``OPEN_SETS`` into a string whose known values are its ``examples``."""
    if isinstance(node, list):
        for item in node:
            _open_sets(item)
        return
    if not isinstance(node, dict):
        return
    title = node.get("title")
    if isinstance(title, str) and title in OPEN_SETS and isinstance(node.get("enum"), list):
        values = node.pop("enum")
        known = ", ".join(f"`{v}`" for v in values)
        node["description"] = (
            f"{node.get('description', '')} Known values: {known}; any other string is accepted "
            f"({OPEN_SETS[title]})."
        ).strip()
        node["type"] = "string"
        node["examples"] = values
    for key, value in node.items():
        if key not in gen._SCHEMA_DATA:
            _open_sets(value)


def _tolerant_union(union: dict[str, Json], why: str) -> tuple[dict[str, Json], dict[str, Json]]:
    """``union`` as ``oneOf [Known…, Unknown…]``: the wrapper and the ``$defs`` it needs."""
    title = union["title"]
    tag = union["discriminator"]["propertyName"]
    tags = list(union["discriminator"]["mapping"])
    known = {k: v for k, v in union.items() if k not in ("$schema", "$id", "$defs", "examples")}
    known["title"] = f"Known{title}"
    defs = {
        f"Known{title}": known,
        f"Unknown{title}": {
            "title": f"Unknown{title}",
            "description": why,
            "type": "object",
            "properties": {
                tag: {
                    "type": "string",
                    "not": {"$ref": f"#/$defs/Known{title}Tag"},
                    "description": "Any tag talkie/1 does not define.",
                }
            },
            "required": [tag],
        },
        f"Known{title}Tag": {
            "title": f"Known{title}Tag",
            "description": f"The `{tag}` values of `Known{title}`.",
            "type": "string",
            "enum": tags,
        },
    }
    wrapper = {
        "title": title,
        "description": f"{union.get('description', '')} A receiver also accepts an unknown `{tag}`.".strip(),
        "oneOf": [{"$ref": f"#/$defs/Known{title}"}, {"$ref": f"#/$defs/Unknown{title}"}],
    }
    if "examples" in union:
        wrapper["examples"] = copy.deepcopy(union["examples"])
    return wrapper, defs


def consumer_files(producer: dict[str, Json]) -> dict[str, Json]:
    """The consumer view of every schema file (file name -> schema)."""
    out: dict[str, Json] = {}
    for name, schema in producer.items():
        view = _open_objects(schema)
        _open_sets(view)
        if isinstance(view.get("$id"), str) and view["$id"].startswith(ID_BASE):
            view["$id"] = CONSUMER_ID_BASE + view["$id"][len(ID_BASE) :]
        for (file, tokens), wider in WIDER.items():
            if file == name:
                parent = view
                for token in tokens[:-1]:
                    parent = parent[token]
                parent[tokens[-1]] = copy.deepcopy(wider)
        for file, tokens in ANY_VALUE:
            if file == name:
                parent = view
                for token in tokens[:-1]:
                    parent = parent[token]
                parent[tokens[-1]] = {"description": parent[tokens[-1]].get("description", "")}
        if name == "stream-event.json":
            members = view["$defs"]["UnknownEvent"]["properties"]
            for member, why in UNKNOWN_EVENT_MEMBERS.items():
                members[member] = {"description": f"Any JSON value. {why}"}
            # The more specific unknown shape first: generators try the branches in order and ignore
            # `not`, so an unknown CUSTOM event would otherwise decode as `UnknownEvent` and lose its name.
            view["oneOf"] = sorted(view["oneOf"], key=lambda b: b["$ref"] != "#/$defs/UnknownCustomEvent")
            view["oneOf"] = sorted(view["oneOf"], key=lambda b: b["$ref"] != "event.json")
        for (file, tokens), why in TOLERANT_UNIONS.items():
            if file != name:
                continue
            if tokens == ():
                wrapper, defs = _tolerant_union(view, why)
                head = {k: view[k] for k in ("$schema", "$id") if k in view}
                view = {**head, **wrapper, "$defs": {**view.get("$defs", {}), **defs}}
            else:
                (_, key) = tokens
                wrapper, defs = _tolerant_union(view["$defs"][key], why)
                view["$defs"] = {**view["$defs"], key: wrapper, **defs}
        out[name] = view
    return out


def schema_bundle(files: dict[str, Json], schemas_dir: Path, schema_id: str, title: str, what: str) -> Json:
    """One JSON Schema document holding every type of ``files`` under ``$defs`` by title.

    No ``$id`` is embedded and every ``$ref`` is bundle-local (``#/$defs/Title``), so each type appears
    once and tools that register schemas by ``$id`` find no duplicate.
    """
    defs = gen._Bundler(schemas_dir, files, prefix="#/$defs/").bundle_all()
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": schema_id,
        "title": title,
        "description": what,
        "$defs": defs,
    }


def _refs(node: Json) -> set[str]:
    """Every ``$ref`` and discriminator mapping target in ``node`` (instance data skipped)."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.add(value)
            elif key == "mapping" and isinstance(value, dict):
                found |= {v for v in value.values() if isinstance(v, str)}
            elif key in gen._SCHEMA_MAPS and isinstance(value, dict):
                found |= _refs(list(value.values()))  # names of members, not keywords
            elif key not in gen._SCHEMA_DATA and key not in gen._OAS_DATA:
                found |= _refs(value)
    elif isinstance(node, list):
        for item in node:
            found |= _refs(item)
    return found


def _drop_unreached(document: Json) -> Json:
    """``document`` without the components no operation reaches (a member made "any JSON value" leaves
    the types it used to name behind; linters report unused components)."""
    prefix = "#/components/schemas/"
    schemas = document["components"]["schemas"]
    outside = {k: v for k, v in document.items() if k != "components"}
    others = {k: v for k, v in document["components"].items() if k != "schemas"}
    queue = [r for r in _refs([outside, others]) if r.startswith(prefix)]
    reached: set[str] = set()
    while queue:
        name = queue.pop()[len(prefix) :].split("/", 1)[0]
        if name not in reached:
            reached.add(name)
            queue += [r for r in _refs(schemas[name]) if r.startswith(prefix)]
    document["components"]["schemas"] = {k: v for k, v in schemas.items() if k in reached}
    return document


def _json(document: Json) -> bytes:
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def build(root: Path) -> dict[Path, bytes]:
    """Every file of both views for the contract found under ``root``."""
    schemas_dir = root / "schemas"
    generated = root / "spec" / "generated"
    consumer_dir = generated / "consumer"
    producer = producer_files(root)
    consumer = consumer_files(producer)
    result: dict[Path, bytes] = {
        generated / "schemas.bundled.json": _json(
            schema_bundle(
                producer,
                schemas_dir,
                ID_BASE + "schemas.bundled.json",
                "TalkieProducerSchemas",
                "Producer view of talkie/1: what a server sends, closed and exact.",
            )
        ),
        consumer_dir / "schemas.consumer.bundled.json": _json(
            schema_bundle(
                consumer,
                schemas_dir,
                CONSUMER_ID_BASE + "schemas.consumer.bundled.json",
                "TalkieConsumerSchemas",
                "Consumer view of talkie/1: what a receiver must accept (notes N-86).",
            )
        ),
    }
    for name, schema in consumer.items():
        result[consumer_dir / "schemas" / name] = _json(schema)
    spec = root / "spec" / "openapi.yaml"
    source = gen.load_yaml(spec)
    bundled = _drop_unreached(
        gen.rebase_refs(gen.bundle(source, spec, schemas_dir, consumer), spec.parent, consumer_dir)
    )
    bundled["info"] = {
        **bundled["info"],
        "title": f"{bundled['info']['title']} (consumer view)",
    }
    result[consumer_dir / "openapi.consumer.bundled.yaml"] = gen.dump_yaml(bundled, CONSUMER_HEADER)
    result[consumer_dir / "openapi-3.1.consumer.bundled.yaml"] = gen.dump_yaml(
        gen.to_openapi_31(bundled), CONSUMER_HEADER
    )
    return result


def outputs() -> dict[Path, bytes]:
    """The files this generator owns (see ``codegen/__init__.py``)."""
    return build(ROOT)
