"""One reference page per JSON Schema file: fields, variants, definitions, examples and cross-links.

Pages are written from the schema files at build time, so the site cannot drift from the contract. A `$ref`
becomes a link: `card.json` to that type's page, `#/$defs/X` and `file.json#/$defs/X` to the definition's
anchor (the definition's title, used as the heading id).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .contract import Contract, JsonObject, SchemaFile
from .markdown import cell, code, json_block, literal, table

SCHEMA_DIR_URI = "reference/schemas"
_CONSTRAINT_KEYS = (
    ("minLength", "min length"),
    ("maxLength", "max length"),
    ("minimum", "≥"),
    ("exclusiveMinimum", ">"),
    ("maximum", "≤"),
    ("exclusiveMaximum", "<"),
    ("minItems", "min items"),
    ("maxItems", "max items"),
    ("minProperties", "min properties"),
    ("maxProperties", "max properties"),
)
# Groups of the schema index and the navigation; the first matching predicate wins.
_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Voice", ("voice-",)),
    ("Threads", ("thread-",)),
    ("Actions", ("action", "decision-")),
    ("Cards", ("card", "-block", "open-link", "link-target")),
    ("Events", ("-event",)),
    ("Errors", ("error-",)),
)


def schema_uri(stem: str) -> str:
    """Docs-relative path of a schema's page."""
    return f"{SCHEMA_DIR_URI}/{stem}.md"


def group_of(stem: str) -> str:
    """The navigation group a schema file belongs to."""
    for name, needles in _GROUPS:
        if any(needle in stem for needle in needles):
            return name
    return "Discovery, status and runs"


def grouped(contract: Contract) -> list[tuple[str, list[SchemaFile]]]:
    """Schemas by group, groups in a stable order, files by title inside a group."""
    order = ["Discovery, status and runs", "Events", "Cards", "Actions", "Threads", "Voice", "Errors"]
    groups: dict[str, list[SchemaFile]] = {name: [] for name in order}
    for schema in contract.schemas.values():
        groups.setdefault(group_of(schema.stem), []).append(schema)
    return [(name, sorted(files, key=lambda s: s.title)) for name, files in groups.items() if files]


class _Linker:
    """Turns `$ref` strings of one schema file into Markdown links, relative to that file's page."""

    def __init__(self, contract: Contract, current: SchemaFile) -> None:
        self.contract = contract
        self.current = current

    def _def_title(self, stem: str, pointer: str) -> str:
        name = pointer.rsplit("/", 1)[-1]
        schema = self.contract.schemas.get(stem)
        if schema is not None:
            node = schema.data.get("$defs", {}).get(name, {})
            return str(node.get("title", name)) if isinstance(node, dict) else name
        return name

    def link(self, ref: str) -> str:
        file_part, _, pointer = ref.partition("#")
        stem = Path(file_part).stem if file_part else self.current.stem
        target = self.contract.schemas.get(stem)
        if pointer.startswith("/$defs/"):
            title = self._def_title(stem, pointer)
            page = "" if stem == self.current.stem else f"{stem}.md"
            return f"[{title}]({page}#{title})"
        if target is None:
            return code(ref)
        return f"[{target.title}]({stem}.md)"


def _type_of(node: Any, linker: _Linker) -> str:
    """A short human type: `string`, `array of [Card](card.md)`, `[A](a.md) or [B](b.md)`."""
    if not isinstance(node, dict):
        return "any" if node is True else "never"
    if "$ref" in node:
        base = linker.link(str(node["$ref"]))
        return base if not node.get("properties") else f"{base} (narrowed)"
    if "const" in node:
        return "constant"
    for key in ("oneOf", "anyOf"):
        if key in node:
            return " or ".join(_type_of(option, linker) for option in node[key])
    kind = node.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    names: list[str] = []
    for name in kinds:
        if name == "array":
            items = node.get("items")
            names.append(f"array of {_type_of(items, linker)}" if isinstance(items, dict) else "array")
        else:
            names.append(str(name))
    if not names and "enum" in node:
        names.append("enum")
    return " or ".join(names) if names else "any"


