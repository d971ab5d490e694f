"""The two parsing profiles of notes N-30: tolerant (what a client accepts), strict (what a server sends)."""

from __future__ import annotations

import asyncio
import copy
import json
import warnings
from collections.abc import AsyncIterator
from typing import Any

import pytest
from models_support import ROOT, example_file_type, example_files
from pydantic import ValidationError
from talkie_models import (
    PROFILES,
    CardEvent,
    DecisionResponse,
    EventParseError,
    RunAgentInput,
    RunFinishedEvent,
    RunStartedEvent,
    Status,
    TextBlock,
    TextMessageContentEvent,
    ThreadDetail,
    UnknownBlock,
    UnknownCustomEvent,
    UnknownEvent,
    UnknownOutcome,
    parse_event,
    parse_model,
)
from talkie_models.sse import aiter_events, encode_event, iter_events


def _card_event(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "CUSTOM",
        "name": "talkie.card",
        "value": {
            "id": "card_7",
            "version": 1,
            "title": "Horizont Logistika s.r.o.",
            "subtitle": "Odběratel · Brno",
            "url": "/?record=hl-7",
            "blocks": list(blocks) or [{"type": "text", "text": "Aktivní odběratel"}],
            "fallbackText": "Horizont Logistika s.r.o. - aktivní odběratel v Brně",
            "a11yLabel": "Karta odběratele Horizont Logistika s.r.o.",
        },
    }


FUTURE_BLOCK = {"type": "chart", "series": [3, 5, 8], "caption": "Obrat"}

# AG-UI-legal input a client must accept, which the closed schemas refuse.
TOLERATED_ONLY = {
    "unknown top-level member": {"type": "RUN_STARTED", "threadId": "t1", "runId": "r1", "futureFlag": True},
    "unknown member of a block": _card_event({"type": "text", "text": "Ahoj", "style": "lead"}),
    "unknown member of the card": {**_card_event(), "value": {**_card_event()["value"], "theme": "dark"}},
    "unknown outcome": {
        "type": "RUN_FINISHED",
        "threadId": "t1",
        "runId": "r1",
        "outcome": {"type": "handoff"},
    },
    "unknown member of an outcome": {
        "type": "RUN_FINISHED",
        "threadId": "t1",
        "runId": "r1",
        "outcome": {"type": "cancelled", "reason": "user"},
    },
    "future block type": _card_event(FUTURE_BLOCK, {"type": "text", "text": "Aktivní"}),
}

