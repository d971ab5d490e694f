"""Derived variants of ``spec/openapi.yaml``: an OpenAPI 3.1 copy and single-file bundles.

Why: the hand-written document is OpenAPI 3.2 and spreads its payload shapes over ``schemas/*.json``. Several
consumers cannot take that as it is: Schemathesis and Prism want one self-contained 3.1 file, older tools
stop at 3.1, and package data is easier to ship as one file. Everything here is a pure function of the
source files, so ``python -m codegen --check`` can prove the committed copies are current.

Outputs (under ``spec/generated/``):

* ``openapi-3.1.yaml`` — the same document as OpenAPI 3.1.1, its schemas referenced from the 3.1 bundle's
  components (see ``refs_into_bundle``);
* ``openapi.bundled.yaml`` — 3.2, every schema inlined under ``components/schemas`` keyed by its ``title``;
* ``openapi-3.1.bundled.yaml`` — the 3.1 form of the bundle.

A run stream in 3.1: 3.2's ``itemSchema`` has no 3.1 equivalent, and a 3.1 ``schema`` describes the body as a
whole. So the 3.1 copies say what is true of the body — one string — and keep the schema of one parsed SSE
event under the ``x-talkie-sse-item`` extension; the recorded stream named by ``x-talkie-stream-example``
becomes the body's ``example`` (mock servers such as Prism replay it). See ``schemas/README.md``.
"""

from __future__ import annotations

import copy
import functools
import json
import posixpath
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlsplit

import yaml

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "openapi.yaml"
SCHEMAS = ROOT / "schemas"
GENERATED = ROOT / "spec" / "generated"

OPENAPI_31 = "3.1.1"
HEADER = (
    "# Generated from spec/openapi.yaml and schemas/ — do not edit; "
    "regenerate with `python3 dev.py codegen`\n"
)

# Schema keywords whose values are instance data: copied as they are, never searched for refs.
_SCHEMA_DATA = frozenset({"examples", "example", "const", "enum", "default"})
# Schema keywords whose values map names to subschemas (the names are not keywords).
_SCHEMA_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})
# OpenAPI fields holding instance data (Example Object values, media-type examples).
_OAS_DATA = frozenset({"example", "value", "dataValue"})
# OpenAPI fields whose value is one Schema Object.
_SCHEMA_FIELDS = frozenset({"schema", "itemSchema", "contentSchema"})
_HTTP_METHODS = frozenset({"get", "put", "post", "delete", "options", "head", "patch", "trace"})
# Extensions of Media Type Objects: the schema of one SSE event (3.1 copies) and a recorded stream (a file).
SSE_ITEM = "x-talkie-sse-item"
STREAM_EXAMPLE = "x-talkie-stream-example"
_SEQUENTIAL = frozenset({"text/event-stream"})

Json = Any
RefMap = Callable[[str], str]


class BundleError(ValueError):
    """The contract uses something the bundler cannot express faithfully (a title clash, an anchor ref...)."""


# ----------------------------------------------------------------------------------------------- YAML I/O
class _Loader(yaml.SafeLoader):
    """SafeLoader that keeps timestamps as strings: they are example data, and JSON has no date type."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


class _Dumper(yaml.SafeDumper):
    """Stable dump: no anchors/aliases (shared sub-trees are written out), block style for long text."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _str_representer(dumper: yaml.SafeDumper, data: str) -> yaml.ScalarNode:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _str_representer)


def load_yaml(path: Path) -> Json:
    """Read a YAML file the way every reader of the contract should (timestamps stay strings)."""
    return loads_yaml(path.read_text(encoding="utf-8"))


def loads_yaml(text: str) -> Json:
    """Parse YAML text with the contract's loader (a SafeLoader that keeps timestamps as strings)."""
    return yaml.load(text, Loader=_Loader)


def dump_yaml(document: Json, header: str = HEADER) -> bytes:
    """Serialise a generated document with the do-not-edit header."""
    text = yaml.dump(
        document,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=110,
    )
    return (header + text).encode("utf-8")


