"""Paths and types shared by the compatibility tests (fixtures live in conftest.py)."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
NODE_DIR = ROOT / "tools" / "node"
NODE_BIN = NODE_DIR / "node_modules" / ".bin"
BUNDLE_31 = ROOT / "spec" / "generated" / "openapi-3.1.bundled.yaml"
HERE = ROOT / "tests" / "compat"

RECIPES = ROOT / "docs" / "samples" / "generators.sh"
CORPUS = ROOT / "tests" / "compat" / "corpus"
CONSUMER = ROOT / "spec" / "generated" / "consumer"
CONSUMER_31 = CONSUMER / "openapi-3.1.consumer.bundled.yaml"
CONSUMER_SCHEMAS = CONSUMER / "schemas"
_MISSING = object()


def corpus_cases() -> dict[str, Any]:
    """Every case of the forward-compatibility corpus by file stem (format: tests/compat/corpus/README.md)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(CORPUS.glob("*.json"))}


def pointer_get(document: Any, pointer: str) -> Any:
    """The value at a JSON pointer, or `MISSING`."""
    node = document
    for raw in filter(None, pointer.split("/")):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return _MISSING
    return node


MISSING = _MISSING


def same_instant(got: Any, want: Any) -> bool:
    """Whether two different strings are RFC 3339 spellings of one instant (`…Z` and `…+00:00`): a
    generator that parses `format: date-time` writes it back in its own spelling, and nothing is lost."""
    if not (isinstance(got, str) and isinstance(want, str)) or got == want or "T" not in want:
        return False
    try:
        parsed = [datetime.fromisoformat(v.replace("Z", "+00:00")) for v in (got, want)]
    except ValueError:
        return False
    return parsed[0].tzinfo is not None and parsed[0] == parsed[1]


def judge(name: str, case: Any, decoded_as: str | None, output: Any) -> list[str]:
    """What a generated client got wrong on one case: `decoded_as` is the class it decoded to (None for a
    client whose values carry no class, such as plain TypeScript objects), `output` the value encoded again.
    Unknown means a class named `Unknown…` for a stream event."""
    problems: list[str] = []
    expect = case["expect"]
    unknown = case["schema"] == "StreamEvent" and str(decoded_as).startswith("Unknown")
    if decoded_as is not None and ("unknown" if unknown else "known") != expect["kind"]:
        problems.append(f"{name}: decoded as {decoded_as}, expected a {expect['kind']} {case['schema']}")
    for pointer, value in expect["values"].items():
        got = pointer_get(output, pointer)
        if same_instant(got, value):
            continue
        if got != value or type(got) is not type(value):
            shown = "nothing" if got is _MISSING else repr(got)
            problems.append(f"{name}: {pointer} came out as {shown}, expected {value!r}")
    return problems


@dataclass(frozen=True)
class Recipe:
    """One generator recipe of the site's guide: the program, its generator (`-g`), input and options."""

    program: list[str]
    generator: str | None
    input: str
    options: list[str]


def recipe(name: str) -> Recipe:
    """The recipe of section `name` of docs/samples/generators.sh, which the guide renders: the options are
    every word but the program, `-g`, `-i`/the input and `-o` with their values."""
    text = RECIPES.read_text(encoding="utf-8")
    (section,) = re.findall(rf"# --8<-- \[start:{name}\]\n(.*?)# --8<-- \[end:{name}\]", text, re.S)
    (command,) = [line for line in section.replace("\\\n", " ").splitlines() if not line.startswith("#")]
    words = command.split()
    program_length = 2 if words[0] == "openapi-generator-cli" else 3  # `go run module@version`
    program, rest = words[:program_length], words[program_length:]
    values: dict[str, str] = {}
    options: list[str] = []
    while rest:
        word = rest.pop(0)
        if word in ("-g", "-i", "-o"):
            values[word] = rest.pop(0)
        elif not word.startswith("-") and not rest:
            values["-i"] = word  # oapi-codegen: the input is the last word
        else:
            options.append(word)
    return Recipe(program, values.get("-g"), values["-i"], options)


Run = Callable[..., subprocess.CompletedProcess[str]]
Typecheck = Callable[[Path, list[str]], subprocess.CompletedProcess[str]]
Tool = Callable[[str], Path]
