"""Generator of the Kotlin client's wire types (``clients/kotlin/src/main/kotlin/…/generated/``).

Why a generator of our own rather than openapi-generator's Kotlin output: that output needs a flag and a
fix-up to decode any tagged union at all (notes N-55), and it types what a *server* must send. An app needs
the consumer view of the contract — what a receiver must accept — and the generator applies its rules here:

* every object is open: the package's ``Json`` ignores unknown members (nothing here fails on one);
* every tagged union is a ``sealed interface`` with a serializer that reads the tag; the unions a receiver
  meets in a stream fall back to an opaque member that keeps the raw JSON: unknown event types
  (``UnknownEvent``), unknown CUSTOM names (``UnknownCustomEvent``), card blocks (``UnknownBlock``), run
  outcomes (``UnknownOutcome``) and every other tagged union (``Unknown<Title>``);
* an ``Event`` inside a body (``DecisionResponse.events``…) is read as a ``StreamEvent``, so an unknown event
  there is tolerated as it is in a stream;
* every integer is a ``Long`` (milliseconds, sizes and counters pass 2³¹);
* a titled enum is a value class over ``String`` with its known values as constants: a value the
  specification may add later decodes and keeps its text; other titled strings are ``String`` aliases;
* wire names are kept with ``@SerialName``; tags are constants encoded even when defaulted.

Outputs (package ``org.talkieprotocol.client.generated``): ``Types.kt`` (classes, value classes, sealed
interfaces), ``Unions.kt`` (the tag-reading serializers), ``Catalogue.kt`` (serializers by schema title,
the tag tables, the §3 catalogue).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin

from codegen.contract import pointer as resolve_pointer
from codegen.contract import schemas_by_id

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "org.talkieprotocol.client.generated"
OUT = ROOT / "clients" / "kotlin" / "src" / "main" / "kotlin" / Path(*PACKAGE.split("."))
HEADER = "// Generated from schemas/ — do not edit; regenerate with `python3 dev.py codegen`.\n"
BASE = "https://talkie-protocol.org/schemas/1/"

Json = Any
# The opaque member each open union falls back to, when it is not ``Unknown<Title>``.
_FALLBACK_NAMES = {"CardBlock": "UnknownBlock", "RunFinishedOutcome": "UnknownOutcome"}
# The stream union: its first member is the union of known events; unknown types and names have schema
# entries of their own, which are opaque here (they keep the whole object).
_STREAM = "StreamEvent"
_STREAM_UNKNOWN_TYPE = "UnknownEvent"
_STREAM_UNKNOWN_NAME = "UnknownCustomEvent"
_WIDENED = {"Event": _STREAM}  # a known-only union read inside a body is read as its tolerant one
_KEYWORDS = frozenset(
    {
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface",
        "is",
        "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
        "val", "var", "when", "while",
    }
)  # fmt: skip
_ENCODE = "encoder.encodeSerializableValue"


class KotlinError(ValueError):
    """A schema uses something this generator cannot type faithfully."""


def _camel(wire: str) -> str:
    parts = [p for p in re.split(r"[^A-Za-z0-9]+", wire) if p]
    if not parts:
        raise KotlinError(f"member name {wire!r} has no letters")
    name = parts[0][0].lower() + parts[0][1:] + "".join(p[0].upper() + p[1:] for p in parts[1:])
    if name[0].isdigit():
        name = "_" + name
    return f"`{name}`" if name in _KEYWORDS else name


def _constant(value: str) -> str:
    name = re.sub(r"[^A-Za-z0-9]+", "_", value).strip("_").upper() or "EMPTY"
    return "_" + name if name[0].isdigit() else name


def _kstring(value: str) -> str:
    body = json.dumps(value, ensure_ascii=False)[1:-1].replace("$", "\\$")
    return f'"{body}"'


def _doc(text: Json, indent: str) -> list[str]:
    if not isinstance(text, str) or not text:
        return []
    body = text.replace("*/", "*\u2215").replace("/*", "\u2215*").splitlines()
    if len(body) == 1:
        return [f"{indent}/** {body[0]} */"]
    return [f"{indent}/**", *[f"{indent} * {line}".rstrip() for line in body], f"{indent} */"]


@dataclass
class _Prop:
    wire: str
    schema: Json
    required: bool


@dataclass
class _Union:
    name: str
    tag: str | None
    members: dict[str, str]  # tag value -> member name (insertion order of the mapping)
    fallback: str | None
    parents: list[str] = field(default_factory=list)


class _Model:
    """The contract read once: every titled schema by name, and the unions with their members."""

    def __init__(self, schemas: dict[str, dict[str, Json]]) -> None:
        self.schemas = schemas
        self.names: dict[tuple[str, str], str] = {}
        self.nodes: dict[str, tuple[str, Json]] = {}  # name -> (base id, schema)
        for sid, schema in schemas.items():
            self._name(sid, "", schema)
        self.unions: dict[str, _Union] = {}
        for name, (sid, schema) in self.nodes.items():
            if "oneOf" in schema and "discriminator" in schema:
                self.unions[name] = self._union(name, sid, schema)
        stream = self.nodes[_STREAM]
        first = self._ref_name(stream[1]["oneOf"][0]["$ref"], stream[0])
        self.unions[_STREAM] = _Union(_STREAM, self.unions[first].tag, {}, _STREAM_UNKNOWN_TYPE)
        self.unions[first].parents.append(_STREAM)
        self.stream_members = first
        self.opaque: dict[str, str] = {}  # opaque class -> the union it completes
        for union in self.unions.values():
            if union.fallback is not None:
                self.opaque[union.fallback] = union.name
        self.opaque[_STREAM_UNKNOWN_NAME] = _STREAM
        self.member_of: dict[str, list[str]] = {}
        for union in self.unions.values():
            for member in union.members.values():
                self.member_of.setdefault(member, []).append(union.name)
            for parent in union.parents:
                self.member_of.setdefault(union.name, []).append(parent)
        for opaque, union_name in self.opaque.items():
            self.member_of.setdefault(opaque, []).append(union_name)

    def _name(self, sid: str, pointer: str, schema: Json) -> None:
        title = schema.get("title")
        if not isinstance(title, str) or not re.fullmatch(r"[A-Z][A-Za-z0-9]*", title):
            raise KotlinError(f"{sid}#{pointer} needs a PascalCase title, not {title!r}")
        if title in self.nodes:
            raise KotlinError(f"title {title!r} is used twice")
        self.names[(sid, pointer)] = title
        self.nodes[title] = (sid, schema)
        for key, sub in schema.get("$defs", {}).items():
            self._name(sid, f"{pointer}/$defs/{key}", sub)

    def resolve(self, ref: str, base: str) -> tuple[str, Json]:
        url, fragment = urldefrag(urljoin(base, ref))
        if url not in self.schemas:
            raise KotlinError(f"$ref {ref!r} in {base} names no schema")
        return url, resolve_pointer(self.schemas[url], fragment)

    def _ref_name(self, ref: str, base: str) -> str:
        url, fragment = urldefrag(urljoin(base, ref))
        key = (url, fragment)
        if key not in self.names:
            raise KotlinError(f"$ref {ref!r} in {base} points at an untitled schema")
        return self.names[key]

    def _union(self, name: str, sid: str, schema: Json) -> _Union:
        disc = schema["discriminator"]
        tag = disc["propertyName"]
        members: dict[str, str] = {}
        for value, ref in disc["mapping"].items():
            members[value] = self._ref_name(ref, sid)
        listed = {self._ref_name(sub["$ref"], sid) for sub in schema["oneOf"]}
        if listed != set(members.values()):
            raise KotlinError(f"{name}: the discriminator mapping and oneOf name different members")
        fallback = None if name in (self._event_unions()) else _FALLBACK_NAMES.get(name, f"Unknown{name}")
        return _Union(name, tag, members, fallback)

    def _event_unions(self) -> set[str]:
        """The known-only event unions: the stream union supplies their fallbacks."""
        return {"Event", "TalkieCustomEvent"}

    def ancestors(self, name: str) -> list[str]:
        seen: list[str] = []
        stack = list(self.member_of.get(name, []))
        while stack:
            union = stack.pop(0)
            if union not in seen:
                seen.append(union)
                stack += self.member_of.get(union, [])
        return seen

    def inherited_tags(self, name: str) -> set[str]:
        return {t for u in self.ancestors(name) if (t := self.unions[u].tag) is not None}

    def flatten(self, sid: str, schema: Json) -> list[_Prop]:
        """An object's members with its ``allOf`` bases merged in (its own members win)."""
        props: dict[str, _Prop] = {}
        required: set[str] = set()
        self._collect(sid, schema, props, required)
        for wire, prop in props.items():
            prop.required = wire in required
        return list(props.values())

    def _collect(self, base: str, node: Json, props: dict[str, _Prop], required: set[str]) -> None:
        if "$ref" in node:
            self._collect(*self.resolve(node["$ref"], base), props, required)
        for sub in node.get("allOf", []):
            self._collect(base, sub, props, required)
        for wire, sub in node.get("properties", {}).items():
            props[wire] = _Prop(wire, (base, sub), False)
        required.update(node.get("required", []))


