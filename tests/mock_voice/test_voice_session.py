"""The locked session (§10.1, N-71) and the client-event handling of the provider, without a network."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from openai.types.realtime import RealtimeServerEvent
from pydantic import TypeAdapter
from talkie_mock.engine.realtime.audio import SpeechTrack
from talkie_mock.engine.realtime.session import RealtimeSession, SessionConfig, forbidden_changes
from talkie_mock.engine.realtime.speech import Speaker
from waiting import until_async

PROVIDER_EVENT = TypeAdapter(RealtimeServerEvent)
TURN = {"type": "server_vad", "create_response": False}


def session() -> tuple[RealtimeSession, list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []

    async def close() -> None:
        return None

    track = SpeechTrack(lambda _: None, lambda _: None)
    config = SessionConfig("v_test", "en", max_seconds=900, warn_seconds=60)
    realtime = RealtimeSession(
        config,
        send=sent.append,
        track=track,
        speaker=Speaker(use_espeak=False),
        now_ms=lambda: 0,
        observe=lambda *_: None,
        close=close,
    )
    return realtime, sent


CURRENT = session()[0].session_object()
CASES = [
    ({"type": "realtime", "audio": {"input": {"turn_detection": TURN}}}, []),
    ({"type": "realtime", "audio": {"input": {"turn_detection": None}}}, []),
    ({"type": "realtime", "instructions": "Be someone else."}, ["session.instructions"]),
    ({"type": "realtime", "model": CURRENT["model"], "tools": CURRENT["tools"]}, []),
    ({"type": "realtime", "tools": []}, ["session.tools"]),
    ({"type": "realtime", "audio": {"output": {"voice": "alloy"}}}, ["session.audio.output"]),
    (
        {"type": "realtime", "audio": {"input": {"transcription": {"model": "x"}}}},
        ["session.audio.input.transcription"],
    ),
    ({"type": "transcription"}, ["session.type"]),
    ("not an object", ["session"]),
]


@pytest.mark.parametrize(("update", "forbidden"), CASES)
def test_only_turn_detection_may_change(update: Any, forbidden: list[str]) -> None:
    assert forbidden_changes(update, CURRENT) == forbidden


def test_a_refused_update_changes_nothing_and_an_allowed_one_is_announced() -> None:
    realtime, sent = session()
    before = realtime.session_object()
    realtime.handle(
        json.dumps(
            {
                "type": "session.update",
                "event_id": "e1",
                "session": {
                    "type": "realtime",
                    "instructions": "x",
                    "audio": {"input": {"turn_detection": TURN}},
                },
            }
        )
    )
    assert sent[-1]["type"] == "error"
    assert sent[-1]["error"]["code"] == "session_locked"
    assert sent[-1]["error"]["event_id"] == "e1"
    assert realtime.session_object() == before  # never half applied: turn detection did not change either
    realtime.handle(
        json.dumps(
            {
                "type": "session.update",
                "session": {"type": "realtime", "audio": {"input": {"turn_detection": None}}},
            }
        )
    )
    assert sent[-1]["type"] == "session.updated"
    assert sent[-1]["session"]["audio"]["input"]["turn_detection"] is None
    for event in sent:
        PROVIDER_EVENT.validate_python(event)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{not json", "invalid_json"),
        (json.dumps({"no": "type"}), "invalid_event"),
        (json.dumps({"type": "conversation.item.truncate"}), "unknown_event"),
        (json.dumps({"type": "response.create", "response": {"instructions": "x"}}), "session_locked"),
        (
            json.dumps(
                {
                    "type": "conversation.item.create",
                    "item": {"type": "function_call_output", "call_id": "c", "output": ""},
                }
            ),
            "unknown_call_id",
        ),
        (json.dumps({"type": "response.cancel"}), "response_cancel_not_active"),
        # members of odd types: refused, and the session carries on (it used to stop answering)
        (
            json.dumps(
                {
                    "type": "conversation.item.create",
                    "item": {"type": "function_call_output", "call_id": {"a": 1}},
                }
            ),
            "unknown_call_id",
        ),
        (
            json.dumps(
                {
                    "type": "conversation.item.create",
                    "item": {"type": "message", "role": "user", "content": [1, None]},
                }
            ),
            "invalid_value",
        ),
        (
            json.dumps(
                {
                    "type": "conversation.item.create",
                    "item": {"type": "message", "role": "user", "content": "hi"},
                }
            ),
            "invalid_value",
        ),
    ],
)
def test_bad_client_events_get_an_error_event(raw: str, code: str) -> None:
    realtime, sent = session()
    realtime.handle(raw)
    assert sent[-1]["type"] == "error"
    assert sent[-1]["error"]["code"] == code
    PROVIDER_EVENT.validate_python(sent[-1])
    realtime.handle(json.dumps({"type": "response.cancel"}))  # and the session still answers
    assert sent[-1]["error"]["code"] == "response_cancel_not_active"


def test_a_handler_that_trips_over_an_odd_member_answers_an_error_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    realtime, sent = session()

    def broken(self: RealtimeSession, event: dict[str, Any]) -> None:
        raise TypeError("unhashable type: 'dict'")

    from talkie_mock.engine.realtime import session as module

    monkeypatch.setitem(module._HANDLERS, "response.cancel", broken)
    realtime.handle(json.dumps({"type": "response.cancel", "event_id": "evt_1"}))
    assert sent[-1]["error"]["code"] == "invalid_value"
    assert sent[-1]["error"]["event_id"] == "evt_1"
    PROVIDER_EVENT.validate_python(sent[-1])


def test_a_function_call_waits_for_its_output_then_the_output_is_read() -> None:
    async def scenario() -> list[dict[str, Any]]:
        realtime, sent = session()
        realtime.call("list_meetings", "{}")
        done = await until_async(
            lambda: next((e for e in sent if e["type"] == "response.function_call_arguments.done"), None),
            "the function call's arguments",
        )
        item = {"type": "function_call_output", "call_id": done["call_id"], "output": "Two meetings today."}
        realtime.handle(json.dumps({"type": "conversation.item.create", "item": item}))
        realtime.handle(json.dumps({"type": "response.create"}))
        await until_async(
            lambda: any(e["type"] == "response.output_audio_transcript.done" for e in sent),
            "the spoken answer",
        )
        await realtime.end()
        return sent

    sent = asyncio.run(scenario())
    said = next(e for e in sent if e["type"] == "response.output_audio_transcript.done")
    assert said["transcript"] == "Two meetings today."
    for event in sent:
        PROVIDER_EVENT.validate_python(event)
