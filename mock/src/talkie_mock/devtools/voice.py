"""Voice under `/_mock/`: make the user speak, script a conversation, and watch the data channel.

The mock cannot understand speech, so the user's side is scripted: `POST /_mock/api/voice/sessions/{id}/say`
(or the inspector's "Say" box) makes the provider emit the speech and transcription events of a sentence;
`speak` and `call` make the assistant talk or request a function call; `script` plays a whole
`voice-script.schema.json` conversation; `hangup` ends the connection. Each connection shows in the
inspector's traffic as one `RTC` entry whose events are the data channel in both directions, with the voice
rule findings (:mod:`talkie_mock.devtools.voice_rules`) beside it; they also go to the violation log.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from talkie_models.findings import Evidence, Finding

from talkie_mock.api.context import Mock
from talkie_mock.api.problems import problem
from talkie_mock.api.requests import parse_json
from talkie_mock.api.surfaces import SIGNALING_PATH
from talkie_mock.devtools.traffic import Exchange, Traffic
from talkie_mock.devtools.verdicts import verdict
from talkie_mock.devtools.violations import ViolationLog
from talkie_mock.devtools.voice_rules import VoiceRules
from talkie_mock.engine.realtime.provider import NotConnectedError
from talkie_mock.engine.realtime.script import ScriptError, check_script
from talkie_mock.engine.realtime.session import Utterance
from talkie_mock.errors import ApiError

EVENT_LIMIT = 2000
ARROWS = {"server": "→ app", "client": "← app", "state": "· peer"}


class ChannelLog(Exchange):
    """One voice connection as an inspector entry: its data channel events and voice findings."""

    def __init__(self, exchange_id: int, voice_session_id: str, stamp_ms: int) -> None:
        super().__init__(
            exchange_id, "RTC", f"{SIGNALING_PATH} oai-events {voice_session_id}", b"", stamp_ms, []
        )
        self.status = 101
        self.stream = "open"
        self.streaming = True
        self.findings = []
        self._channel: list[dict[str, Any]] = []
        self._dropped = 0

    def add(self, direction: str, event: dict[str, Any]) -> None:
        if len(self._channel) >= EVENT_LIMIT:
            self._dropped += 1
            return
        self._channel.append({"direction": direction, "event": event})

    def events(self) -> tuple[list[dict[str, Any]], int]:
        shown = [
            {
                "type": entry["event"].get("type"),
                "name": entry["direction"],
                "valid": True,
                "injected": False,
                "data": _line(entry["direction"], entry["event"]),
            }
            for entry in self._channel
        ]
        return shown, len(self._channel) + self._dropped


def _line(direction: str, event: dict[str, Any]) -> str:
    return f"{ARROWS.get(direction, '')} {json.dumps(event, ensure_ascii=False)}"[:2000]


class VoiceDesk:
    """Connects the provider's listener to the voice rules, the inspector and the violation log."""

    def __init__(self, mock: Mock, traffic: Traffic, violations: ViolationLog) -> None:
        self.mock = mock
        self.traffic = traffic
        self.violations = violations
        self.logs: dict[str, ChannelLog] = {}
        self.rules = VoiceRules(mock, self._record, checked=self._checked)
        self.scripts: set[asyncio.Task[None]] = set()
        mock.voice.add_listener(self._heard)

    def _log(self, sid: str) -> ChannelLog:
        log = self.logs.get(sid)
        if log is None or log not in self.traffic.items:
            log = ChannelLog(self.traffic.next_id(), sid, self.mock.now_ms())
            self.logs[sid] = log
            self.traffic.items.append(log)
        return log

    def _heard(self, sid: str, direction: str, event: dict[str, Any]) -> None:
        log = self._log(sid)
        log.add(direction, event)
        self.traffic.touch(log)
        self.rules.realtime(sid, direction, event)

    def _checked(self, sid: str) -> None:
        """The connection closed and its end-of-session checks ran: the entry and its findings are final."""
        log = self.logs.get(sid)
        if log is not None:
            log.stream = "complete"
            self.traffic.touch(log)

    def _record(self, sid: str, findings: list[Finding]) -> None:
        log = self._log(sid)
        log.findings = [*log.findings, *findings]
        self.traffic.touch(log)
        evidence = Evidence(method="RTC", url=log.path, exchange=log.id)
        self.violations.add(self.mock.clock.iso(), [f.but(evidence=evidence) for f in findings])

    async def reset(self) -> None:
        """Hang up every connection and forget what the voice rules knew (the control API's reset)."""
        for task in list(self.scripts):
            task.cancel()
        await self.mock.voice.close_all()
        self.rules.forget()
        self.logs.clear()

    def start_script(self, sid: str, steps: list[dict[str, Any]]) -> None:
        task = asyncio.ensure_future(self.mock.voice.run_script(sid, steps))
        self.scripts.add(task)
        task.add_done_callback(self._script_done)

    def _script_done(self, task: asyncio.Task[None]) -> None:
        self.scripts.discard(task)
        if not task.cancelled() and task.exception() is not None:
            message = str(task.exception())
            self._record_message(message)

    def _record_message(self, message: str) -> None:
        remark = verdict(None, "warning", f"voice script stopped: {message}")
        self.violations.add(
            self.mock.clock.iso(), [remark.but(evidence=Evidence(method="RTC", url=SIGNALING_PATH))]
        )


