"""Generator of the ``talkie-models`` package contents: pydantic models, the error catalogue, package data.

The models come from datamodel-code-generator (pinned, every flag written out below) run over a private
copy of ``schemas/*.json``. Its output is then normalised with the project's own pinned ruff and root config,
so the files are byte-identical on every run and pass the workspace's ``ruff check`` and ``ruff format``.
The schemas, their examples and the OpenAPI documents are copied into the package as data, and the rule
catalogue is converted to JSON (``data/spec/rules.json``); those files are generated outputs too, so the drift
check catches a package that ships stale contract files.
"""

from __future__ import annotations

import json
import keyword
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

from codegen import views

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "schemas"
SPEC = ROOT / "spec"
PACKAGE = ROOT / "models" / "src" / "talkie_models"
GENERATED = PACKAGE / "_generated"
DATA = PACKAGE / "data"

GENERATOR_VERSION = "0.89.0"
COMMAND = "python3 dev.py codegen"
TOLERANT_BASE = "talkie_models._unknown.TolerantEvent"
HEADER = f"# Generated — do not edit; regenerate with `{COMMAND}`."

# The whole configuration of datamodel-code-generator. Why each flag:
FLAGS: tuple[str, ...] = (
    "--input-file-type", "jsonschema",
    "--schema-version", "2020-12",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--target-python-version", "3.11",
    "--target-pydantic-version", "2.11",
    # One base class carries the wire policy (aliases, omission of absent fields); see talkie_models._base.
    "--base-class", "talkie_models._base.TalkieModel",
    # The tolerated unknown events get a base enforcing their `not: {enum}` rule (no pydantic type has it).
    "--base-class-map", json.dumps(dict.fromkeys(("UnknownCustomEvent", "UnknownEvent"), TOLERANT_BASE)),
    # Class names are the schema titles, which are the public names of the package.
    "--use-title-as-name",
    # snake_case attributes; camelCase wire names come from the base class's alias generator, so a field only
    # carries an explicit alias where to_camel would not give back the wire name.
    "--snake-case-field",
    "--alias-generator", "to_camel",
    "--allow-population-by-field-name",
    # Closed string sets become Literal types: plain strings on both sides, no Enum wrappers.
    "--enum-field-as-literal", "all",
    # A const (the `type` / `name` tags) defaults to its value: `RunStartedEvent(thread_id=.., run_id=..)`.
    "--use-one-literal-as-default",
    # Unions and constrained strings become type aliases (TypeAliasType), not RootModel wrappers: a tagged
    # union then validates to the concrete event or block class, and a LinkTarget is just a str.
    "--use-type-alias",
    "--use-annotated",
    "--field-constraints",
    "--use-standard-collections",
    "--use-union-operator",
    "--use-double-quotes",
    "--use-schema-description",
    "--use-field-description",
    # A timestamp stays the exact string of the wire (a datetime would rewrite it, e.g. +00:00 -> Z).
    "--type-mappings", "string+date-time=string",
    # Nested tagged unions (Event -> TalkieCustomEvent) keep both discriminators only without collapsing.
    "--no-collapse-root-models",
    "--keep-model-order",
    "--strict-refs",
    "--no-allow-remote-refs",
    # Determinism: no timestamp, fixed formatters (the result is normalised by the pinned ruff afterwards).
    "--disable-timestamp",
    "--formatters", "ruff-check", "ruff-format",
    "--custom-file-header", HEADER,
)  # fmt: skip

# JSON Schema keywords whose value is a subschema, a list of subschemas or a map of subschemas.
_ONE = {"items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"}
_ONE |= {"unevaluatedProperties", "unevaluatedItems", "contentSchema"}
_MANY = {"allOf", "anyOf", "oneOf", "prefixItems"}
_MAP = {"properties", "$defs", "patternProperties", "dependentSchemas"}
_DEFINITION = re.compile(r"^(?:class (\w+)\(|(\w+) = TypeAliasType\()", re.MULTILINE)


def schema_files() -> list[Path]:
    """The schema documents: every ``schemas/*.json`` (examples and invalid cases live in subfolders)."""
    return sorted(SCHEMAS.glob("*.json"))


def _subschemas(schema: Any) -> Iterator[dict[str, Any]]:
    if not isinstance(schema, dict):
        return
    yield schema
    for key, value in schema.items():
        if key in _ONE:
            yield from _subschemas(value)
        elif key in _MANY and isinstance(value, list):
            for item in value:
                yield from _subschemas(item)
        elif key in _MAP and isinstance(value, dict):
            for item in value.values():
                yield from _subschemas(item)


def titles(schema: Any) -> set[str]:
    """Every ``title`` of a schema document: the root, its ``$defs`` and any titled subschema."""
    return {s["title"] for s in _subschemas(schema) if isinstance(s.get("title"), str)}


def _check_version() -> None:
    version = metadata.version("datamodel-code-generator")
    if version != GENERATOR_VERSION:
        raise SystemExit(f"codegen needs datamodel-code-generator=={GENERATOR_VERSION}, found {version}")


