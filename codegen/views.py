"""The three views of the contract, all derived from ``schemas/`` (notes N-86, N-101).

Why two: the files of ``schemas/`` are the *producer* view — closed and exact, what a talkie/1 server must
send; the conformance suite and ``talkie_models``' strict check hold servers to it. A *receiver* must accept
more than that (the talkie/1 specification §1: ignore unknown fields; §5: ignore unknown event types and
CUSTOM names; §6: show ``fallbackText`` for a block it cannot render). A generator fed the producer view
writes decoders that throw or drop data on such input, so app developers get the *consumer* view: the same
types with every object open, an unknown branch in every union a receiver must tolerate, open string sets
where the specification lists values without closing them, and no keyword a receiver does not act on
(``RECEIVER_IGNORES``).

Outputs:

* ``spec/generated/schemas.bundled.json`` — the producer view as one JSON Schema document;
* ``spec/generated/consumer/schemas/*.json`` — the consumer view, one file per schema file, nothing else in
  the folder (``datamodel-codegen --input`` reads every file of a folder);
* ``spec/generated/consumer/schemas.consumer.bundled.json`` — the consumer view as one JSON Schema document;
* ``spec/generated/consumer/openapi.consumer.bundled.yaml`` and ``openapi-3.1.consumer.bundled.yaml`` — the
  OpenAPI 3.2 and 3.1 bundles of ``spec/openapi.yaml`` over the consumer view.

* ``spec/generated/text/schemas/*.json`` and ``spec/generated/text/schemas.text.bundled.json`` — the *text*
  view (N-101): the producer view cut down to what the specification's text itself states. A member is
  required only where a sentence, a shape notation or an inline answer of the text names it (``TEXT_REQUIRED``
  says which, with the line); every object is open (the AG-UI events keep the members AG-UI 1.0 requires);
  the manifest's string patterns are left to the rules that judge them (``TEXT_UNPATTERNED``). The
  conformance suite fails a server against this view and only warns, naming N-26 or N-18, where the
  producer view asks for more;
* ``spec/generated/text/openapi.text.bundled.yaml`` and ``openapi-3.1.text.bundled.yaml`` — the OpenAPI
  bundles over the text view (what ``talkie-conformance fuzz`` judges answers by).

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

# Keywords a receiver does not act on, left out of the consumer view because generators turn them into types
# the parsed JSON does not have (notes N-170): `uniqueItems` into sets (openapi-generator's TypeScript
# `Set<string>`, which `JSON.parse` never yields), `contentMediaType` on a string into binary content
# (oapi-codegen's `openapi_types.File`, whose decoder reads base64). A receiver does not refuse a repeated
# value, and JSON carried as text stays a string.
RECEIVER_IGNORES: frozenset[str] = frozenset({"uniqueItems", "contentMediaType"})

TEXT_ID_BASE = ID_BASE + "text/"

# The text view: for every object of Talkie's own answers that the producer view gives a `required` list, the
# members the specification's text itself requires, and where it says so. Members the producer view requires
# beyond these come from the specification's examples (N-26, N-19); missing one is a warning, never a failure.
# `build` refuses a Talkie object with a `required` list that is not listed here, so none slips through.
TEXT_REQUIRED: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, ...], str]] = {
    ("action.json", ()): (
        ("id", "status", "paramsHash"),
        "§8: the `{actionId}` of GET action and POST decision (lines 46-47, 226), the status values "
        "(line 225), the paramsHash a decision carries (line 227); the other members are the example's",
    ),
    ("action.json", ("$defs", "ActionConfirm")): (("methods",), "§8 line 235: `confirm.methods`"),
    ("action.json", ("$defs", "VoiceConfirm")): ((), "§10.4 line 302: the keyword is used only if set"),
    ("badge-block.json", ()): (("type", "text"), "§6 line 197: `badge {text,tone?}`"),
    ("card.json", ()): (
        ("fallbackText",),
        "§6 line 199: `fallbackText` is REQUIRED; the rest is the example",
    ),
    ("decision-response.json", ()): (("action", "events"), "§8 line 228: `{ action, events }`"),
    ("error-response.json", ()): (("error",), "§3 line 106"),
    ("error-response.json", ("$defs", "ErrorBody")): (("code", "message", "retryable"), "§3 line 106"),
    ("fields-block.json", ()): (("type", "fields"), "§6 line 195: `fields {fields:[{label,value}]}`"),
    ("fields-block.json", ("$defs", "CardField")): (("label", "value"), "§6 line 195"),
    ("file-block.json", ()): (("type", "name", "url"), "§6 line 196: `file {name,mime?,size?,url}`"),
    ("heading-block.json", ()): (("type", "text"), "§6 line 195: `heading {text}`"),
    ("link-block.json", ()): (("type", "label", "url"), "§6 line 196: `link {label,url}`"),
    ("list-block.json", ()): (("type", "items"), "§6 line 196: `list {items:[…], more?}`"),
    ("list-block.json", ("$defs", "ListItem")): (("title",), "§6 line 196: `{title,subtitle?,url?}`"),
    ("manifest.json", ()): (
        ("spec", "issuer", "serverId", "auth", "endpoints"),
        "§1 lines 65 (spec MUST), 66 (issuer), 68 (endpoints), 71 (serverId), 73 (auth MUST offer oauth); "
        "name, description, locale, brand, capabilities, limits and testMode are the example's",
    ),
    ("manifest.json", ("$defs", "Auth")): (("oauth",), "§1 line 73: `auth` MUST offer `oauth`"),
    ("manifest.json", ("$defs", "OAuthAuth")): (("issuer",), "§2.1 line 83: `<auth.oauth.issuer>`"),
    ("manifest.json", ("$defs", "TokenAuth")): ((), "§1 line 73: only the example shows `hint`"),
    ("manifest.json", ("$defs", "Brand")): ((), "§1 line 72: what `brand` may contain, not that it must"),
    ("manifest.json", ("$defs", "Endpoints")): ((), "§1 line 74: unsupported endpoints are omitted"),
    ("manifest.json", ("$defs", "Capabilities")): (
        (),
        "§10 line 251: voice is optional; the rest is the example",
    ),
    ("manifest.json", ("$defs", "VoiceCapabilities")): (("signalingHosts",), "§10.1 line 271"),
    ("manifest.json", ("$defs", "ActionCapabilities")): (
        (),
        "§1 line 55: only the example shows `voiceConfirm`",
    ),
    ("manifest.json", ("$defs", "CardCapabilities")): ((), "§1 line 56: only the example shows `blocks`"),
    ("manifest.json", ("$defs", "Limits")): ((), "§3 line 116 names `maxMessageChars`, not that it is sent"),
    ("ok-response.json", ()): (("ok",), '§5 line 175, §9 line 247: `{ "ok": true }`'),
    ("open-link.json", ()): (("url", "label"), "§5 line 167: `{ url, label }`"),
    ("status.json", ()): (
        ("user", "chat", "voice", "usage"),
        "§4 lines 123-133: the section is one shape and nothing else, so its members are the text's",
    ),
    ("status.json", ("$defs", "StatusUser")): (("id", "name"), "§4 line 127: who is signed in"),
    ("text-block.json", ()): (("type", "text"), "§6 line 195: `text {text}`"),
    ("thread-detail.json", ()): (("thread", "messages", "actions"), "§9 lines 245-246"),
    ("thread-list.json", ()): (("threads",), "§9 line 243"),
    ("thread-message.json", ()): (
        ("id", "role", "content", "createdAt", "cards"),
        "§9 lines 245-246: `channel`? is the one optional member",
    ),
    ("thread-summary.json", ()): (("id", "title", "channel", "createdAt", "updatedAt"), "§9 line 243"),
    ("usage-meter.json", ()): (("label", "used", "limit", "unit"), "§4 lines 130-131: each usage line"),
    ("usage-report.json", ()): (("usage",), "§5 line 168: `{ usage: [...] }`"),
    ("voice-session.json", ()): (
        ("voiceSessionId", "signaling", "clientSecret"),
        "§10.1: the `{voiceSessionId}` of the voice endpoints (lines 49-51), `signaling.url` and "
        "`clientSecret` (lines 270-272); the other members are the example's",
    ),
    ("voice-session.json", ("$defs", "Signaling")): (("url",), "§10.1 lines 270-271: `signaling.url`"),
    ("voice-session.json", ("$defs", "Consent")): ((), "§10.1 line 276: words added to either vocabulary"),
    ("voice-tool-response.json", ()): (("ok", "output", "events"), "§10.2 line 282"),
    ("voice-usage-response.json", ()): (("ok", "remainingSeconds"), "§10.3 line 290"),
}

# Files whose string patterns the text view drops: the manifest's origins, paths and colours are rules of
# their own in the text (lines 66, 69, 72, 77), each judged by its own rule (MAN-006, -007, -010, -015, -016,
# -025), and our patterns read them more narrowly (N-19: no `http://localhost` endpoint), so the manifest's
# shape does not judge them twice (the suite leaves the producer view's pattern mismatches to those rules).
TEXT_UNPATTERNED: frozenset[str] = frozenset({"manifest.json"})

# Files the text view leaves as the producer view has them: what clients send (open already) and the client's
# OAuth document.
TEXT_AS_PRODUCER: frozenset[str] = frozenset(
    {
        "client-metadata.json",
        "decision-request.json",
        "run-agent-input.json",
        "voice-session-request.json",
        "voice-tool-request.json",
        "voice-transcript-request.json",
        "voice-usage-request.json",
    }
)

# AG-UI 1.0's events (§5 line 156: the text defers to AG-UI for them): the members AG-UI requires stay
# required, and the events are open, as AG-UI's own models keep unknown members (N-18 closes them for our
# producer view).
AGUI_FILES: frozenset[str] = frozenset(
    {
        "action-event.json",
        "card-event.json",
        "custom-event.json",
        "event-metadata.json",
        "event.json",
        "open-event.json",
        "run-error-event.json",
        "run-finished-event.json",
        "run-started-event.json",
        "stream-event.json",
        "talkie-custom-event.json",
        "text-message-content-event.json",
        "text-message-end-event.json",
        "text-message-start-event.json",
        "tool-call-end-event.json",
        "tool-call-result-event.json",
        "tool-call-start-event.json",
        "usage-event.json",
    }
)

TEXT_HEADER = (
    "# Generated from spec/openapi.yaml and schemas/ (TEXT view: what the specification's text itself "
    "requires, notes N-101) — do not edit; regenerate with `python3 dev.py codegen`\n"
)

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
        if key in RECEIVER_IGNORES:
            continue
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


def _text_objects(node: Json, name: str, tokens: tuple[str, ...]) -> Json:
    """A copy of one schema file's node as the text view has it (``TEXT_REQUIRED``, ``TEXT_UNPATTERNED``)."""
    if isinstance(node, list):
        return [_text_objects(item, name, tokens) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Json] = {}
    for key, value in node.items():
        if key in gen._SCHEMA_DATA or key in ("if", "then", "else", "not"):
            out[key] = copy.deepcopy(value)  # instance data, and conditions that only constrain
        elif key in gen._SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {sub: _text_objects(item, name, (*tokens, key, sub)) for sub, item in value.items()}
        else:
            out[key] = _text_objects(value, name, (*tokens, key))
    if "required" in node and "properties" in node and name not in AGUI_FILES:
        if (name, tokens) not in TEXT_REQUIRED:
            raise SystemExit(
                f"codegen: {name} {'/'.join(tokens) or '(root)'} requires members; say in "
                "views.TEXT_REQUIRED which of them the specification's text requires, and where"
            )
        members, _line = TEXT_REQUIRED[(name, tokens)]
        kept = [member for member in node["required"] if member in members]
        if kept:
            out["required"] = kept
        else:
            out.pop("required")
    if out.get("additionalProperties") is False:
        out.pop("additionalProperties")
    if name in TEXT_UNPATTERNED:
        out.pop("pattern", None)
    return out


