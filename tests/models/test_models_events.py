"""parse_event follows the receiver rule: unknown types and names are tolerated, broken known events raise."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
import talkie_models
from ag_ui.core import Event as AgUiEvent
from models_support import documents, example_files
from pydantic import TypeAdapter
from talkie_models import EventParseError, UnknownEvent, parse_event

AG_UI: TypeAdapter[Any] = TypeAdapter(AgUiEvent)


def _talkie_events() -> list[dict[str, Any]]:
    events = list(documents()["event.json"]["examples"])
    for name, content in example_files().items():
        if name.startswith("stream-"):
            events += content
    for title in ("CardEvent", "ActionEvent", "OpenEvent", "UsageEvent"):
        events += next(d for d in documents().values() if d["title"] == title)["examples"]
    return events


def _card_event() -> dict[str, Any]:
    return copy.deepcopy(next(e for e in _talkie_events() if e.get("name") == "talkie.card"))


@pytest.mark.parametrize("form", ["dict", "str", "bytes"])
def test_known_events_parse_into_their_class(form: str) -> None:
    for raw in _talkie_events():
        data: Any = raw if form == "dict" else json.dumps(raw) if form == "str" else json.dumps(raw).encode()
        event = parse_event(data)
        assert not isinstance(event, UnknownEvent)
        assert event.type == raw["type"]
        assert type(event).__name__ in talkie_models.__all__
        assert event.model_dump() == raw


def test_custom_names_dispatch_to_their_class() -> None:
    event = parse_event(_card_event())
    assert isinstance(event, talkie_models.CardEvent)
    assert isinstance(event.value, talkie_models.Card)


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "STATE_SNAPSHOT", "snapshot": {"step": 2}},
        {"type": "TOOL_CALL_ARGS", "toolCallId": "call_1", "delta": "{"},
        {"type": "future_type", "anything": [1, None]},
        {"type": "CUSTOM", "name": "acme.progress", "value": {"percent": 40}},
        {"type": "CUSTOM", "name": "talkie.future", "value": None, "extra": True},
        {"type": "CUSTOM", "name": "acme.no_value"},
    ],
)
def test_unknown_types_and_custom_names_are_tolerated(raw: dict[str, Any]) -> None:
    for data in (raw, json.dumps(raw), json.dumps(raw).encode()):
        event = parse_event(data)
        assert isinstance(event, UnknownEvent)
        assert event.type == raw["type"]
        assert event.raw == raw
        assert event.model_dump() == raw
        assert event.event_name == raw.get("name")


def test_stream_event_examples_that_are_unknown_are_tolerated() -> None:
    for raw in documents()["stream-event.json"]["examples"]:
        event = parse_event(raw)
        assert event.model_dump() == raw


@pytest.mark.parametrize(
    ("raw", "path"),
    [
        ({"type": "RUN_STARTED", "threadId": "thr_1"}, "$.runId"),
        ({"type": "RUN_STARTED", "threadId": 7, "runId": "r"}, "$.threadId"),
        ({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1"}, "$.delta"),
        ({"type": "TEXT_MESSAGE_END"}, "$.messageId"),
        ({"type": "RUN_ERROR", "message": "x", "code": "internal", "metadata": {}}, "$.metadata.retryable"),
        ({"type": "CUSTOM", "name": "talkie.open", "value": {"label": "Faktura"}}, "$.value.url"),
    ],
)
def test_broken_known_events_raise_naming_the_field(raw: dict[str, Any], path: str) -> None:
    for data in (raw, json.dumps(raw)):
        with pytest.raises(EventParseError) as info:
            parse_event(data)
        assert any(line.startswith(f"{path}:") for line in info.value.errors), info.value.errors
        assert path in str(info.value)
        assert info.value.event_type == raw["type"]


def test_nested_union_paths_drop_the_union_tags() -> None:
    raw = _card_event()
    badge = next(i for i, b in enumerate(raw["value"]["blocks"]) if b["type"] == "badge")
    raw["value"]["blocks"][badge]["tone"] = "danger"
    with pytest.raises(EventParseError) as info:
        parse_event(json.dumps(raw))
    assert info.value.errors[0].startswith(f"$.value.blocks[{badge}].tone: ")


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"not json", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ({"threadId": "t"}, "$.type"),
        ({"type": 5}, "$.type"),
        ({"type": "CUSTOM", "value": 1}, "$.name"),
    ],
)
def test_input_that_is_no_event_at_all_raises(data: Any, fragment: str) -> None:
    with pytest.raises(EventParseError, match=fragment.replace("$", r"\$").replace(".", r"\.")):
        parse_event(data)


def test_decision_response_events_reject_broken_known_events() -> None:
    raw = copy.deepcopy(example_files()["decision-response-confirm.json"])
    assert talkie_models.DecisionResponse.model_validate(raw).model_dump() == raw
    broken = {"type": "CUSTOM", "name": "talkie.open", "value": {"label": "no url"}}
    raw["events"].append(broken)
    with pytest.raises(ValueError, match="events"):
        talkie_models.DecisionResponse.model_validate(raw)
    raw["events"][-1] = {"type": "CUSTOM", "name": "acme.ping", "value": 1}
    parsed = talkie_models.DecisionResponse.model_validate(raw)
    assert parsed.model_dump() == raw


def test_every_talkie_event_parses_with_the_official_ag_ui_models() -> None:
    for raw in _talkie_events():
        ours = parse_event(raw).model_dump()
        theirs = AG_UI.validate_python(ours)
        assert theirs.type.value == raw["type"]
        assert AG_UI.dump_python(theirs, mode="json", by_alias=True) == ours
