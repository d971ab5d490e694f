"""An aiortc client that plays the Talkie app in a voice session, for the tests of the mock's provider.

It does what a phone does (microphone track out, the provider's audio in, the `oai-events` data channel),
posts its SDP offer to `signaling.url` the way §10.1 says, and keeps every provider event it receives so a
test can wait for the next one of a type. ICE is held to loopback, like the mock's side.
"""

from __future__ import annotations

import array
import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
from aiortc import RTCDataChannel, RTCSessionDescription
from aiortc.mediastreams import AudioStreamTrack, MediaStreamError, MediaStreamTrack
from av import AudioFrame
from talkie_mock.engine.realtime import peer

Event = dict[str, Any]
WAIT = 30.0
LOUD = 300
"""A decoded sample above this is speech (or the tone), not silence."""


class VoiceApp:
    def __init__(self, session: dict[str, Any]) -> None:
        self.session = session
        self.pc = peer.new_peer()
        self.channel: RTCDataChannel = self.pc.createDataChannel("oai-events")
        self.pc.addTrack(AudioStreamTrack())  # the "microphone": silence
        self.events: list[Event] = []
        self.cursor = 0
        self.listeners: list[Callable[[Event], None]] = []
        self.opened = asyncio.Event()
        self._changed = asyncio.Condition()
        self._wakeups: set[asyncio.Future[None]] = set()
        self.audio_frames = 0
        self.loud_frames = 0
        self._consumer: asyncio.Task[None] | None = None
        self.channel.on("open", self.opened.set)
        self.channel.on("message", self._message)
        self.pc.on("track", self._track)

    def _message(self, raw: str | bytes) -> None:
        event = json.loads(raw)
        self.events.append(event)
        for listener in self.listeners:
            listener(event)
        self._wakeups.add(asyncio.ensure_future(self._notify()))

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()
        self._wakeups = {task for task in self._wakeups if not task.done()}

    def _track(self, track: MediaStreamTrack) -> None:
        self._consumer = asyncio.ensure_future(self._consume(track))

    async def _consume(self, track: MediaStreamTrack) -> None:
        """Count what the provider plays: frames in all, and frames that are not silence."""
        while True:
            try:
                frame = await track.recv()
            except MediaStreamError:
                return
            self.audio_frames += 1
            if not isinstance(frame, AudioFrame):
                continue
            samples = array.array("h", bytes(frame.planes[0]))
            if samples and max(abs(s) for s in samples[::16]) > LOUD:
                self.loud_frames += 1

    async def offer(self) -> str:
        with peer.only_address("127.0.0.1"):
            await self.pc.setLocalDescription(await self.pc.createOffer())
        return str(self.pc.localDescription.sdp)

    async def connect(self, http: httpx.AsyncClient) -> httpx.Response:
        """§10.1: the offer goes to signaling.url with the client secret as bearer credential."""
        answer = await http.post(
            self.session["signaling"]["url"],
            content=await self.offer(),
            headers={
                "Authorization": f"Bearer {self.session['clientSecret']}",
                "Content-Type": "application/sdp",
            },
        )
        if answer.status_code == 201:
            await self.pc.setRemoteDescription(RTCSessionDescription(answer.text, "answer"))
            await asyncio.wait_for(self.opened.wait(), WAIT)
        return answer

    def send(self, event: Event) -> None:
        self.channel.send(json.dumps(event, ensure_ascii=False))

    async def wait(self, kind: str, *, timeout: float = WAIT, **match: Any) -> Event:
        """The next event of type `kind` (after the last one waited for) whose members equal `match`."""

        def found() -> Event | None:
            for index in range(self.cursor, len(self.events)):
                event = self.events[index]
                if event.get("type") == kind and all(event.get(k) == v for k, v in match.items()):
                    self.cursor = index + 1
                    return event
            return None

        async def until() -> Event:
            async with self._changed:
                while True:
                    event = found()
                    if event is not None:
                        return event
                    await self._changed.wait()

        return await asyncio.wait_for(until(), timeout)

    def types(self) -> list[str]:
        return [str(e.get("type")) for e in self.events]

    async def close(self) -> None:
        await self.pc.close()
        if self._consumer is not None:
            self._consumer.cancel()


def loopback_offer() -> str:
    """A real WebRTC offer (audio and the `oai-events` data channel), made by aiortc on loopback."""

    async def make() -> str:
        pc = peer.new_peer()
        pc.createDataChannel("oai-events")
        pc.addTransceiver("audio")
        with peer.only_address("127.0.0.1"):
            await pc.setLocalDescription(await pc.createOffer())
        sdp = str(pc.localDescription.sdp)
        await pc.close()
        return sdp

    return asyncio.run(make())
