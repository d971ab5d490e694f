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
from compat_support import BUNDLE_31, CONSUMER_31, ROOT, SCHEMAS, Run, Tool

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

UNIONS = ("Event", "TalkieCustomEvent", "CardBlock")
Members = dict[str, tuple[str, dict[str, str]]]


def _documented_kotlin_options() -> list[str]:
    """The schemas README's Kotlin recipe: its options after `-o` (it reads the consumer view)."""
    readme = (SCHEMAS / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Kotlin", 1)[1].split("\n## ", 1)[0]
    (command,) = re.findall(r"openapi-generator-cli generate -g kotlin .*?\n```", section, re.S)
    words = command.replace("\\\n", " ").split()
    assert ROOT / words[words.index("-i") + 1] == CONSUMER_31
    return [w for w in words[words.index("-o") + 2 :] if w.startswith("--")]


KOTLIN_OPTIONS = _documented_kotlin_options()
# Swift: the generator's own `ErrorResponse` enum reserves that name, so ours is mapped to a chosen one
# instead of the generator's `ModelErrorResponse` (schemas README, "Swift").
SWIFT_OPTIONS = ("--model-name-mappings=ErrorResponse=TalkieErrorResponse",)
# The producer's union names as the consumer view spells them (its block union is `Known…` + `Unknown…`).
CONSUMER_UNIONS = {"Event": "Event", "TalkieCustomEvent": "TalkieCustomEvent", "CardBlock": "KnownCardBlock"}
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
    # Swift and the documented Kotlin recipe on the consumer view (what app developers generate from);
    # Kotlin's default on the producer view, whose unions are the plain tagged ones the README describes.
    flavours = {
        "swift6": (CONSUMER_31, [*SWIFT_OPTIONS]),
        "kotlin": (BUNDLE_31, []),
        "kotlin-documented": (CONSUMER_31, KOTLIN_OPTIONS),
    }
    for flavour, (source, options) in flavours.items():
        target = tmp_path_factory.mktemp(flavour)
        language = flavour.split("-")[0]
        result = run(
            [generator, "generate", "-g", language, "-i", source, "-o", target, *options], timeout=900
        )
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        (target / "generator.log").write_text(result.stdout + result.stderr)
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
        source = _model(generated["swift6"], CONSUMER_UNIONS[union], "swift")
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


def test_swift_keeps_wire_names_64_bit_integers_and_unknown_cases(generated: dict[str, Path]) -> None:
    """No Swift toolchain here: the structure decoding needs, read from the source. The tolerant unions
    try the known union before the unknown member; CodingKeys keep every wire name; int64 is `Int64`."""
    root = generated["swift6"]
    for union, unknown in (("StreamEvent", "UnknownEvent"), ("CardBlock", "UnknownCardBlock")):
        source = _model(root, union, "swift")
        assert f"public enum {union}" in source, union
        assert f"container.decode({unknown}.self)" in source, union
    outcome = _model(root, "RunFinishedOutcome", "swift")
    assert outcome.index("decode(KnownRunFinishedOutcome.self)") < outcome.index(
        "decode(UnknownRunFinishedOutcome"
    )
    card = _model(root, "Card", "swift")
    keys = re.findall(r"^        case (\w+)(?: = \"([^\"]+)\")?$", card.split("enum CodingKeys", 1)[1], re.M)
    assert {k for k, _ in keys} >= {"fallbackText", "a11yLabel", "blocks"}
    assert all(wire in ("", name) for name, wire in keys), "a renamed property must keep its wire name"
    for model, member in (("RunStartedEvent", "timestamp"), ("FileBlock", "size"), ("UsageMeter", "used")):
        assert re.search(rf"public var {member}: Int64\??$", _model(root, model, "swift"), re.M), model
    assert list(root.rglob("Models/TalkieErrorResponse.swift"))
    assert not list(root.rglob("Models/ModelErrorResponse.swift"))
    renamed = re.findall(
        r"(\w+) \(reserved word\) cannot be used as model name", (root / "generator.log").read_text()
    )
    # What remains: `Type`, the nested enum of each `type` tag (Swift reserves `.Type`), becomes `ModelType`;
    # its cases keep the wire values.
    assert set(renamed) <= {"Type", "ErrorResponse"}, set(renamed)


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
    for producer_name in UNIONS:
        union = CONSUMER_UNIONS[producer_name]
        prop, members = union_members[producer_name]
        source = _model(root, union, "kt")
        assert f"@Serializable(with = {union}Serializer::class)\nsealed interface {union} {{" in source, union
        assert f'val discriminatorValue = element["{prop}"]?.jsonPrimitive?.content' in source, union
        branches = re.findall(_KOTLINX_BRANCH, source, re.M)
        assert dict(branches) == members, union
        assert len(branches) == len(members), union
    for tolerant in ("CardBlock", "RunFinishedOutcome"):
        tries = re.findall(r"decodeFromJsonElement<(\w+)>\(jsonElement\)", _model(root, tolerant, "kt"))
        assert tries == [f"Known{tolerant}", f"Unknown{tolerant}"], "the known union must be tried first"
    card = _model(root, "Card", "kt")
    assert re.search(
        r'@SerialName\(value = "blocks"\)\s+val blocks: kotlin\.collections\.List<CardBlock>', card
    )
    stream = _model(root, "StreamEvent", "kt")
    tries = re.findall(r"decodeFromJsonElement<(\w+)>\(jsonElement\)", stream)
    assert tries == ["Event", "UnknownCustomEvent", "UnknownEvent"], "known first, then the specific unknown"


def test_kotlin_documented_output_needs_no_fix_up(generated: dict[str, Path]) -> None:
    """Upstream issue #22049 (`HashMap<…>()()` for `additionalProperties: true`) does not arise from the
    consumer view, which leaves the keyword out of objects that declare members; the producer view still
    triggers it, so the default output shows the bug is upstream and not gone."""
    assert [p.name for p in generated["kotlin-documented"].rglob("*.kt") if "()()" in p.read_text()] == []
    assert [p for p in generated["kotlin"].rglob("*.kt") if "HashMap<String, kotlin.Any>" in p.read_text()]
    timestamps = re.findall(
        r"val timestamp: (\S+)", _model(generated["kotlin-documented"], "RunStartedEvent", "kt")
    )
    assert timestamps == ["kotlin.Long?"]


def test_every_page_quotes_the_tested_kotlin_flag() -> None:
    """The guide and notes N-55 repeat the README's flag for readers (inline or in a command block); they must
    say the same thing."""
    pages = [ROOT / "docs" / "guides" / "build-a-client.md", ROOT / "spec" / "notes.md"]
    for page in pages:
        text = page.read_text()
        quoted = re.findall(r"(--additional-properties=\S*generateOneOfAnyOfWrappers\S*?)(?:`|\s)", text)
        assert quoted == [o for o in KOTLIN_OPTIONS if o.startswith("--additional-properties=")], page


def _enum_body(source: str, name: str) -> str:
    start = source.index(f"enum class {name}(")
    return source[start : source.index("}", start)]
