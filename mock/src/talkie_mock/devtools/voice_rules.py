"""Client conformance for voice (§10): what the app did on the data channel and on the voice endpoints.

The mock is the speech provider, so it sees both halves of a voice conversation: the `openai-realtime/1`
events on the `oai-events` channel (through the provider's listener) and the app's HTTP calls (voiceTool,
decision, voiceTranscript, voiceUsage; every request, for the client secret). The consent window is followed
with the reference implementation (:class:`talkie_models.consent.ConsentWindow`), so the inspector and the
app's own logic read §10.4 the same way. Findings name rules of `spec/rules.yaml`:

- VOICE-003 the signalling request's shape; VOICE-007 the client secret anywhere but at `signaling.url`;
- VOICE-010 a forbidden `session.update` or an added system message (a `response.create` overriding the
  locked session warns, N-71, N-94);
- VOICE-013 a function call not forwarded to voiceTool, or voiceTool called for one never asked for;
  VOICE-017 `function_call_output` not the tool's `output` unchanged; VOICE-019 transcript items not
  reported; VOICE-021 usage not about every 30 s or no final report; VOICE-024 automatic responses left on
  while a proposal is read;
- VOICE-023, 025..030, 032 the voice decision: only for actions offering voice, only after the window opened
  (the `output_audio_buffer.stopped` of the proposal), from a final transcript of speech that began inside
  the window, matching what was said, at most once per window, and reported with `method: voice`.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from talkie_models.consent import MAX_WORDS, STRIKES, ConsentWindow, classify, fold, vocabulary
from talkie_models.findings import Finding

from talkie_mock.api.context import Mock
from talkie_mock.api.surfaces import SIGNALING_PATH
from talkie_mock.api.voice import SECRET_PREFIX
from talkie_mock.devtools.verdicts import Seen, verdict
from talkie_mock.engine.realtime.session import LOCKED, forbidden_changes

_PREFIX_BYTES = SECRET_PREFIX.encode()
SECRET = re.compile(re.escape(_PREFIX_BYTES) + rb"[A-Za-z0-9_-]{20,}")
JUDGED_BODIES = frozenset({"voiceTool", "voiceTranscript", "voiceUsage", "decision"})
"""The endpoints whose request bodies these rules read (every other body is left unparsed)."""
USAGE_INTERVAL_SECONDS = 30
USAGE_SLACK_SECONDS = 30
""""About every 30 s" (N-74): a gap of more than twice that between usage reports is reported."""
CLOSE_GRACE_SECONDS = 5.0
"""After the connection closes, the app still has this long (real time) to send its final reports."""
BUTTON_AFTER_SPEECH_SECONDS = 10.0

Record = Callable[[str, list[Finding]], None]
"""(voice session id, findings) for findings that belong to no HTTP exchange (the data channel, timers)."""


@dataclass
class _Heard:
    item_id: str
    text: str
    at: float
    verdict: str


@dataclass
class _Voice:
    """What the checker knows about one voice session."""

    window: ConsentWindow
    locale: str
    session: dict[str, Any] = field(default_factory=dict)
    """The provider's session object as last announced (session.created / session.updated)."""
    requested: dict[str, str] = field(default_factory=dict)
    """Function calls the provider asked for: call_id → name."""
    outputs: dict[str, str] = field(default_factory=dict)
    """voiceTool answers: callId → output."""
    proposals: dict[str, dict[str, Any]] = field(default_factory=dict)
    """callId → the pending talkie.action its voiceTool answer carried."""
    answered: set[str] = field(default_factory=set)
    items: dict[str, str] = field(default_factory=dict)
    """Transcript items the provider finished: item id → role."""
    reported: set[str] = field(default_factory=set)
    opened_ms: int | None = None
    last_usage_ms: int | None = None
    final_usage: bool = False
    closed: bool = False
    action_id: str | None = None
    window_opened_at: float | None = None
    decisions_in_window: int = 0
    heard: list[_Heard] = field(default_factory=list)
    proposal_pending: bool = False


