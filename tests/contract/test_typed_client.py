"""The client typed from the specification (typed_client.py) decodes
the specification's own examples, and every example of our schemas.

The second half is the point: where the schemas let a server send something a
client typed from the specification cannot decode, an example here fails.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typed_client import IGNORED, TypedDecodeError, decode, decode_event

ROOT = Path(__file__).resolve().parents[2]
SPEC = (ROOT / "spec" / "specification" / "talkie-1.txt").read_text(encoding="utf-8")
SCHEMAS = ROOT / "schemas"

# Schema file -> the endpoint key whose response body it describes.
RESPONSES = {
    "manifest.json": "manifest",
    "error-response.json": "error",
    "status.json": "status",
    "ok-response.json": "cancelRun",
    "thread-list.json": "threads",
    "thread-detail.json": "thread",
    "action.json": "action",
    "decision-response.json": "decision",
    "voice-session.json": "voiceSessions",
    "voice-tool-response.json": "voiceTool",
    "voice-usage-response.json": "voiceUsage",
}
EVENT_SCHEMAS = (
    "event.json",
    "stream-event.json",
    "card-event.json",
    "action-event.json",
    "usage-event.json",
)


def _spec_json_blocks() -> list[Any]:
    """Every ```json block of the specification that is
    plain JSON (the §9 and §10.2 shapes are pseudo-JSON)."""
    blocks = []
    for text in re.findall(r"```json\n(.*?)```", SPEC, flags=re.DOTALL):
        try:
            blocks.append(json.loads(text))
        except ValueError:
            continue
    return blocks


def _spec_example(has: str) -> Any:
    (found,) = [block for block in _spec_json_blocks() if has in block]
    return copy.deepcopy(found)


def test_the_spec_has_the_json_examples_we_decode() -> None:
    keys = [sorted(block)[:3] for block in _spec_json_blocks()]
    assert len(keys) == 6, keys  # manifest, status, run input, card event, action event, voice session


def test_the_specs_manifest_status_and_voice_session_decode() -> None:
    manifest = decode("manifest", _spec_example("serverId"))
    assert manifest["limits"]["maxMessageChars"] == 4000
    status = decode("status", _spec_example("usage"))
    assert [line["limit"] for line in status["usage"]] == [400000, 60]
    session = decode("voiceSessions", _spec_example("voiceSessionId"))
    assert session["consent"]["refuse"] == ["ne", "zruš"]


def _custom(name: str) -> dict[str, Any]:
    (found,) = [block for block in _spec_json_blocks() if block.get("name") == name]
    return copy.deepcopy(found)


def test_the_specs_card_and_action_events_decode() -> None:
    card = decode_event(_custom("talkie.card"))["value"]
    assert card["fallbackText"].startswith("Alfa s.r.o.")
    assert [block["type"] for block in card["blocks"]] == ["badge", "fields", "list", "file"]
    action = decode_event(_custom("talkie.action"))["value"]
    assert action["confirm"]["voice"] == {"keyword": "odeslat"}


def test_the_specs_pseudo_shapes_decode_when_written_out() -> None:
    """§9, §10.2 and §10.3 give shapes, not JSON; these are those shapes with our own data."""
    stamp = "2026-10-22T10:00:00Z"
    thread = {"id": "t_9", "title": "Schůzky", "channel": "chat", "createdAt": stamp, "updatedAt": stamp}
    messages = [
        {"id": "m_1", "role": "user", "content": "Co mám dnes?", "createdAt": stamp, "cards": []},
        {
            "id": "m_2",
            "role": "assistant",
            "content": "Dvě schůzky.",
            "createdAt": stamp,
            "cards": [_custom("talkie.card")["value"]],
            "channel": "chat",
        },
    ]
    actions = [_custom("talkie.action")["value"]]
    assert decode("threads", {"threads": [thread]})["threads"][0]["channel"] == "chat"
    detail = decode("thread", {"thread": thread, "messages": messages, "actions": actions})
    assert [len(m["cards"]) for m in detail["messages"]] == [0, 1]
    assert decode("voiceTool", {"ok": True, "output": "Nalezeno.", "events": []})["output"] == "Nalezeno."
    assert decode("voiceUsage", {"ok": True, "remainingSeconds": 775})["remainingSeconds"] == 775
    assert decode("cancelRun", {"ok": True}) == {"ok": True}


def _schema_examples(name: str) -> list[Any]:
    return list(json.loads((SCHEMAS / name).read_text(encoding="utf-8")).get("examples", []))


@pytest.mark.parametrize(("schema", "endpoint"), RESPONSES.items())
def test_every_schema_example_of_a_response_decodes(schema: str, endpoint: str) -> None:
    examples = _schema_examples(schema)
    assert examples, schema
    for example in examples:
        decode(endpoint, example)


def test_every_event_example_decodes() -> None:
    events = [event for name in EVENT_SCHEMAS for event in _schema_examples(name)]
    for path in sorted((SCHEMAS / "examples").glob("stream-*.json")):
        events += json.loads(path.read_text(encoding="utf-8"))
    assert len(events) > 20
    for event in events:
        decode_event(event)


def test_the_decision_example_file_decodes() -> None:
    body = json.loads((SCHEMAS / "examples" / "decision-response-confirm.json").read_text(encoding="utf-8"))
    assert decode("decision", body)["action"]["status"] in {"running", "done"}


@pytest.mark.parametrize(
    ("endpoint", "change", "path"),
    [
        ("status", lambda b: b["usage"][0].update(limit=400000.0), "$.usage[0].limit"),
        ("status", lambda b: b["usage"][0].pop("unit"), "$.usage[0].unit"),
        ("status", lambda b: b.update(chat="yes"), "$.chat"),
        ("manifest", lambda b: b.update(spec="talkie/2"), "$.spec"),
        ("manifest", lambda b: b["limits"].update(maxMessageChars=4000.5), "$.limits.maxMessageChars"),
        ("voiceSessions", lambda b: b.pop("warnSeconds"), "$.warnSeconds"),
        ("voiceSessions", lambda b: b.update(expiresAt="22. 10. 2026 10:01"), "$.expiresAt"),
    ],
)
def test_what_a_spec_typed_client_cannot_decode(endpoint: str, change: Any, path: str) -> None:
    body = _spec_example(
        {"status": "usage", "manifest": "serverId", "voiceSessions": "voiceSessionId"}[endpoint]
    )
    change(body)
    with pytest.raises(TypedDecodeError) as info:
        decode(endpoint, body)
    assert info.value.path == path


def test_a_thread_message_without_cards_breaks_a_spec_typed_client() -> None:
    message = {"id": "m_1", "role": "user", "content": "Ahoj", "createdAt": "2026-10-22T10:00:00Z"}
    thread = {"id": "t", "title": "x", "channel": "chat", "createdAt": "2026-10-22T10:00:00Z",
              "updatedAt": "2026-10-22T10:00:00Z"}  # fmt: skip
    with pytest.raises(TypedDecodeError, match=r"\$\.messages\[0\]\.cards"):
        decode("thread", {"thread": thread, "messages": [message], "actions": []})


@pytest.mark.parametrize(
    "stamp", ["2026-10-22T10:00:00Z", "2026-10-22T10:00:00.515Z", "2026-10-22T12:00:00+02:00"]
)
def test_whole_and_fractional_second_timestamps_are_accepted(stamp: str) -> None:
    body = _spec_example("voiceSessionId")
    body["expiresAt"] = stamp
    assert decode("voiceSessions", body)["expiresAt"] == stamp


def test_unknown_members_are_ignored_and_minor_versions_accepted() -> None:
    body = _spec_example("serverId")
    body.update(spec="talkie/1.3", futureFeature={"x": 1})
    body["brand"]["font"] = "Inter"
    decoded = decode("manifest", body)
    assert decoded["spec"] == "talkie/1.3"
    assert "futureFeature" not in decoded
    assert "font" not in decoded["brand"]
    assert decode("manifest", json.dumps(body).encode())["serverId"] == "crm.example.com"


def test_unknown_events_are_skipped_and_unknown_blocks_kept_opaque() -> None:
    assert decode_event({"type": "STATE_DELTA", "delta": []}) is IGNORED
    assert decode_event({"type": "CUSTOM", "name": "acme.ping", "value": 1}) is IGNORED
    card_event = _custom("talkie.card")
    card_event["value"]["blocks"].append({"type": "chart", "points": [1, 2]})
    value = decode_event(card_event)["value"]
    assert value["blocks"][-1] == {"type": "chart", "unknownBlock": True}
    assert value["fallbackText"]


def test_get_action_is_accepted_bare_or_wrapped() -> None:
    action = _custom("talkie.action")["value"]
    assert decode("action", action) == decode("action", {"action": action})


def test_a_broken_known_event_is_an_error() -> None:
    with pytest.raises(TypedDecodeError, match="retryable"):
        decode_event({"type": "RUN_ERROR", "message": "x", "code": "internal", "metadata": {}})
    with pytest.raises(KeyError, match="voiceTools"):
        decode("voiceTools", {})
