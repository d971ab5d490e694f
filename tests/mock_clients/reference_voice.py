"""The reference client's voice (§10), written from the text: one session, over WebRTC with aiortc.

`talk(manifest, issuer, token, broken)` asks for a voice session, checks its signalling URL (https, or http on
a development host, and a host of signalingHosts), posts the SDP offer there with the clientSecret, and stays
in the call until the provider ends it: function calls go to voiceTool and their output back untouched,
transcripts go to voiceTranscript, usage every 30 s and a final report at the end. Actions that offer voice
are confirmed in the consent window of §10.4. `broken` makes it wrong in one way (see reference_client.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import re
import time
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

import aioice.ice
import httpx
from aiortc import RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc.contrib.media import MediaBlackhole
from aiortc.mediastreams import AudioStreamTrack, MediaStreamTrack

BREAKS = (
    "unlisted-signaling-host",
    "voice-outside-window",
    "count-early-speech",
    "decide-twice",
    "secret-elsewhere",
    "local-tool",
    "alter-tool-output",
)
CONNECT_SECONDS = 10.0
LONGEST_CALL = 60.0
"""The client hangs up by itself after this long, whatever the provider does."""
USAGE_EVERY = 30.0
DEV_HOSTS = ("localhost", "127.0.0.1", "::1")

CONFIRM = {"yes", "yeah", "confirm", "ok", "okay", "sure", "go ahead", "do it"}
REFUSE = {"no", "cancel", "stop", "don't", "do not"}
NEGATION = {"no", "not", "never", "don't", "do not", "doesn't", "isn't"}
QUESTION = {"what", "why", "how", "who", "when", "where", "is", "are", "can", "could", "should", "do", "does"}
HESITATION = {"um", "uh", "hmm", "maybe", "wait", "perhaps", "not sure", "i think"}
MAX_WORDS = 6


def show(kind: str, **data: Any) -> None:
    print(json.dumps({"kind": kind, **data}, ensure_ascii=False), flush=True)


def words_of(text: str) -> list[str]:
    return re.sub(r"[^\w' ]+", " ", text.casefold()).split()


def has(words: list[str], phrases: set[str]) -> bool:
    joined = f" {' '.join(words)} "
    return any(f" {phrase} " in joined for phrase in phrases)


def meaning(text: str, confirm: set[str], refuse: set[str], keyword: str | None) -> str:
    """§10.4 step 3: confirm, cancel, or other (anything else is conversation)."""
    words = words_of(text)
    if not words or len(words) > MAX_WORDS or "?" in text or words[0] in QUESTION or has(words, HESITATION):
        return "other"
    confirms, refuses = has(words, confirm), has(words, refuse)
    if refuses and not confirms:
        return "cancel"
    if not confirms or refuses or has(words, NEGATION):
        return "other"
    if keyword and not has(words, {keyword.casefold()}):
        return "other"
    return "confirm"


def allowed_signaling(url: str, hosts: list[str]) -> bool:
    """§10.1: https (http only on a development host, notes N-03) and a host signalingHosts lists."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    local = host in DEV_HOSTS
    with contextlib.suppress(ValueError):
        local = local or ipaddress.ip_address(host).is_private
    return (parts.scheme == "https" or (parts.scheme == "http" and local)) and host in {
        h.lower() for h in hosts
    }


def loopback_only(host: str) -> None:
    """Offer ICE candidates on loopback alone when the provider is on loopback (aioice leaves it out)."""
    if host in ("127.0.0.1", "localhost"):
        aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]


