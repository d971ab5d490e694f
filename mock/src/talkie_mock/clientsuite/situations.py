"""The building blocks scenarios answer with: a scenario's manifest, a run's events, a thread, a §3 error.

Known shapes go through talkie_models (the schemas' one owner), so a scenario sends only what a client built
from the text can read; the deliberately unknown parts a scenario adds are plain dicts, unknown by design.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from talkie_models import (
    ActionEvent,
    CardEvent,
    ErrorResponse,
    Manifest,
    OpenEvent,
    RunFinishedEvent,
    RunStartedEvent,
    TalkieModel,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
    ThreadDetail,
    ToolCallEndEvent,
    ToolCallResultEvent,
    ToolCallStartEvent,
)
from talkie_models.sse import encode_event

PREFIX = "/_scenarios"
"""Every scenario lives under `PREFIX/<name>/`: its manifest at `PREFIX/<name>/.well-known/talkie.json`
(a full manifest URL, which §1 lets the person enter), its endpoints beside it (notes N-180)."""

ENDPOINTS: Mapping[str, str] = {
    "status": "api/status",
    "run": "api/run",
    "cancelRun": "api/runs/{runId}/cancel",
    "threads": "api/threads",
    "thread": "api/threads/{threadId}",
    "action": "api/actions/{actionId}",
    "decision": "api/actions/{actionId}/decision",
}
"""The manifest's endpoints of every scenario, relative to the scenario's own path."""
VOICE_ENDPOINTS: Mapping[str, str] = {
    "voiceSessions": "api/voice/sessions",
    "voiceTool": "api/voice/sessions/{voiceSessionId}/tools/{name}",
    "voiceTranscript": "api/voice/sessions/{voiceSessionId}/transcript",
    "voiceUsage": "api/voice/sessions/{voiceSessionId}/usage",
}
"""The voice endpoints, in the manifests of the voice scenarios alone (a server without voice omits them)."""

MANIFEST_PATH = ".well-known/talkie.json"
STAMP = "2026-01-01T00:00:00Z"


@dataclass(frozen=True)
class Origins:
    """The loopback origins of a suite run and its development token. `links`: the https origin of the
    scenarios' links (a link target is https or same-origin), where nothing is served and every connection
    is recorded."""

    issuer: str
    decoy: str
    token: str
    links: str

    def base(self, name: str) -> str:
        """The path every URL of scenario `name` starts with."""
        return f"{PREFIX}/{name}/"

    def manifest_url(self, name: str) -> str:
        return f"{self.issuer}{self.base(name)}{MANIFEST_PATH}"


@dataclass(frozen=True)
class Answer:
    """What a scenario answers: a status, headers and a body, or SSE frames sent one by one (`stream`).
    With `until`, the stream stays open after its frames (a ping comment every `PING_EVERY` seconds) until
    `until()` is true or `HOLD_LIMIT` seconds have passed, then sends `tail`."""

    status: int
    headers: tuple[tuple[str, str], ...] = ()
    body: bytes = b""
    stream: tuple[bytes, ...] | None = None
    until: Callable[[], bool] | None = None
    tail: tuple[bytes, ...] = ()


HOLD_LIMIT = 8.0
"""The longest a held stream waits for what the person does (below every scenario's deadline)."""
PING_EVERY = 1.0
PING = b": ping\n\n"


def manifest(origins: Origins, name: str, run: str | None = None, **members: Any) -> dict[str, Any]:
    """The manifest of scenario `name`, validated as talkie/1's shape (with `run` as its run endpoint when
    given), then `members` laid over it (a scenario's deliberate departure, which is not validated)."""
    base = origins.base(name)
    endpoints = {key: base + path for key, path in ENDPOINTS.items()}
    if run is not None:
        endpoints["run"] = run
    body = Manifest.model_validate(
        {
            "spec": "talkie/1",
            "issuer": origins.issuer,
            "serverId": f"scenario-{name}",
            "name": f"Scenario {name}",
            "description": "A scenario of talkie-mock's client conformance suite.",
            "locale": "en",
            "brand": {"logo": f"{base}logo.png", "accent": "#0b7a75"},
            "auth": {
                "oauth": {"issuer": f"{origins.issuer}/oauth", "scopes": ["talkie", "offline_access"]},
                "token": {"hint": "the development token of the suite"},
            },
            "endpoints": endpoints,
            "capabilities": {"actions": {"voiceConfirm": False}, "cards": {"blocks": ["text"]}},
            "limits": {"maxMessageChars": 4000},
            "testMode": True,
        }
    ).model_dump(mode="json", by_alias=True)
    body.update(members)
    return body


def json_answer(body: Any, status: int = 200, headers: tuple[tuple[str, str], ...] = ()) -> Answer:
    return Answer(
        status,
        (("content-type", "application/json"), *headers),
        json.dumps(body, ensure_ascii=False).encode(),
    )


def error(status: int, code: str, message: str, retryable: bool = False) -> Answer:
    """A §3 error answer."""
    body = ErrorResponse.model_validate(
        {"error": {"code": code, "message": message, "retryable": retryable}}
    ).model_dump(mode="json", by_alias=True)
    extra = (("www-authenticate", "Bearer"),) if status == 401 else ()
    return json_answer(body, status, extra)


def redirect(location: str, status: int = 307) -> Answer:
    return Answer(status, (("location", location),))


@dataclass(frozen=True)
class RunRequest:
    """What the engine of a scenario needs of a run request body: the thread, run and message ids and text."""

    thread_id: str
    run_id: str
    message_id: str
    text: str

    @classmethod
    def of(cls, body: Mapping[str, Any] | None) -> RunRequest:
        body = body or {}
        messages = body.get("messages")
        last = messages[-1] if isinstance(messages, list) and messages else {}
        last = last if isinstance(last, dict) else {}
        return cls(
            str(body.get("threadId") or "thr_scenario"),
            str(body.get("runId") or "run_scenario"),
            str(last.get("id") or "msg_scenario"),
            str(last.get("content") or ""),
        )


REPLY = ("Scenario ", "reply ", "complete.")
"""The assistant's text every run of the suite sends, in three deltas; an adapter shows it joined."""
REPLY_TEXT = "".join(REPLY)
REPLY_ID = "msg_scenario_reply"


def known(model: type[TalkieModel], body: Mapping[str, Any]) -> dict[str, Any]:
    """An event as talkie/1 shapes it: validated by its model, as the model dumps it."""
    dumped: dict[str, Any] = model.model_validate(body).model_dump(mode="json", by_alias=True)
    return dumped


def card(card_id: str, blocks: list[dict[str, Any]], url: str) -> dict[str, Any]:
    """A talkie.card event whose card has `blocks` and links to `url`."""
    return known(
        CardEvent,
        {
            "type": "CUSTOM",
            "name": "talkie.card",
            "value": {
                "id": card_id,
                "version": 1,
                "title": "Scenario card",
                "subtitle": "of the client suite",
                "url": url,
                "blocks": blocks,
                "fallbackText": FALLBACK_TEXT,
                "a11yLabel": "Scenario card",
            },
        },
    )


FALLBACK_TEXT = "Scenario card: its fallback text."


def open_link(url: str) -> dict[str, Any]:
    return known(
        OpenEvent, {"type": "CUSTOM", "name": "talkie.open", "value": {"url": url, "label": "Scenario link"}}
    )


ACTION_ID = "act_scenario"
ACTION_CALL = "call_scenario"


def action(
    thread_id: str,
    version: int = 1,
    params_hash: str = "sha256:" + "0" * 64,
    summary: str = "Send a reminder to the scenario's customer",
    methods: Sequence[str] = ("button",),
) -> dict[str, Any]:
    """The scenario's pending action (§8) as the action endpoint and the decision's answer carry it."""
    event = known(
        ActionEvent,
        {
            "type": "CUSTOM",
            "name": "talkie.action",
            "value": {
                "id": ACTION_ID,
                "version": version,
                "threadId": thread_id,
                "toolCallId": ACTION_CALL,
                "summary": summary,
                "riskLevel": "medium",
                "status": "pending",
                "paramsHash": params_hash,
                "createdAt": STAMP,
                "expiresAt": "2099-01-01T00:00:00Z",
                "confirm": {"methods": list(methods)},
            },
        },
    )
    value: dict[str, Any] = event["value"]
    return value


def pending_action(thread_id: str, value: Mapping[str, Any] | None = None) -> tuple[dict[str, Any], ...]:
    """A tool call that proposes an action, and the pending action (§8, `value`, by default `action()`),
    which waits for the person."""
    return (
        known(
            ToolCallStartEvent,
            {"type": "TOOL_CALL_START", "toolCallId": ACTION_CALL, "toolCallName": "send_reminder"},
        ),
        known(
            ToolCallEndEvent, {"type": "TOOL_CALL_END", "toolCallId": ACTION_CALL, "metadata": {"ok": True}}
        ),
        known(
            ActionEvent,
            {"type": "CUSTOM", "name": "talkie.action", "value": dict(value or action(thread_id))},
        ),
    )


TOOL_OUTPUT_MARK = "scenario-7f3a"
"""The part of the `tool-output` scenario's raw tool output that shows it however a client formats it."""
TOOL_OUTPUT = json.dumps({"rawToolOutput": TOOL_OUTPUT_MARK})
"""The raw output of the `tool-output` scenario's tool: no client shows it (RUN-020)."""


def tool_call_with_output() -> tuple[dict[str, Any], ...]:
    """A finished tool call whose raw output follows it (TOOL_CALL_RESULT)."""
    call = "call_scenario_tool"
    start = {"type": "TOOL_CALL_START", "toolCallId": call, "toolCallName": "search_invoices"}
    result = {
        "type": "TOOL_CALL_RESULT",
        "messageId": "tmsg_scenario",
        "toolCallId": call,
        "content": TOOL_OUTPUT,
    }
    return (
        known(ToolCallStartEvent, start),
        known(ToolCallEndEvent, {"type": "TOOL_CALL_END", "toolCallId": call, "metadata": {"ok": True}}),
        known(ToolCallResultEvent, result),
    )


def text_events(
    run: RunRequest, extra: Mapping[int, tuple[Mapping[str, Any], ...]] = {}, thread_id: str | None = None
) -> list[bytes]:
    """A run's frames: RUN_STARTED, the reply's text message, RUN_FINISHED. `extra[i]`: frames sent before
    the i-th delta (0..2), or after the text message at index 3 (sent as given: deliberately unknown events
    are not validated).
    `thread_id`: the thread RUN_STARTED names, when the server assigns another than the one sent."""
    ids = {"threadId": thread_id or run.thread_id, "runId": run.run_id}
    text = {"messageId": REPLY_ID}
    frames = [encode_event(known(RunStartedEvent, {"type": "RUN_STARTED", **ids}))]
    frames.append(
        encode_event(
            known(TextMessageStartEvent, {"type": "TEXT_MESSAGE_START", **text, "role": "assistant"})
        )
    )
    for index, delta in enumerate(REPLY):
        frames.extend(encode_event(event) for event in extra.get(index, ()))
        frames.append(
            encode_event(
                known(TextMessageContentEvent, {"type": "TEXT_MESSAGE_CONTENT", **text, "delta": delta})
            )
        )
    frames.append(encode_event(known(TextMessageEndEvent, {"type": "TEXT_MESSAGE_END", **text})))
    frames.extend(encode_event(event) for event in extra.get(len(REPLY), ()))
    frames.append(encode_event(known(RunFinishedEvent, {"type": "RUN_FINISHED", **ids})))
    return frames


def stream(
    frames: list[bytes], until: Callable[[], bool] | None = None, tail: Sequence[bytes] = ()
) -> Answer:
    return Answer(
        200,
        (("content-type", "text/event-stream"), ("cache-control", "no-store")),
        stream=tuple(frames),
        until=until,
        tail=tuple(tail),
    )


def thread_detail(run: RunRequest, thread_id: str | None = None) -> dict[str, Any]:
    """The stored thread of a run (under `thread_id` when the server assigned it): the user's message and
    the whole reply."""
    message = {"role": "user", "createdAt": STAMP, "cards": [], "channel": "chat"}
    detail = ThreadDetail.model_validate(
        {
            "thread": {
                "id": thread_id or run.thread_id,
                "title": "Scenario",
                "channel": "chat",
                "createdAt": STAMP,
                "updatedAt": STAMP,
            },
            "messages": [
                {**message, "id": run.message_id, "content": run.text},
                {**message, "id": REPLY_ID, "role": "assistant", "content": REPLY_TEXT},
            ],
            "actions": [],
        }
    )
    dumped: dict[str, Any] = detail.model_dump(mode="json", by_alias=True)
    return dumped