def _constraints(node: Any) -> list[str]:
    """Constraint notes of one schema node (enum values, const, pattern, bounds, format, defaults)."""
    if not isinstance(node, dict):
        return []
    notes: list[str] = []
    if "const" in node:
        notes.append("always " + literal(node["const"]))
    if "enum" in node:
        notes.append("one of " + ", ".join(literal(v) for v in node["enum"]))
    if "pattern" in node:
        notes.append("pattern " + code(node["pattern"]))
    if "format" in node:
        notes.append("format " + code(node["format"]))
    notes += [f"{label} {node[key]}" for key, label in _CONSTRAINT_KEYS if key in node]
    if node.get("uniqueItems"):
        notes.append("items unique")
    if "contentMediaType" in node:
        notes.append("content " + code(node["contentMediaType"]))
    if "default" in node:
        notes.append("default " + literal(node["default"]))
    negated = node.get("not")
    if isinstance(negated, dict) and "enum" in negated:
        notes.append("none of " + ", ".join(literal(v) for v in negated["enum"]))
    items = node.get("items")
    if isinstance(items, dict) and "$ref" not in items:
        notes += [f"items: {note}" for note in _constraints(items)]
    return notes


def _policy(node: JsonObject) -> str | None:
    """The unknown-field policy of an object schema, in words."""
    extra = node.get("additionalProperties")
    if extra is True:
        return "Open: receivers ignore members they do not know."
    if extra is False:
        return "Closed: no members besides the ones listed."
    if node.get("unevaluatedProperties") is False:
        return "Closed: no members besides the ones listed (or those of the schemas it builds on)."
    return None


def _field_rows(node: JsonObject, linker: _Linker, prefix: str = "", depth: int = 0) -> list[list[str]]:
    """Table rows for the properties of an object, nested anonymous objects flattened with dotted names."""
    required = set(node.get("required", []))
    rows: list[list[str]] = []
    for name, prop in (node.get("properties") or {}).items():
        full = f"{prefix}{name}"
        if not isinstance(prop, dict):
            rows.append([code(full), "any" if prop else "never", "yes" if name in required else "no", "", ""])
            continue
        rows.append(
            [
                code(full),
                _type_of(prop, linker),
                "yes" if name in required else "no",
                cell(str(prop.get("description", ""))),
                "; ".join(_constraints(prop)),
            ]
        )
        if prop.get("properties") and "$ref" not in prop and depth < 3:
            rows += _field_rows(prop, linker, f"{full}.", depth + 1)
    return rows


def _variants(node: JsonObject, linker: _Linker) -> list[str]:
    """The `oneOf`/`anyOf` members and the discriminator mapping, as Markdown blocks."""
    blocks: list[str] = []
    for key, words in (("oneOf", "exactly one of"), ("anyOf", "at least one of")):
        options = node.get(key)
        if not isinstance(options, list):
            continue
        lines = [f"A value matches {words}:", ""]
        lines += [f"- {_type_of(option, linker)}" for option in options]
        blocks.append("\n".join(lines))
    discriminator = node.get("discriminator")
    if isinstance(discriminator, dict) and isinstance(discriminator.get("mapping"), dict):
        prop = str(discriminator.get("propertyName", "type"))
        rows = [[literal(value), linker.link(str(ref))] for value, ref in discriminator["mapping"].items()]
        blocks.append(f"Tagged by {code(prop)}:\n\n" + table([code(prop), "type"], rows))
    return blocks


def _body(node: JsonObject, linker: _Linker, level: str) -> list[str]:
    """Fields, variants, values and policy of one schema node."""
    parts: list[str] = []
    if "$ref" in node:
        parts.append(f"Builds on {linker.link(str(node['$ref']))}.")
    parts += _variants(node, linker)
    if node.get("properties"):
        rows = _field_rows(node, linker)
        parts.append(
            f"{level} Fields\n\n" + table(["Field", "Type", "Required", "Description", "Constraints"], rows)
        )
    elif "type" in node or "enum" in node or "const" in node:
        notes = _constraints(node)
        kind = _type_of(node, linker)
        parts.append(f"Type: {kind}" + (" — " + "; ".join(notes) if notes else "") + ".")
    policy = _policy(node)
    if policy:
        parts.append(f"Unknown members. {policy}")
    return parts