# Input both profiles accept.
ACCEPTED_BY_BOTH = {
    "empty delta": {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m1", "delta": ""},
    "protocol version": {"type": "RUN_STARTED", "threadId": "t1", "runId": "r1", "protocolVersion": "1.0"},
    "unknown type": {"type": "STATE_SNAPSHOT", "snapshot": {"step": 2}},
    "unknown custom name": {"type": "CUSTOM", "name": "acme.progress", "value": {"pct": 40}},
    "lone chunk": {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "Ahoj"},
}

# Known events that are broken: an error in both profiles, never "unknown".
BROKEN = {
    "RUN_ERROR without retryable": (
        {"type": "RUN_ERROR", "message": "Model neodpovídá.", "code": "upstream_unavailable", "metadata": {}},
        "$.metadata.retryable",
    ),
    "TEXT_MESSAGE_END without messageId": ({"type": "TEXT_MESSAGE_END"}, "$.messageId"),
    "known block, bad tone": (
        _card_event({"type": "badge", "text": "Stav", "tone": "danger"}),
        "$.value.blocks[0].tone",
    ),
    "card without fallbackText": (
        {**_card_event(), "value": {k: v for k, v in _card_event()["value"].items() if k != "fallbackText"}},
        "$.value.fallbackText",
    ),
    "retryable not a boolean": (
        {"type": "RUN_ERROR", "message": "x", "code": "internal", "metadata": {"retryable": "perhaps"}},
        "$.metadata.retryable",
    ),
}


@pytest.mark.parametrize("raw", TOLERATED_ONLY.values(), ids=TOLERATED_ONLY.keys())
def test_tolerant_accepts_what_strict_rejects(raw: dict[str, Any]) -> None:
    for data in (raw, json.dumps(raw, ensure_ascii=False)):
        event = parse_event(data)
        assert not isinstance(event, UnknownEvent), "a known type must stay known"
        assert event.type == raw["type"]
        with pytest.raises(EventParseError):
            parse_event(data, profile="strict")


@pytest.mark.parametrize("raw", ACCEPTED_BY_BOTH.values(), ids=ACCEPTED_BY_BOTH.keys())
def test_both_profiles_accept(raw: dict[str, Any]) -> None:
    tolerant, strict = parse_event(raw), parse_event(json.dumps(raw), profile="strict")
    assert tolerant.model_dump() == strict.model_dump() == raw


@pytest.mark.parametrize(("raw", "path"), BROKEN.values(), ids=BROKEN.keys())
def test_both_profiles_reject_broken_known_events(raw: dict[str, Any], path: str) -> None:
    for profile in PROFILES:
        with pytest.raises(EventParseError) as info:
            parse_event(raw, profile=profile)
        assert any(line.startswith(f"{path}:") for line in info.value.errors), info.value.errors
        assert not any("tagged-union" in line or "function-after" in line for line in info.value.errors)


def test_a_card_with_a_future_block_still_yields_its_fallback_text() -> None:
    event = parse_event(TOLERATED_ONLY["future block type"])
    assert isinstance(event, CardEvent)
    first, second = event.value.blocks
    assert isinstance(first, UnknownBlock)
    assert first.type == "chart"
    assert first.raw == FUTURE_BLOCK
    assert isinstance(second, TextBlock)
    assert event.value.fallback_text == "Horizont Logistika s.r.o. - aktivní odběratel v Brně"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the opaque block is a union member: no serializer warning
        assert event.model_dump() == TOLERATED_ONLY["future block type"]


def test_unknown_members_are_dropped_and_unknown_outcomes_kept_opaque() -> None:
    started = parse_event(TOLERATED_ONLY["unknown top-level member"])
    assert isinstance(started, RunStartedEvent)
    assert started.model_dump() == {"type": "RUN_STARTED", "threadId": "t1", "runId": "r1"}
    finished = parse_event(TOLERATED_ONLY["unknown outcome"])
    assert isinstance(finished, RunFinishedEvent)
    assert isinstance(finished.outcome, UnknownOutcome)
    assert finished.outcome.raw == {"type": "handoff"}
    cancelled = parse_event(TOLERATED_ONLY["unknown member of an outcome"])
    assert isinstance(cancelled, RunFinishedEvent)
    assert cancelled.model_dump()["outcome"] == {"type": "cancelled"}


def test_an_opaque_value_never_hides_a_known_tag() -> None:
    with pytest.raises(EventParseError, match="outcome"):
        parse_event({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "outcome": {"type": "interrupt"}})
    with pytest.raises(ValueError, match="profile"):
        parse_event(ACCEPTED_BY_BOTH["empty delta"], profile="lenient")  # type: ignore[arg-type]


def _frames(*events: dict[str, Any]) -> list[bytes]:
    return [encode_event(event) for event in events]


RUN = (
    {"type": "RUN_STARTED", "threadId": "t1", "runId": "r1"},
    {"type": "RUN_FINISHED", "threadId": "t1", "runId": "r1"},
)


def test_text_chunks_expand_into_start_content_end() -> None:
    frames = _frames(
        RUN[0],
        {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "Dobrý "},
        {"type": "TEXT_MESSAGE_CHUNK", "delta": "den"},
        {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m2", "delta": "Druhá"},
        RUN[1],
    )
    events = list(iter_events(frames))
    assert [(e.type, getattr(e, "message_id", None)) for e in events] == [
        ("RUN_STARTED", None),
        ("TEXT_MESSAGE_START", "m1"),
        ("TEXT_MESSAGE_CONTENT", "m1"),
        ("TEXT_MESSAGE_CONTENT", "m1"),
        ("TEXT_MESSAGE_END", "m1"),
        ("TEXT_MESSAGE_START", "m2"),
        ("TEXT_MESSAGE_CONTENT", "m2"),
        ("TEXT_MESSAGE_END", "m2"),
        ("RUN_FINISHED", None),
    ]
    text = "".join(e.delta for e in events if isinstance(e, TextMessageContentEvent) and e.message_id == "m1")
    assert text == "Dobrý den"
    strict = list(iter_events(frames, profile="strict"))
    assert [e.type for e in strict] == ["RUN_STARTED", *["TEXT_MESSAGE_CHUNK"] * 3, "RUN_FINISHED"]
    assert all(isinstance(e, UnknownEvent) for e in strict[1:4])


def test_a_chunked_message_open_at_the_end_of_the_stream_is_closed() -> None:
    events = list(
        iter_events(_frames(RUN[0], {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m9", "delta": "x"}))
    )
    assert [e.type for e in events][-1] == "TEXT_MESSAGE_END"


def test_tool_chunks_open_a_call_and_never_invent_its_end() -> None:
    frames = _frames(
        RUN[0],
        {"type": "TOOL_CALL_CHUNK", "toolCallId": "call_1", "toolCallName": "find_company", "delta": '{"q":'},
        {"type": "TOOL_CALL_CHUNK", "delta": '"Horizont"}'},
        {"type": "TOOL_CALL_END", "toolCallId": "call_1", "metadata": {"ok": True}},
        RUN[1],
    )
    assert [e.type for e in iter_events(frames)] == [
        "RUN_STARTED",
        "TOOL_CALL_START",
        "TOOL_CALL_ARGS",
        "TOOL_CALL_ARGS",
        "TOOL_CALL_END",
        "RUN_FINISHED",
    ]


@pytest.mark.parametrize(
    "chunk",
    [
        {"type": "TEXT_MESSAGE_CHUNK", "delta": "kam?"},
        {"type": "TOOL_CALL_CHUNK", "delta": "{}"},
        {"type": "TEXT_MESSAGE_CHUNK", "messageId": 7, "delta": "x"},
    ],
)
def test_a_chunk_that_opens_nothing_is_a_broken_event(chunk: dict[str, Any]) -> None:
    with pytest.raises(EventParseError):
        list(iter_events(_frames(RUN[0], chunk)))


def test_a_tool_chunk_without_a_name_is_a_broken_start() -> None:
    with pytest.raises(EventParseError, match="toolCallName"):
        list(iter_events(_frames({"type": "TOOL_CALL_CHUNK", "toolCallId": "call_2"})))


def test_async_reader_expands_chunks_too() -> None:
    frames = _frames(RUN[0], {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "Ahoj"}, RUN[1])

    async def source() -> AsyncIterator[bytes]:
        for frame in frames:
            yield frame

    async def collect() -> list[str]:
        return [event.type async for event in aiter_events(source())]

    assert asyncio.run(collect()) == [e.type for e in iter_events(frames)]


def test_run_input_state_and_forwarded_props_may_be_any_json() -> None:
    base = {"threadId": "t1", "runId": "r1", "messages": [{"id": "m1", "role": "user", "content": "Ahoj"}]}
    values: tuple[Any, ...] = (None, [], "x", 3, True, {"talkie": {"channel": "voice"}})
    for value in values:
        parsed = RunAgentInput.model_validate({**base, "state": value, "forwardedProps": value})
        assert parsed.state == value
    with pytest.raises(ValueError, match="channel"):
        RunAgentInput.model_validate({**base, "forwardedProps": {"talkie": {"channel": "fax"}}})


def test_tolerant_parsing_leaves_its_input_unchanged() -> None:
    raw = TOLERATED_ONLY["unknown member of the card"]
    before = copy.deepcopy(raw)
    parse_event(raw)
    assert raw == before


def test_parse_model_reads_a_thread_whose_stored_card_has_a_future_block() -> None:
    card = copy.deepcopy(TOLERATED_ONLY["future block type"]["value"])
    card["theme"] = "dark"
    stamp = "2026-10-22T10:00:00Z"
    thread = {"id": "t1", "title": "Horizont", "channel": "chat", "createdAt": stamp, "updatedAt": stamp}
    message = {"id": "m1", "role": "assistant", "content": "Karta:", "createdAt": stamp, "cards": [card]}
    body = {"thread": thread, "messages": [message], "actions": [], "cursor": "x"}
    detail = parse_model(ThreadDetail, json.dumps(body))
    (stored,) = detail.messages[0].cards
    assert isinstance(stored.blocks[0], UnknownBlock)
    assert stored.fallback_text == card["fallbackText"]
    with pytest.raises(ValidationError):
        parse_model(ThreadDetail, body, profile="strict")
    with pytest.raises(ValueError, match="profile"):
        parse_model(ThreadDetail, body, profile="loose")  # type: ignore[arg-type]


def test_parse_model_keeps_unknown_events_of_a_decision_answer() -> None:
    raw = json.loads((ROOT / "schemas" / "examples" / "decision-response-confirm.json").read_text("utf-8"))
    raw["events"].append({"type": "CUSTOM", "name": "acme.ping", "value": 1})
    raw["action"]["auditTrail"] = []
    parsed = parse_model(DecisionResponse, raw)
    assert isinstance(parsed.events[-1], UnknownEvent | UnknownCustomEvent)
    assert "auditTrail" not in parsed.action.model_dump()


COERCED: dict[str, tuple[dict[str, Any], str]] = {
    "a number for a boolean": (
        {
            "type": "RUN_ERROR",
            "message": "Služba neodpovídá",
            "code": "internal",
            "metadata": {"retryable": 1},
        },
        "$.metadata.retryable",
    ),
    "a string for a number": (
        {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m_1", "delta": "Dobrý den", "timestamp": "1767225600"},
        "$.timestamp",
    ),
}


@pytest.mark.parametrize("case", sorted(COERCED))
def test_strict_does_not_coerce_what_tolerant_coerces(case: str) -> None:
    """Strict is what a server must send: a value of another JSON type is wrong even where pydantic could
    convert it; the tolerant profile (what a client accepts) still reads it."""
    raw, path = COERCED[case]
    parse_event(raw)
    for data in (raw, json.dumps(raw, ensure_ascii=False)):
        with pytest.raises(EventParseError) as caught:
            parse_event(data, profile="strict")
        assert any(line.startswith(path) for line in caught.value.errors), caught.value.errors


def test_strict_reads_every_recorded_stream_and_body_example() -> None:
    """No coercion, yet everything the contract's own examples send still parses strictly."""
    for name, content in example_files().items():
        if example_file_type(name) == "stream":
            for event in content:
                assert not isinstance(parse_event(event, profile="strict"), UnknownEvent), name
    status = json.loads((ROOT / "schemas" / "examples" / "decision-response-confirm.json").read_text("utf-8"))
    assert parse_model(DecisionResponse, status, profile="strict").model_dump(mode="json") == status
    user = {"id": "u_1", "name": "Vendula Králová", "email": "vendula.kralova@example.org"}
    status = {"user": user, "chat": True, "voice": True, "usage": [{"label": "Zprávy", "used": 2}]}
    status["usage"][0] |= {"limit": 400, "unit": "messages"}
    assert parse_model(Status, status, profile="strict").model_dump(mode="json") == status
    with pytest.raises(ValidationError, match="voice"):
        parse_model(Status, {**status, "voice": 1}, profile="strict")
    assert parse_model(Status, {**status, "voice": 1}).voice is True
