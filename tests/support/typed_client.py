"""A client's decoders typed from the specification text
alone (spec/specification/talkie-1.txt), independent of schemas/.

This is how an app developer who never saw our schemas would write Swift ``Codable`` or kotlinx types from the
specification: every member the specification shows is required unless the specification marks it (``?``,
OPTIONAL, "MAY be omitted", "are omitted", "if … set"), numbers the specification shows as integers must be
integers, unknown members are ignored (line 65), unknown event types and CUSTOM names are skipped (line 172),
and a card block of an unknown type is kept opaque so the card can fall back to its ``fallbackText`` (line
199). Timestamps are RFC 3339; whole-second UTC as in the
specification's examples and fractional seconds or offsets are all accepted.

Use :func:`decode` on a response body by endpoint key (the manifest's names, plus ``manifest``, ``error`` and
``deleteThread``) and :func:`decode_event` on one run-stream event. Both return the decoded value (known
members only) or raise :class:`TypedDecodeError` naming the path. The mock's ``--vary`` tests run every answer
through them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["ENDPOINTS", "IGNORED", "TypedDecodeError", "decode", "decode_event"]

Decoder = Callable[[Any, str], Any]


class TypedDecodeError(ValueError):
    """A body a client typed from the specification
    cannot decode; ``path`` is where (``$.usage[0].limit``)."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        super().__init__(f"{path}: {problem}")


# ---------------------------------------------------------------- primitives


def _string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise TypedDecodeError(path, f"expected a string, got {value!r}")
    return value


def _integer(value: Any, path: str) -> int:
    # bool is an int in Python, and 400000.0 is a float: neither decodes as Int / Long.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypedDecodeError(path, f"expected an integer, got {value!r}")
    return value


def _boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise TypedDecodeError(path, f"expected a boolean, got {value!r}")
    return value


_RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$")


def _timestamp(value: Any, path: str) -> str:
    """RFC 3339 date-time: ``2026-10-22T10:00:00Z`` as in the
    specification, fractional seconds and offsets as well."""
    if not isinstance(value, str) or not _RFC3339.match(value):
        raise TypedDecodeError(path, f"expected an RFC 3339 timestamp, got {value!r}")
    return value


def _any(value: Any, path: str) -> Any:
    return value


def _one_of(*allowed: Any) -> Decoder:
    """A closed set the specification spells out (``"user" | "assistant"``)."""

    def decode(value: Any, path: str) -> Any:
        if value not in allowed:
            raise TypedDecodeError(path, f"expected one of {list(allowed)}, got {value!r}")
        return value

    return decode


def _const(expected: Any) -> Decoder:
    def decode(value: Any, path: str) -> Any:
        if value != expected or type(value) is not type(expected):
            raise TypedDecodeError(path, f"expected {expected!r}, got {value!r}")
        return value

    return decode


def _list(item: Decoder) -> Decoder:
    def decode(value: Any, path: str) -> list[Any]:
        if not isinstance(value, list):
            raise TypedDecodeError(path, f"expected a list, got {value!r}")
        return [item(entry, f"{path}[{index}]") for index, entry in enumerate(value)]

    return decode