def _invalid_examples(contract: Contract, stem: str) -> list[str]:
    blocks: list[str] = []
    for path in sorted((contract.schemas_dir / "invalid" / stem).glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(case, dict):
            continue
        reason = " ".join(str(case.get("reason", "")).split()).replace('"', "'")
        body = json_block(case.get("instance")).replace("\n", "\n    ")
        blocks.append(
            f'??? failure "{path.stem}: fails `{case.get("keyword", "?")}`"\n\n    {reason}\n\n    {body}'
        )
    return blocks


def references(data: Any) -> Iterable[str]:
    """Every `$ref` string anywhere in a schema document."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            elif key not in ("examples", "enum", "const"):
                yield from references(value)
    elif isinstance(data, list):
        for item in data:
            yield from references(item)


def used_by(contract: Contract) -> dict[str, set[str]]:
    """For each schema stem, the stems of the other files that reference it."""
    index: dict[str, set[str]] = {stem: set() for stem in contract.schemas}
    for stem, schema in contract.schemas.items():
        for ref in references(schema.data):
            file_part = ref.partition("#")[0]
            target = Path(file_part).stem if file_part else ""
            if target and target != stem and target in index:
                index[target].add(stem)
    return index


def render_schema_page(contract: Contract, schema: SchemaFile, referrers: set[str]) -> str:
    """The Markdown page of one schema file."""
    data = schema.data
    linker = _Linker(contract, schema)
    parts = [
        f"# {schema.title}",
        f"{code('schemas/' + schema.path.name)} · {code(data.get('$id', ''))}",
        str(data.get("description", "")),
    ]
    if schema.stem == "error-code":
        parts.append("The catalogued codes, their HTTP statuses and meanings: [Error codes](../errors.md).")
    parts += _body(data, linker, "##")
    for name, node in (data.get("$defs") or {}).items():
        if not isinstance(node, dict):
            continue
        title = str(node.get("title", name))
        parts.append(f"## {title} {{#{title}}}")
        parts.append(f"Definition {code('#/$defs/' + name)}. " + str(node.get("description", "")))
        parts += _body(node, linker, "###")
    examples = data.get("examples") or []
    if examples:
        parts.append("## Examples")
        parts += [json_block(example) for example in examples]
    invalid = _invalid_examples(contract, schema.stem)
    if invalid:
        parts.append("## Invalid examples")
        parts.append("Each of these fails validation for the keyword named; the tests check that it does.")
        parts += invalid
    if referrers:
        parts.append("## Used by")
        links = sorted((contract.schemas[stem].title, stem) for stem in referrers if stem in contract.schemas)
        parts.append("\n".join(f"- [{title}]({stem}.md)" for title, stem in links))
    parts.append("*Generated from the schema file at build time; edit the schema, not this page.*")
    return "\n\n".join(part for part in parts if part) + "\n"


def render_index_page(contract: Contract) -> str:
    """The schema index: every file with its title and first sentence, grouped."""
    parts = [
        "# Schemas",
        "Every wire type of talkie/1 is a JSON Schema (draft 2020-12) in the repository's `schemas/` folder. "
        "Each page below is generated from its file when the site is built: fields, definitions, examples "
        "and the types it links to.",
    ]
    for name, files in grouped(contract):
        rows = [
            [f"[{s.title}]({s.stem}.md)", code(s.path.name), cell(_first_sentence(s.data.get("description")))]
            for s in files
        ]
        parts.append(f"## {name}\n\n" + table(["Type", "File", "What it is"], rows))
    return "\n\n".join(parts) + "\n"


def _first_sentence(text: object) -> str:
    words = " ".join(str(text or "").split())
    end = words.find(". ")
    return words if end < 0 else words[: end + 1]