def _run(*cmd: str, stdin: str | None = None, cwd: Path = ROOT) -> str:
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=cwd, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd[:4])} … failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def _ruff(source: str, path: Path) -> str:
    """Normalise one generated file with the pinned ruff and the root config, as ``ruff .`` sees it."""
    name = str(path.relative_to(ROOT))
    fixed = _run(
        sys.executable, "-m", "ruff", "check", "--fix", "--quiet", "--stdin-filename", name, "-", stdin=source
    )
    return _run(sys.executable, "-m", "ruff", "format", "--quiet", "--stdin-filename", name, "-", stdin=fixed)


def _datamodel_codegen(files: list[Path], work: Path) -> dict[str, str]:
    """Run the generator over a copy of the schema files; return module name -> source."""
    source, out = work / "schemas", work / "out"
    source.mkdir()
    for file in files:
        shutil.copyfile(file, source / file.name)
    cmd = [
        sys.executable,
        "-m",
        "datamodel_code_generator",
        "--input",
        str(source),
        "--output",
        str(out),
        *FLAGS,
    ]
    _run(*cmd, cwd=work)
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(out.glob("*.py")) if p.stem != "__init__"}


# The open tagged unions a client must survive (notes N-30): alias -> (module, opaque class of talkie_models).
OPEN_UNIONS = {
    "CardBlock": ("card_block", "UnknownBlock"),
    "RunFinishedOutcome": ("run_finished_event", "UnknownOutcome"),
}
_OPEN_UNION = (
    r'(?P<head>{name} = TypeAliasType\(\s*"{name}",\s*Annotated\[\s*)'
    r"(?P<members>[\w.]+(?:\s*\|\s*[\w.]+)*),"
    r'(?P<field>\s*Field\(\s*)discriminator="type",'
)
_OPAQUE_IMPORT = "\nfrom talkie_models._opaque import {opaque}\nfrom pydantic import "


def _open_unions(modules: dict[str, str]) -> None:
    """Append the opaque member to each open union: ``Annotated[<tagged union>] | UnknownBlock``, in order.

    The tagged union keeps its discriminator (exact error paths); the opaque class after it validates only
    under the tolerant profile, so the strict profile still rejects an unknown tag (talkie_models._opaque).
    """
    for name, (module, opaque) in OPEN_UNIONS.items():
        source = modules[module]
        pattern = re.compile(_OPEN_UNION.format(name=name))
        replacement = (
            r'\g<head>Annotated[\g<members>, Field(discriminator="type")] | '
            + f"{opaque},"
            + r'\g<field>union_mode="left_to_right",'
        )
        source, count = pattern.subn(replacement, source)
        if count != 1:
            raise SystemExit(f"codegen: the tagged union {name} in {module}.py lost its expected form")
        modules[module] = source.replace("\nfrom pydantic import ", _OPAQUE_IMPORT.format(opaque=opaque), 1)


# The tolerated unknown events: TolerantEvent enforces their `not` rule. dmc's --base-class-map sets it
# only on a class without another parent; one that derives from a generated class
# (UnknownCustomEvent(CustomEvent)) gets it here as the first base.
TOLERATED = ("UnknownEvent", "UnknownCustomEvent")
_TOLERANT_IMPORT = "from talkie_models._unknown import TolerantEvent\n"


def _tolerant_bases(modules: dict[str, str]) -> None:
    for module, source in modules.items():
        for name in TOLERATED:
            match = re.search(rf"^class {name}\((?P<bases>[^)]*)\):", source, flags=re.MULTILINE)
            if match is None or "TolerantEvent" in match["bases"]:
                continue
            source = source.replace(match[0], f"class {name}(TolerantEvent, {match['bases']}):", 1)
            if _TOLERANT_IMPORT not in source:
                source = source.replace(
                    "\nfrom pydantic import ", "\n" + _TOLERANT_IMPORT + "from pydantic import ", 1
                )
            modules[module] = source


def _module_for(file: Path) -> str:
    return file.stem.replace("-", "_")


def _exports(modules: dict[str, str], all_titles: set[str]) -> dict[str, str]:
    """Public name -> module: every generated class or alias named after a schema title."""
    exports: dict[str, str] = {}
    for module, source in sorted(modules.items()):
        for match in _DEFINITION.finditer(source):
            name = match.group(1) or match.group(2)
            if name not in all_titles:
                continue
            if name in exports:
                raise SystemExit(f"title {name} is generated twice ({exports[name]}, {module})")
            exports[name] = module
    return exports


def _init_module(exports: dict[str, str]) -> str:
    lines = [HEADER, '"""Every generated model and type alias, by schema title."""', ""]
    lines += [f"from .{module} import {name} as {name}" for name, module in sorted(exports.items())]
    lines += ["", "__all__ = ["] + [f'    "{name}",' for name in sorted(exports)] + ["]", ""]
    return "\n".join(lines)


