"""Scenarios of voice (§10): the manifest offers voice, `voiceSessions` answers a session whose signalling
URL is the scenario's own path, and a scripted provider (`talk`) holds the conversation on the data channel.

Every voice scenario asks the person's `voice` gesture; a client that cannot make it takes no part. The
checks (`hearing`) judge the requests to the voice endpoints and to `decision`, and the data channel's
messages either way.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from typing import Any, ClassVar
from urllib.parse import unquote

from talkie_models import (
    ActionEvent,
    DecisionResponse,
    Manifest,
    OkResponse,
    VoiceSession,
    VoiceToolResponse,
    VoiceUsageResponse,
)

from talkie_mock.clientsuite import hearing
from talkie_mock.clientsuite.base import Asked, Check, Scenario
from talkie_mock.clientsuite.observe import Record
from talkie_mock.clientsuite.situations import (
    STAMP,
    VOICE_ENDPOINTS,
    Answer,
    Origins,
    error,
    json_answer,
    manifest,
)
from talkie_mock.clientsuite.talk import Talk
from talkie_mock.engine.realtime import stack

SIGNAL_PATH = hearing.SIGNAL_PATH
MAX_SECONDS = 900
CONSENT = {"confirm": ["yes", "confirm"], "refuse": ["no", "cancel"]}
"""The consent words of most voice sessions: a client's own words may lack them, the session's may not."""
SEARCH = ("search_records", json.dumps({"query": "Alfa"}))
SEARCH_OUTPUT = 'Found 2 records for "Alfa":\n  Alfa s.r.o. (Brno)  \n  Alfa Trade — Praha '
"""The search tool's output: quotes, a line break, edge spaces, a dash, which must reach the model as is."""
REPLY = "Two records match Alfa."
THANKS = "Thank you."
PROPOSE = ("send_reminder", json.dumps({"to": "novak@alfa.example"}))
PROPOSAL = "I can send a reminder to novak@alfa.example. Shall I send it?"
ACTION_ID = "act_voice"


def _voice_manifest(origins: Origins, name: str, hosts: list[str]) -> dict[str, Any]:
    body = manifest(origins, name)
    if not stack.available():  # no WebRTC peer can be made: the suite offers no voice (§1)
        return body
    base = origins.base(name)
    body["endpoints"].update({key: base + path for key, path in VOICE_ENDPOINTS.items()})
    body["capabilities"]["voice"] = {
        "transports": ["webrtc"],
        "eventProtocols": ["openai-realtime/1"],
        "signalingHosts": hosts,
    }
    body["capabilities"]["actions"] = {"voiceConfirm": True}
    dumped: dict[str, Any] = Manifest.model_validate(body).model_dump(mode="json", by_alias=True)
    return dumped


def _action(methods: list[str], keyword: str | None) -> dict[str, Any]:
    confirm: dict[str, Any] = {"methods": methods}
    if keyword is not None:
        confirm["voice"] = {"keyword": keyword}
    value = {
        "id": ACTION_ID,
        "version": 1,
        "threadId": "thr_voice",
        "toolCallId": "call_voice",
        "summary": "Send a reminder to novak@alfa.example",
        "riskLevel": "low",
        "status": "pending",
        "paramsHash": "sha256:" + "1" * 64,
        "createdAt": STAMP,
        "expiresAt": "2099-01-01T00:00:00Z",
        "confirm": confirm,
    }
    event: dict[str, Any] = ActionEvent.model_validate(
        {"type": "CUSTOM", "name": "talkie.action", "value": value}
    ).model_dump(mode="json", by_alias=True)
    return event


