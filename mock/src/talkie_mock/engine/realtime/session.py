"""One realtime connection's conversation: the locked session, the user's scripted speech, the assistant.

The state machine speaks `openai-realtime/1` over the data channel (events go out through `send`, client
events come in through :meth:`RealtimeSession.handle`). It is the provider half of §10:

- The session is locked (§10.1, N-12): model, instructions, tools and limits come from the server. A
  `session.update` that changes anything but `audio.input.turn_detection` is refused whole with an `error`
  event and nothing of it applied; a `response.create` that overrides instructions or tools likewise (N-71),
  and a `conversation.item.create` of a system message (N-94).
- The user's side is scripted (:meth:`say`): speech started/stopped, the committed item, transcription deltas
  (non-final), the completed transcript (optionally twice), then a response when turn detection creates one.
- Assistant turns are audible (:class:`~talkie_mock.engine.realtime.audio.SpeechTrack`) with transcript
  deltas; `output_audio_buffer.started`/`stopped` follow the audio itself, so `stopped` comes after
  `response.done`, as on WebRTC.
- Function calls wait for the client's `function_call_output`; the next `response.create` reads it out.
- `maxSeconds` and `warnSeconds` are enforced on the mock's clock: a spoken warning when `warnSeconds` are
  left, then an `error` (`session_expired`) and the end of the connection.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from talkie_mock.engine.realtime import brain, events
from talkie_mock.engine.realtime.events import Event, Ids
from talkie_mock.engine.realtime.speech import Speaker

if TYPE_CHECKING:  # aiortc and av: the voice extra (engine.realtime.stack)
    from talkie_mock.engine.realtime.audio import SpeechTrack

log = logging.getLogger("talkie_mock.engine.realtime")

DEFAULT_TURN_DETECTION: dict[str, Any] = {
    "type": "server_vad",
    "threshold": 0.5,
    "prefix_padding_ms": 300,
    "silence_duration_ms": 500,
    "create_response": True,
    "interrupt_response": True,
    "idle_timeout_ms": None,
}
LOCKED = ("model", "instructions", "tools", "tool_choice", "voice", "max_output_tokens", "output_modalities")
"""Members of a `response.create` body that would override the locked session for one response (N-71)."""
TICK_SECONDS = 0.2
DELTA_PAUSE = 0.01

Send = Callable[[Event], None]
Observe = Callable[[str, Event], None]
"""(direction "server" | "client", event): everything that crosses the data channel, for the inspector."""


@dataclass(frozen=True)
class SessionConfig:
    """What the server locked into the provider session when it created the voice session."""

    voice_session_id: str
    locale: str
    max_seconds: int
    warn_seconds: int
    model: str = "talkie-mock-realtime"
    voice: str = "marin"
    tools: tuple[dict[str, object], ...] = brain.TOOLS

    @property
    def instructions(self) -> str:
        return brain.INSTRUCTIONS.get(self.locale, brain.INSTRUCTIONS["en"])


def forbidden_changes(update: Any, current: dict[str, Any]) -> list[str]:
    """Paths a client `session.update` would change other than turn detection (§10.1); [] when allowed.

    A member that repeats the current value changes nothing and is allowed; `type` must stay `realtime`.
    """
    if not isinstance(update, dict):
        return ["session"]
    found: list[str] = []
    for key, value in update.items():
        if key == "type":
            if value != "realtime":
                found.append("session.type")
        elif key == "audio" and isinstance(value, dict):
            for side, settings in value.items():
                if side == "input" and isinstance(settings, dict):
                    found += [
                        f"session.audio.input.{name}"
                        for name, setting in settings.items()
                        if name != "turn_detection" and setting != current["audio"]["input"].get(name)
                    ]
                elif settings != current["audio"].get(side):
                    found.append(f"session.audio.{side}")
        elif value != current.get(key):
            found.append(f"session.{key}")
    return found


@dataclass
class Utterance:
    """How a scripted user sentence is delivered (deliberate imperfections included)."""

    text: str
    partial: bool = True
    """Send word-by-word transcription deltas before the final transcript."""
    final: bool = True
    """Send the completed (final) transcript; False leaves only the non-final deltas."""
    duplicate: bool = False
    """Send the completed transcript twice (a provider retry), to test §10.4 step 4."""
    seconds: float | None = None
    """How long the speech lasts (real time) between speech_started and speech_stopped."""


@dataclass
class _Response:
    id: str
    task: asyncio.Task[None] | None = None
    output: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False


class RealtimeSession:
    """The provider's side of one connection; every public method is called on the event loop."""

    def __init__(
        self,
        config: SessionConfig,
        *,
        send: Send,
        track: SpeechTrack,
        speaker: Speaker,
        now_ms: Callable[[], int],
        observe: Observe,
        close: Callable[[], Awaitable[None]],
    ) -> None:
        self.config = config
        self.ids = Ids()
        self.session_id = self.ids.new("sess")
        self.conversation_id = self.ids.new("conv")
        self._send = send
        self.track = track
        self.speaker = speaker
        self.now_ms = now_ms
        self._observe = observe
        self._close = close
        self.turn_detection: dict[str, Any] | None = dict(DEFAULT_TURN_DETECTION)
        """The one setting the app may change; None: turn detection off (no automatic responses)."""
        self.items: list[dict[str, Any]] = []
        self.pending_calls: dict[str, dict[str, Any]] = {}
        self.issued_calls: set[str] = set()
        """Every call id this session asked the app to run (voiceTool takes no other, notes N-94)."""
        self.response: _Response | None = None
        self.started_ms = now_ms()
        self._t0 = time.monotonic()
        self.warned = False
        self.ended = False
        self._ticker: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    # -- plumbing --------------------------------------------------------------------------------------------

    def emit(self, kind: str, **members: Any) -> Event:
        return self.send(events.event(self.ids, kind, **members))

    def send(self, event: Event) -> Event:
        self._observe("server", event)
        try:
            self._send(event)
        except Exception as exc:  # the channel closed under us: the connection is going away anyway
            log.debug("realtime send failed: %s", exc)
        return event

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    @property
    def elapsed_ms(self) -> int:
        """Milliseconds of audio since the connection opened (the provider's `audio_*_ms` clock)."""
        return int((time.monotonic() - self._t0) * 1000)

    def session_object(self) -> dict[str, Any]:
        expires = (self.started_ms // 1000) + self.config.max_seconds
        locked = {
            "model": self.config.model,
            "instructions": self.config.instructions,
            "tools": [dict(tool) for tool in self.config.tools],
            "locale": self.config.locale,
            "voice": self.config.voice,
            "turn_detection": dict(self.turn_detection) if self.turn_detection is not None else None,
        }
        return events.session_object(self.session_id, locked, expires)

    def _previous(self) -> str | None:
        return str(self.items[-1]["id"]) if self.items else None

    def _add_item(self, item: dict[str, Any]) -> None:
        self.emit("conversation.item.added", previous_item_id=self._previous(), item=item)
        self.items.append(item)

    def _item_done(self, item: dict[str, Any]) -> None:
        """Replace the item of the same id with its final form and announce `conversation.item.done`."""
        previous = None
        for index, known in enumerate(self.items):
            if known["id"] == item["id"]:
                self.items[index] = item
                previous = self.items[index - 1]["id"] if index else None
        self.emit("conversation.item.done", previous_item_id=previous, item=item)

    # -- lifecycle -------------------------------------------------------------------------------------------

    def start(self) -> None:
        """The data channel is open: announce the session and start enforcing the time limits."""
        self.emit("session.created", session=self.session_object())
        self._ticker = self._spawn(self._limits())

    async def _limits(self) -> None:
        warn_at = (self.config.max_seconds - self.config.warn_seconds) * 1000
        end_at = self.config.max_seconds * 1000
        while not self.ended:
            elapsed = self.now_ms() - self.started_ms
            if elapsed >= end_at:
                self.emit_error(
                    "session_expired",
                    f"The voice session reached its maxSeconds ({self.config.max_seconds} s).",
                )
                await self.end()
                return
            if elapsed >= warn_at and not self.warned and self.config.warn_seconds > 0:
                self.warned = True
                left = max(0, (end_at - elapsed) // 1000)
                self.speak(brain.time_left(self.config.locale, left))
            await asyncio.sleep(TICK_SECONDS)

    async def end(self) -> None:
        if self.ended:
            return
        self.ended = True
        self.track.clear()
        for task in list(self._tasks):
            if task is not asyncio.current_task():
                task.cancel()
        await self._close()

    def emit_error(
        self, code: str, message: str, *, param: str | None = None, event_id: str | None = None
    ) -> None:
        self.send(events.error(self.ids, code, message, param=param, event_id=event_id))

    # -- client events ---------------------------------------------------------------------------------------

    def handle(self, raw: str | bytes) -> None:
        """One message from the app on the `oai-events` channel."""
        try:
            event = json.loads(raw)
        except ValueError:
            self._observe("client", {"type": None, "raw": str(raw)[:500]})
            self.emit_error("invalid_json", "The client event is not JSON.")
            return
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            self._observe("client", {"type": None, "raw": str(raw)[:500]})
            self.emit_error("invalid_event", "A client event is a JSON object with a string `type`.")
            return
        self._observe("client", event)
        handler = _HANDLERS.get(event["type"])
        if handler is None:
            self.emit_error(
                "unknown_event",
                f"The mock does not act on {event['type']!r}.",
                param="type",
                event_id=event.get("event_id"),
            )
            return
        try:
            handler(self, event)
        except Exception as exc:  # a member of an odd type the checks above missed: refused, session goes on
            log.warning("realtime: %s refused (%s: %s)", event["type"], type(exc).__name__, exc)
            self.emit_error(
                "invalid_value",
                f"The mock could not act on this {event['type']} ({type(exc).__name__}).",
                event_id=str(event.get("event_id") or "") or None,
            )

    def _session_update(self, event: Event) -> None:
        update = event.get("session")
        forbidden = forbidden_changes(update, self.session_object())
        if forbidden:
            self.emit_error(
                "session_locked",
                "The server locked this session; only audio.input.turn_detection may change "
                f"(refused whole: {', '.join(forbidden)}).",
                param=forbidden[0],
                event_id=event.get("event_id"),
            )
            return
        assert isinstance(update, dict)
        turn = (update.get("audio") or {}).get("input", {}).get("turn_detection", self.turn_detection)
        if turn is not None and not isinstance(turn, dict):
            self.emit_error("invalid_value", "turn_detection is an object or null.", param="session.audio")
            return
        self.turn_detection = {**DEFAULT_TURN_DETECTION, **turn} if turn is not None else None
        self.emit("session.updated", session=self.session_object())

    def _item_create(self, event: Event) -> None:
        item = event.get("item")
        if not isinstance(item, dict):
            self.emit_error(
                "invalid_value", "conversation.item.create needs an item.", event_id=event.get("event_id")
            )
            return
        if item.get("type") == "function_call_output":
            call_id = item.get("call_id")
            if not isinstance(call_id, str) or call_id not in self.pending_calls:
                self.emit_error(
                    "unknown_call_id",
                    f"No function call {str(call_id)[:60]!r} is waiting for its output.",
                    param="item.call_id",
                    event_id=event.get("event_id"),
                )
                return
            self.pending_calls.pop(str(call_id))
            stored = events.output_item(
                str(item.get("id") or self.ids.new("item")), str(call_id), str(item.get("output", ""))
            )
        elif item.get("type") == "message" and item.get("role") == "system":
            # a system message is an instruction: the server locked those (§10.1, notes N-94)
            self.emit_error(
                "session_locked",
                "The session's instructions are locked by the server: a system message cannot be added.",
                param="item.role",
                event_id=event.get("event_id"),
            )
            return
        elif item.get("type") == "message" and item.get("role") in ("user", "assistant"):
            content = item.get("content", [])
            if not isinstance(content, list) or not all(isinstance(part, dict) for part in content):
                self.emit_error(
                    "invalid_value",
                    "A message item's content is a list of content parts (objects).",
                    param="item.content",
                    event_id=event.get("event_id"),
                )
                return
            stored = {
                "object": "realtime.item",
                "status": "completed",
                **item,
                "id": str(item.get("id") or self.ids.new("item")),
            }
        else:
            self.emit_error(
                "invalid_value", "Unsupported item type.", param="item.type", event_id=event.get("event_id")
            )
            return
        self._add_item(stored)
        self._item_done(stored)

    def _response_create(self, event: Event) -> None:
        overrides = sorted(set(event.get("response") or {}) & set(LOCKED))
        if overrides:
            self.emit_error(
                "session_locked",
                f"The server locked this session; a response cannot override {', '.join(overrides)}.",
                param=f"response.{overrides[0]}",
                event_id=event.get("event_id"),
            )
            return
        if self.response is not None and not self.response.done:
            self.emit_error(
                "conversation_already_has_active_response",
                "A response is already in progress.",
                event_id=event.get("event_id"),
            )
            return
        self.respond(self._next_turn())

    def _response_cancel(self, event: Event) -> None:
        response = self.response
        if response is None or response.done:
            self.emit_error(
                "response_cancel_not_active", "No response is in progress.", event_id=event.get("event_id")
            )
            return
        if response.task is not None:
            response.task.cancel()

    def _clear_output(self, event: Event) -> None:
        for response_id in self.track.clear():
            self.emit("output_audio_buffer.cleared", response_id=response_id)

    def _clear_input(self, event: Event) -> None:
        self.emit("input_audio_buffer.cleared")

    def _ignore(self, event: Event) -> None:
        """Audio comes over the media track; appends and commits have nothing to add to a scripted user."""

    # -- the user's side (scripted) --------------------------------------------------------------------------

    async def say(self, utterance: Utterance) -> str:
        """The user "says" a sentence; returns the user item's id once its transcript events are out."""
        item_id = self.ids.new("item")
        turn = self.turn_detection or {}
        if turn.get("interrupt_response", False):  # barge-in: the user talks over the assistant
            if self.response is not None and not self.response.done and self.response.task is not None:
                self.response.task.cancel()
            self._clear_output({})
        words = utterance.text.split()
        self.emit("input_audio_buffer.speech_started", audio_start_ms=self.elapsed_ms, item_id=item_id)
        await asyncio.sleep(utterance.seconds if utterance.seconds is not None else 0.2 + 0.05 * len(words))
        self.emit("input_audio_buffer.speech_stopped", audio_end_ms=self.elapsed_ms, item_id=item_id)
        self.emit("input_audio_buffer.committed", previous_item_id=self._previous(), item_id=item_id)
        self._add_item(events.user_item(item_id, None))
        if utterance.partial:
            for index, word in enumerate(words):
                self.emit(
                    "conversation.item.input_audio_transcription.delta",
                    item_id=item_id,
                    content_index=0,
                    delta=word if index == 0 else " " + word,
                )
                await asyncio.sleep(DELTA_PAUSE)
        if not utterance.final:
            return item_id
        completed = {
            "item_id": item_id,
            "content_index": 0,
            "transcript": utterance.text,
            "usage": {"type": "duration", "seconds": max(1, len(words)) * 0.4},
        }
        self.emit("conversation.item.input_audio_transcription.completed", **completed)
        self._item_done(events.user_item(item_id, utterance.text))
        if utterance.duplicate:
            self.emit("conversation.item.input_audio_transcription.completed", **completed)
        automatic = (self.turn_detection or {}).get("create_response")  # as it is now, after the speech
        if automatic and (self.response is None or self.response.done):
            self.respond(brain.reply(utterance.text, self.config.locale))
        return item_id

    # -- the assistant's side --------------------------------------------------------------------------------

    def _next_turn(self) -> brain.Turn:
        last = self.items[-1] if self.items else None
        if last is not None and last.get("type") == "function_call_output":
            return brain.Speak(str(last.get("output", "")))
        if last is not None and last.get("type") == "message" and last.get("role") == "user":
            texts = [
                str(part.get("text") or part.get("transcript") or "") for part in last.get("content", [])
            ]
            text = " ".join(t for t in texts if t)
            if text:
                return brain.reply(text, self.config.locale)
        return brain.Speak(brain.phrase(self.config.locale, "ack"))

    def speak(self, text: str) -> str:
        """The assistant says `text` now (scripts, control API, limit warning); returns the response id."""
        return self.respond(brain.Speak(text))

    def call(self, name: str, arguments: str) -> str:
        """The assistant asks for a function call; returns the response id."""
        return self.respond(brain.Call(name, arguments))

    def respond(self, turn: brain.Turn) -> str:
        response = _Response(self.ids.new("resp"))
        self.response = response
        self.emit(
            "response.created",
            response=events.response_object(
                response.id, "in_progress", [], self.config.voice, self.conversation_id
            ),
        )
        runner = (
            self._speak(response, turn.text) if isinstance(turn, brain.Speak) else self._call(response, turn)
        )
        response.task = self._spawn(self._finish(response, runner))
        return response.id

    async def _finish(self, response: _Response, runner: Awaitable[None]) -> None:
        status = "completed"
        try:
            await runner
        except asyncio.CancelledError:
            status = "cancelled"
            for response_id in self.track.clear():
                self.emit("output_audio_buffer.cleared", response_id=response_id)
        response.done = True
        self.emit(
            "response.done",
            response=events.response_object(
                response.id, status, response.output, self.config.voice, self.conversation_id
            ),
        )

    async def _speak(self, response: _Response, text: str) -> None:
        item_id = self.ids.new("item")
        where = {"response_id": response.id, "item_id": item_id, "output_index": 0}
        item = events.assistant_item(item_id, "", "in_progress")
        self.emit("response.output_item.added", response_id=response.id, output_index=0, item=item)
        self._add_item(item)
        self.emit(
            "response.content_part.added", **where, content_index=0, part={"type": "audio", "transcript": ""}
        )
        speech = await asyncio.to_thread(self.speaker.synthesize, text, self.config.locale)
        self.track.play(response.id, speech.pcm)
        words = text.split()
        for index, word in enumerate(words):
            self.emit(
                "response.output_audio_transcript.delta",
                **where,
                content_index=0,
                delta=word if index == 0 else " " + word,
            )
            await asyncio.sleep(DELTA_PAUSE)
        self.emit("response.output_audio.done", **where, content_index=0)
        self.emit("response.output_audio_transcript.done", **where, content_index=0, transcript=text)
        self.emit(
            "response.content_part.done", **where, content_index=0, part={"type": "audio", "transcript": text}
        )
        done = events.assistant_item(item_id, text, "completed")
        response.output.append(done)
        self.emit("response.output_item.done", response_id=response.id, output_index=0, item=done)
        self._item_done(done)

    async def _call(self, response: _Response, turn: brain.Call) -> None:
        item_id, call_id = self.ids.new("item"), self.ids.new("call")
        where = {"response_id": response.id, "item_id": item_id, "output_index": 0, "call_id": call_id}
        self.emit(
            "response.output_item.added",
            response_id=response.id,
            output_index=0,
            item=events.call_item(item_id, call_id, turn.name, "", "in_progress"),
        )
        self._add_item(events.call_item(item_id, call_id, turn.name, "", "in_progress"))
        for start in range(0, len(turn.arguments), 16):
            self.emit(
                "response.function_call_arguments.delta", **where, delta=turn.arguments[start : start + 16]
            )
            await asyncio.sleep(DELTA_PAUSE)
        self.emit("response.function_call_arguments.done", **where, name=turn.name, arguments=turn.arguments)
        done = events.call_item(item_id, call_id, turn.name, turn.arguments, "completed")
        self.pending_calls[call_id] = done
        self.issued_calls.add(call_id)
        response.output.append(done)
        self.emit("response.output_item.done", response_id=response.id, output_index=0, item=done)
        self._item_done(done)

    # -- audio notifications (from the track) ----------------------------------------------------------------

    def audio_started(self, response_id: str) -> None:
        self.emit("output_audio_buffer.started", response_id=response_id)

    def audio_stopped(self, response_id: str) -> None:
        self.emit("output_audio_buffer.stopped", response_id=response_id)


_HANDLERS: dict[str, Callable[[RealtimeSession, Event], None]] = {
    "session.update": RealtimeSession._session_update,
    "conversation.item.create": RealtimeSession._item_create,
    "response.create": RealtimeSession._response_create,
    "response.cancel": RealtimeSession._response_cancel,
    "output_audio_buffer.clear": RealtimeSession._clear_output,
    "input_audio_buffer.clear": RealtimeSession._clear_input,
    "input_audio_buffer.append": RealtimeSession._ignore,
    "input_audio_buffer.commit": RealtimeSession._ignore,
}
assert set(_HANDLERS) == set(events.CLIENT_EVENTS)
