"""Generator of ``talkie-types`` (``clients/typescript/src/generated/``): TypeScript types and runtime tables.

Why a generator of our own rather than json-schema-to-typescript: the package must give app developers unions
that narrow on their tags (``type``, then ``name`` for CUSTOM events), one stable name per schema ``title``,
and the runtime data its tolerant parser needs (the schemas themselves, the tag tables, the §3 codes), all
from the same files and byte-stable so ``python -m codegen --check`` can gate them. The contract uses a small
JSON Schema subset (see ``schemas/README.md``); anything outside it is refused here rather than mistyped.

Outputs:

* ``types.ts`` — one exported type per titled schema (file roots and titled ``$defs``);
* ``schemas.ts`` — every schema file by ``$id`` (the tolerant validator reads them);
* ``tables.ts`` — the known event types and CUSTOM names, each with the ``$id`` of its schema;
* ``errors.ts`` — the §3 codes as constants and their catalogue, from ``x-talkie-catalogue``;
* ``rules.ts`` — the rules of ``spec/rules.yaml`` the client's own checks name (id, level, statement);
* ``consent.ts`` — the consent classifier's built-in words (§10.4), from ``talkie_models/consent_words.json``.

A tagged union nested in a message (a card block, a run outcome, a message part) also gets an ``Unknown…``
member: the tolerant parser hands a member with a tag this version does not know on as that typed value, so an
exhaustive ``switch`` over the tag stays honest. The event unions themselves get none: the parser's ``kind``
separates known events from unknown ones.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

import yaml

from codegen import views
from codegen.contract import pointer as resolve_pointer
from codegen.contract import schemas_by_id

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "clients" / "typescript" / "src" / "generated"
RULES = ROOT / "spec" / "rules.yaml"
CONSENT_WORDS = ROOT / "models" / "src" / "talkie_models" / "consent_words.json"
HEADER = "// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.\n"
# The tag value the tolerant parser gives a union member it cannot read (see ``UNKNOWN_TAG`` in tables.ts).
UNKNOWN_TAG = "unknown"
# The schemas.ts keyword of a string set the tolerant profile keeps open (see validate.ts).
OPEN_MARK = "x-talkie-open"
# Unions the parser tells apart by its result's ``kind`` rather than by a fallback member.
_EVENT_UNIONS = frozenset({"Event", "TalkieCustomEvent"})
# Rules the TypeScript client's stream checks, discovery and recovery report by id.
CLIENT_RULES = (
    "MAN-004", "MAN-005", "MAN-008", "MAN-009", "MAN-011", "MAN-012", "MAN-021", "MAN-025", "MAN-026",
    "MAN-027",
    "AUTH-018", "AUTH-019", "RUN-008", "RUN-010", "RUN-014", "RUN-015", "RUN-016", "RUN-018",
    "RUN-024", "RUN-025", "RUN-029", "RUN-032", "ACT-007", "CARD-007", "VOICE-003", "VOICE-006",
)  # fmt: skip

Json = Any
# Keywords that only constrain values; the types ignore them (the runtime validator checks them).
_VALUE_ONLY = frozenset(
    {
        "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "minItems", "maxItems",
        "uniqueItems", "contains", "not", "if", "then", "contentMediaType", "unevaluatedProperties",
    }
)  # fmt: skip
_ANNOTATIONS = frozenset(
    {"$schema", "$id", "title", "description", "examples", "$defs", "discriminator", "x-talkie-catalogue"}
)
_SHAPE = frozenset(
    {"type", "properties", "required", "additionalProperties", "items", "const", "enum", "oneOf", "anyOf"}
)
_SHAPE |= {"allOf", "$ref"}


class TypeScriptError(ValueError):
    """A schema uses something this generator cannot type faithfully."""


class _Emitter:
    def __init__(self, schemas: dict[str, dict[str, Json]]) -> None:
        self.schemas = schemas
        self.names: dict[tuple[str, str], str] = {}
        for sid, schema in schemas.items():
            self._name(sid, "", schema)
        # union title -> (tag property, name of its fallback member)
        self.fallbacks: dict[str, tuple[str, str]] = {}
        sent = self._sent()
        for (sid, pointer), title in sorted(self.names.items(), key=lambda item: item[1]):
            disc = resolve_pointer(schemas[sid], pointer).get("discriminator")
            if title in _EVENT_UNIONS or title in sent or not isinstance(disc, dict):
                continue
            if UNKNOWN_TAG in disc.get("mapping", {}):
                raise TypeScriptError(
                    f"{title} defines the tag {UNKNOWN_TAG!r} the parser keeps for fallbacks"
                )
            name = "Unknown" + re.findall(r"[A-Z][a-z0-9]*", title)[-1]
            if name in self.names.values() or name in (n for _, n in self.fallbacks.values()):
                raise TypeScriptError(f"the fallback member {name} of {title} clashes with another type")
            self.fallbacks[title] = (disc["propertyName"], name)

    def _sent(self) -> set[str]:
        """Titles reachable from a request body (``…Request``, ``…Input``): what a client builds and sends.

        They get no fallback member, so what the client sends stays exactly the contract's shapes.
        """
        seen: set[tuple[str, str]] = set()
        todo = [key for key, title in self.names.items() if title.endswith(("Request", "Input"))]
        while todo:
            key = todo.pop()
            if key in seen:
                continue
            seen.add(key)
            todo += [
                self._resolve(ref, key[0]) for ref in _refs(resolve_pointer(self.schemas[key[0]], key[1]))
            ]
        return {self.names[key] for key in seen if key in self.names}

    def _name(self, sid: str, pointer: str, schema: Json) -> None:
        title = schema.get("title")
        if not isinstance(title, str) or not re.fullmatch(r"[A-Z][A-Za-z0-9]*", title):
            raise TypeScriptError(f"{sid}#{pointer} needs a PascalCase title, not {title!r}")
        if title in self.names.values():
            raise TypeScriptError(f"title {title!r} is used twice")
        self.names[(sid, pointer)] = title
        for key, sub in schema.get("$defs", {}).items():
            self._name(sid, f"{pointer}/$defs/{key}", sub)

    def _resolve(self, ref: str, base: str) -> tuple[str, str]:
        url, fragment = urldefrag(urljoin(base, ref))
        if url not in self.schemas:
            raise TypeScriptError(f"$ref {ref!r} in {base} names no schema")
        return url, fragment

    def _ref_name(self, ref: str, base: str) -> str:
        target = self._resolve(ref, base)
        if target not in self.names:
            raise TypeScriptError(f"$ref {ref!r} in {base} points at an untitled schema")
        return self.names[target]

    # -- expressions -------------------------------------------------------------------------------
    def expr(self, schema: Json, base: str, indent: str) -> str:
        if schema is True or schema == {}:
            return "unknown"
        if not isinstance(schema, dict):
            raise TypeScriptError(f"unsupported schema {schema!r} in {base}")
        unknown = set(schema) - _VALUE_ONLY - _ANNOTATIONS - _SHAPE
        if unknown:
            raise TypeScriptError(f"{base}: keywords {sorted(unknown)} are outside the contract's subset")
        parts: list[str] = []
        if "$ref" in schema:
            parts.append(self._ref_name(schema["$ref"], base))
        for sub in schema.get("allOf", []):
            parts.append(self.expr(sub, base, indent))
        if parts:  # a refinement: its own members, plus members of the bases it makes required
            refined = {k: v for k, v in schema.items() if k not in ("$ref", "allOf")}
            own_props = set(refined.get("properties", {}))
            lifted = [k for k in refined.get("required", []) if k not in own_props]
            if lifted:
                keys = " | ".join(json.dumps(k) for k in lifted)
                parts.append(f"Required<Pick<{parts[0]}, {keys}>>")
            typed = refined.get("type") not in (None, "object")
            own = self._own(refined, base, indent) if own_props or typed else None
        else:
            own = self._own(schema, base, indent)
        if own is not None:
            parts.append(own)
        if not parts:
            return "unknown"
        return " & ".join(f"({p})" if " | " in p and len(parts) > 1 else p for p in parts)

    def _own(self, schema: dict[str, Json], base: str, indent: str) -> str | None:
        if "const" in schema:
            return json.dumps(schema["const"], ensure_ascii=False)
        if "enum" in schema:
            return " | ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
        for key in ("oneOf", "anyOf"):
            if key in schema:
                members = [self.expr(sub, base, indent) for sub in schema[key]]
                fallback = self.fallbacks.get(schema.get("title", ""))
                return " | ".join(members + ([fallback[1]] if fallback else []))
        types = schema.get("type")
        if types is None:
            if "properties" in schema:
                return self._object(schema, base, indent)
            return None
        names = types if isinstance(types, list) else [types]
        return " | ".join(self._typed(name, schema, base, indent) for name in names)

    def _typed(self, name: str, schema: dict[str, Json], base: str, indent: str) -> str:
        if name == "string":
            return "string"
        if name in ("integer", "number"):
            return "number"
        if name == "boolean":
            return "boolean"
        if name == "null":
            return "null"
        if name == "array":
            item = self.expr(schema.get("items", True), base, indent)
            return f"Array<{item}>"
        if name == "object":
            return self._object(schema, base, indent)
        raise TypeScriptError(f"{base}: unknown type {name!r}")

    def _object(self, schema: dict[str, Json], base: str, indent: str) -> str:
        props: dict[str, Json] = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        if not props:
            value = "unknown" if extra in (True, False) else self.expr(extra, base, indent)
            return "{}" if extra is False else f"{{ [key: string]: {value} }}"
        required = set(schema.get("required", []))
        inner = indent + "  "
        lines = ["{"]
        for key, sub in props.items():
            lines += _doc(sub, inner)
            mark = "" if key in required else "?"
            safe = key if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", key) else json.dumps(key)
            lines.append(f"{inner}{safe}{mark}: {self.expr(sub, base, inner)};")
        if isinstance(extra, dict) and extra:
            lines.append(f"{inner}[key: string]: {self.expr(extra, base, inner)} | undefined;")
        lines.append(f"{indent}}}")
        return "\n".join(lines)

    # -- declarations --------------------------------------------------------------------------------
    def declarations(self) -> str:
        out: list[str] = []
        for (sid, pointer), name in sorted(self.names.items(), key=lambda item: item[1]):
            schema = resolve_pointer(self.schemas[sid], pointer)
            body = self.expr(_shape_only(schema), sid, "")
            out += _doc(schema, "")
            if body.startswith("{\n"):
                out.append(f"export interface {name} {body}")
            else:
                out.append(f"export type {name} = {body};")
            out.append("")
        for title, (tag, name) in sorted(self.fallbacks.items(), key=lambda item: item[1][1]):
            out += [
                f"/** A {title} member whose `{tag}` this version does not know (the parser's fallback). */",
                f"export interface {name} {{",
                f"  /** Always {json.dumps(UNKNOWN_TAG)}: no {title} member uses it. */",
                f"  {tag}: {json.dumps(UNKNOWN_TAG)};",
                f"  /** The `{tag}` as received. */",
                "  tag: string;",
                "  /** The member as received. */",
                "  raw: { readonly [key: string]: unknown };",
                "}",
                "",
            ]
        out.append('/** Every schema\'s type by its title: `SchemaTypes["Manifest"]` is `Manifest`. */')
        out.append("export interface SchemaTypes {")
        out += [f"  {name}: {name};" for name in sorted(self.names.values())]
        out += ["}", ""]
        return "\n".join(out)


def _refs(node: Json) -> list[str]:
    """Every ``$ref`` inside a schema node."""
    if isinstance(node, list):
        return [ref for item in node for ref in _refs(item)]
    if not isinstance(node, dict):
        return []
    own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
    return own + [ref for key, value in node.items() if key != "$ref" for ref in _refs(value)]


def _shape_only(schema: dict[str, Json]) -> dict[str, Json]:
    return {k: v for k, v in schema.items() if k != "$defs"}


def _doc(schema: Json, indent: str) -> list[str]:
    text = schema.get("description") if isinstance(schema, dict) else None
    if not isinstance(text, str):
        return []
    body = text.replace("*/", "*\u2215")
    return [f"{indent}/** {line} */" for line in body.splitlines()]


# --------------------------------------------------------------------------------------------- tables
def _union_tags(schemas: dict[str, dict[str, Json]], sid: str) -> tuple[str, dict[str, str]]:
    """The discriminator of a union schema: (property, tag -> absolute $id of the member)."""
    schema = schemas[sid]
    disc = schema.get("discriminator")
    if not isinstance(disc, dict) or not isinstance(disc.get("mapping"), dict):
        raise TypeScriptError(f"{sid} has no discriminator mapping")
    return disc["propertyName"], {tag: urljoin(sid, ref) for tag, ref in disc["mapping"].items()}


def _tables(schemas: dict[str, dict[str, Json]]) -> str:
    emitter = _Emitter(schemas)
    titles = {
        name: sid + (f"#{pointer}" if pointer else "") for (sid, pointer), name in emitter.names.items()
    }
    fallbacks = {title: tag for title, (tag, _) in emitter.fallbacks.items()}
    union_tags = {
        title: disc["propertyName"]
        for (sid, pointer), title in emitter.names.items()
        if isinstance(disc := resolve_pointer(schemas[sid], pointer).get("discriminator"), dict)
    }
    base = "https://talkie-protocol.org/schemas/1/"
    tag, events = _union_tags(schemas, base + "event.json")
    custom = next(t for t, target in events.items() if target == base + "talkie-custom-event.json")
    name_tag, names = _union_tags(schemas, base + "talkie-custom-event.json")
    events = {t: target for t, target in events.items() if t != custom}
    lines = [
        HEADER,
        "/** The property that tags every event, and the tag of CUSTOM events. */",
        f"export const EVENT_TAG = {json.dumps(tag)};",
        f"export const CUSTOM_TYPE = {json.dumps(custom)};",
        f"export const CUSTOM_NAME_TAG = {json.dumps(name_tag)};",
        "",
        "/** Every event type talkie/1 defines (CUSTOM aside), with the `$id` of its schema. */",
        f"export const EVENT_SCHEMAS = {json.dumps(events, indent=2)} as const;",
        "",
        "/** Every `talkie.*` CUSTOM name, with the `$id` of its schema. */",
        f"export const CUSTOM_SCHEMAS = {json.dumps(names, indent=2)} as const;",
        "",
        "/** The schema of the stream item as a whole and of the generic CUSTOM event. */",
        f"export const STREAM_EVENT_SCHEMA = {json.dumps(base + 'stream-event.json')};",
        f"export const CUSTOM_EVENT_SCHEMA = {json.dumps(base + 'custom-event.json')};",
        "",
        "/** Every event type talkie/1 defines, CUSTOM included, by name: `EventType.RUN_STARTED`. */",
        "export const EventType = {",
        *[f"  {t}: {json.dumps(t)}," for t in [*events, custom]],
        "} as const;",
        "/** One of the event types talkie/1 defines. */",
        "export type EventType = (typeof EventType)[keyof typeof EventType];",
        "",
        "/** Every schema title with the `$id` (and pointer) of its schema, for `validate(title, value)`. */",
        f"export const SCHEMA_TITLES = {json.dumps(dict(sorted(titles.items())), indent=2)} as const;",
        "/** A schema title. */",
        "export type SchemaTitle = keyof typeof SCHEMA_TITLES;",
        "",
        "/** The tag the tolerant parser gives a nested union member it cannot read (`UnknownBlock`, …). */",
        f"export const UNKNOWN_TAG = {json.dumps(UNKNOWN_TAG)};",
        "/** The tag property of each nested union with an `Unknown…` fallback member, by union title. */",
        f"export const FALLBACK_UNIONS = {json.dumps(dict(sorted(fallbacks.items())), indent=2)} as const;",
        "/** The tag property of every tagged union, by title (`TalkieCustomEvent` is tagged by `name`). */",
        f"export const UNION_TAGS = {json.dumps(dict(sorted(union_tags.items())), indent=2)} as const;",
        "",
    ]
    return "\n".join(lines)


def _rules() -> str:
    """The rules the client names in its warnings and errors, from spec/rules.yaml (their one owner)."""
    catalogue = {entry["id"]: entry for entry in yaml.safe_load(RULES.read_text(encoding="utf-8"))["rules"]}
    missing = [rule for rule in CLIENT_RULES if rule not in catalogue]
    if missing:
        raise TypeScriptError(f"spec/rules.yaml has no rule {missing}")
    table = {
        rule: {
            "level": catalogue[rule]["level"],
            "side": catalogue[rule]["side"],
            "statement": catalogue[rule]["statement"],
        }
        for rule in CLIENT_RULES
    }
    lines = [
        HEADER.replace("schemas/", "spec/rules.yaml"),
        "/** The rules of spec/rules.yaml the client's checks name, by id. */",
        "export const RULES = " + json.dumps(table, indent=2, ensure_ascii=False) + " as const;",
        "/** The id of a rule the client names. */",
        "export type RuleId = keyof typeof RULES;",
        "",
    ]
    return "\n".join(lines)


def _consent() -> str:
    """The consent words of talkie_models (their one owner), so consent.ts never types them a second time."""
    data = json.loads(CONSENT_WORDS.read_text(encoding="utf-8"))
    keys = ("confirm", "refuse", "negation", "question", "hesitation")
    locales = {
        locale: {**{key: list(words[key]) for key in keys}, "negationPrefix": words["negationPrefix"]}
        for locale, words in data["locales"].items()
    }
    if data["fallback"] not in locales:
        raise TypeScriptError(f"consent_words.json: the fallback {data['fallback']!r} is no locale")
    lines = [
        HEADER.replace("schemas/", "models/src/talkie_models/consent_words.json"),
        "/** The built-in words of one locale; entries are words or short phrases, compared folded. */",
        "export interface ConsentWords {",
        *(f"  readonly {key}: readonly string[];" for key in keys),
        "  readonly negationPrefix: string;",
        "}",
        "",
        "/** The consent classifier's built-in vocabularies by locale (§10.4 step 3). */",
        "export const CONSENT_WORDS: { readonly [locale: string]: ConsentWords } = "
        + json.dumps(locales, indent=2, ensure_ascii=False)
        + ";",
        "",
        "/** The locale whose words an unknown locale gets. */",
        f"export const CONSENT_FALLBACK = {json.dumps(data['fallback'])};",
        "",
    ]
    return "\n".join(lines)


def _errors(schemas: dict[str, dict[str, Json]]) -> str:
    schema = schemas["https://talkie-protocol.org/schemas/1/error-code.json"]
    entries = schema.get("x-talkie-catalogue")
    if not isinstance(entries, list) or not entries:
        raise TypeScriptError("schemas/error-code.json has no x-talkie-catalogue list")
    intro = "/** The error codes of talkie/1 §3, from `x-talkie-catalogue` in error-code.json. */"
    lines = [HEADER, intro, ""]
    for entry in entries:
        lines.append(f"/** {entry['meaning']} */")
        lines.append(f"export const {entry['code'].upper()} = {json.dumps(entry['code'])};")
    codes = ", ".join(entry["code"].upper() for entry in entries)
    catalogue = {
        entry["code"]: {
            "httpStatus": entry["httpStatus"],
            "retryable": entry["retryable"],
            "meaning": entry["meaning"],
        }
        for entry in entries
    }
    lines += [
        "",
        "/** Every catalogued code, in the order of the catalogue. */",
        f"export const ERROR_CODES = [{codes}] as const;",
        "",
        "/** A catalogued code. The wire set is open: receivers go by the HTTP status for any other. */",
        "export type KnownErrorCodeValue = (typeof ERROR_CODES)[number];",
        "",
        "/** What the protocol says of each catalogued code. */",
        "export const ERROR_CATALOGUE: {",
        "  readonly [code in KnownErrorCodeValue]: {",
        "    readonly httpStatus: readonly number[];",
        "    readonly retryable: boolean | null;",
        "    readonly meaning: string;",
        "  };",
        f"}} = {json.dumps(catalogue, indent=2, ensure_ascii=False)};",
        "",
    ]
    return "\n".join(lines)


def _schemas_module(schemas: dict[str, dict[str, Json]]) -> str:
    """Every schema for the validator; each string set a receiver keeps open (``views.OPEN_SETS``, notes
    N-87) carries ``x-talkie-open``, so the tolerant profile accepts any string there, as the consumer view
    does, while the strict profile still checks the enum."""
    marked = copy.deepcopy(schemas)
    for schema in marked.values():
        _mark_open_sets(schema)
    trimmed = {sid: _without_examples(schema) for sid, schema in marked.items()}
    return (
        HEADER
        + "/** Every talkie/1 schema by `$id` (examples left out); read by the tolerant validator. */\n"
        + "export const SCHEMAS: { readonly [id: string]: unknown } = "
        + json.dumps(trimmed, indent=1, ensure_ascii=False, sort_keys=True)
        + ";\n"
    )


def _mark_open_sets(node: Json) -> None:
    if isinstance(node, list):
        for item in node:
            _mark_open_sets(item)
    elif isinstance(node, dict):
        title = node.get("title")
        if isinstance(title, str) and title in views.OPEN_SETS and isinstance(node.get("enum"), list):
            node[OPEN_MARK] = True
        for key, value in node.items():
            if key not in ("const", "enum", "examples"):
                _mark_open_sets(value)


def _without_examples(node: Json) -> Json:
    """A schema without its annotations, keeping property names that happen to match them."""
    if isinstance(node, list):
        return [_without_examples(item) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Json] = {}
    for key, value in node.items():
        if key in ("examples", "description", "title", "$comment"):
            continue
        if key in ("const", "enum", "x-talkie-catalogue"):
            out[key] = value
        elif key in ("properties", "$defs", "patternProperties") and isinstance(value, dict):
            out[key] = {name: _without_examples(sub) for name, sub in value.items()}
        else:
            out[key] = _without_examples(value)
    return out


def outputs() -> dict[Path, bytes]:
    """The files this generator owns (see ``codegen/__main__.py``)."""
    schemas = schemas_by_id()
    intro = "/** The talkie/1 wire types, one per schema title. */\n\n"
    types = HEADER + intro + _Emitter(schemas).declarations()
    return {
        OUT / "types.ts": types.encode(),
        OUT / "schemas.ts": _schemas_module(schemas).encode(),
        OUT / "tables.ts": _tables(schemas).encode(),
        OUT / "errors.ts": _errors(schemas).encode(),
        OUT / "rules.ts": _rules().encode(),
        OUT / "consent.ts": _consent().encode(),
    }