class VoiceScenario(Scenario):
    """A voice scenario: the session, the signalling path, tools and decision; `converse` is the script."""

    person = ("voice",)
    deadline = 30.0
    consent: ClassVar[dict[str, list[str]]] = CONSENT
    methods: ClassVar[list[str]] = ["button", "voice"]
    keyword: ClassVar[str | None] = None

    def hosts(self, origins: Origins) -> list[str]:
        return ["127.0.0.1"]

    def signaling(self, origins: Origins) -> str:
        return f"{origins.issuer}{origins.base(self.name)}{SIGNAL_PATH}"

    def manifest(self, origins: Origins) -> dict[str, Any]:
        return _voice_manifest(origins, self.name, self.hosts(origins))

    async def converse(self, talk: Talk) -> None:
        """The conversation the provider holds once the data channel is open."""

    def tool(self, name: str) -> tuple[str, list[dict[str, Any]]] | None:
        """The output and events voiceTool answers for tool `name` (None: no such tool)."""
        if name == PROPOSE[0]:
            return PROPOSAL, [_action(self.methods, self.keyword)]
        if name == SEARCH[0]:
            return SEARCH_OUTPUT, []
        return None

    async def reply(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if asked.rest == SIGNAL_PATH and asked.method == "POST":
            return await self._offer(asked, record)
        return self.answer(asked, record, origins)

    async def _offer(self, asked: Asked, record: Record) -> Answer:
        talk = hearing.talk_of(record)
        if talk is not None:
            talk.offers.append(asked.bearer == talk.secret)
        if talk is None or asked.bearer != talk.secret:
            return error(401, "unauthorized", "Send the voice session's clientSecret as a bearer token.")
        if talk.connected:
            return error(409, "conflict", "The clientSecret has opened its connection already.")
        try:
            sdp = await talk.connect(
                asked.raw.decode("utf-8", "replace"), local=asked.local, remote=asked.remote
            )
        except stack.OfferError as exc:
            return error(400, "invalid_request", f"The offer cannot be answered: {exc}")
        return Answer(201, (("content-type", "application/sdp"),), sdp.encode())

    def answer(self, asked: Asked, record: Record, origins: Origins) -> Answer:
        if not asked.endpoint.startswith("voice") and asked.endpoint != "decision":
            return super().answer(asked, record, origins)
        if not asked.authorized:
            return error(401, "unauthorized", "Send the development token as a bearer token.")
        if asked.method != "POST":
            return error(405, "method_not_allowed", "This endpoint takes POST.")
        body = asked.body or {}
        talk = hearing.talk_of(record)
        if asked.endpoint == "voiceSessions":
            return self._session(body, record, origins)
        if talk is None:
            return error(404, "not_found", "No voice session of that id.")
        if asked.endpoint == "voiceTool":
            return self._tool(asked.rest.rsplit("/", 1)[-1], body, record)
        if asked.endpoint == "voiceTranscript":
            return json_answer(OkResponse(ok=True).model_dump(mode="json"), 201)
        if asked.endpoint == "voiceUsage":
            seconds = body.get("seconds")
            used = seconds if isinstance(seconds, int) and seconds >= 0 else 0
            usage = VoiceUsageResponse(ok=True, remaining_seconds=max(0, MAX_SECONDS - used))
            return json_answer(usage.model_dump(mode="json", by_alias=True))
        return self._decision(body, record)

    def _session(self, body: dict[str, Any], record: Record, origins: Origins) -> Answer:
        if not stack.available():
            return error(404, "not_found", "This suite has no voice (the `voice` extra is not installed).")
        talk = hearing.talk_of(record)
        if talk is None:
            talk = Talk(record, self.converse, "ek_suite_" + secrets.token_urlsafe(18))
            record.state[hearing.TALK] = talk
            record.secrets.append(talk.secret)
            record.closers.append(talk.close_soon)
        thread = body.get("threadId")
        session = VoiceSession.model_validate(
            {
                "voiceSessionId": hearing.SESSION_ID,
                "threadId": thread if isinstance(thread, str) and thread else "thr_voice",
                "transport": "webrtc",
                "eventProtocol": "openai-realtime/1",
                "signaling": {"type": "sdp-post", "url": self.signaling(origins)},
                "clientSecret": talk.secret,
                "expiresAt": "2099-01-01T00:00:00Z",
                "maxSeconds": MAX_SECONDS,
                "warnSeconds": 60,
                "locale": "en",
                "labels": {SEARCH[0]: "Searching…", PROPOSE[0]: "Preparing the reminder…"},
                "consent": self.consent,
            }
        )
        return json_answer(session.model_dump(mode="json", by_alias=True), 201)

    def _tool(self, name: str, body: dict[str, Any], record: Record) -> Answer:
        call_id = body.get("callId")
        used = [s for s in record.seen("scenario", "voiceTool") if (s.body or {}).get("callId") == call_id]
        if len(used) > 1:
            return error(409, "conflict", "This callId was used already.")
        tool = self.tool(unquote(name))
        if tool is None:
            return error(404, "not_found", "This session has no such tool.")
        output, events = tool
        talk = hearing.talk_of(record)
        if talk is not None and isinstance(call_id, str):
            talk.outputs[call_id] = output
        answer = VoiceToolResponse.model_validate({"ok": True, "output": output, "events": events})
        return json_answer(answer.model_dump(mode="json", by_alias=True))

    def _decision(self, body: dict[str, Any], record: Record) -> Answer:
        decision = body.get("decision")
        if decision not in ("confirm", "cancel"):
            return error(400, "invalid_request", "decision is confirm or cancel.")
        earlier = [(s.body or {}).get("decision") for s in record.seen("scenario", "decision")[:-1]]
        if earlier and earlier[0] != decision:
            return error(409, "conflict", "The opposite decision was made already.")
        action = dict(_action(self.methods, self.keyword)["value"])
        action["status"] = "done" if (earlier[:1] or [decision])[0] == "confirm" else "cancelled"
        answer = DecisionResponse.model_validate({"action": action, "events": []})
        return json_answer(answer.model_dump(mode="json", by_alias=True))


async def _proposal(talk: Talk, seconds: float = 1.0) -> str | None:
    """The tool call whose answer carries the pending action; once the client passed its output back, the
    model reads the proposal. Returns the proposal's response id (None: the client never got there)."""
    call_id = talk.call(*PROPOSE)
    given = await talk.expect("conversation.item.create", hearing.output_of(call_id))
    if given is None:
        return None
    await talk.expect("response.create", timeout=1.5)  # the client lets the model go on; it reads either way
    response_id, _ = talk.speak(PROPOSAL, seconds)
    talk.mark(hearing.PROPOSED)
    return response_id


async def _after_proposal(talk: Talk) -> bool:
    """The proposal read to its end (`output_audio_buffer.stopped`): the consent window may open."""
    response_id = await _proposal(talk)
    if response_id is None or not await talk.finished(response_id):
        return False
    talk.marks[hearing.STOPPED] = talk.stopped_at[response_id]
    return True


async def _answer(talk: Talk, mark: str, text: str, duplicate: bool = False) -> None:
    await talk.say(text, duplicate)
    talk.mark(mark)
    await asyncio.sleep(hearing.ANSWER_GAP)  # time for the client to act on it


class VoiceTool(VoiceScenario):
    name = "voice-tool"
    summary = (
        "A voice session: the model calls a tool, speaks, the person answers; the client relays the call, "
        "reports transcripts and usage, and keeps the secret for signalling."
    )
    checks = (
        Check("VOICE-003", "posts the SDP offer to signaling.url and uses the answer", hearing.offered),
        Check("VOICE-007", "sends the clientSecret nowhere but signaling.url", hearing.secret_kept),
        Check("VOICE-010", "changes nothing but turn detection by session.update", hearing.locked),
        Check("VOICE-013", "forwards the function call to voiceTool", hearing.forwarded),
        Check("VOICE-017", "passes the tool output back untouched", hearing.untouched),
        Check("VOICE-019", "reports the user's and the assistant's transcripts", hearing.transcribed),
        Check("VOICE-021", "reports usage at the end, final", hearing.final_usage),
    )

    async def converse(self, talk: Talk) -> None:
        call_id = talk.call(*SEARCH)
        if await talk.expect("conversation.item.create", hearing.output_of(call_id)) is None:
            return
        await talk.expect("response.create", timeout=1.5)
        response_id, _ = talk.speak(REPLY, 0.6)
        if await talk.finished(response_id):
            await _answer(talk, hearing.THANKED, THANKS)


class VoiceUnlistedHost(VoiceScenario):
    name = "voice-unlisted-host"
    summary = "The voice session's signalling URL is on a host signalingHosts does not list: no offer goes."
    checks = (Check("VOICE-006", "refuses a signalling host outside signalingHosts", hearing.refused_host),)

    def hosts(self, origins: Origins) -> list[str]:
        return ["realtime.example.com"]

    def signaling(self, origins: Origins) -> str:
        return f"{origins.decoy}{origins.base(self.name)}{SIGNAL_PATH}"


class VoiceConfirm(VoiceScenario):
    name = "voice-confirm"
    summary = (
        "A voice tool proposes an action; after the proposal the person says yes, and the provider repeats "
        "the transcript: one decision, by voice."
    )
    checks = (
        Check("VOICE-024", "switches automatic responses off for the proposal", hearing.responses_off),
        Check("VOICE-030", "decides once, though the transcript came twice", hearing.decided_once),
        Check("VOICE-032", "sends method voice for a spoken decision", hearing.by_voice),
    )

    async def converse(self, talk: Talk) -> None:
        if await _after_proposal(talk):
            await _answer(talk, hearing.ANSWERED, "Yes.", duplicate=True)


class VoiceRefusal(VoiceScenario):
    name = "voice-refusal"
    summary = "After the proposal the person says no: the client cancels the action by voice."
    checks = (Check("VOICE-028", "turns a spoken refusal into cancel", hearing.cancelled),)

    async def converse(self, talk: Talk) -> None:
        if await _after_proposal(talk):
            await _answer(talk, hearing.ANSWERED, "No, cancel that.")


class VoiceEarlyAnswer(VoiceScenario):
    name = "voice-early-answer"
    summary = (
        "The person says yes while the proposal is still read, and starts a second yes before it ends: "
        "neither answers it."
    )
    checks = (
        Check("VOICE-025", "takes no answer before the proposal ends", hearing.none_before_window),
        Check("VOICE-026", "takes no answer begun before the proposal ended", hearing.none_from_overlap),
    )

    async def converse(self, talk: Talk) -> None:
        response_id = await _proposal(talk, 1.6)
        if response_id is None:
            return
        await talk.say("Yes.")
        talk.mark(hearing.EARLY)
        item_id = talk.begin()
        if not await talk.finished(response_id):
            return
        talk.marks[hearing.STOPPED] = talk.stopped_at[response_id]
        await asyncio.sleep(0.1)
        talk.end(item_id, "Yes, confirm.")
        talk.mark(hearing.OVERLAPPED)
        await asyncio.sleep(hearing.ANSWER_GAP)


class VoiceNotAnAnswer(VoiceScenario):
    name = "voice-not-an-answer"
    summary = (
        "After a proposal whose keyword is 'send' the person asks a question, then says yes without the "
        "keyword, then says a clear yes: the window has closed, no decision."
    )
    keyword = "send"
    checks = (
        Check("VOICE-027", "confirms only a short clear yes with the keyword", hearing.none_from_unclear),
        Check("VOICE-029", "closes the window after two other utterances", hearing.none_after_two),
    )

    async def converse(self, talk: Talk) -> None:
        if await _after_proposal(talk):
            await _answer(talk, hearing.FIRST, "Yes, is it safe?")
            await _answer(talk, hearing.SECOND, "Yes, confirm.")
            await _answer(talk, hearing.THIRD, "Yes, send it.")


class VoiceButtonOnly(VoiceScenario):
    name = "voice-button-only"
    summary = "The proposed action's confirm.methods are button alone; the person says yes: no decision."
    methods: ClassVar[list[str]] = ["button"]
    checks = (Check("VOICE-023", "confirms by voice only what offers voice", hearing.no_voice_decision),)

    async def converse(self, talk: Talk) -> None:
        if await _after_proposal(talk):
            await _answer(talk, hearing.ANSWERED, "Yes.")


class VoiceConsentWords(VoiceScenario):
    name = "voice-consent-words"
    summary = "The session adds the confirm word 'roger'; after the proposal the person says it: confirm."
    consent: ClassVar[dict[str, list[str]]] = {"confirm": ["roger"], "refuse": ["scrap"]}
    checks = (Check("VOICE-012", "takes the session's consent words as its own", hearing.confirmed),)

    async def converse(self, talk: Talk) -> None:
        if await _after_proposal(talk):
            await _answer(talk, hearing.ANSWERED, "Roger.")
