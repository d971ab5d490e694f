"""The mock as realtime speech provider: one aiortc connection per voice session, and scripted turns.

:class:`Provider` owns every live connection of a mock. The HTTP layer hands it a session's locked
configuration and the app's SDP offer (after checking the client secret) and gets the SDP answer back;
devtools make the user "say" things, make the assistant speak or call a tool, and run whole scripts. Each
event that crosses a data channel, in either direction, goes to the listeners (the inspector's voice rules).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from talkie_mock.engine.realtime import stack
from talkie_mock.engine.realtime.events import Event
from talkie_mock.engine.realtime.script import ScriptError, check_script
from talkie_mock.engine.realtime.session import RealtimeSession, SessionConfig, Utterance
from talkie_mock.engine.realtime.speech import Speaker
from talkie_mock.errors import MockError

if TYPE_CHECKING:  # the voice extra's modules: imported by `connect` only (engine.realtime.stack)
    from aiortc import RTCDataChannel, RTCPeerConnection
    from aiortc.contrib.media import MediaBlackhole
    from aiortc.mediastreams import MediaStreamTrack

    from talkie_mock.engine.realtime.audio import SpeechTrack

log = logging.getLogger("talkie_mock.engine.realtime")

CHANNEL = "oai-events"
WAIT_SECONDS = 30.0
Listener = Callable[[str, str, Event], None]
"""(voice session id, direction "server" | "client" | "state", event)."""


class NotConnectedError(MockError):
    """No live connection for the voice session (never connected, or already ended)."""


@dataclass
class Connection:
    pc: RTCPeerConnection
    track: SpeechTrack
    session: RealtimeSession
    sink: MediaBlackhole
    channel: RTCDataChannel | None = None
    sink_start: asyncio.Future[None] | None = None
    scripted: asyncio.Future[None] | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    waiters: list[tuple[str, str, asyncio.Future[Event]]] = field(default_factory=list)


class Provider:
    """Every realtime connection of one mock (all methods run on the server's event loop)."""

    def __init__(
        self, speaker: Speaker, now_ms: Callable[[], int], script: list[dict[str, Any]] | None = None
    ) -> None:
        self.speaker = speaker
        self.now_ms = now_ms
        self.script = script or []
        """Played in every session once its data channel opens (a scenario file's `voice` section)."""
        self.connections: dict[str, Connection] = {}
        self.listeners: list[Listener] = []

    def add_listener(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def _notify(self, voice_session_id: str, direction: str, event: Event) -> None:
        for listener in self.listeners:
            try:
                listener(voice_session_id, direction, event)
            except Exception:  # an observer must never break the conversation
                log.exception("realtime listener failed")
        connection = self.connections.get(voice_session_id)
        if connection is None:
            return
        for waiter in list(connection.waiters):
            want_direction, kind, future = waiter
            if direction == want_direction and event.get("type") == kind and not future.done():
                future.set_result(event)
                connection.waiters.remove(waiter)

    async def connect(self, config: SessionConfig, offer: str, *, local: str, remote: str) -> str:
        """Answer the app's offer for one voice session (the caller has spent its client secret)."""
        stack.require()
        from aiortc.contrib.media import MediaBlackhole

        from talkie_mock.engine.realtime import peer
        from talkie_mock.engine.realtime.audio import SpeechTrack

        sid = config.voice_session_id
        pc = peer.new_peer()
        holder: dict[str, Connection] = {}

        def observe(direction: str, event: Event) -> None:
            self._notify(sid, direction, event)

        def on_started(response_id: str) -> None:
            holder["c"].session.audio_started(response_id)

        def on_stopped(response_id: str) -> None:
            holder["c"].session.audio_stopped(response_id)

        track = SpeechTrack(on_started, on_stopped)

        def send(event: Event) -> None:
            channel = holder["c"].channel
            if channel is not None and channel.readyState == "open":
                channel.send(json.dumps(event, ensure_ascii=False))

        session = RealtimeSession(
            config,
            send=send,
            track=track,
            speaker=self.speaker,
            now_ms=self.now_ms,
            observe=observe,
            close=functools.partial(self.close, sid),
        )
        connection = holder["c"] = Connection(pc, track, session, MediaBlackhole())
        self.connections[sid] = connection

        @pc.on("datachannel")
        def on_datachannel(channel: RTCDataChannel) -> None:
            if channel.label != CHANNEL or connection.channel is not None:
                return
            connection.channel = channel
            channel.on("message", session.handle)
            session.start()
            connection.ready.set()
            if self.script:
                connection.scripted = asyncio.ensure_future(self._play(sid, self.script))

        @pc.on("track")
        def on_track(remote_track: MediaStreamTrack) -> None:
            connection.sink.addTrack(remote_track)  # the app's microphone: consumed, never understood
            connection.sink_start = asyncio.ensure_future(connection.sink.start())

        @pc.on("connectionstatechange")
        async def on_state() -> None:
            observe("state", {"type": "connection.state", "state": pc.connectionState})
            if pc.connectionState in ("failed", "closed"):
                await session.end()

        try:
            return await peer.answer(pc, offer, track, local=local, remote=remote)
        except Exception:
            await self.close(sid)
            raise

    def issued(self, voice_session_id: str, call_id: str) -> bool:
        """Whether voiceTool may run `call_id`: a call the session's live connection asked for, or any call
        while the session has no connection (an app trying voiceTool over HTTP alone; notes N-94)."""
        connection = self.connections.get(voice_session_id)
        return connection is None or call_id in connection.session.issued_calls

    def live(self, voice_session_id: str) -> Connection:
        connection = self.connections.get(voice_session_id)
        if connection is None or connection.session.ended:
            raise NotConnectedError(f"voice session {voice_session_id} has no live connection")
        return connection

    async def close(self, voice_session_id: str) -> None:
        connection = self.connections.pop(voice_session_id, None)
        if connection is None:
            return
        if not connection.session.ended:
            connection.session.ended = True
        connection.track.stop()
        if connection.scripted is not None and connection.scripted is not asyncio.current_task():
            connection.scripted.cancel()
        await connection.sink.stop()
        with contextlib.suppress(Exception):
            await connection.pc.close()
        for _, _, future in connection.waiters:
            if not future.done():
                future.cancel()
        self._notify(voice_session_id, "state", {"type": "connection.closed"})

    async def close_all(self) -> None:
        for sid in list(self.connections):
            await self.close(sid)

    # -- developer controls ----------------------------------------------------------------------------------

    async def wait(
        self, voice_session_id: str, kind: str, direction: str = "server", timeout: float = WAIT_SECONDS
    ) -> Event:
        connection = self.live(voice_session_id)
        future: asyncio.Future[Event] = asyncio.get_running_loop().create_future()
        connection.waiters.append((direction, kind, future))
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError as exc:
            raise ScriptError(f"no {direction} event {kind!r} within {timeout:g} s") from exc

    async def ready(self, voice_session_id: str, timeout: float = WAIT_SECONDS) -> RealtimeSession:
        connection = self.live(voice_session_id)
        try:
            await asyncio.wait_for(connection.ready.wait(), timeout)
        except TimeoutError as exc:
            raise ScriptError(f"the data channel did not open within {timeout:g} s") from exc
        return connection.session

    async def _play(self, voice_session_id: str, steps: list[dict[str, Any]]) -> None:
        try:
            await self.run_script(voice_session_id, steps)
        except (ScriptError, NotConnectedError) as exc:
            log.warning("voice script of %s stopped: %s", voice_session_id, exc)

    async def run_script(self, voice_session_id: str, steps: list[dict[str, Any]]) -> None:
        """Play a conversation script (validated against `voice-script.schema.json`) step by step."""
        check_script(steps)
        session = await self.ready(voice_session_id)
        for step in steps:
            if "say" in step:
                options = {k: step[k] for k in ("partial", "final", "duplicate", "seconds") if k in step}
                await session.say(Utterance(step["say"], **options))
            elif "assistant" in step:
                session.speak(step["assistant"])
            elif "call" in step:
                session.call(step["call"], json.dumps(step.get("arguments", {}), ensure_ascii=False))
            elif "wait" in step:
                await self.wait(
                    voice_session_id,
                    step["wait"],
                    step.get("from", "server"),
                    step.get("timeout", WAIT_SECONDS),
                )
            elif "pause" in step:
                await asyncio.sleep(step["pause"])
