"""Voice end to end (§10): an aiortc client plays the app against `talkie-mock serve` over loopback.

The whole path of a spoken confirmation: offer and answer, the data channel, `session.created`, a scripted
user sentence, the function call answered through voiceTool, the proposal read out loud, the consent window
(reference implementation), a duplicated "Ano, odeslat" leading to exactly one decision with method voice,
the transcripts stored in the thread, usage reported, and a session that ends without a single voice
finding. Every provider event is also parsed with the provider's own published models.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from openai.types.realtime import RealtimeServerEvent
from pydantic import TypeAdapter
from served import Served, serving
from talkie_mock.engine.realtime.brain import TOOL_NAMES
from talkie_mock.engine.realtime.events import SERVER_EVENTS
from talkie_models.consent import ConsentWindow, Decision, vocabulary
from voice_app import VoiceApp
from waiting import DEADLINE

pytestmark = pytest.mark.slow  # over 10 s: the tests, or the setup they share (server, browser, build)

PROVIDER_EVENT = TypeAdapter(RealtimeServerEvent)
AUTO_OFF = {
    "type": "realtime",
    "audio": {"input": {"turn_detection": {"type": "server_vad", "create_response": False}}},
}
AUTO_ON = {
    "type": "realtime",
    "audio": {"input": {"turn_detection": {"type": "server_vad", "create_response": True}}},
}


class Talk:
    """The app's HTTP side of one voice session, plus the mock's control API for the user's voice."""

    def __init__(
        self, served: Served, http: httpx.AsyncClient, manifest: dict[str, Any], voice: dict[str, Any]
    ) -> None:
        self.served, self.http, self.endpoints, self.voice = served, http, manifest["endpoints"], voice
        self.sid = voice["voiceSessionId"]

    async def control(self, verb: str, body: dict[str, Any]) -> dict[str, Any]:
        """The mock's control API for this voice session (`say`, `call`, …)."""
        answer = await self.http.post(
            f"/_mock/api/voice/sessions/{self.sid}/{verb}", json=body, headers=self.served.dev
        )
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def url(self, endpoint: str, **params: str) -> str:
        return str(self.endpoints[endpoint]).format(voiceSessionId=self.sid, **params)

    async def say(self, text: str, **options: Any) -> str:
        return str((await self.control("say", {"text": text, **options}))["itemId"])

    async def transcript(self, role: str, text: str, item_id: str) -> None:
        answer = await self.http.post(
            self.url("voiceTranscript"), json={"role": role, "text": text, "itemId": item_id}
        )
        assert answer.status_code == 201, answer.text

    async def usage(self, seconds: int, final: bool) -> dict[str, Any]:
        answer = await self.http.post(self.url("voiceUsage"), json={"seconds": seconds, "final": final})
        assert answer.status_code == 200, answer.text
        return dict(answer.json())


