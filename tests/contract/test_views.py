"""The views of the contract (notes N-86, N-101) and its 64-bit integers (notes N-87).

What must hold: the consumer view is the producer view made tolerant and nothing else (every producer
example stays valid, the tolerant unions and open sets are the ones the notes list); the text view asks for no
more than the producer view and for exactly what the specification's text requires; every integer that can
pass 2^31 by its meaning says `format: int64`, and the examples use values past 2^31.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from codegen import views

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "schemas"
GENERATED = ROOT / "spec" / "generated"
CONSUMER = GENERATED / "consumer"
TEXT = GENERATED / "text"

# Integers by what they count (notes N-87). 64-bit: milliseconds since the epoch, bytes, usage counters
# and tokens, and a count of records a backend holds; these pass 2^31 in ordinary use. 32-bit: revisions,
# characters of one message and seconds of one voice session, which a conforming peer keeps far below it.
INT64 = {
    "timestamp",
    "size",
    "used",
    "limit",
    "more",
    "inputTokens",
    "outputTokens",
    "totalTokens",
    "reasoningTokens",
    "cachedInputTokens",
    "cacheWriteInputTokens",
}
INT32 = {"version", "maxMessageChars", "maxSeconds", "warnSeconds", "seconds", "remainingSeconds"}
TWO_31 = 2**31


def _integers(node: Any, where: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every integer property schema: (where, property name, schema)."""
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if isinstance(sub, dict) and sub.get("type") == "integer":
                yield where, name, sub
        for key, value in node.items():
            if key not in ("examples", "const", "enum", "default"):
                yield from _integers(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _integers(item, f"{where}/{index}")


def _all_integers() -> list[tuple[str, str, dict[str, Any]]]:
    return [
        found
        for path in sorted(SCHEMAS.glob("*.json"))
        for found in _integers(json.loads(path.read_text(encoding="utf-8")), path.name)
    ]


def test_every_integer_that_can_pass_2_31_is_int64() -> None:
    found = _all_integers()
    assert len(found) > 25
    missing = [(w, n) for w, n, s in found if n in INT64 and s.get("format") != "int64"]
    assert missing == []
    unclassified = [(w, n) for w, n, _ in found if n not in INT64 | INT32]
    assert unclassified == [], "decide by its meaning whether it can pass 2^31 and list it in INT64 or INT32"
    wrongly_wide = [(w, n) for w, n, s in found if n in INT32 and "format" in s]
    assert wrongly_wide == []


def _scalars(node: Any, key: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _scalars(v, k)
    elif isinstance(node, list):
        for item in node:
            yield from _scalars(item, key)
    else:
        yield key, node


def test_examples_use_64_bit_values_for_every_kind_of_int64_member() -> None:
    seen: set[str] = set()
    files = [*SCHEMAS.glob("*.json"), *SCHEMAS.glob("examples/*.json")]
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        examples = data.get("examples", []) if path.parent == SCHEMAS else data
        for key, value in _scalars(examples):
            if key in INT64 and isinstance(value, int) and value >= TWO_31:
                seen.add(key)
    assert {"timestamp", "size", "used", "limit", "inputTokens", "totalTokens"} <= seen


def _validator(bundle: Any, title: str) -> jsonschema.Draft202012Validator:
    registry: Registry[Any] = Registry().with_resource(
        bundle["$id"], Resource.from_contents(bundle, default_specification=DRAFT202012)
    )
    return jsonschema.Draft202012Validator({"$ref": f"{bundle['$id']}#/$defs/{title}"}, registry=registry)


def test_consumer_view_accepts_everything_the_producer_view_does() -> None:
    producer = json.loads((GENERATED / "schemas.bundled.json").read_text(encoding="utf-8"))
    consumer = json.loads((CONSUMER / "schemas.consumer.bundled.json").read_text(encoding="utf-8"))
    assert set(producer["$defs"]) < set(consumer["$defs"])
    checked = 0
    for title, schema in producer["$defs"].items():
        accepts = _validator(consumer, title)
        for example in schema.get("examples", []):
            assert accepts.is_valid(example), (title, example)
            checked += 1
    assert checked > 100


def test_consumer_view_is_tolerant_exactly_where_the_notes_say() -> None:
    consumer = json.loads((CONSUMER / "schemas.consumer.bundled.json").read_text(encoding="utf-8"))
    text = json.dumps(consumer)
    assert '"additionalProperties": false' not in text
    added = sorted(t for t in consumer["$defs"] if t.startswith("Unknown"))
    assert added == ["UnknownCardBlock", "UnknownCustomEvent", "UnknownEvent", "UnknownRunFinishedOutcome"]
    for title in views.OPEN_SETS:
        assert "enum" not in consumer["$defs"][title], title
        assert consumer["$defs"][title]["type"] == "string"
    accepts = _validator(consumer, "CardBlock")
    assert accepts.is_valid({"type": "chart", "series": []})
    assert not accepts.is_valid({"type": "badge"}), "a known tag is still held to its member's schema"


def test_producer_view_stays_closed() -> None:
    producer = json.loads((GENERATED / "schemas.bundled.json").read_text(encoding="utf-8"))
    closed = _validator(producer, "Card")
    card = producer["$defs"]["Card"]["examples"][0]
    assert closed.is_valid(card)
    assert not closed.is_valid({**card, "futureMember": 1})
    assert not closed.is_valid({**card, "blocks": [{"type": "chart"}]})
    assert not _validator(producer, "BadgeBlock").is_valid({"type": "badge", "text": "x", "tone": "info"})


def test_consumer_schema_folder_holds_only_schemas() -> None:
    """`datamodel-codegen --input <folder>` reads every file of a folder: nothing but schemas there."""
    folder = CONSUMER / "schemas"
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in SCHEMAS.glob("*.json"))
    for path in folder.iterdir():
        schema = json.loads(path.read_text(encoding="utf-8"))
        assert schema["$id"] == views.CONSUMER_ID_BASE + path.name


def test_both_views_refuse_a_wrong_type_and_a_missing_required_member() -> None:
    """Tolerance is for what a receiver must ignore, not for broken known values (notes N-86)."""
    for path in (GENERATED / "schemas.bundled.json", CONSUMER / "schemas.consumer.bundled.json"):
        bundle = json.loads(path.read_text(encoding="utf-8"))
        stream = _validator(bundle, "StreamEvent")
        started = {"type": "RUN_STARTED", "threadId": "thr_1", "runId": "run_1", "timestamp": 1924992000000}
        assert stream.is_valid(started), path.name
        assert not stream.is_valid({**started, "timestamp": "1924992000000"}), path.name
        assert not stream.is_valid({k: v for k, v in started.items() if k != "runId"}), path.name
        card = bundle["$defs"]["Card"]["examples"][0]
        assert not _validator(bundle, "Card").is_valid({k: v for k, v in card.items() if k != "fallbackText"})


def _text_bundle() -> Any:
    return json.loads((TEXT / "schemas.text.bundled.json").read_text(encoding="utf-8"))


def test_text_view_accepts_everything_the_producer_view_does() -> None:
    producer = json.loads((GENERATED / "schemas.bundled.json").read_text(encoding="utf-8"))
    text = _text_bundle()
    assert set(producer["$defs"]) == set(text["$defs"])
    checked = 0
    for title, schema in producer["$defs"].items():
        accepts = _validator(text, title)
        for example in schema.get("examples", []):
            assert accepts.is_valid(example), (title, example)
            checked += 1
    assert checked > 100


def test_text_view_requires_only_what_the_text_names_and_never_more_than_the_producer() -> None:
    producer = views.producer_files()
    for (name, tokens), (members, where) in views.TEXT_REQUIRED.items():
        node: Any = producer[name]
        for token in tokens:
            node = node[token]
        assert set(members) <= set(node.get("required", [])), (name, tokens)
        assert "line" in where, f"{name} {tokens}: say on which line the text requires it"


def test_text_view_is_looser_exactly_where_the_text_is_silent() -> None:
    text, producer = (
        _text_bundle(),
        json.loads((GENERATED / "schemas.bundled.json").read_text(encoding="utf-8")),
    )
    bare_card = {"fallbackText": "Alfa s.r.o.", "blocks": [{"type": "badge", "text": "Aktivní"}]}
    audited = {"id": "a_1", "status": "done", "paramsHash": "sha256:1", "decidedAt": "2026-10-22T10:01:00Z"}
    lean = {
        "spec": "talkie/1",
        "issuer": "https://crm.example.com",
        "serverId": "crm.example.com",
        "auth": {"oauth": {"issuer": "https://crm.example.com/oauth"}},
        "endpoints": {"run": "/api/talkie/run"},
    }
    local = {
        **lean,
        "endpoints": {"run": "http://localhost:8600/api/talkie/run"},
    }  # MAN-010's, not the shape's
    cases = (("Card", bare_card), ("Action", audited), ("Manifest", lean), ("Manifest", local))
    for title, instance in cases:
        assert _validator(text, title).is_valid(instance), title
        assert not _validator(producer, title).is_valid(instance), title  # N-26, N-18, N-19: advice only
    refused: list[tuple[str, dict[str, Any]]] = [
        ("Card", {"blocks": []}),  # §6 line 199: fallbackText is REQUIRED
        ("Card", {"fallbackText": "x", "blocks": [{"type": "badge"}]}),  # line 197: badge {text,…}
        ("Card", {"fallbackText": "x", "blocks": [{"type": "badge", "text": "x", "tone": "loud"}]}),
        ("Card", {"fallbackText": "x", "blocks": [{"type": "video", "url": "/v"}]}),  # the seven types
        ("Manifest", {**lean, "serverId": 7}),  # a type the text shows
        ("Manifest", {**lean, "auth": {"token": {}}}),  # line 73: auth MUST offer oauth
        ("ThreadSummary", {"id": "t", "title": "x", "channel": "chat", "createdAt": "2026-10-22T10:00:00Z"}),
        ("Action", {"id": "a_1", "status": "pending"}),  # a decision carries the paramsHash (line 227)
    ]
    for title, instance in refused:
        assert not _validator(text, title).is_valid(instance), (title, instance)


def test_text_view_keeps_agui_events_required_members_and_opens_them() -> None:
    text = _text_bundle()
    started = _validator(text, "RunStartedEvent")
    assert started.is_valid({"type": "RUN_STARTED", "threadId": "t", "runId": "r", "x-trace": 1})
    assert not started.is_valid({"type": "RUN_STARTED", "threadId": "t"})
