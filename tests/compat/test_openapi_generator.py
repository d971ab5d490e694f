"""openapi-generator (the Swift and Kotlin clients app developers generate), default options, on the 3.1
bundle: the document validates, and the generated models decode the event and card-block unions on their
tags. No Swift or Kotlin compiler is installed here, so the generated source is checked for the structure
that decoding needs: a switch over every tag of each union, and tags typed as strings (never `JSONValue`,
`Any`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from compat_support import BUNDLE_31, Run, Tool

UNIONS = ("Event", "TalkieCustomEvent", "CardBlock")


@pytest.fixture(scope="module")
def generator(python_tool: Tool) -> Path:
    return python_tool("openapi-generator-cli")


@pytest.fixture(scope="module")
def generated(generator: Path, run: Run, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for language in ("swift6", "kotlin"):
        target = tmp_path_factory.mktemp(language)
        result = run([generator, "generate", "-g", language, "-i", BUNDLE_31, "-o", target])
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        out[language] = target
    return out


def test_the_31_bundle_validates(generator: Path, run: Run) -> None:
    result = run([generator, "validate", "-i", BUNDLE_31])
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No validation issues detected" in result.stdout


def _model(root: Path, name: str, suffix: str) -> str:
    (path,) = root.rglob(f"models/{name}.{suffix}") if suffix == "kt" else root.rglob(f"Models/{name}.swift")
    return path.read_text()


def test_swift_unions_decode_on_their_tags(
    generated: dict[str, Path], union_tags: dict[str, tuple[str, list[str]]]
) -> None:
    for union in UNIONS:
        source = _model(generated["swift6"], union, "swift")
        tag, tags = union_tags[union]
        assert f'case {tag} = "{tag}"' in source, union
        assert "switch discriminatorValue" in source, union
        assert sorted(re.findall(r'^        case "([^"]+)":', source, re.M)) == tags, union


def test_swift_tags_are_typed(
    generated: dict[str, Path], union_tags: dict[str, tuple[str, list[str]]]
) -> None:
    models = generated["swift6"].rglob("Models/*.swift")
    untyped = [p.name for p in models if re.search(r"public var (type|name|role): JSONValue", p.read_text())]
    assert untyped == []
    stream = _model(generated["swift6"], "StreamEvent", "swift")
    assert "public enum StreamEvent" in stream, "the stream union must stay a union, not one flattened struct"


def test_kotlin_unions_and_tags(
    generated: dict[str, Path], union_tags: dict[str, tuple[str, list[str]]]
) -> None:
    models = list(generated["kotlin"].rglob("models/*.kt"))
    untyped = [
        p.name
        for p in models
        if re.search(r'@Json\(name = "(type|name|role)"\)\s+val \w+: kotlin\.Any', p.read_text())
    ]
    assert untyped == []
    for union in UNIONS:
        source = _model(generated["kotlin"], union, "kt")
        assert re.search(rf"^interface {union}\b", source, re.M), union