def _constant(code: str) -> str:
    name = re.sub(r"\W", "_", code).upper()
    if not name.isidentifier() or keyword.iskeyword(name):
        raise SystemExit(f"error code {code!r} gives no usable constant name")
    return name


def _catalogue_module(error_code_schema: dict[str, Any]) -> str:
    """The §3 codes as constants plus their catalogue, from the ``x-talkie-catalogue`` of error-code.json."""
    entries = error_code_schema.get("x-talkie-catalogue")
    if not isinstance(entries, list):
        raise SystemExit("schemas/error-code.json has no x-talkie-catalogue list")
    lines = [
        HEADER,
        '"""The error codes of talkie/1 (§3), from ``x-talkie-catalogue`` in ``schemas/error-code.json``."""',
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Mapping",
        "from types import MappingProxyType",
        "from typing import Final",
        "",
        "from talkie_models._error_info import ErrorCodeInfo",
        "",
    ]
    names: list[str] = []
    items: list[str] = []
    for entry in entries:
        code = entry["code"]
        name = _constant(code)
        names.append(name)
        meaning = " ".join(str(entry["meaning"]).split())
        lines += [f"{name}: Final = {json.dumps(code)}", f'"""{meaning}"""', ""]
        statuses = ", ".join(str(int(s)) for s in entry["httpStatus"]) + (
            "," if len(entry["httpStatus"]) == 1 else ""
        )
        items += [
            f"        {name}: ErrorCodeInfo(",
            f"            code={name},",
            f"            http_statuses=({statuses}),",
            f"            retryable={bool(entry['retryable'])!r},",
            f"            meaning={json.dumps(meaning, ensure_ascii=False)},",
            "        ),",
        ]
    lines += [
        "CATALOGUE: Final[Mapping[str, ErrorCodeInfo]] = MappingProxyType(",
        "    {",
        *items,
        "    }",
        ")",
    ]
    lines += ['"""Every catalogued code with its HTTP statuses, retryability and meaning."""', ""]
    lines += ["__all__ = [", *(f'    "{n}",' for n in [*names, "CATALOGUE"]), "]", ""]
    return "\n".join(lines)


def _data_files() -> dict[Path, bytes]:
    """The contract files shipped inside the package, in the same layout so relative ``$ref``s resolve."""
    copies: dict[Path, bytes] = {}
    for file in schema_files():
        copies[DATA / "schemas" / file.name] = file.read_bytes()
    for file in sorted((SCHEMAS / "examples").glob("*.json")):
        copies[DATA / "schemas" / "examples" / file.name] = file.read_bytes()
    # The text view (notes N-101), which the conformance suite fails servers by: `validate(..., view="text")`.
    for name, schema in views.text_files(views.producer_files(ROOT)).items():
        copies[DATA / "text" / "schemas" / name] = (
            json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
        ).encode()
    for rel in ("openapi.yaml", "generated/openapi.bundled.yaml"):
        if (SPEC / rel).exists():
            copies[DATA / "spec" / rel] = (SPEC / rel).read_bytes()
    if (SPEC / "rules.yaml").exists():
        copies[DATA / "spec" / "rules.json"] = _rules_json(SPEC / "rules.yaml")
    return copies


def _rules_json(path: Path) -> bytes:
    """The rule catalogue as JSON, so ``talkie_models.rules`` reads it without a YAML parser at run time.

    Sorted keys, fixed indent and a final newline keep the bytes the same on every run (drift check).
    """
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return (json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def outputs() -> dict[Path, bytes]:
    """Every file this generator owns, with its exact content."""
    files = schema_files()
    if not files:
        return {}
    _check_version()
    documents = {file: json.loads(file.read_text(encoding="utf-8")) for file in files}
    all_titles = set().union(*(titles(doc) for doc in documents.values()))
    with tempfile.TemporaryDirectory(prefix="talkie-codegen-") as tmp:
        modules = _datamodel_codegen(files, Path(tmp))
    result: dict[Path, bytes] = {}
    for file in files:
        module = _module_for(file)
        if module not in modules:
            raise SystemExit(f"datamodel-codegen produced no module for {file.name}")
        body = modules[module].replace(HEADER + "\n", f"{HEADER}\n# Source: schemas/{file.name}\n", 1)
        modules[module] = body
    extra = set(modules) - {_module_for(f) for f in files}
    if extra:
        raise SystemExit(f"datamodel-codegen produced unexpected modules: {sorted(extra)}")
    _open_unions(modules)
    _tolerant_bases(modules)
    generated = dict(modules)
    generated["__init__"] = _init_module(_exports(modules, all_titles))
    error_code = SCHEMAS / "error-code.json"
    if error_code in documents:
        generated["catalogue"] = _catalogue_module(documents[error_code])
    for module, source in generated.items():
        path = GENERATED / f"{module}.py"
        result[path] = _ruff(source, path).encode("utf-8")
    result.update(_data_files())
    return result