# ------------------------------------------------------------------------------------------ tree helpers
def _walk_schema(node: Json, rewrite: RefMap) -> Json:
    """Copy a JSON Schema with every ``$ref`` and ``discriminator.mapping`` value passed through ``rewrite``.

    Instance data (``examples``, ``const``, ``enum``, ``default``) is copied untouched, and the names in
    ``properties`` and ``$defs`` are never mistaken for keywords (a property may well be called ``value``).
    """
    if isinstance(node, list):
        return [_walk_schema(item, rewrite) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Json] = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out[key] = rewrite(value)
        elif key in _SCHEMA_DATA:
            out[key] = copy.deepcopy(value)
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _walk_schema(sub, rewrite) for name, sub in value.items()}
        elif key == "discriminator" and isinstance(value, dict):
            out[key] = copy.deepcopy(value)
            if isinstance(value.get("mapping"), dict):
                out[key]["mapping"] = {tag: rewrite(target) for tag, target in value["mapping"].items()}
        else:
            out[key] = _walk_schema(value, rewrite)
    return out


def _walk_oas(node: Json, rewrite: RefMap, rewrite_url: RefMap | None = None) -> Json:
    """Copy an OpenAPI document (or part) with every ``$ref`` passed through ``rewrite``, schemas included.

    ``rewrite_url``, when given, maps the other relative URLs of the document (``externalValue``).
    """
    if isinstance(node, list):
        return [_walk_oas(item, rewrite, rewrite_url) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Json] = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out[key] = rewrite(value)
        elif key in ("externalValue", STREAM_EXAMPLE) and isinstance(value, str) and rewrite_url is not None:
            out[key] = rewrite_url(value)
        elif key in _OAS_DATA:
            out[key] = copy.deepcopy(value)
        elif key in _SCHEMA_FIELDS:
            out[key] = _walk_schema(value, rewrite)
        elif key == "schemas" and isinstance(value, dict):
            out[key] = {name: _walk_schema(sub, rewrite) for name, sub in value.items()}
        else:
            out[key] = _walk_oas(value, rewrite, rewrite_url)
    return out


def _is_local_file_ref(ref: str) -> bool:
    parts = urlsplit(ref)
    return not parts.scheme and not parts.netloc and bool(parts.path)


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _pointer_tokens(fragment: str) -> list[str]:
    fragment = unquote(fragment)
    if fragment == "":
        return []
    if not fragment.startswith("/"):
        raise BundleError(f"only JSON-pointer fragments are supported, not anchor {fragment!r}")
    return [_unescape(token) for token in fragment[1:].split("/")]


# ---------------------------------------------------------------------------------------- 3.1 conversion
def _media_types(node: Json) -> Iterator[tuple[str, dict[str, Json]]]:
    """Every Media Type Object of an OpenAPI document with its media type, not looking inside schemas."""
    if isinstance(node, list):
        for item in node:
            yield from _media_types(item)
        return
    if not isinstance(node, dict):
        return
    for key, value in node.items():
        if key in _SCHEMA_FIELDS or key in _OAS_DATA or key == "schemas":
            continue
        if key == "content" and isinstance(value, dict):
            for name, media in value.items():
                if isinstance(media, dict):
                    yield name, media
                    yield from _media_types({k: v for k, v in media.items() if k != "examples"})
            continue
        yield from _media_types(value)


def _refuse(where: str, what: str) -> None:
    raise BundleError(
        f"{where}: {what} is OpenAPI 3.2 only and has no 3.1 equivalent; teach codegen/openapi.py"
    )