class VoiceRules:
    """Feeds on realtime events and HTTP exchanges; returns or records findings."""

    def __init__(
        self,
        mock: Mock,
        record: Record,
        grace: float = CLOSE_GRACE_SECONDS,
        checked: Callable[[str], None] | None = None,
    ) -> None:
        self.mock = mock
        self.record = record
        self.grace = grace
        self.checked = checked
        """Told a session's id once its end-of-session checks have run (its findings are then final)."""
        self.sessions: dict[str, _Voice] = {}
        self.action_sessions: dict[str, str] = {}

    def forget(self) -> None:
        """Drop every session's state; end-of-session checks still pending then find nothing to check."""
        self.sessions.clear()
        self.action_sessions.clear()

    def _voice(self, sid: str) -> _Voice:
        found = self.sessions.get(sid)
        if found is None:
            row = self.mock.store.voice.get_voice(sid)
            body = row.body if row is not None else {}
            locale = str(body.get("locale") or self.mock.config.locale)
            found = _Voice(ConsentWindow(vocabulary(locale, body.get("consent"))), locale)
            self.sessions[sid] = found
        return found

    # -- the data channel ------------------------------------------------------------------------------------

    def realtime(self, sid: str, direction: str, event: dict[str, Any]) -> None:
        voice = self._voice(sid)
        findings = (
            self._server_event(sid, voice, event)
            if direction == "server"
            else self._client_event(voice, event)
            if direction == "client"
            else self._state(sid, voice, event)
        )
        if findings:
            self.record(sid, findings)

    def _server_event(self, sid: str, voice: _Voice, event: dict[str, Any]) -> list[Finding]:
        kind = event.get("type")
        if kind == "session.created":
            voice.opened_ms = self.mock.now_ms()
        if kind in ("session.created", "session.updated"):
            voice.session = dict(event.get("session") or {})
        elif kind == "response.function_call_arguments.done":
            voice.requested[str(event.get("call_id"))] = str(event.get("name"))
        elif kind == "conversation.item.done":
            item = event.get("item") or {}
            if item.get("type") == "message" and item.get("role") in ("user", "assistant"):
                content = item.get("content")
                parts = content if isinstance(content, list) else []  # the app's item, echoed as it came
                if any(isinstance(part, dict) and part.get("transcript") for part in parts):
                    voice.items[str(item.get("id"))] = str(item.get("role"))
        was_open = voice.window.is_open
        voice.window.feed(event)
        if voice.window.is_open and not was_open:
            voice.window_opened_at, voice.decisions_in_window, voice.heard = time.monotonic(), 0, []
        if (
            kind == "conversation.item.input_audio_transcription.completed"
            and voice.window_opened_at is not None
        ):
            item_id, text = str(event.get("item_id")), str(event.get("transcript") or "")
            if item_id not in voice.window.early and all(h.item_id != item_id for h in voice.heard):
                verdict = classify(text, voice.window.vocab, voice.window.keyword)
                voice.heard.append(_Heard(item_id, text, time.monotonic(), verdict))
        return []

    def _client_event(self, voice: _Voice, event: dict[str, Any]) -> list[Finding]:
        kind = event.get("type")
        if kind == "session.update":
            current = voice.session or {"audio": {"input": {}}}
            forbidden = forbidden_changes(event.get("session"), current)
            if forbidden:
                return [
                    verdict(
                        "VOICE-010",
                        "error",
                        f"session.update changes {', '.join(forbidden)}; only turn detection may change.",
                    )
                ]
        elif kind == "response.create":
            overrides = sorted(set(event.get("response") or {}) & set(LOCKED))
            findings = []
            if overrides:
                findings.append(
                    verdict(
                        "VOICE-010",
                        "warning",
                        f"response.create overrides the locked session ({', '.join(overrides)}), N-71.",
                    )
                )
            if voice.proposal_pending:
                voice.proposal_pending = False
                turn = ((voice.session.get("audio") or {}).get("input") or {}).get("turn_detection")
                if turn is not None and turn.get("create_response", True):  # None: turn detection off
                    findings.append(
                        verdict(
                            "VOICE-024",
                            "error",
                            "A pending action is being read out with automatic responses still on "
                            "(turn detection create_response is not false).",
                        )
                    )
            return findings
        elif kind == "conversation.item.create":
            item = event.get("item") or {}
            if item.get("type") == "message" and item.get("role") == "system":
                return [
                    verdict(
                        "VOICE-010",
                        "error",
                        "conversation.item.create adds a system message: the server locked the instructions "
                        "(N-71, N-94).",
                    )
                ]
            if item.get("type") == "function_call_output":
                return self._function_output(voice, str(item.get("call_id")), item.get("output"))
        return []

    def _function_output(self, voice: _Voice, call_id: str, output: Any) -> list[Finding]:
        voice.answered.add(call_id)
        if call_id not in voice.outputs:
            return [
                verdict(
                    "VOICE-013",
                    "error",
                    f"function_call_output for {call_id[:40]} was sent without calling voiceTool for it.",
                )
            ]
        if output != voice.outputs[call_id]:
            return [
                verdict(
                    "VOICE-017", "error", "function_call_output differs from the output voiceTool returned."
                )
            ]
        action = voice.proposals.get(call_id)
        if action is not None:
            voice.proposal_pending = voice.window.arm(action)
            voice.action_id = str(action["id"]) if voice.proposal_pending else None
            voice.window_opened_at = None
        return []

    def _state(self, sid: str, voice: _Voice, event: dict[str, Any]) -> list[Finding]:
        if event.get("type") == "connection.closed" and not voice.closed:
            voice.closed = True
            try:
                asyncio.get_running_loop().call_later(self.grace, self._after_close, sid)
            except RuntimeError:
                self._after_close(sid)
        return []

    def _after_close(self, sid: str) -> None:
        voice = self.sessions.get(sid)
        if voice is None:  # forgotten by a reset meanwhile
            return
        findings = []
        missing = sorted(set(voice.requested) - voice.outputs.keys())
        if missing:
            findings.append(
                verdict(
                    "VOICE-013",
                    "error",
                    f"Function calls never forwarded to voiceTool: {', '.join(missing)}.",
                )
            )
        unreported = sorted(set(voice.items) - voice.reported)
        if unreported:
            findings.append(
                verdict(
                    "VOICE-019",
                    "error",
                    f"{len(unreported)} transcript item(s) never posted to voiceTranscript "
                    f"({', '.join(unreported[:3])}).",
                )
            )
        if not voice.final_usage:
            findings.append(verdict("VOICE-021", "error", "The session ended without a final usage report."))
        if findings:
            self.record(sid, findings)
        if self.checked is not None:
            self.checked(sid)

    # -- HTTP ------------------------------------------------------------------------------------------------

    def exchange(self, seen: Seen, response_body: bytes, stamp_ms: int) -> list[Finding]:
        findings = self._secret(seen)
        endpoint = seen.endpoint
        if seen.path == SIGNALING_PATH and seen.method == "POST":
            findings += self._signaling(seen)
        if endpoint == "voiceTool" and seen.method == "POST":
            findings += self._unrequested(seen)
        if seen.method != "POST" or seen.status >= 400 or endpoint not in JUDGED_BODIES:
            return findings
        body = seen.json_body()
        if not isinstance(body, dict):
            return findings
        sid = _session_of(seen.path)
        if endpoint == "voiceTool" and sid is not None:
            self._tool(self._voice(sid), sid, body, response_body)
        elif endpoint == "voiceTranscript" and sid is not None:
            self._voice(sid).reported.add(str(body.get("itemId")))
        elif endpoint == "voiceUsage" and sid is not None:
            findings += self._usage(self._voice(sid), bool(body.get("final")), stamp_ms)
        elif endpoint == "decision":
            findings += self._decision(seen, body)
        return findings

    def _unrequested(self, seen: Seen) -> list[Finding]:
        """VOICE-013: voiceTool for a call a connected session's provider never asked for (notes N-94)."""
        sid, body = _session_of(seen.path), seen.json_body()
        voice = self.sessions.get(sid) if sid is not None else None
        call_id = body.get("callId") if isinstance(body, dict) else None
        if voice is None or voice.opened_ms is None or not isinstance(call_id, str):
            return []  # never connected: no provider asked for anything, nothing to compare with
        if call_id in voice.requested:
            return []
        return [
            verdict(
                "VOICE-013",
                "error",
                f"voiceTool was called for {call_id[:40]}, a function call the provider never asked for.",
            )
        ]

    def _secret(self, seen: Seen) -> list[Finding]:
        # the usual case first, without joining anything: no part of the request names a voice secret
        if (
            _PREFIX_BYTES not in seen.body
            and SECRET_PREFIX not in seen.query
            and not seen.headers.holds(SECRET_PREFIX)
        ):
            return []
        carried = b" ".join([seen.query.encode(), seen.body, *seen.headers.sent()])
        if seen.path == SIGNALING_PATH:
            header = seen.headers.get("authorization", "")
            rest = carried.replace(header.encode("latin-1", "replace"), b"", 1)
            if not SECRET.search(rest):
                return []
        if not any(self.mock.store.voice.voice_by_secret(m.decode()) for m in SECRET.findall(carried)):
            return []
        return [
            verdict(
                "VOICE-007",
                "error",
                f"A voice clientSecret was sent to {seen.method} {seen.path}; it belongs only in the "
                "Authorization header of the signalling request.",
            )
        ]

    def _signaling(self, seen: Seen) -> list[Finding]:
        findings = []
        if not seen.headers.get("content-type", "").lower().startswith("application/sdp"):
            findings.append(verdict("VOICE-003", "error", "The SDP offer is not sent as application/sdp."))
        if not seen.headers.get("authorization", "").lower().startswith("bearer "):
            findings.append(verdict("VOICE-003", "error", "The SDP offer carries no Bearer clientSecret."))
        return findings

    def _tool(self, voice: _Voice, sid: str, body: dict[str, Any], response_body: bytes) -> None:
        try:
            answer = json.loads(response_body)
        except ValueError:
            return
        call_id = str(body.get("callId"))
        voice.outputs[call_id] = str(answer.get("output"))
        for event in answer.get("events") or []:
            value = event.get("value") if isinstance(event, dict) else None
            if (
                isinstance(value, dict)
                and event.get("name") == "talkie.action"
                and value.get("status") == "pending"
            ):
                voice.proposals[call_id] = value
                self.action_sessions[str(value.get("id"))] = sid

    def _usage(self, voice: _Voice, final: bool, stamp_ms: int) -> list[Finding]:
        findings = []
        start = voice.last_usage_ms if voice.last_usage_ms is not None else voice.opened_ms
        voice.last_usage_ms = stamp_ms
        if start is not None and stamp_ms - start > (USAGE_INTERVAL_SECONDS + USAGE_SLACK_SECONDS) * 1000:
            gap = (stamp_ms - start) // 1000
            findings.append(
                verdict("VOICE-021", "error", f"{gap} s passed without a usage report (every 30 s is due).")
            )
        voice.final_usage = voice.final_usage or final
        return findings

    def _decision(self, seen: Seen, body: dict[str, Any]) -> list[Finding]:
        action_id = urllib.parse.unquote(seen.path.rstrip("/").split("/")[-2])
        method = body.get("method", "button")
        sid = self.action_sessions.get(action_id)
        voice = self.sessions.get(sid) if sid is not None else None
        if method != "voice":
            return self._button(voice, action_id, body)
        row = self.mock.store.actions.get_action(action_id)
        methods = (row.body.get("confirm") or {}).get("methods", []) if row is not None else []
        if "voice" not in methods:
            if voice is None:  # an action of no voice session: ACT-015 (verdicts) says it all
                return []
            return [
                verdict(
                    "VOICE-023", "error", "A voice decision for an action whose confirm.methods lack voice."
                )
            ]
        if voice is None or voice.action_id != action_id or voice.window_opened_at is None:
            return [
                verdict(
                    "VOICE-025",
                    "error",
                    "A voice decision before the consent window opened (the output_audio_buffer.stopped that "
                    "ends the spoken proposal).",
                )
            ]
        voice.decisions_in_window += 1
        if voice.decisions_in_window > 1:
            return [verdict("VOICE-030", "error", "A second decision in the same consent window.")]
        if not voice.heard:
            if voice.window.early:
                return [
                    verdict(
                        "VOICE-026",
                        "error",
                        "The decision came from speech that began before the window opened.",
                    )
                ]
            return [
                verdict(
                    "VOICE-027", "error", "A voice decision without a final user transcript in the window."
                )
            ]
        if sum(h.verdict == "other" for h in voice.heard[:-1]) >= STRIKES:
            return [verdict("VOICE-029", "error", "The window had closed after two unrelated utterances.")]
        heard = voice.heard[-1]
        return self._matches(heard, str(body.get("decision")))

    def _matches(self, heard: _Heard, decision: str) -> list[Finding]:
        words = fold(heard.text).split()
        if decision == "confirm" and ("?" in heard.text or len(words) > MAX_WORDS):
            return [
                verdict(
                    "VOICE-027",
                    "error",
                    f"{heard.text!r} is a question or longer than six words: no confirm.",
                )
            ]
        if heard.verdict == decision:
            return []
        if heard.verdict == "other":
            return [
                verdict(
                    "VOICE-027" if decision == "confirm" else "VOICE-028",
                    "warning",
                    f"{heard.text!r} is no clear {'confirmation' if decision == 'confirm' else 'refusal'} "
                    "under the reference vocabulary.",
                )
            ]
        rule = "VOICE-027" if decision == "confirm" else "VOICE-028"
        return [
            verdict(rule, "error", f"{heard.text!r} means {heard.verdict}, but the client sent {decision}.")
        ]

    def _button(self, voice: _Voice | None, action_id: str, body: dict[str, Any]) -> list[Finding]:
        if voice is None or voice.action_id != action_id or not voice.heard:
            return []
        heard = voice.heard[-1]
        recent = time.monotonic() - heard.at <= BUTTON_AFTER_SPEECH_SECONDS
        if recent and heard.verdict == body.get("decision"):
            return [
                verdict(
                    "VOICE-032",
                    "warning",
                    f"The decision followed the spoken {heard.text!r} but says method "
                    f"{body.get('method', 'button')!r}.",
                )
            ]
        return []


def _session_of(path: str) -> str | None:
    match = re.search(r"/voice/sessions/([^/]+)/", path)
    return urllib.parse.unquote(match.group(1)) if match else None