class Call:
    def __init__(self, manifest: dict[str, Any], issuer: str, token: str, broken: str | None) -> None:
        self.manifest = manifest
        self.issuer = issuer
        self.broken = broken
        self.http = httpx.AsyncClient(timeout=5.0, headers={"authorization": f"Bearer {token}"})
        self.session: dict[str, Any] = {}
        self.events: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.ended = asyncio.Event()
        self.opened_at = 0.0
        self.turn: dict[str, Any] | None = None
        self.vocabulary: tuple[set[str], set[str]] = (set(CONFIRM), set(REFUSE))
        # the consent window (§10.4)
        self.action: dict[str, Any] | None = None
        self.proposal_output: str | None = None
        self.proposal: str | None = None
        self.window = False
        self.early: set[str] = set()
        self.heard: set[str] = set()
        self.others = 0
        self.reported: set[tuple[str, str]] = set()

    def url(self, endpoint: str, **params: str) -> str:
        template = str(self.manifest["endpoints"][endpoint])
        for key, value in params.items():
            template = template.replace("{" + key + "}", quote(value, safe=""))
        return urljoin(self.issuer, template)

    async def post(self, endpoint: str, body: dict[str, Any], **params: str) -> dict[str, Any]:
        answer = await self.http.post(self.url(endpoint, **params), json=body)
        answer.raise_for_status()
        value = answer.json() if answer.content else {}
        return value if isinstance(value, dict) else {}

    async def run(self) -> None:
        try:
            await self._run()
        finally:
            await self.http.aclose()

    async def _run(self) -> None:
        voice = self.manifest.get("capabilities", {}).get("voice") or {}
        speaks = "webrtc" in voice.get("transports", []) and "openai-realtime/1" in voice.get(
            "eventProtocols", []
        )
        if not speaks or "voiceSessions" not in self.manifest["endpoints"]:
            show("unable", gesture="voice")
            return
        self.session = await self.post("voiceSessions", {"locale": "en"})
        url = str(self.session["signaling"]["url"])
        hosts = list(voice.get("signalingHosts", []))
        if not allowed_signaling(url, hosts) and self.broken != "unlisted-signaling-host":
            show("error", message="VOICE-006: the signalling URL is not on a host signalingHosts lists")
            return
        consent = self.session.get("consent") or {}
        self.vocabulary = (  # the session's words are added to the built-in ones (§10.1)
            CONFIRM | {w.casefold() for w in consent.get("confirm", [])},
            REFUSE | {w.casefold() for w in consent.get("refuse", [])},
        )
        loopback_only(urlsplit(url).hostname or "")
        pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
        sink = MediaBlackhole()
        try:
            await self._call(pc, sink, url)
        finally:
            await sink.stop()
            await pc.close()
            if self.opened_at:
                await self._usage(final=True)

    async def _call(self, pc: RTCPeerConnection, sink: MediaBlackhole, url: str) -> None:
        channel = pc.createDataChannel("oai-events")
        pc.addTrack(AudioStreamTrack())  # the microphone: silence
        opened = asyncio.Event()
        channel.on("open", opened.set)
        channel.on("message", lambda raw: self.events.put_nowait(json.loads(raw)))
        channel.on("close", self.ended.set)

        @pc.on("track")
        def on_track(track: MediaStreamTrack) -> None:
            sink.addTrack(track)

        @pc.on("connectionstatechange")
        def on_state() -> None:
            if pc.connectionState in ("failed", "closed"):
                self.ended.set()

        await pc.setLocalDescription(await pc.createOffer())
        secret = str(self.session["clientSecret"])
        answer = await self.http.post(
            url,
            content=pc.localDescription.sdp,
            headers={"authorization": f"Bearer {secret}", "content-type": "application/sdp"},
        )
        answer.raise_for_status()
        await pc.setRemoteDescription(RTCSessionDescription(answer.text, "answer"))
        await sink.start()
        await asyncio.wait_for(opened.wait(), CONNECT_SECONDS)
        self.opened_at = time.monotonic()
        self.channel = channel
        usage = asyncio.ensure_future(self._every_30_s())
        events = asyncio.ensure_future(self._events())
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.ended.wait(), LONGEST_CALL)
            with contextlib.suppress(TimeoutError):  # what came before the end is still handled
                await asyncio.wait_for(self.events.join(), CONNECT_SECONDS)
        finally:
            usage.cancel()
            events.cancel()

    def send(self, event: dict[str, Any]) -> None:
        if self.channel.readyState == "open":
            self.channel.send(json.dumps(event))

    async def _every_30_s(self) -> None:
        while True:
            await asyncio.sleep(USAGE_EVERY)
            await self._usage(final=False)

    async def _usage(self, final: bool) -> None:
        body: dict[str, Any] = {"seconds": int(time.monotonic() - self.opened_at), "final": final}
        if self.broken == "secret-elsewhere":
            body["clientSecret"] = self.session["clientSecret"]
        with contextlib.suppress(httpx.HTTPError):
            await self.post("voiceUsage", body, voiceSessionId=self.session["voiceSessionId"])

    async def _events(self) -> None:
        while True:
            event = await self.events.get()
            try:
                await self._event(event)
            except Exception as exc:  # one event the client cannot act on: said, and the call goes on
                show("error", message=f"voice: {type(exc).__name__}: {exc}")
            finally:
                self.events.task_done()

    async def _transcript(self, role: str, item_id: str, text: str) -> None:
        if (role, item_id) in self.reported:
            return
        self.reported.add((role, item_id))
        body = {"role": role, "text": text, "itemId": item_id}
        await self.post("voiceTranscript", body, voiceSessionId=self.session["voiceSessionId"])

    async def _event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind in ("session.created", "session.updated"):
            self.turn = event["session"]["audio"]["input"].get("turn_detection")
        elif kind == "response.function_call_arguments.done":
            await self._tool(str(event["name"]), str(event["call_id"]), str(event["arguments"]))
        elif kind == "response.created" and self.proposal_output is not None and self.proposal is None:
            self.proposal = str(event["response"]["id"])  # the first response after the output: the proposal
        elif (
            kind == "output_audio_buffer.stopped"
            and self.proposal
            and event.get("response_id") == self.proposal
        ):
            self.window, self.others, self.heard = True, 0, set()
        elif kind == "input_audio_buffer.speech_started" and not self.window:
            if self.broken != "count-early-speech":
                self.early.add(str(event.get("item_id")))
        elif kind == "response.output_audio_transcript.done":
            await self._transcript("assistant", str(event["item_id"]), str(event["transcript"]))
        elif kind == "conversation.item.input_audio_transcription.completed":
            await self._transcript("user", str(event["item_id"]), str(event["transcript"]))
            await self._heard(str(event["item_id"]), str(event["transcript"]))

    def _automatic(self, on: bool) -> None:
        """The one session.update allowed: turn detection, with automatic responses on or off."""
        if self.turn is None:
            return
        turn = {**self.turn, "create_response": on}
        self.send(
            {
                "type": "session.update",
                "session": {"type": "realtime", "audio": {"input": {"turn_detection": turn}}},
            }
        )

    async def _tool(self, name: str, call_id: str, arguments: str) -> None:
        if self.broken == "local-tool" and name == "search_records":
            output = json.dumps({"results": []})  # run here, without the server
            events: list[Any] = []
        else:
            answer = await self.post(
                "voiceTool",
                {"callId": call_id, "arguments": arguments},
                voiceSessionId=self.session["voiceSessionId"],
                name=name,
            )
            output, events = str(answer["output"]), list(answer.get("events", []))
        if self.broken == "alter-tool-output":
            output = output.strip()
        action = next(
            (
                e["value"]
                for e in events
                if e.get("name") == "talkie.action" and e.get("value", {}).get("status") == "pending"
            ),
            None,
        )
        if action is not None:
            show("decision", action=action["id"], offered=action["confirm"]["methods"], taken=None)
        if action is not None and "voice" in action["confirm"]["methods"]:
            self._automatic(False)  # §10.4 step 1: the model reads the proposal, nothing answers by itself
            self.action, self.proposal, self.window, self.early = action, None, False, set()
            self.proposal_output = output
        self.send(
            {
                "type": "conversation.item.create",
                "item": {"type": "function_call_output", "call_id": call_id, "output": output},
            }
        )
        self.send({"type": "response.create"})

    async def _heard(self, item_id: str, text: str) -> None:
        action = self.action
        if action is None:
            return
        if self.broken != "voice-outside-window" and (not self.window or item_id in self.early):
            return
        if item_id in self.heard and self.broken != "decide-twice":
            return  # a repeated transcript counts once
        self.heard.add(item_id)
        keyword = (action["confirm"].get("voice") or {}).get("keyword")
        said = meaning(text, *self.vocabulary, keyword)
        if said == "other":
            self.others += 1
            if self.others >= 2:  # §10.4 step 3: the action waits for the button
                self.window = False
                self._automatic(True)
            return
        if self.broken != "decide-twice":
            self.window, self.action = False, None  # §10.4 step 4: closed before the decision goes
        body = {"decision": said, "paramsHash": action["paramsHash"], "method": "voice"}
        await self.post("decision", body, actionId=action["id"])
        show("decision", action=action["id"], offered=action["confirm"]["methods"], taken=said)
        self._automatic(True)


def talk(manifest: dict[str, Any], issuer: str, token: str, broken: str | None) -> None:
    asyncio.run(Call(manifest, issuer, token, broken).run())
