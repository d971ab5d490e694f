"""AG-UI 1.0 compatibility of the event schemas and of the run-stream examples.

Talkie rides on AG-UI, so every event it defines must be a valid AG-UI 1.0 event as the official Python models
read it, and the models must give back exactly what we sent (no field silently dropped or renamed). The stream
examples must also follow the run lifecycle a client relies on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ag_ui._generated import models as agui
from ag_ui.core import Event as AguiEvent
from ag_ui.core import RunAgentInput as AguiRunAgentInput
from jsonschema import Draft202012Validator
from pydantic import BaseModel, TypeAdapter
from referencing import Registry

SCHEMA_DIR = Path(__file__).resolve().parents[2] / "schemas"
EXAMPLE_DIR = SCHEMA_DIR / "examples"
BASE_ID = "https://talkie-protocol.org/schemas/1/"

# Each closed event schema and the official model it mirrors.
EVENT_MODELS: dict[str, type[BaseModel]] = {
    "run-started-event.json": agui.RunStartedEvent,
    "run-finished-event.json": agui.RunFinishedEvent,
    "run-error-event.json": agui.RunErrorEvent,
    "text-message-start-event.json": agui.TextMessageStartEvent,
    "text-message-content-event.json": agui.TextMessageContentEvent,
    "text-message-end-event.json": agui.TextMessageEndEvent,
    "tool-call-start-event.json": agui.ToolCallStartEvent,
    "tool-call-end-event.json": agui.ToolCallEndEvent,
    "tool-call-result-event.json": agui.ToolCallResultEvent,
    "custom-event.json": agui.CustomEvent,
    "card-event.json": agui.CustomEvent,
    "action-event.json": agui.CustomEvent,
    "open-event.json": agui.CustomEvent,
    "usage-event.json": agui.CustomEvent,
}
UNION_FILES = ("talkie-custom-event.json", "event.json", "stream-event.json")
TERMINAL = frozenset({"RUN_FINISHED", "RUN_ERROR"})

EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(AguiEvent)


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _stream_files() -> list[Path]:
    return sorted(EXAMPLE_DIR.glob("stream-*.json"))


def _event_examples() -> Iterator[tuple[str, Any]]:
    """Every event we publish as an example: schema `examples`, stream files and decision answers."""
    for name in (*EVENT_MODELS, *UNION_FILES):
        for index, example in enumerate(_load(SCHEMA_DIR / name)["examples"]):
            yield f"{name}#{index}", example
    for path in _stream_files():
        for index, example in enumerate(_load(path)):
            yield f"examples/{path.name}#{index}", example
    for index, answer in enumerate(_load(SCHEMA_DIR / "decision-response.json")["examples"]):
        for position, example in enumerate(answer["events"]):
            yield f"decision-response.json#{index}.events.{position}", example
    for path in sorted(EXAMPLE_DIR.glob("decision-response*.json")):
        for position, example in enumerate(_load(path)["events"]):
            yield f"examples/{path.name}.events.{position}", example


EVENT_EXAMPLES = dict(_event_examples())
STREAMS = {path.name: _load(path) for path in _stream_files()}


def _validator(registry: Registry[Any], file_name: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": BASE_ID + file_name}, registry=registry)


def _wire_names(model: type[BaseModel]) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items()}


# ---------------------------------------------------------------- field names against the official models


@pytest.mark.parametrize("file_name", sorted(EVENT_MODELS))
def test_event_schema_fields_equal_agui_fields(file_name: str) -> None:
    """A closed event schema lists exactly AG-UI's fields (no invented key, none of AG-UI's rejected)."""
    schema = _load(SCHEMA_DIR / file_name)
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == _wire_names(EVENT_MODELS[file_name])
    required_by_agui = {
        field.alias or name
        for name, field in EVENT_MODELS[file_name].model_fields.items()
        if field.is_required()
    }
    assert required_by_agui <= set(schema["required"])


def test_run_agent_input_fields_equal_agui_fields() -> None:
    """The run body names every RunAgentInput field the way AG-UI 1.0 spells it."""
    schema = _load(SCHEMA_DIR / "run-agent-input.json")
    assert set(schema["properties"]) == _wire_names(AguiRunAgentInput)
    assert schema["additionalProperties"] is True


# ---------------------------------------------------------------- parse + lossless round trip


@pytest.mark.parametrize("label", sorted(EVENT_EXAMPLES))
def test_example_event_round_trips_through_agui(label: str) -> None:
    """The official models accept the event and serialise it back unchanged.

    The dump uses the models' own omission of unset optional fields rather than `exclude_none`, which would
    also strip a CUSTOM event's required `value` when it is null.
    """
    event = EVENT_EXAMPLES[label]
    parsed = EVENT_ADAPTER.validate_python(event)
    assert parsed.type.value == event["type"]
    assert EVENT_ADAPTER.dump_python(parsed, mode="json", by_alias=True) == event


@pytest.mark.parametrize("index", range(len(_load(SCHEMA_DIR / "run-agent-input.json")["examples"])))
def test_run_agent_input_example_round_trips_through_agui(index: int) -> None:
    """A run body we document is one an AG-UI 1.0 server reads without loss."""
    body = _load(SCHEMA_DIR / "run-agent-input.json")["examples"][index]
    parsed = AguiRunAgentInput.model_validate(body)
    assert parsed.model_dump(mode="json", by_alias=True) == body


# ---------------------------------------------------------------- stream examples against the schemas


@pytest.mark.parametrize("stream_name", sorted(STREAMS))
def test_stream_example_events_validate(registry: Registry[Any], stream_name: str) -> None:
    """Each event of a stream example is a strict Talkie `Event` and hence also a `StreamEvent`."""
    for schema_name in ("event.json", "stream-event.json"):
        validator = _validator(registry, schema_name)
        for position, event in enumerate(STREAMS[stream_name]):
            errors = [error.message for error in validator.iter_errors(event)]
            assert errors == [], f"{stream_name}[{position}] against {schema_name}"


@pytest.mark.parametrize("path", sorted(EXAMPLE_DIR.glob("decision-response*.json")), ids=lambda p: p.name)
def test_decision_response_example_validates(registry: Registry[Any], path: Path) -> None:
    """The long decision-answer example is a valid DecisionResponse."""
    errors = [
        error.message for error in _validator(registry, "decision-response.json").iter_errors(_load(path))
    ]
    assert errors == []


def test_stream_event_tolerates_unknown_but_checks_known(registry: Registry[Any]) -> None:
    """Unknown types and CUSTOM names pass; a broken known event or talkie.* payload does not."""
    validator = _validator(registry, "stream-event.json")
    assert validator.is_valid({"type": "STEP_STARTED", "stepName": "plan"})
    assert validator.is_valid({"type": "CUSTOM", "name": "crm.highlight", "value": None})
    assert not validator.is_valid({"type": "TEXT_MESSAGE_END"})
    assert not validator.is_valid({"type": "CUSTOM", "name": "talkie.open", "value": {"url": "/x"}})
    assert not validator.is_valid({"type": "CUSTOM", "value": 1})


# ---------------------------------------------------------------- lifecycle


def lifecycle_problems(events: list[dict[str, Any]]) -> list[str]:
    """What breaks the run lifecycle in a stream (empty when the stream is well formed)."""
    problems: list[str] = []
    if not events or events[0].get("type") != "RUN_STARTED":
        return ["stream does not open with RUN_STARTED"]
    started = events[0]
    terminals = [i for i, event in enumerate(events) if event.get("type") in TERMINAL]
    if terminals != [len(events) - 1]:
        problems.append(f"terminal events at {terminals}; exactly one, last, is required")
    open_text: str | None = None
    text_ids: set[str] = set()
    open_tools: set[str] = set()
    tool_ids: set[str] = set()
    for position, event in enumerate(events[1:], start=1):
        kind = event.get("type")
        where = f"[{position}] {kind}"
        if kind == "RUN_STARTED":
            problems.append(f"{where}: a second RUN_STARTED")
        elif kind == "RUN_FINISHED" and (event["threadId"], event["runId"]) != (
            started["threadId"],
            started["runId"],
        ):
            problems.append(f"{where}: closes another run than RUN_STARTED opened")
        elif kind == "TEXT_MESSAGE_START":
            if open_text is not None or event["messageId"] in text_ids:
                problems.append(f"{where}: starts while a message is open or reuses an id")
            open_text = event["messageId"]
            text_ids.add(event["messageId"])
        elif kind in ("TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"):
            if event["messageId"] != open_text:
                problems.append(f"{where}: message {event['messageId']} is not open")
            if kind == "TEXT_MESSAGE_END":
                open_text = None
        elif kind == "TOOL_CALL_START":
            if event["toolCallId"] in tool_ids:
                problems.append(f"{where}: tool call id reused")
            open_tools.add(event["toolCallId"])
            tool_ids.add(event["toolCallId"])
        elif kind == "TOOL_CALL_END":
            if event["toolCallId"] not in open_tools:
                problems.append(f"{where}: tool call {event['toolCallId']} is not open")
            open_tools.discard(event["toolCallId"])
        elif kind == "TOOL_CALL_RESULT" and event["toolCallId"] not in tool_ids:
            problems.append(f"{where}: result for a call that never started")
    if open_text is not None:
        problems.append(f"text message {open_text} never ends")
    if open_tools:
        problems.append(f"tool calls {sorted(open_tools)} never end")
    return problems


@pytest.mark.parametrize("stream_name", sorted(STREAMS))
def test_stream_example_follows_lifecycle(stream_name: str) -> None:
    """RUN_STARTED first, one terminal event last, text and tool calls opened and closed in order."""
    assert lifecycle_problems(STREAMS[stream_name]) == []


_S = {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}
_F = {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}
_E = {"type": "RUN_ERROR", "message": "x", "code": "internal", "metadata": {"retryable": False}}


def _text(kind: str, message_id: str = "m") -> dict[str, Any]:
    event: dict[str, Any] = {"type": f"TEXT_MESSAGE_{kind}", "messageId": message_id}
    if kind == "CONTENT":
        event["delta"] = "a"
    return event


def _tool(kind: str, call_id: str = "c") -> dict[str, Any]:
    event: dict[str, Any] = {"type": f"TOOL_CALL_{kind}", "toolCallId": call_id}
    if kind == "START":
        event["toolCallName"] = "search"
    return event


BROKEN_STREAMS: dict[str, list[dict[str, Any]]] = {
    "no-run-started": [_text("START"), _text("END"), _F],
    "no-terminal": [_S, _text("START"), _text("END")],
    "two-terminals": [_S, _E, _F],
    "event-after-terminal": [_S, _F, _text("START"), _text("END")],
    "content-before-start": [_S, _text("CONTENT"), _F],
    "unclosed-text": [_S, _text("START"), _text("CONTENT"), _F],
    "overlapping-text": [
        _S,
        _text("START", "a"),
        _text("START", "b"),
        _text("END", "b"),
        _text("END", "a"),
        _F,
    ],
    "tool-end-without-start": [_S, _tool("END"), _F],
    "unclosed-tool": [_S, _tool("START"), _F],
    "finished-other-run": [_S, {**_F, "runId": "other"}],
}


@pytest.mark.parametrize("case", sorted(BROKEN_STREAMS))
def test_lifecycle_check_rejects_broken_streams(case: str) -> None:
    """The lifecycle check itself catches each kind of breakage (so the positive test can fail)."""
    assert lifecycle_problems(BROKEN_STREAMS[case]) != []


# ---------------------------------------------------------------- the §11 test messages are all covered


def _only(events: list[dict[str, Any]], kind: str, name: str | None = None) -> dict[str, Any]:
    found = [e for e in events if e["type"] == kind and (name is None or e.get("name") == name)]
    assert len(found) == 1, f"expected one {kind} {name or ''}"
    return found[0]


def test_stream_examples_cover_section_11() -> None:
    """One example per test-mode message, each showing what §11 asks of that message."""
    echo = STREAMS["stream-echo.json"]
    assert [e["type"] for e in echo].count("TEXT_MESSAGE_START") == 1

    card = STREAMS["stream-card.json"]
    assert _only(card, "TOOL_CALL_END")["metadata"]["ok"] is True
    card_value = _only(card, "CUSTOM", "talkie.card")["value"]
    assert any(block["type"] == "fields" for block in card_value["blocks"])
    assert any(e["type"] == "TEXT_MESSAGE_CONTENT" for e in card)

    action = _only(STREAMS["stream-action.json"], "CUSTOM", "talkie.action")["value"]
    assert (action["status"], action["riskLevel"]) == ("pending", "low")
    assert action["confirm"]["methods"] == ["button", "voice"]

    error = STREAMS["stream-error.json"][-1]
    assert (error["type"], error["code"], error["metadata"]["retryable"]) == (
        "RUN_ERROR",
        "upstream_unavailable",
        True,
    )

    slow = STREAMS["stream-slow-cancelled.json"]
    assert [e["type"] for e in slow].count("TEXT_MESSAGE_CONTENT") >= 2
    assert slow[-1]["outcome"] == {"type": "cancelled"}