async def checked_channel(
    http: httpx.AsyncClient, served: Served, seconds: float = DEADLINE
) -> dict[str, Any]:
    """The voice connections' inspector entry once the connection closed and its end-of-session checks ran
    (they wait a grace for the app's final reports): `stream` turns `complete` then."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        traffic = (await http.get("/_mock/api/traffic", headers=served.dev)).json()["entries"]
        channels: list[dict[str, Any]] = [e for e in traffic if e["method"] == "RTC"]
        if channels and all(e["stream"] == "complete" for e in channels):
            return channels[0]
        assert asyncio.get_running_loop().time() < deadline, f"voice checks still pending: {channels}"
        await asyncio.sleep(0.1)


async def open_session(served: Served, http: httpx.AsyncClient) -> tuple[Talk, VoiceApp]:
    manifest = (await http.get("/.well-known/talkie.json")).json()
    voice = (await http.post(manifest["endpoints"]["voiceSessions"], json={"locale": "cs"})).json()
    app = VoiceApp(voice)
    answer = await app.connect(http)
    assert answer.status_code == 201, answer.text
    assert answer.headers["content-type"].startswith("application/sdp")
    return Talk(served, http, manifest, voice), app


async def conversation(served: Served) -> None:
    async with httpx.AsyncClient(base_url=served.origin, headers=served.auth, timeout=30) as http:
        talk, app = await open_session(served, http)
        answer_sdp = app.pc.remoteDescription.sdp
        candidates = [line for line in answer_sdp.splitlines() if line.startswith("a=candidate:")]
        assert candidates, "the answer carries its host candidates"
        assert all(" 127.0.0.1 " in line and " typ host" in line for line in candidates)

        created = await app.wait("session.created")
        assert {tool["name"] for tool in created["session"]["tools"]} == set(TOOL_NAMES)
        assert app.pc.iceConnectionState in ("connected", "completed")
        window = ConsentWindow(vocabulary("cs", talk.voice["consent"]))
        decisions: list[Decision] = []

        def feed(event: dict[str, Any]) -> None:
            decision = window.feed(event)
            if decision is not None:
                decisions.append(decision)

        app.listeners.append(feed)
        assert (await talk.usage(0, False))["remainingSeconds"] == talk.voice["maxSeconds"]

        # the user asks for something; the provider wants a function call
        first = await talk.say("Pošli nabídku Novákovi")
        heard = await app.wait("conversation.item.input_audio_transcription.completed", item_id=first)
        await talk.transcript("user", heard["transcript"], first)
        call = await app.wait("response.function_call_arguments.done")
        assert call["name"] == "send_email"
        tool = await http.post(
            talk.url("voiceTool", name=call["name"]),
            json={"callId": call["call_id"], "arguments": call["arguments"]},
        )
        assert tool.status_code == 200, tool.text
        output = tool.json()["output"]
        action = next(e["value"] for e in tool.json()["events"] if e["name"] == "talkie.action")
        assert action["status"] == "pending"
        assert "voice" in action["confirm"]["methods"]

        # §10.4 step 1: automatic responses off, the tool output back unchanged, the model reads the proposal
        app.send({"type": "session.update", "session": AUTO_OFF})
        await app.wait("session.updated")
        assert window.arm(action)
        item = {"type": "function_call_output", "call_id": call["call_id"], "output": output}
        app.send({"type": "conversation.item.create", "item": item})
        app.send({"type": "response.create"})
        said = await app.wait("response.output_audio_transcript.done")
        assert said["transcript"] == output
        await app.wait("response.done")
        assert not window.is_open  # the audio is still playing: no window before the buffer stopped
        await talk.transcript("assistant", said["transcript"], said["item_id"])
        await app.wait("output_audio_buffer.stopped", response_id=said["response_id"])
        assert window.is_open
        assert app.loud_frames > 0, "the proposal was audible"

        # a transcript that never becomes final decides nothing
        partial = await talk.say("Ano, odeslat", final=False)
        await app.wait("conversation.item.input_audio_transcription.delta", item_id=partial, delta=" odeslat")
        assert "conversation.item.input_audio_transcription.completed" not in [
            e["type"] for e in app.events if e.get("item_id") == partial
        ]
        assert decisions == []
        assert window.is_open

        # the user confirms; the provider delivers the final transcript twice
        yes = await talk.say("Ano, odeslat", duplicate=True)
        await app.wait("conversation.item.input_audio_transcription.completed", item_id=yes)
        await app.wait("conversation.item.input_audio_transcription.completed", item_id=yes)
        assert decisions == [Decision(action["id"], "confirm", yes, "voice")]
        decided = await http.post(
            talk.endpoints["decision"].format(actionId=action["id"]),
            json={"decision": "confirm", "paramsHash": action["paramsHash"], "method": "voice"},
        )
        assert decided.status_code == 200, decided.text
        assert decided.json()["action"]["status"] in ("running", "done")
        await talk.transcript("user", "Ano, odeslat", yes)
        app.send({"type": "session.update", "session": AUTO_ON})
        await app.wait("session.updated")

        # hang up, report the end, and read the thread back
        await app.close()
        assert (await talk.usage(40, True))["remainingSeconds"] == talk.voice["maxSeconds"] - 40
        thread = (await http.get(talk.endpoints["thread"].format(threadId=talk.voice["threadId"]))).json()
        voiced = [(m["role"], m["content"]) for m in thread["messages"] if m.get("channel") == "voice"]
        assert voiced == [
            ("user", "Pošli nabídku Novákovi"),
            ("assistant", output),
            ("user", "Ano, odeslat"),
        ]

        for event in app.events:
            assert event["type"] in SERVER_EVENTS
            PROVIDER_EVENT.validate_python(event)
        assert {"output_audio_buffer.started", "output_audio_buffer.stopped"} <= set(app.types())
        assert "error" not in app.types()  # a well-behaved app never provokes the provider

        channel = await checked_channel(http, served)  # the end-of-session checks run after a grace
        violations = (await http.get("/_mock/api/violations", headers=served.dev)).json()["violations"]
        assert [v for v in violations if str(v["rule"]).startswith("VOICE")] == []
        assert channel["eventCount"] > 20


def test_a_spoken_confirmation_end_to_end(served: Served) -> None:
    asyncio.run(conversation(served))


async def secret_once(served: Served) -> None:
    async with httpx.AsyncClient(base_url=served.origin, headers=served.auth, timeout=30) as http:
        talk, app = await open_session(served, http)
        await app.wait("session.created")
        again = VoiceApp(talk.voice)
        refused = await again.connect(http)
        assert refused.status_code == 401
        assert refused.json()["error"]["code"] == "unauthorized"
        await app.close()
        await again.close()


def test_the_client_secret_opens_one_connection_once(served: Served) -> None:
    asyncio.run(secret_once(served))


async def _connect(origin: str, session: dict[str, Any], token: str) -> int:
    """Offer for `session` on the mock at `origin` (its port changes with a restart); the answer's status."""
    moved = {**session, "signaling": {**session["signaling"]}}
    moved["signaling"]["url"] = origin + urlsplit(session["signaling"]["url"]).path
    app = VoiceApp(moved)
    try:
        async with httpx.AsyncClient(base_url=origin, timeout=30) as http:
            return (await app.connect(http)).status_code
    finally:
        await app.close()


async def _new_session(origin: str, token: str) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=origin, headers={"Authorization": f"Bearer {token}"}) as http:
        manifest = (await http.get("/.well-known/talkie.json")).json()
        answer = await http.post(manifest["endpoints"]["voiceSessions"], json={"locale": "cs"})
        assert answer.status_code == 200, answer.text
        session: dict[str, Any] = answer.json()
        return session


def test_a_spent_client_secret_stays_spent_across_a_restart(tmp_path: Path) -> None:
    state = tmp_path / "voice.db"
    with serving(state) as first:
        session = asyncio.run(_new_session(first.origin, first.token))
        assert asyncio.run(_connect(first.origin, session, first.token)) == 201
    with serving(state) as second:  # the same state file: the secret was spent in it
        assert asyncio.run(_connect(second.origin, session, second.token)) == 401
        fresh = asyncio.run(_new_session(second.origin, second.token))
        assert asyncio.run(_connect(second.origin, fresh, second.token)) == 201