def _map(item: Decoder) -> Decoder:
    def decode(value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise TypedDecodeError(path, f"expected an object, got {value!r}")
        return {key: item(entry, f"{path}.{key}") for key, entry in value.items()}

    return decode


def _object(required: Mapping[str, Decoder], optional: Mapping[str, Decoder] | None = None) -> Decoder:
    """An object: every required member present, optional ones decoded when present, unknown ones ignored."""
    optional = optional or {}

    def decode(value: Any, path: str) -> dict[str, Any]:
        if not isinstance(value, Mapping):
            raise TypedDecodeError(path, f"expected an object, got {value!r}")
        out: dict[str, Any] = {}
        for key, member in required.items():
            if key not in value:
                raise TypedDecodeError(
                    f"{path}.{key}", "missing (the specification shows it without ? or OPTIONAL)"
                )
            out[key] = member(value[key], f"{path}.{key}")
        for key, member in optional.items():
            if key in value:
                out[key] = member(value[key], f"{path}.{key}")
        return out

    return decode


# ---------------------------------------------------------------- §1 manifest (lines 27-77)

_SPEC = re.compile(r"^talkie/1(?:\.[0-9]+)*$")  # line 65: refuse other *major* versions only (N-27)


def _spec(value: Any, path: str) -> str:
    if not isinstance(value, str) or not _SPEC.match(value):
        raise TypedDecodeError(path, f"not a talkie/1 manifest: {value!r}")
    return value


_ENDPOINT_NAMES = (
    "status", "run", "cancelRun", "threads", "thread", "action", "decision",
    "voiceSessions", "voiceTool", "voiceTranscript", "voiceUsage",
)  # fmt: skip

MANIFEST = _object(
    {
        "spec": _spec,
        "issuer": _string,
        "serverId": _string,
        "name": _string,
        "description": _string,
        "locale": _string,
        "brand": _object({"logo": _string, "accent": _string}),
        # line 73: token "MAY be omitted"
        "auth": _object(
            {"oauth": _object({"issuer": _string, "scopes": _list(_string)})},
            {"token": _object({"hint": _string})},
        ),
        # line 74: "Endpoints the server does not support are omitted"
        "endpoints": _object({}, dict.fromkeys(_ENDPOINT_NAMES, _string)),
        "capabilities": _object(
            {
                "actions": _object({"voiceConfirm": _boolean}),
                "cards": _object({"blocks": _list(_string)}),
            },
            # line 251: "Voice is optional (capabilities.voice)"
            {
                "voice": _object(
                    {
                        "transports": _list(_string),
                        "eventProtocols": _list(_string),
                        "signalingHosts": _list(_string),
                    }
                )
            },
        ),
        "limits": _object({"maxMessageChars": _integer}),
        "testMode": _boolean,
    }
)

# ---------------------------------------------- §3 errors (line 106), §4 status (lines 125-133)

ERROR = _object({"error": _object({"code": _string, "message": _string, "retryable": _boolean})})

USAGE_LINE = _object({"label": _string, "used": _integer, "limit": _integer, "unit": _string})

STATUS = _object(
    {
        "user": _object({"id": _string, "name": _string, "email": _string}),
        "chat": _boolean,
        "voice": _boolean,
        "usage": _list(USAGE_LINE),
    }
)

# ---------------------------------------------------------------- §6 cards (lines 180-201)

_BLOCKS: dict[str, Decoder] = {  # line 195-197, `?` = optional
    "heading": _object({"text": _string}),
    "text": _object({"text": _string}),
    "fields": _object({"fields": _list(_object({"label": _string, "value": _string}))}),
    "list": _object(
        {"items": _list(_object({"title": _string}, {"subtitle": _string, "url": _string}))},
        {"more": _integer},
    ),
    "link": _object({"label": _string, "url": _string}),
    "file": _object({"name": _string, "url": _string}, {"mime": _string, "size": _integer}),
    "badge": _object({"text": _string}, {"tone": _one_of("neutral", "positive", "warning", "negative")}),
}
# The marker a decoded block carries when its type is unknown: the client shows the card's fallbackText.
UNKNOWN_BLOCK = "unknownBlock"


def _block(value: Any, path: str) -> dict[str, Any]:
    kind = _string(_object({"type": _string})(value, path)["type"], f"{path}.type")
    decoder = _BLOCKS.get(kind)
    if decoder is None:
        return {"type": kind, UNKNOWN_BLOCK: True}
    return {"type": kind, **decoder(value, path)}


CARD = _object(
    {
        "id": _string,
        "version": _integer,
        "title": _string,
        "subtitle": _string,
        "url": _string,
        "blocks": _list(_block),
        "fallbackText": _string,  # line 199: REQUIRED
        "a11yLabel": _string,
    }
)

# ---------------------------------------------------------------- §8 actions (lines 213-239)

ACTION = _object(
    {
        "id": _string,
        "version": _integer,
        "threadId": _string,
        "toolCallId": _string,
        "summary": _string,
        "riskLevel": _string,  # never enumerated by the specification
        "status": _one_of("pending", "running", "done", "failed", "cancelled", "expired"),  # line 225
        "paramsHash": _string,
        "createdAt": _timestamp,
        "expiresAt": _timestamp,
        "confirm": _object(
            {"methods": _list(_one_of("button", "voice"))},
            # lines 295, 302: the voice part only matters with method voice; its keyword only "if set"
            {"voice": _object({}, {"keyword": _string})},
        ),
    },
    {"undoUntil": _timestamp},  # line 239: only while running in an undo window
)


def _action_body(value: Any, path: str) -> Any:
    """line 226 "returns the current action": accepted bare or as ``{"action": {...}}``."""
    if isinstance(value, Mapping) and "action" in value and "id" not in value:
        return ACTION(value["action"], f"{path}.action")
    return ACTION(value, path)


# ---------------------------------------------------------------- §5 events (lines 156-172)

# The value a decoder returns for an event a client must skip (unknown type or CUSTOM name, line 172).
IGNORED: dict[str, Any] = {"ignored": True}

_CUSTOM: dict[str, Decoder] = {
    "talkie.card": CARD,
    "talkie.action": ACTION,
    "talkie.open": _object({"url": _string, "label": _string}),  # line 167
    "talkie.usage": _object({"usage": _list(USAGE_LINE)}),  # line 168
}

_EVENTS: dict[str, Decoder] = {  # the specification's table plus the AG-UI members it relies on
    "RUN_STARTED": _object({"threadId": _string, "runId": _string}),
    "TEXT_MESSAGE_START": _object({"messageId": _string}),
    "TEXT_MESSAGE_CONTENT": _object({"messageId": _string, "delta": _string}),
    "TEXT_MESSAGE_END": _object({"messageId": _string}),
    "TOOL_CALL_START": _object(
        {"toolCallId": _string, "toolCallName": _string},
        {"metadata": _object({}, {"label": _string})},
    ),
    # line 163: metadata.ok (boolean), metadata.error (string) — error only describes a failure
    "TOOL_CALL_END": _object(
        {"toolCallId": _string, "metadata": _object({"ok": _boolean}, {"error": _string})}
    ),
    "TOOL_CALL_RESULT": _object({"toolCallId": _string}),  # line 164: OPTIONAL, not displayed
    "RUN_FINISHED": _object({"threadId": _string, "runId": _string}),
    "RUN_ERROR": _object({"message": _string, "code": _string, "metadata": _object({"retryable": _boolean})}),
}


def _event(value: Any, path: str) -> dict[str, Any]:
    kind = _object({"type": _string})(value, path)["type"]
    if kind == "CUSTOM":
        name = _object({"name": _string})(value, path)["name"]
        decoder = _CUSTOM.get(name)
        if decoder is None:
            return IGNORED
        return {
            "type": kind,
            "name": name,
            "value": decoder(_object({"value": _any})(value, path)["value"], f"{path}.value"),
        }
    decoder = _EVENTS.get(kind)
    if decoder is None:
        return IGNORED
    return {"type": kind, **decoder(value, path)}


_EVENT_LIST = _list(_event)

# ---------------------------------------------------------------- §9 threads (lines 243-247)

THREAD_SUMMARY = _object(
    {
        "id": _string,
        "title": _string,
        "channel": _one_of("chat", "voice"),
        "createdAt": _timestamp,
        "updatedAt": _timestamp,
    }
)
MESSAGE = _object(
    {
        "id": _string,
        "role": _one_of("user", "assistant"),
        "content": _string,
        "createdAt": _timestamp,
        "cards": _list(CARD),  # no `?`: present, possibly []
    },
    {"channel": _one_of("chat", "voice")},  # the one `?` of line 246
)

# ---------------------------------------------------------------- §10 voice (lines 256-291)

VOICE_SESSION = _object(
    {
        "voiceSessionId": _string,
        "threadId": _string,
        "transport": _string,
        "eventProtocol": _string,
        "signaling": _object({"type": _string, "url": _string}),
        "clientSecret": _string,
        "expiresAt": _timestamp,
        "maxSeconds": _integer,
        "warnSeconds": _integer,
        "locale": _string,
        "labels": _map(_string),
    },
    {"consent": _object({"confirm": _list(_string), "refuse": _list(_string)})},  # line 276: OPTIONAL
)

_OK = _object({"ok": _const(True)})

ENDPOINTS: dict[str, Decoder] = {
    "manifest": MANIFEST,
    "error": ERROR,
    "status": STATUS,
    "cancelRun": _OK,  # line 175
    "threads": _object({"threads": _list(THREAD_SUMMARY)}),
    "thread": _object({"thread": THREAD_SUMMARY, "messages": _list(MESSAGE), "actions": _list(ACTION)}),
    "deleteThread": _OK,  # line 247
    "action": _action_body,
    "decision": _object({"action": ACTION, "events": _EVENT_LIST}),  # line 228
    "voiceSessions": VOICE_SESSION,
    "voiceTool": _object({"ok": _boolean, "output": _string, "events": _EVENT_LIST}),  # line 282
    "voiceTranscript": _any,  # line 289: `→ 201`, no body defined
    "voiceUsage": _object({"ok": _boolean, "remainingSeconds": _integer}),  # line 290
}


def _json(body: Any) -> Any:
    if isinstance(body, bytes | bytearray | str):
        try:
            return json.loads(body)
        except ValueError as exc:
            raise TypedDecodeError("$", f"not JSON ({exc})") from None
    return body


def decode(endpoint_key: str, body: Any) -> Any:
    """Decode a response body (bytes, text or parsed JSON) of
    ``endpoint_key`` like a client typed from the specification."""
    try:
        decoder = ENDPOINTS[endpoint_key]
    except KeyError:
        raise KeyError(f"no decoder for {endpoint_key!r}; known: {sorted(ENDPOINTS)}") from None
    return decoder(_json(body), "$")


def decode_event(obj: Any) -> dict[str, Any]:
    """Decode one run-stream event; an event a client must skip decodes to :data:`IGNORED`."""
    return _event(_json(obj), "$")