def text_files(producer: dict[str, Json]) -> dict[str, Json]:
    """The text view of every schema file (file name -> schema): see ``TEXT_REQUIRED`` and N-101."""
    out: dict[str, Json] = {}
    for name, schema in producer.items():
        view = copy.deepcopy(schema) if name in TEXT_AS_PRODUCER else _text_objects(schema, name, ())
        if isinstance(view.get("$id"), str) and view["$id"].startswith(ID_BASE):
            view["$id"] = TEXT_ID_BASE + view["$id"][len(ID_BASE) :]
        out[name] = view
    listed = {name for name, _ in TEXT_REQUIRED} | TEXT_UNPATTERNED
    unknown = sorted(listed - set(producer))
    if unknown:
        raise SystemExit(f"codegen: views.TEXT_REQUIRED names files schemas/ lacks: {unknown}")
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
    result.update(_text_outputs(root, producer))
    return result


def _text_outputs(root: Path, producer: dict[str, Json]) -> dict[Path, bytes]:
    """Every file of the text view (N-101)."""
    schemas_dir = root / "schemas"
    text_dir = root / "spec" / "generated" / "text"
    text = text_files(producer)
    result: dict[Path, bytes] = {
        text_dir / "schemas.text.bundled.json": _json(
            schema_bundle(
                text,
                schemas_dir,
                TEXT_ID_BASE + "schemas.text.bundled.json",
                "TalkieTextSchemas",
                "Text view of talkie/1: what the specification's text itself requires (notes N-101).",
            )
        )
    }
    for name, schema in text.items():
        result[text_dir / "schemas" / name] = _json(schema)
    spec = root / "spec" / "openapi.yaml"
    bundled = _drop_unreached(
        gen.rebase_refs(gen.bundle(gen.load_yaml(spec), spec, schemas_dir, text), spec.parent, text_dir)
    )
    bundled["info"] = {**bundled["info"], "title": f"{bundled['info']['title']} (text view)"}
    result[text_dir / "openapi.text.bundled.yaml"] = gen.dump_yaml(bundled, TEXT_HEADER)
    result[text_dir / "openapi-3.1.text.bundled.yaml"] = gen.dump_yaml(
        gen.to_openapi_31(bundled), TEXT_HEADER
    )
    return result


def outputs() -> dict[Path, bytes]:
    """The files this generator owns (see ``codegen/__init__.py``)."""
    return build(ROOT)
