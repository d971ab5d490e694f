"""The server events of `openai-realtime/1` that the mock sends, built in one place.

Shapes follow the provider's public API reference (the GA Realtime API over WebRTC); the test suite parses
every event the mock sends with the provider's own published models. Only the subset a Talkie client relies
on is produced (see `docs/guides/voice-provider.md`); everything here is plain JSON-ready dicts.
"""

from __future__ import annotations

import itertools
import secrets
from typing import Any

Event = dict[str, Any]

SERVER_EVENTS = (
    "session.created",
    "session.updated",
    "error",
    "input_audio_buffer.speech_started",
    "input_audio_buffer.speech_stopped",
    "input_audio_buffer.committed",
    "input_audio_buffer.cleared",
    "conversation.item.added",
    "conversation.item.done",
    "conversation.item.input_audio_transcription.delta",
    "conversation.item.input_audio_transcription.completed",
    "response.created",
    "response.output_item.added",
    "response.content_part.added",
    "response.output_audio_transcript.delta",
    "response.output_audio.done",
    "response.output_audio_transcript.done",
    "response.content_part.done",
    "response.function_call_arguments.delta",
    "response.function_call_arguments.done",
    "response.output_item.done",
    "response.done",
    "output_audio_buffer.started",
    "output_audio_buffer.stopped",
    "output_audio_buffer.cleared",
)
"""Every event type the mock can send, in the order a turn usually shows them."""
CLIENT_EVENTS = (
    "session.update",
    "conversation.item.create",
    "response.create",
    "response.cancel",
    "input_audio_buffer.append",
    "input_audio_buffer.commit",
    "input_audio_buffer.clear",
    "output_audio_buffer.clear",
)
"""Every client event the mock acts on; others get an `error` event (`unknown_event`)."""
AUDIO_FORMAT = {"type": "audio/pcm", "rate": 24000}


class Ids:
    """Provider-style identifiers: a per-connection prefix plus a counter, so logs read in order."""

    def __init__(self) -> None:
        self._tag = secrets.token_hex(3)
        self._count = itertools.count(1)

    def new(self, prefix: str) -> str:
        return f"{prefix}_{self._tag}{next(self._count):05d}"


def event(ids: Ids, kind: str, **members: Any) -> Event:
    """One server event: `type`, a fresh `event_id`, then the members."""
    return {"type": kind, "event_id": ids.new("event"), **members}


def error(
    ids: Ids, code: str, message: str, *, param: str | None = None, event_id: str | None = None
) -> Event:
    """An `error` event; `event_id` names the client event it answers (the provider echoes it)."""
    detail = {"type": "invalid_request_error", "code": code, "message": message, "param": param}
    return event(ids, "error", error={**detail, "event_id": event_id})


def session_object(session_id: str, config: dict[str, Any], expires_at: int) -> dict[str, Any]:
    """The `session` member of session.created / session.updated: the locked configuration."""
    return {
        "type": "realtime",
        "object": "realtime.session",
        "id": session_id,
        "model": config["model"],
        "output_modalities": ["audio"],
        "instructions": config["instructions"],
        "tools": config["tools"],
        "tool_choice": "auto",
        "max_output_tokens": "inf",
        "tracing": None,
        "prompt": None,
        "expires_at": expires_at,
        "audio": {
            "input": {
                "format": AUDIO_FORMAT,
                "transcription": {"model": "whisper-1", "language": config["locale"]},
                "noise_reduction": None,
                "turn_detection": config["turn_detection"],
            },
            "output": {"format": AUDIO_FORMAT, "voice": config["voice"], "speed": 1.0},
        },
        "include": None,
    }


def user_item(item_id: str, transcript: str | None) -> dict[str, Any]:
    return {
        "id": item_id,
        "object": "realtime.item",
        "type": "message",
        "status": "completed",
        "role": "user",
        "content": [{"type": "input_audio", "transcript": transcript}],
    }


def assistant_item(item_id: str, transcript: str, status: str) -> dict[str, Any]:
    return {
        "id": item_id,
        "object": "realtime.item",
        "type": "message",
        "status": status,
        "role": "assistant",
        "content": [{"type": "output_audio", "transcript": transcript}],
    }


def call_item(item_id: str, call_id: str, name: str, arguments: str, status: str) -> dict[str, Any]:
    return {
        "id": item_id,
        "object": "realtime.item",
        "type": "function_call",
        "status": status,
        "name": name,
        "call_id": call_id,
        "arguments": arguments,
    }


def output_item(item_id: str, call_id: str, output: str) -> dict[str, Any]:
    return {
        "id": item_id,
        "object": "realtime.item",
        "type": "function_call_output",
        "status": "completed",
        "call_id": call_id,
        "output": output,
    }


def response_object(
    response_id: str, status: str, output: list[dict[str, Any]], voice: str, conversation_id: str
) -> dict[str, Any]:
    usage = None
    if status != "in_progress":
        text = sum(len(str(item.get("arguments", ""))) // 4 for item in output)
        usage = {
            "total_tokens": 40 + text,
            "input_tokens": 30,
            "output_tokens": 10 + text,
            "input_token_details": {"text_tokens": 20, "audio_tokens": 10, "cached_tokens": 0},
            "output_token_details": {"text_tokens": 5 + text, "audio_tokens": 5},
        }
    return {
        "object": "realtime.response",
        "id": response_id,
        "status": status,
        "status_details": None if status in ("in_progress", "completed") else {"type": status},
        "output": output,
        "conversation_id": conversation_id,
        "output_modalities": ["audio"],
        "max_output_tokens": "inf",
        "audio": {"output": {"format": AUDIO_FORMAT, "voice": voice}},
        "usage": usage,
        "metadata": None,
    }