class _Writer:
    def __init__(self, model: _Model) -> None:
        self.m = model
        self.serializers: dict[str, str] = {}  # title -> serializer expression

    # -- types of members ----------------------------------------------------------------------
    def type_of(self, base: str, schema: Json) -> str:
        if schema is True or schema == {}:
            return "JsonElement"
        if not isinstance(schema, dict):
            raise KotlinError(f"unsupported schema {schema!r} in {base}")
        if "$ref" in schema:
            url, fragment = urldefrag(urljoin(base, schema["$ref"]))
            name = self.m.names.get((url, fragment))
            if name is None:
                raise KotlinError(f"$ref {schema['$ref']!r} in {base} points at an untitled schema")
            return _WIDENED.get(name, name)
        if "allOf" in schema or "oneOf" in schema or "anyOf" in schema:
            return "JsonElement"
        if "enum" in schema:
            return "String"
        types = schema.get("type")
        if types is None or isinstance(types, list):
            return "JsonElement"
        if types == "string":
            return "String"
        if types == "integer":
            return "Long"
        if types == "number":
            return "Double"
        if types == "boolean":
            return "Boolean"
        if types == "array":
            return f"List<{self.type_of(base, schema.get('items', True))}>"
        if types == "object":
            if schema.get("properties"):
                raise KotlinError(f"{base}: an object with members needs a title")
            return "JsonObject"
        if types == "null":
            return "JsonElement"
        raise KotlinError(f"{base}: unknown type {types!r}")

    # -- declarations --------------------------------------------------------------------------
    def types_file(self) -> str:
        out = [
            HEADER,
            "@file:OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)",
            "",
            f"package {PACKAGE}",
            "",
            "import kotlinx.serialization.EncodeDefault",
            "import kotlinx.serialization.SerialName",
            "import kotlinx.serialization.Serializable",
            "import kotlinx.serialization.json.JsonElement",
            "import kotlinx.serialization.json.JsonObject",
            "import kotlinx.serialization.json.JsonPrimitive",
            "",
            "/** A value of a type this version does not know, kept as received: [raw] is all of it. */",
            "public interface Opaque {",
            "    /** The object as received, every member under its wire name. */",
            "    public val raw: JsonObject",
            "}",
            "",
            "internal fun JsonObject.tagOrEmpty(name: String): String =",
            '    (this[name] as? JsonPrimitive)?.takeIf { it.isString }?.content ?: ""',
            "",
        ]
        for name in sorted(self.m.nodes):
            sid, schema = self.m.nodes[name]
            out += self.declaration(name, sid, schema)
        for opaque in sorted(self.m.opaque):
            if opaque not in self.m.nodes:
                out += self.opaque_class(opaque, None)
        return "\n".join(out)

    def declaration(self, name: str, sid: str, schema: Json) -> list[str]:
        doc = _doc(schema.get("description"), "")
        if name in self.m.opaque:
            return self.opaque_class(name, schema)
        if name in self.m.unions:
            union = self.m.unions[name]
            supers = self._supers(name)
            tags = sorted({union.tag} - self.m.inherited_tags(name) if union.tag else set())
            body = [f"    public val {_camel(t)}: String" for t in tags]
            self.serializers[name] = f"{name}Serializer"
            lines = [*doc, f"@Serializable(with = {name}Serializer::class)"]
            if body:
                return [*lines, f"public sealed interface {name}{supers} {{", *body, "}", ""]
            return [*lines, f"public sealed interface {name}{supers}", ""]
        kind = schema.get("type")
        if "enum" in schema:
            return self.enum_class(name, schema)
        if kind == "string":
            self.serializers[name] = "String.serializer()"
            return [*doc, f"public typealias {name} = String", ""]
        if kind == "object" or "properties" in schema or "allOf" in schema:
            return self.data_class(name, sid, schema)
        raise KotlinError(f"{name}: cannot type a titled schema of kind {kind!r}")

    def _supers(self, name: str) -> str:
        parents = self.m.member_of.get(name, [])
        return (" : " + ", ".join(parents)) if parents else ""

    def enum_class(self, name: str, schema: Json) -> list[str]:
        values = schema["enum"]
        if not all(isinstance(v, str) for v in values):
            raise KotlinError(f"{name}: only string enums are supported")
        self.serializers[name] = f"{name}.serializer()"
        lines = [
            *_doc(schema.get("description"), ""),
            "@Serializable",
            "@JvmInline",
            f"public value class {name}(public val value: String) {{",
            "    /** Whether the value is one talkie/1 names; any other is kept as received. */",
            "    public val isKnown: Boolean get() = value in KNOWN",
            "",
            "    override fun toString(): String = value",
            "",
            "    public companion object {",
        ]
        for value in values:
            lines.append(f"        public val {_constant(value)}: {name} = {name}({_kstring(value)})")
        known = ", ".join(_kstring(v) for v in values)
        lines += [
            "",
            "        /** Every value talkie/1 names, in the order of the schema. */",
            f"        public val KNOWN: Set<String> = setOf({known})",
            "    }",
            "}",
            "",
        ]
        return lines

    def data_class(self, name: str, sid: str, schema: Json) -> list[str]:
        props = self.m.flatten(sid, schema)
        inherited = self.m.inherited_tags(name)
        self.serializers[name] = f"{name}.serializer()"
        params: list[str] = []
        for prop in props:
            base, sub = prop.schema
            params += _doc(sub.get("description") if isinstance(sub, dict) else None, "    ")
            kname = _camel(prop.wire)
            serial = f"@SerialName({_kstring(prop.wire)}) "
            override = "override " if prop.wire in inherited else ""
            const = sub.get("const") if isinstance(sub, dict) else None
            if not (prop.required or prop.wire in inherited):
                const = None  # an optional constant is sent only when the app sets it
            if isinstance(const, str):
                value = _kstring(const)
                params.append(f"    {serial}@EncodeDefault {override}val {kname}: String = {value},")
                continue
            if isinstance(const, bool):
                value = "true" if const else "false"
                params.append(f"    {serial}@EncodeDefault {override}val {kname}: Boolean = {value},")
                continue
            ktype = self.type_of(base, sub)
            if prop.wire in inherited and ktype != "String":
                raise KotlinError(f"{name}.{prop.wire}: a union tag must be a string")
            if prop.required:
                params.append(f"    {serial}{override}val {kname}: {ktype},")
            else:
                params.append(f"    {serial}{override}val {kname}: {ktype}? = null,")
        lines = [*_doc(schema.get("description"), ""), "@Serializable"]
        if not params:
            return [*lines, f"public class {name}{self._supers(name)}", ""]
        return [*lines, f"public data class {name}(", *params, f"){self._supers(name)}", ""]

    def opaque_class(self, name: str, schema: Json | None) -> list[str]:
        union = self.m.opaque[name]
        tags = set(self.m.inherited_tags(name))
        if name == _STREAM_UNKNOWN_NAME:
            members = self.m.unions[self.m.stream_members].members
            custom = next(n for n in members.values() if n in self.m.unions)
            custom_tag = self.m.unions[custom].tag
            if custom_tag is not None:
                tags.add(custom_tag)
        description = (
            schema.get("description")
            if isinstance(schema, dict)
            else f"A member of `{union}` whose `{self.m.unions[union].tag}` talkie/1 does not define "
            "(a newer server's); kept as received."
        )
        self.serializers[name] = f"{name}Serializer"
        lines = [
            *_doc(description, ""),
            f"@Serializable(with = {name}Serializer::class)",
            f"public data class {name}(override val raw: JsonObject){self._supers(name)}, Opaque {{",
        ]
        inherited = self.m.inherited_tags(name)
        for tag in sorted(tags):
            override = "override " if tag in inherited else ""
            lines.append(f"    /** The `{tag}` as received (empty when it is not a string). */")
            lines.append(f"    {override}val {_camel(tag)}: String get() = raw.tagOrEmpty({_kstring(tag)})")
        if name == _STREAM_UNKNOWN_NAME:
            lines.append("    /** The event's `value` as received. */")
            lines.append('    val value: JsonElement? get() = raw["value"]')
        lines += ["}", ""]
        return lines

    # -- serializers ---------------------------------------------------------------------------
    def unions_file(self) -> str:
        out = [
            HEADER,
            "@file:OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)",
            "",
            f"package {PACKAGE}",
            "",
            "import kotlinx.serialization.DeserializationStrategy",
            "import kotlinx.serialization.KSerializer",
            "import kotlinx.serialization.SerializationException",
            "import kotlinx.serialization.descriptors.SerialDescriptor",
            "import kotlinx.serialization.encoding.Decoder",
            "import kotlinx.serialization.encoding.Encoder",
            "import kotlinx.serialization.json.JsonDecoder",
            "import kotlinx.serialization.json.JsonElement",
            "import kotlinx.serialization.json.JsonObject",
            "import kotlinx.serialization.json.JsonPrimitive",
            "",
            "private fun readObject(decoder: Decoder, what: String): Pair<JsonDecoder, JsonObject> {",
            "    val input = decoder as? JsonDecoder",
            '        ?: throw SerializationException("$what is read from JSON only")',
            "    val element: JsonElement = input.decodeJsonElement()",
            "    val value = element as? JsonObject",
            '        ?: throw SerializationException("$what must be a JSON object")',
            "    return input to value",
            "}",
            "",
            "private fun JsonObject.tag(name: String): String? =",
            "    (this[name] as? JsonPrimitive)?.takeIf { it.isString }?.content",
            "",
        ]
        for name in sorted(self.m.unions):
            out += self.union_serializer(self.m.unions[name])
        for opaque in sorted(self.m.opaque):
            out += [
                f"/** Reads and writes [{opaque}] as the JSON object it holds. */",
                f"public object {opaque}Serializer : KSerializer<{opaque}> {{",
                "    override val descriptor: SerialDescriptor =",
                f'        SerialDescriptor("{PACKAGE}.{opaque}", JsonObject.serializer().descriptor)',
                "",
                f"    override fun deserialize(decoder: Decoder): {opaque} =",
                f'        {opaque}(readObject(decoder, "{opaque}").second)',
                "",
                f"    override fun serialize(encoder: Encoder, value: {opaque}) {{",
                "        encoder.encodeSerializableValue(JsonObject.serializer(), value.raw)",
                "    }",
                "}",
                "",
            ]
        return "\n".join(out)

    def _member_serializer(self, member: str) -> str:
        return (
            f"{member}Serializer"
            if member in self.m.unions or member in self.m.opaque
            else f"{member}.serializer()"
        )

    def union_serializer(self, union: _Union) -> list[str]:
        name = union.name
        lines = [
            f"/** Reads [{name}] by its `{union.tag}` tag"
            + (
                f"; an unknown tag gives [{union.fallback}]."
                if union.fallback
                else "; an unknown tag is an error."
            )
            + " */",
            f"public object {name}Serializer : KSerializer<{name}> {{",
            "    override val descriptor: SerialDescriptor =",
            f'        SerialDescriptor("{PACKAGE}.{name}", JsonObject.serializer().descriptor)',
            "",
            f"    override fun deserialize(decoder: Decoder): {name} {{",
            f'        val (input, value) = readObject(decoder, "{name}")',
            f"        val strategy: DeserializationStrategy<{name}> = select(value)",
            "        return input.json.decodeFromJsonElement(strategy, value)",
            "    }",
            "",
            f"    private fun select(value: JsonObject): DeserializationStrategy<{name}> {{",
        ]
        tag = _kstring(union.tag or "")
        if name == _STREAM:
            events = self.m.unions[self.m.stream_members]
            custom_value, custom = next((v, n) for v, n in events.members.items() if n in self.m.unions)
            names = self.m.unions[custom]
            known = ", ".join(_kstring(v) for v in names.members)
            lines += [
                f"        val type = value.tag({tag})",
                f'            ?: throw SerializationException("an event needs a string `{union.tag}`")',
                "        return when (type) {",
                f"            {_kstring(custom_value)} -> when (value.tag({_kstring(names.tag or '')})) {{",
                f"                {known} -> {custom}Serializer",
                "                null -> throw SerializationException(",
                f'                    "a {custom_value} event needs a string `{names.tag}`",',
                "                )",
                f"                else -> {_STREAM_UNKNOWN_NAME}Serializer",
                "            }",
                f"            in {events.name}Serializer.TAGS -> {events.name}Serializer",
                f"            else -> {_STREAM_UNKNOWN_TYPE}Serializer",
                "        }",
                "    }",
                "",
                f"    override fun serialize(encoder: Encoder, value: {name}) {{",
                "        when (value) {",
                f"            is {events.name} -> {_ENCODE}({events.name}Serializer, value)",
                *(
                    f"            is {opaque} -> {_ENCODE}({opaque}Serializer, value)"
                    for opaque in (_STREAM_UNKNOWN_TYPE, _STREAM_UNKNOWN_NAME)
                ),
                "        }",
                "    }",
                "}",
                "",
            ]
            return lines
        lines.append(f"        return when (value.tag({tag})) {{")
        for value, member in union.members.items():
            lines.append(f"            {_kstring(value)} -> {self._member_serializer(member)}")
        if union.fallback:
            lines.append(f"            else -> {union.fallback}Serializer")
        else:
            message = f"not a known {name} `{union.tag}`"
            lines.append(f'            else -> throw SerializationException("{message}")')
        lines += ["        }", "    }", ""]
        known = ", ".join(_kstring(v) for v in union.members)
        lines += [
            f"    /** The `{union.tag}` values of the known members. */",
            f"    public val TAGS: Set<String> = setOf({known})",
            "",
            f"    override fun serialize(encoder: Encoder, value: {name}) {{",
            "        when (value) {",
        ]
        for member in union.members.values():
            lines.append(f"            is {member} -> {_ENCODE}({self._member_serializer(member)}, value)")
        if union.fallback:
            lines.append(f"            is {union.fallback} -> {_ENCODE}({union.fallback}Serializer, value)")
        lines += ["        }", "    }", "}", ""]
        return lines

    # -- tables --------------------------------------------------------------------------------
    def catalogue_file(self) -> str:
        code_schema = self.m.schemas[BASE + "error-code.json"]
        entries = code_schema.get("x-talkie-catalogue")
        if not isinstance(entries, list) or not entries:
            raise KotlinError("schemas/error-code.json has no x-talkie-catalogue list")
        out = [
            HEADER,
            f"package {PACKAGE}",
            "",
            "import kotlinx.serialization.KSerializer",
            "import kotlinx.serialization.builtins.serializer",
            "",
            "/** What talkie/1 §3 says of one catalogued error code. */",
            "public data class ErrorCodeInfo(",
            "    val code: String,",
            "    val httpStatus: List<Int>,",
            "    /** Whether a retry may succeed; null where the body's `retryable` tells. */",
            "    val retryable: Boolean?,",
            "    val meaning: String,",
            ")",
            "",
            "/** The contract's tables: serializers by schema title, the §3 catalogue. */",
            "public object Catalogue {",
            "    /** The serializer of every titled schema, by title (the consumer view). */",
            "    public val serializers: Map<String, KSerializer<*>> = mapOf(",
        ]
        for name in sorted(self.serializers):
            out.append(f"        {_kstring(name)} to {self.serializers[name]},")
        out += ["    )", "", "    /** The §3 codes, in the order of the catalogue. */"]
        out.append("    public val errorCodes: Map<String, ErrorCodeInfo> = linkedMapOf(")
        for entry in entries:
            status = ", ".join(str(s) for s in entry["httpStatus"])
            retry = entry.get("retryable")
            retry_text = "null" if retry is None else ("true" if retry else "false")
            out.append(
                f"        {_kstring(entry['code'])} to ErrorCodeInfo({_kstring(entry['code'])}, "
                f"listOf({status}), {retry_text}, {_kstring(entry['meaning'])}),"
            )
        out += ["    )", "}", ""]
        return "\n".join(out)


def outputs() -> dict[Path, bytes]:
    """The files this generator owns (see ``codegen/__main__.py``)."""
    writer = _Writer(_Model(schemas_by_id()))
    types = writer.types_file()
    unions = writer.unions_file()
    catalogue = writer.catalogue_file()
    return {
        OUT / "Types.kt": types.encode(),
        OUT / "Unions.kt": unions.encode(),
        OUT / "Catalogue.kt": catalogue.encode(),
    }
