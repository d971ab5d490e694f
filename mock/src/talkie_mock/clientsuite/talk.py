"""The voice scenarios' speech provider: a real WebRTC peer on the scenario origin that plays a script.

The client posts its SDP offer to the scenario's signalling path; :meth:`Talk.connect` answers it with an
aiortc peer (`engine.realtime.peer`: one loopback candidate, no STUN), sends audio through the engine's
speech track (a turn's last frame is `output_audio_buffer.stopped`) and speaks `openai-realtime/1` on the
`oai-events` channel (shapes from `engine.realtime.events`). The scenario's script drives the conversation;
every message either way lands in the scenario's `Record`. The script waits for the client at most
`CLIENT_WAIT` seconds at a time and `SCRIPT_SECONDS` in all; then the provider ends the session, and
:meth:`Talk.close` (also called once the client's command is over) closes the peer whatever happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from talkie_mock.clientsuite.observe import Heard, Record
from talkie_mock.engine.realtime import events, stack
from talkie_mock.engine.realtime.events import Event, Ids
from talkie_mock.engine.realtime.session import DEFAULT_TURN_DETECTION, forbidden_changes
from talkie_mock.engine.realtime.speech import RATE, tone

if TYPE_CHECKING:  # aiortc and av: the voice extra (engine.realtime.stack)
    from aiortc import RTCDataChannel, RTCPeerConnection
    from aiortc.contrib.media import MediaBlackhole
    from aiortc.mediastreams import MediaStreamTrack

    from talkie_mock.engine.realtime.audio import SpeechTrack

CHANNEL = "oai-events"
CLIENT_WAIT = 4.0
"""Seconds the script waits for one thing the client should send (a tool output, a session.update)."""
SCRIPT_SECONDS = 15.0
"""The longest a script runs; the provider then ends the session."""
CLOSE_WAIT = 10.0
SPEECH_SECONDS = 0.25
"""How long a scripted user sentence is spoken (between speech_started and speech_stopped)."""
VOICE = "marin"
MAX_RECEIVED = 2000

Script = Callable[["Talk"], Awaitable[None]]


class Talk:
    """One voice session of a scenario: its client secret, its provider peer and what the script marked."""

    def __init__(self, record: Record, script: Script, secret: str, locale: str = "en") -> None:
        self.record = record
        self.script = script
        self.secret = secret
        self.locale = locale
        self.ids = Ids()
        self.session_id = self.ids.new("sess")
        self.conversation_id = self.ids.new("conv")
        self.turn_detection: dict[str, Any] | None = dict(DEFAULT_TURN_DETECTION)
        self.expires_at = int(time.time()) + 900
        self.received: list[Event] = []
        self.calls: dict[str, tuple[str, str]] = {}
        """Function calls the provider asked for: call_id → (name, arguments)."""
        self.outputs: dict[str, str] = {}
        """voiceTool's answers: callId → output."""
        self.offers: list[bool] = []
        """Each SDP offer that reached the signalling path: whether its bearer was the clientSecret."""
        self.marks: dict[str, float] = {}
        """Moments of the script by name (monotonic), which the checks read."""
        self.stopped_at: dict[str, float] = {}
        """When each assistant turn's audio ended (`output_audio_buffer.stopped`), by response id."""
        self.opened = False
        self.connected = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pc: RTCPeerConnection | None = None
        self.track: SpeechTrack | None = None
        self.sink: MediaBlackhole | None = None
        self.channel: RTCDataChannel | None = None
        self._task: asyncio.Task[None] | None = None
        self._sink_start: asyncio.Future[None] | None = None
        self._arrived = asyncio.Event()
        self._stopped: dict[str, asyncio.Future[None]] = {}
        self._closed = False
        self._t0 = self.opened_at = time.monotonic()

    # -- connection ------------------------------------------------------------------------------------------

    async def connect(self, offer: str, *, local: str, remote: str) -> str:
        """Answer the client's offer (raises `stack.OfferError` for one that cannot be answered)."""
        stack.require()
        from aiortc.contrib.media import MediaBlackhole

        from talkie_mock.engine.realtime import peer
        from talkie_mock.engine.realtime.audio import SpeechTrack

        self.connected = True
        self.loop = asyncio.get_running_loop()
        pc = self.pc = peer.new_peer()
        track = self.track = SpeechTrack(self._audio_started, self._audio_stopped)
        sink = self.sink = MediaBlackhole()

        @pc.on("datachannel")
        def on_datachannel(channel: RTCDataChannel) -> None:
            if channel.label != CHANNEL or self.channel is not None or self._closed:
                return
            self.channel = channel
            channel.on("message", self._message)
            self.opened = True
            self._t0 = self.opened_at = time.monotonic()
            self._task = asyncio.ensure_future(self._play())

        @pc.on("track")
        def on_track(remote_track: MediaStreamTrack) -> None:
            sink.addTrack(remote_track)  # the client's microphone: consumed, never understood
            self._sink_start = asyncio.ensure_future(sink.start())

        try:
            answer = await peer.answer(pc, offer, track, local=local, remote=remote)
        except BaseException:
            await self.close()
            await self._close_peer(pc)
            raise
        if self._closed:  # the scenario ended while the offer was answered: what gathering opened goes too
            await self._close_peer(pc)
            raise stack.OfferError("the scenario ended while the offer was answered")
        return answer

    @staticmethod
    async def _close_peer(pc: RTCPeerConnection) -> None:
        with contextlib.suppress(Exception):
            await pc.close()

    async def _play(self) -> None:
        try:
            self.emit("session.created", session=self.session_object())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.script(self), SCRIPT_SECONDS)
            self.mark("ended")
        finally:
            await self.close()

    async def close(self) -> None:
        """End the session: the peer, the tracks and the script (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        for future in self._stopped.values():
            if not future.done():
                future.cancel()
        if self.track is not None:
            self.track.stop()
        if self.sink is not None:
            await self.sink.stop()
        if self._sink_start is not None:
            self._sink_start.cancel()
        if self.pc is not None:
            with contextlib.suppress(Exception):
                await self.pc.close()

    def close_soon(self) -> None:
        """`close` from another thread (the runner's, once the client's command is over)."""
        loop = self.loop
        if loop is None or self._closed or loop.is_closed():
            return
        with contextlib.suppress(Exception):  # a loop that stopped meanwhile has closed the peer with it
            asyncio.run_coroutine_threadsafe(self.close(), loop).result(CLOSE_WAIT)

    # -- the data channel ------------------------------------------------------------------------------------

    def session_object(self) -> dict[str, Any]:
        locked: dict[str, Any] = {
            "model": "talkie-suite-realtime",
            "instructions": "A scenario of the client conformance suite.",
            "tools": [],
            "locale": self.locale,
            "voice": VOICE,
            "turn_detection": dict(self.turn_detection) if self.turn_detection is not None else None,
        }
        return events.session_object(self.session_id, locked, self.expires_at)

    def emit(self, kind: str, **members: Any) -> Event:
        event = events.event(self.ids, kind, **members)
        self.record.hear(Heard("provider", event))
        channel = self.channel
        if channel is not None and channel.readyState == "open":
            with contextlib.suppress(Exception):  # the channel closing under us: the session is ending
                channel.send(json.dumps(event, ensure_ascii=False))
        return event

    def _message(self, raw: str | bytes) -> None:
        try:
            event = json.loads(raw)
        except ValueError:
            event = None
        if not isinstance(event, dict):
            event = {"type": None, "raw": str(raw)[:500]}
        self.record.hear(Heard("client", event))
        if len(self.received) < MAX_RECEIVED:  # a flooding client is judged on its first messages
            self.received.append(event)
        self._arrived.set()
        if event.get("type") == "session.update":
            self._session_update(event)

    def _session_update(self, event: Event) -> None:
        update = event.get("session")
        if forbidden_changes(update, self.session_object()):
            self.emit(
                "error",
                error={
                    "type": "invalid_request_error",
                    "code": "session_locked",
                    "message": "The server locked this session; only audio.input.turn_detection may change.",
                    "param": None,
                    "event_id": event.get("event_id"),
                },
            )
            return
        assert isinstance(update, dict)
        turn = (update.get("audio") or {}).get("input", {}).get("turn_detection", self.turn_detection)
        self.turn_detection = {**DEFAULT_TURN_DETECTION, **turn} if isinstance(turn, dict) else None
        self.emit("session.updated", session=self.session_object())

    async def expect(
        self, kind: str, test: Callable[[Event], bool] = lambda e: True, timeout: float = CLIENT_WAIT
    ) -> Event | None:
        """The first client event of type `kind` that passes `test`, waited for up to `timeout` seconds."""
        until = time.monotonic() + timeout
        while True:
            found = next((e for e in self.received if e.get("type") == kind and test(e)), None)
            left = until - time.monotonic()
            if found is not None or left <= 0:
                return found
            self._arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._arrived.wait(), left)

    def mark(self, name: str) -> None:
        self.marks[name] = time.monotonic()

    @property
    def elapsed_ms(self) -> int:
        return int((time.monotonic() - self._t0) * 1000)

    # -- what the model does ---------------------------------------------------------------------------------

    def _response(self, response_id: str, status: str, output: list[dict[str, Any]]) -> dict[str, Any]:
        return events.response_object(response_id, status, output, VOICE, self.conversation_id)

    def call(self, name: str, arguments: str) -> str:
        """The model asks for a function call; returns its call id."""
        response_id, item_id, call_id = self.ids.new("resp"), self.ids.new("item"), self.ids.new("call")
        self.calls[call_id] = (name, arguments)
        where = {"response_id": response_id, "item_id": item_id, "output_index": 0, "call_id": call_id}
        self.emit("response.created", response=self._response(response_id, "in_progress", []))
        started = events.call_item(item_id, call_id, name, "", "in_progress")
        self.emit("response.output_item.added", response_id=response_id, output_index=0, item=started)
        self.emit("conversation.item.added", previous_item_id=None, item=started)
        self.emit("response.function_call_arguments.delta", **where, delta=arguments)
        self.emit("response.function_call_arguments.done", **where, name=name, arguments=arguments)
        done = events.call_item(item_id, call_id, name, arguments, "completed")
        self.emit("response.output_item.done", response_id=response_id, output_index=0, item=done)
        self.emit("conversation.item.done", previous_item_id=None, item=done)
        self.emit("response.done", response=self._response(response_id, "completed", [done]))
        return call_id

    def speak(self, text: str, seconds: float) -> tuple[str, str]:
        """The model says `text`, heard for `seconds`; returns (response id, item id). The audio's end
        (`output_audio_buffer.stopped`) is awaited with :meth:`finished`."""
        assert self.track is not None
        response_id, item_id = self.ids.new("resp"), self.ids.new("item")
        self._stopped[response_id] = asyncio.get_running_loop().create_future()
        where = {"response_id": response_id, "item_id": item_id, "output_index": 0}
        self.emit("response.created", response=self._response(response_id, "in_progress", []))
        item = events.assistant_item(item_id, "", "in_progress")
        self.emit("response.output_item.added", response_id=response_id, output_index=0, item=item)
        self.emit("conversation.item.added", previous_item_id=None, item=item)
        part = {"type": "audio", "transcript": ""}
        self.emit("response.content_part.added", **where, content_index=0, part=part)
        self.track.play(response_id, tone(text)[: int(RATE * seconds) * 2])
        self.emit("response.output_audio_transcript.delta", **where, content_index=0, delta=text)
        self.emit("response.output_audio.done", **where, content_index=0)
        self.emit("response.output_audio_transcript.done", **where, content_index=0, transcript=text)
        part = {"type": "audio", "transcript": text}
        self.emit("response.content_part.done", **where, content_index=0, part=part)
        done = events.assistant_item(item_id, text, "completed")
        self.emit("response.output_item.done", response_id=response_id, output_index=0, item=done)
        self.emit("conversation.item.done", previous_item_id=None, item=done)
        self.emit("response.done", response=self._response(response_id, "completed", [done]))
        return response_id, item_id

    async def finished(self, response_id: str) -> bool:
        """Wait for the turn's `output_audio_buffer.stopped`; False when it did not come in time."""
        future = self._stopped.get(response_id)
        if future is None:
            return False
        try:
            await asyncio.wait_for(asyncio.shield(future), CLIENT_WAIT)
        except (TimeoutError, asyncio.CancelledError):
            return False
        return True

    def _audio_started(self, response_id: str) -> None:
        self.emit("output_audio_buffer.started", response_id=response_id)

    def _audio_stopped(self, response_id: str) -> None:
        self.stopped_at[response_id] = time.monotonic()
        self.emit("output_audio_buffer.stopped", response_id=response_id)
        future = self._stopped.get(response_id)
        if future is not None and not future.done():
            future.set_result(None)

    # -- what the person says --------------------------------------------------------------------------------

    def begin(self) -> str:
        """The person starts to speak; returns the user item's id."""
        item_id = self.ids.new("item")
        self.emit("input_audio_buffer.speech_started", audio_start_ms=self.elapsed_ms, item_id=item_id)
        return item_id

    def end(self, item_id: str, text: str, duplicate: bool = False) -> None:
        """The person stops; the item's transcript follows (twice with `duplicate`, as a provider retry)."""
        self.emit("input_audio_buffer.speech_stopped", audio_end_ms=self.elapsed_ms, item_id=item_id)
        self.emit("input_audio_buffer.committed", previous_item_id=None, item_id=item_id)
        self.emit("conversation.item.added", previous_item_id=None, item=events.user_item(item_id, None))
        delta = {"item_id": item_id, "content_index": 0}
        self.emit("conversation.item.input_audio_transcription.delta", **delta, delta=text)
        completed = {**delta, "transcript": text, "usage": {"type": "duration", "seconds": 1}}
        self.emit("conversation.item.input_audio_transcription.completed", **completed)
        self.emit("conversation.item.done", previous_item_id=None, item=events.user_item(item_id, text))
        if duplicate:
            self.emit("conversation.item.input_audio_transcription.completed", **completed)

    async def say(self, text: str, duplicate: bool = False) -> str:
        """The person says `text`; returns the item id once its transcript is out."""
        item_id = self.begin()
        await asyncio.sleep(SPEECH_SECONDS)
        self.end(item_id, text, duplicate)
        return item_id
