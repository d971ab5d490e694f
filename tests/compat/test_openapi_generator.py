"""openapi-generator (the Swift and Kotlin clients app developers generate) on the 3.1 bundle: the document
validates, and the generated models decode the event, CUSTOM-event and card-block unions on their tags.
Swift does so with default options. Kotlin's default (Moshi) cannot decode any union (notes N-55), so its
default output is checked for what it does give, and the one flag the schemas README documents is run as
written there and checked for decoding on the tags. No Swift or Kotlin compiler is installed here, so the
generated source is checked for the structure that decoding needs: a switch from every tag to its member,
and tags typed as strings or enums (never `JSONValue`, `Any`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from compat_support import BUNDLE_31, ROOT, SCHEMAS, Run, Tool

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

UNIONS = ("Event", "TalkieCustomEvent", "CardBlock")
Members = dict[str, tuple[str, dict[str, str]]]


def _documented_kotlin_steps() -> tuple[str, tuple[str, str]]:
    """The schemas README's Kotlin recipe: its `--additional-properties` value, its sed fix-up (old, new)."""
    readme = (SCHEMAS / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Kotlin", 1)[1].split("\n## ", 1)[0]
    (options,) = re.findall(r"-g kotlin .*\n.*--additional-properties=(\S+)", section)
    (fix,) = re.findall(r"sed -i 's/([^/]+)/([^/]+)/'", section)
    return options, fix


KOTLIN_OPTIONS, KOTLIN_FIX = _documented_kotlin_steps()
# One branch of a generated KSerializer's `when (discriminatorValue)`: the tag and the member it decodes.
_KOTLINX_BRANCH = (
    r'^            "([^"]+)" -> \{\n\s+val decoded = '
    r"decoder\.json\.decodeFromJsonElement\((\w+)\.serializer\(\)"
)


@pytest.fixture(scope="module")
def generator(python_tool: Tool) -> Path:
    return python_tool("openapi-generator-cli")


@pytest.fixture(scope="module")
def generated(generator: Path, run: Run, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out: dict[str, Path] = {}
    flavours = {
        "swift6": [],
        "kotlin": [],
        "kotlin-documented": [f"--additional-properties={KOTLIN_OPTIONS}"],
    }
    for flavour, options in flavours.items():
        target = tmp_path_factory.mktemp(flavour)
        language = flavour.split("-")[0]
        result = run([generator, "generate", "-g", language, "-i", BUNDLE_31, "-o", target, *options])
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        out[flavour] = target
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


def test_kotlin_default_types_every_tag(generated: dict[str, Path], union_members: Members) -> None:
    """What Moshi's default output gives: every member a data class whose tag enum holds just its own tag."""
    models = list(generated["kotlin"].rglob("models/*.kt"))
    untyped = [
        p.name
        for p in models
        if re.search(r'@Json\(name = "(type|name|role)"\)\s+val \w+: kotlin\.Any', p.read_text())
    ]
    assert untyped == []
    for union in UNIONS:
        prop, members = union_members[union]
        # TalkieCustomEvent, Event's CUSTOM member, is a union itself: its own members are checked.
        for tag, member in ((t, m) for t, m in members.items() if m not in UNIONS):
            source = _model(generated["kotlin"], member, "kt")
            assert re.search(rf"^data class {member} \(", source, re.M), member
            enum = re.search(rf'@Json\(name = "{prop}"\)\s+val {prop}: {member}\.(\w+)', source)
            assert enum, (member, prop)
            values = re.findall(r'@Json\(name = "([^"]+)"\) \w+\("', _enum_body(source, enum.group(1)))
            assert values == [tag], member


def test_kotlin_default_still_has_no_union_adapter(generated: dict[str, Path]) -> None:
    """The README says Moshi's default output cannot decode a union; when a generator upgrade makes that
    false, this fails so that the README and notes N-55 are brought up to date."""
    (serializer,) = generated["kotlin"].rglob("infrastructure/Serializer.kt")
    assert "PolymorphicJsonAdapterFactory" not in serializer.read_text()
    for union in UNIONS:
        source = _model(generated["kotlin"], union, "kt")
        assert re.search(rf"^interface {union} \{{", source, re.M), union


def test_kotlin_documented_flag_decodes_unions_on_their_tags(
    generated: dict[str, Path], union_members: Members
) -> None:
    root = generated["kotlin-documented"]
    for union in UNIONS:
        prop, members = union_members[union]
        source = _model(root, union, "kt")
        assert f"@Serializable(with = {union}Serializer::class)\nsealed interface {union} {{" in source, union
        assert f'val discriminatorValue = element["{prop}"]?.jsonPrimitive?.content' in source, union
        branches = re.findall(_KOTLINX_BRANCH, source, re.M)
        assert dict(branches) == members, union
        assert len(branches) == len(members), union
    card = _model(root, "Card", "kt")
    assert re.search(
        r'@SerialName\(value = "blocks"\)\s+val blocks: kotlin\.collections\.List<CardBlock>', card
    )
    stream = _model(root, "StreamEvent", "kt")
    tries = re.findall(r"decodeFromJsonElement<(\w+)>\(jsonElement\)", stream)
    assert tries == ["Event", "UnknownEvent", "UnknownCustomEvent"], "known events must be tried first"


def test_kotlin_documented_fix_up_covers_every_double_constructor_call(generated: dict[str, Path]) -> None:
    """Upstream issue #22049: `HashMap<…>()()` does not compile; the README's sed line removes every one."""
    old, new = KOTLIN_FIX
    broken = [p for p in generated["kotlin-documented"].rglob("*.kt") if "()()" in p.read_text()]
    assert broken, "the generator no longer writes `()()`: drop the fix-up from the schemas README"
    assert [p.name for p in broken if "()()" in p.read_text().replace(old, new)] == []


def test_every_page_quotes_the_tested_kotlin_flag() -> None:
    """The guide and notes N-55 repeat the README's flag for readers; they must say the same thing."""
    pages = [ROOT / "docs" / "guides" / "build-a-client.md", ROOT / "spec" / "notes.md"]
    for page in pages:
        quoted = re.findall(r"--additional-properties=(\S*generateOneOfAnyOfWrappers\S*?)`", page.read_text())
        assert quoted == [KOTLIN_OPTIONS], page


def _enum_body(source: str, name: str) -> str:
    start = source.index(f"enum class {name}(")
    return source[start : source.index("}", start)]