def _desk(request: Request) -> VoiceDesk:
    desk: VoiceDesk = request.app.state.voice_desk
    return desk


async def _body(request: Request) -> dict[str, Any] | None:
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        data = parse_json(raw)
    except ApiError:
        return None
    return data if isinstance(data, dict) else None


def _session(request: Request) -> str:
    return str(request.path_params["voiceSessionId"])


async def say(request: Request) -> Response:
    desk, body = _desk(request), await _body(request)
    if body is None or not isinstance(body.get("text"), str) or not body["text"].strip():
        return problem(
            request, "invalid_request", 'The body is {"text": "…"} (plus partial, final, duplicate).'
        )
    step: dict[str, Any] = {
        "say": body["text"],
        **{k: body[k] for k in ("partial", "final", "duplicate", "seconds") if k in body},
    }
    try:
        check_script([step])
        session = desk.mock.voice.live(_session(request)).session
        options = {k: v for k, v in step.items() if k != "say"}
        item_id = await session.say(Utterance(step["say"], **options))
    except ScriptError as exc:
        return problem(request, "invalid_request", str(exc))
    except NotConnectedError as exc:
        return problem(request, "not_found", str(exc))
    return JSONResponse({"ok": True, "itemId": item_id})


async def speak(request: Request) -> Response:
    desk, body = _desk(request), await _body(request)
    if body is None or not isinstance(body.get("text"), str) or not body["text"].strip():
        return problem(request, "invalid_request", 'The body is {"text": "…"}.')
    try:
        response_id = desk.mock.voice.live(_session(request)).session.speak(body["text"])
    except NotConnectedError as exc:
        return problem(request, "not_found", str(exc))
    return JSONResponse({"ok": True, "responseId": response_id})


async def call(request: Request) -> Response:
    desk, body = _desk(request), await _body(request)
    if (
        body is None
        or not isinstance(body.get("name"), str)
        or not isinstance(body.get("arguments", {}), dict)
    ):
        return problem(request, "invalid_request", 'The body is {"name": "…", "arguments": {…}}.')
    try:
        session = desk.mock.voice.live(_session(request)).session
        response_id = session.call(body["name"], json.dumps(body.get("arguments", {}), ensure_ascii=False))
    except NotConnectedError as exc:
        return problem(request, "not_found", str(exc))
    return JSONResponse({"ok": True, "responseId": response_id})


async def script(request: Request) -> Response:
    desk, body = _desk(request), await _body(request)
    steps = body.get("steps") if body is not None else None
    try:
        check_script(steps)
        desk.mock.voice.live(_session(request))
    except ScriptError as exc:
        return problem(request, "invalid_request", str(exc))
    except NotConnectedError as exc:
        return problem(request, "not_found", str(exc))
    assert isinstance(steps, list)
    desk.start_script(_session(request), steps)
    return JSONResponse({"ok": True, "steps": len(steps)}, status_code=202)


async def hangup(request: Request) -> Response:
    desk = _desk(request)
    try:
        desk.mock.voice.live(_session(request))
    except NotConnectedError as exc:
        return problem(request, "not_found", str(exc))
    await desk.mock.voice.close(_session(request))
    return JSONResponse({"ok": True})


def routes(api: str) -> list[Route]:
    base = api + "/voice/sessions/{voiceSessionId}"
    return [
        Route(base + "/say", say, methods=["POST"]),
        Route(base + "/speak", speak, methods=["POST"]),
        Route(base + "/call", call, methods=["POST"]),
        Route(base + "/script", script, methods=["POST"]),
        Route(base + "/hangup", hangup, methods=["POST"]),
    ]