def to_openapi_31(document: Json, base: Path | None = None) -> Json:
    """Return the OpenAPI 3.1.1 form of a 3.2 document (``base``: the folder its relative URLs start from).

    An SSE media type's ``itemSchema`` moves to the ``x-talkie-sse-item`` extension and its ``schema`` becomes
    a string, which is what 3.1 tools read a ``schema`` as: the whole body. Its recorded stream becomes the
    body's ``example`` in SSE framing. Fields 3.2 added and 3.1 lacks are dropped when they only document
    (media-type ``description``, tag ``kind``), kept as ``x-`` extensions when a tool may still want them, and
    refused when dropping would change what the document promises.
    """
    doc = copy.deepcopy(document)
    doc["openapi"] = OPENAPI_31
    doc.pop("$self", None)
    for server in doc.get("servers", []):
        if "name" in server:
            server["x-name"] = server.pop("name")
    for tag in doc.get("tags", []):
        if "parent" in tag:
            _refuse(f"tag {tag['name']}", "a tag parent")
        if "summary" in tag:
            tag["x-displayName"] = tag.pop("summary")
        tag.pop("kind", None)
    components = doc.get("components", {})
    if "mediaTypes" in components:
        _refuse("components", "mediaTypes")
    for name, scheme in components.get("securitySchemes", {}).items():
        if "oauth2MetadataUrl" in scheme:
            scheme["x-oauth2MetadataUrl"] = scheme.pop("oauth2MetadataUrl")
        scheme.pop("deprecated", None)
        if "deviceAuthorization" in scheme.get("flows", {}):
            _refuse(f"security scheme {name}", "the deviceAuthorization flow")
    for path, item in doc.get("paths", {}).items():
        for field in ("query", "additionalOperations"):
            if field in item:
                _refuse(f"path {path}", field)
        for method, operation in item.items():
            if method in _HTTP_METHODS:
                for code, response in operation.get("responses", {}).items():
                    if isinstance(response, dict):
                        _response_to_31(f"{method} {path} {code}", response)
        for parameter in _parameters(item):
            if parameter.get("in") == "querystring":
                _refuse(f"path {path}", "a querystring parameter")
    for name, response in components.get("responses", {}).items():
        _response_to_31(f"response {name}", response)
    for name, media in _media_types(doc):
        _media_type_to_31(name, media, base)
    return doc


def _parameters(item: dict[str, Json]) -> Iterator[dict[str, Json]]:
    yield from item.get("parameters", [])
    for method, operation in item.items():
        if method in _HTTP_METHODS:
            yield from operation.get("parameters", [])


def _response_to_31(where: str, response: dict[str, Json]) -> None:
    if "summary" in response:
        response["x-summary"] = response.pop("summary")
    if "$ref" not in response and "description" not in response:
        _refuse(where, "a response without description")


def _media_type_to_31(name: str, media: dict[str, Json], base: Path | None) -> None:
    media.pop("description", None)
    for field in ("itemEncoding", "prefixEncoding"):
        if field in media:
            _refuse("media type", field)
    if "itemSchema" in media:
        if "schema" in media:
            _refuse("media type", "schema together with itemSchema")
        if name not in _SEQUENTIAL:
            _refuse(f"media type {name}", "an itemSchema on a media type other than text/event-stream")
        media["schema"] = {
            "type": "string",
            "description": (
                "A Server-Sent Events stream. OpenAPI 3.1 cannot describe its items; the schema of one "
                f"parsed SSE event is under `{SSE_ITEM}` beside this schema."
            ),
        }
        media[SSE_ITEM] = media.pop("itemSchema")
    if STREAM_EXAMPLE in media:
        events = media.pop(STREAM_EXAMPLE)
        if isinstance(events, str):
            if base is None:
                raise BundleError(f"{STREAM_EXAMPLE} {events!r} needs the document's folder")
            events = json.loads((base / unquote(events)).read_text(encoding="utf-8"))
        media["example"] = sse_text(events)
    for example in media.get("examples", {}).values():
        if "dataValue" in example or "serializedValue" in example:
            _refuse("example", "dataValue/serializedValue")


def sse_text(events: list[Json]) -> str:
    """A recorded stream (a list of events) in the SSE framing talkie/1 servers use: one data line each."""
    return "".join(f"data: {json.dumps(e, ensure_ascii=False, separators=(',', ':'))}\n\n" for e in events)


def rebase_refs(document: Json, source_dir: Path, target_dir: Path) -> Json:
    """Rewrite the relative refs and URLs of a document that moves from ``source_dir`` to ``target_dir``."""

    def rebase(ref: str) -> str:
        if not _is_local_file_ref(ref):
            return ref
        path, fragment = urldefrag(ref)
        moved = posixpath.relpath((source_dir / path).resolve().as_posix(), target_dir.resolve().as_posix())
        return f"{moved}#{fragment}" if fragment else moved

    return _walk_oas(document, rebase, rebase)


# ---------------------------------------------------------------------------------------------- bundling
class _Bundler:
    """Inline every schema file a document reaches into ``components/schemas``.

    Each reached file becomes a component named by its ``title``. A titled ``$defs`` entry that something
    refers to is hoisted to a component of its own, so ``manifest.json#/$defs/Brand`` becomes
    ``#/components/schemas/Brand``. ``$defs`` nothing refers to are left out: the document cannot reach
    them, and linters would report them as unused components.
    ``$id`` and ``$schema`` are dropped: with a ``$id`` left in place, the rewritten ``#/components/...``
    refs would resolve against that ``$id`` instead of against the bundle.
    """

    def __init__(
        self,
        schemas_dir: Path,
        files: dict[str, Json] | None = None,
        prefix: str = "#/components/schemas/",
    ) -> None:
        self.schemas_dir = schemas_dir.resolve()
        self.prefix = prefix
        self.files: dict[Path, dict[str, Json]] = {}
        self.by_id: dict[str, Path] = {}
        if files is None:
            files = {
                path.name: json.loads(path.read_text(encoding="utf-8"))
                for path in sorted(self.schemas_dir.glob("*.json"))
            }
        for name, schema in sorted(files.items()):
            path = self.schemas_dir / name
            if not isinstance(schema, dict):
                raise BundleError(f"{path.name} is not a JSON object")
            self.files[path] = schema
            if isinstance(schema.get("$id"), str):
                self.by_id[urldefrag(schema["$id"])[0]] = path
        self.targets: set[tuple[Path, tuple[str, ...]]] = set()
        self.names: dict[tuple[Path, tuple[str, ...]], str] = {}
        self.components: dict[str, Json] = {}

    def _target(self, ref: str, base: Path) -> tuple[Path, tuple[str, ...]]:
        url, fragment = urldefrag(ref)
        parts = urlsplit(url)
        if parts.scheme or parts.netloc:
            if url not in self.by_id:
                raise BundleError(f"$ref {ref!r} names no schema $id under {self.schemas_dir}")
            path = self.by_id[url]
        elif url:
            path = (base.parent / unquote(parts.path)).resolve()
        else:
            path = base
        if path not in self.files:
            raise BundleError(f"$ref {ref!r} (in {base.name}) points to {path}, which is not a schema file")
        return path, tuple(_pointer_tokens(fragment))

    # -- phase 1: which files and which $defs does the document reach? -------------------------------
    def _discover(self, document: Json, document_path: Path) -> None:
        queue: list[Path] = []

        def seen(ref: str, base: Path) -> str:
            if ref.startswith("#") and base == document_path:
                return ref
            path, tokens = self._target(ref, base)
            self.targets.add((path, tokens))
            if path not in queue:
                queue.append(path)
            return ref

        _walk_oas(document, lambda ref: seen(ref, document_path) if _is_schema_ref(ref, self.by_id) else ref)
        for path in queue:  # grows while iterating: a breadth-first closure
            self._check_ids(path, self.files[path], ())
            _walk_schema(self.files[path], functools.partial(seen, base=path))

    def _check_ids(self, path: Path, schema: Json, tokens: tuple[str, ...]) -> None:
        if not isinstance(schema, dict):
            return
        if tokens and "$id" in schema:
            raise BundleError(f"{path.name}#/{'/'.join(tokens)}: an embedded $id is not supported")
        for key, sub in schema.get("$defs", {}).items():
            self._check_ids(path, sub, (*tokens, "$defs", key))

    def _referenced(self, path: Path, tokens: tuple[str, ...]) -> bool:
        """Whether some ref points at ``tokens`` of ``path`` or inside it."""
        return any(p == path and t[: len(tokens)] == tokens for p, t in self.targets)

    # -- phase 2: component names ---------------------------------------------------------------------
    def _assign_names(self) -> None:
        owners: dict[str, tuple[Path, tuple[str, ...]]] = {}
        reached = {path for path, _ in self.targets}
        for path in sorted(reached):
            self._name(path, (), self.files[path], owners)

    def _name(
        self,
        path: Path,
        tokens: tuple[str, ...],
        schema: Json,
        owners: dict[str, tuple[Path, tuple[str, ...]]],
    ) -> None:
        if not isinstance(schema, dict):
            return
        if tokens == () or (self._referenced(path, tokens) and "title" in schema):
            title = schema.get("title")
            where = f"{path.name}#/{'/'.join(tokens)}"
            if not isinstance(title, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", title):
                raise BundleError(f"{where} needs a component-safe title, not {title!r}")
            if title in owners:
                other = owners[title]
                raise BundleError(
                    f"title {title!r} names both {where} and {other[0].name}#/{'/'.join(other[1])}"
                )
            owners[title] = (path, tokens)
            self.names[(path, tokens)] = title
        for key, sub in schema.get("$defs", {}).items():
            self._name(path, (*tokens, "$defs", key), sub, owners)

    def ref_for(self, ref: str, base: Path) -> str:
        """The bundle-internal ref for ``ref`` written in file ``base``."""
        path, tokens = self._target(ref, base)
        for cut in range(len(tokens), -1, -1):
            name = self.names.get((path, tokens[:cut]))
            if name is not None:
                rest = "".join(f"/{_escape(token)}" for token in tokens[cut:])
                return f"{self.prefix}{name}{rest}"
        raise AssertionError(f"{path.name} was reached, so its root has a name")  # pragma: no cover

    # -- phase 3: emit ----------------------------------------------------------------------------------
    def _strip(self, path: Path, tokens: tuple[str, ...], schema: dict[str, Json]) -> dict[str, Json]:
        """``schema`` without ``$id``/``$schema``; named ``$defs`` move out to components of their own."""
        body = {k: v for k, v in schema.items() if k not in ("$id", "$schema", "$defs")}
        kept: dict[str, Json] = {}
        for key, sub in schema.get("$defs", {}).items():
            sub_tokens = (*tokens, "$defs", key)
            name = self.names.get((path, sub_tokens))
            if name is not None:
                self.components[name] = self._emit(path, sub_tokens, sub)
            elif self._referenced(path, sub_tokens):
                kept[key] = self._strip(path, sub_tokens, sub) if isinstance(sub, dict) else sub
        if kept:
            body["$defs"] = kept
        return body

    def _emit(self, path: Path, tokens: tuple[str, ...], schema: dict[str, Json]) -> Json:
        return _walk_schema(self._strip(path, tokens, schema), lambda ref: self.ref_for(ref, path))

    def bundle(self, document: Json, document_path: Path) -> Json:
        self._discover(document, document_path)
        self._assign_names()
        for (path, tokens), name in self.names.items():
            if tokens == ():
                self.components[name] = self._emit(path, (), self.files[path])

        def doc_ref(ref: str) -> str:
            return self.ref_for(ref, document_path) if _is_schema_ref(ref, self.by_id) else ref

        rewritten = _walk_oas(document, doc_ref)
        components = rewritten.setdefault("components", {})
        schemas = dict(components.get("schemas", {}))
        for name, component in self.components.items():
            if name in schemas:
                raise BundleError(f"components/schemas/{name} exists already in the document")
            schemas[name] = component
        components["schemas"] = dict(sorted(schemas.items()))
        return rewritten

    def bundle_all(self) -> dict[str, Json]:
        """Every schema file and every titled ``$defs`` entry, by title, refs rewritten to ``prefix``."""

        def seen(ref: str, base: Path) -> str:
            self.targets.add(self._target(ref, base))
            return ref

        for path, schema in self.files.items():
            self.targets.add((path, ()))
            for key, sub in schema.get("$defs", {}).items():
                if isinstance(sub, dict) and "title" in sub:
                    self.targets.add((path, ("$defs", key)))
            self._check_ids(path, schema, ())
            _walk_schema(schema, functools.partial(seen, base=path))
        self._assign_names()
        for (path, tokens), name in self.names.items():
            if tokens == ():
                self.components[name] = self._emit(path, (), self.files[path])
        return dict(sorted(self.components.items()))


def _is_schema_ref(ref: str, by_id: dict[str, Path]) -> bool:
    """Whether a ref of the OpenAPI document points into a schema file (and not inside the document)."""
    return not ref.startswith("#") and (_is_local_file_ref(ref) or urldefrag(ref)[0] in by_id)


def bundle(
    document: Json, document_path: Path, schemas_dir: Path, files: dict[str, Json] | None = None
) -> Json:
    """Return ``document`` as one self-contained file.

    Every referenced schema file is inlined (see ``_Bundler``) and every Example Object's relative
    ``externalValue`` is replaced by the ``value`` read from that JSON file. ``files`` (file name ->
    schema) replaces the files of ``schemas_dir``, for a derived view of the contract.
    """
    inlined = _Bundler(schemas_dir, files).bundle(document, document_path.resolve())
    return _inline_examples(inlined, document_path.resolve().parent)


def _inline_examples(node: Json, base: Path) -> Json:
    if isinstance(node, list):
        return [_inline_examples(item, base) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Json] = {}
    for key, value in node.items():
        if key == "externalValue" and isinstance(value, str) and _is_local_file_ref(value):
            out["value"] = json.loads((base / unquote(value)).read_text(encoding="utf-8"))
        elif key == STREAM_EXAMPLE and isinstance(value, str) and _is_local_file_ref(value):
            out[key] = json.loads((base / unquote(value)).read_text(encoding="utf-8"))
        elif key in _SCHEMA_FIELDS or key in _OAS_DATA or key == "schemas":
            out[key] = value
        else:
            out[key] = _inline_examples(value, base)
    return out


def refs_into_bundle(document: Json, source: Json, source_path: Path, schemas_dir: Path, target: str) -> Json:
    """``document`` (a copy of ``source``) with each schema-file ref pointing at its component in ``target``.

    Why: a schema file's relative refs resolve against its ``$id`` (``https://talkie-protocol.org/…``), so a
    tool reading the schema files through the document fetches that host (openapi-generator), or registers
    an ``$id`` once per place the file is reached and then calls it ambiguous (Spectral, Redocly). The
    bundle's components carry no ``$id``, so pointing at them keeps the copy offline and unambiguous.
    """
    bundler = _Bundler(schemas_dir, prefix=f"{target}#/components/schemas/")
    bundler._discover(source, source_path.resolve())
    bundler._assign_names()
    by_file = {path.name: path for path in bundler.files}

    def into_bundle(ref: str) -> str:
        url, fragment = urldefrag(ref)
        name = posixpath.basename(urlsplit(url).path)
        if not _is_local_file_ref(ref) or name not in by_file or not url.endswith(".json"):
            return ref
        return bundler.ref_for(f"{name}#{fragment}" if fragment else name, by_file[name])

    return _walk_oas(document, into_bundle)


# ------------------------------------------------------------------------------------------------ outputs
def build(root: Path) -> dict[Path, bytes]:
    """Every generated OpenAPI file for the contract found under ``root``."""
    spec = root / "spec" / "openapi.yaml"
    out = root / "spec" / "generated"
    source = load_yaml(spec)
    if not str(source.get("openapi", "")).startswith("3.2."):
        raise BundleError(f"{spec} must be an OpenAPI 3.2 document")
    bundled = rebase_refs(bundle(source, spec, root / "schemas"), spec.parent, out)
    copy_31 = refs_into_bundle(
        rebase_refs(to_openapi_31(source, spec.parent), spec.parent, out),
        source,
        spec,
        root / "schemas",
        "openapi-3.1.bundled.yaml",
    )
    return {
        out / "openapi-3.1.yaml": dump_yaml(copy_31),
        out / "openapi.bundled.yaml": dump_yaml(bundled),
        out / "openapi-3.1.bundled.yaml": dump_yaml(to_openapi_31(bundled)),
    }


def outputs() -> dict[Path, bytes]:
    """The files this generator owns (see ``codegen/__init__.py``)."""
    return build(ROOT)
