"""`--vary SEED`: wherever the specification leaves a choice open, take another legal one, picked from SEED.

App developers run their client against a varied mock to find where the client assumes more than the
specification promises; the conformance suite must pass against it in every seed (no false positives). Each
choice is a pure function of (SEED, point, key): the key names the answer (a run's user message, so a §11
message keeps one shape; an object's id, so an action, a card or a session looks the same in every answer; the
client's id of a new thread), so an answer is reproducible. Without a seed every choice is the first
option, which is what the specification's examples show (the default output).

The points and the specification lines that allow each are listed in spec/notes.md (N-51). Every choice taken
is recorded in :data:`TAKEN` when a recorder is listening (the inspector's traffic log sets one per request),
so the inspector can show which variation an answer took.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from datetime import timedelta, timezone
from typing import Any, TypeVar

from talkie_models.protocol import ACTION_EVENT, CARD_EVENT

from talkie_mock.engine.clock import from_iso

T = TypeVar("T")

TAKEN: ContextVar[list[str] | None] = ContextVar("talkie_mock_variations", default=None)
"""The labels of the choices taken while answering the current request (None: nobody is recording)."""

TIMESTAMP_KEYS = frozenset({"createdAt", "updatedAt", "expiresAt", "undoUntil"})
STAMP_STYLES = ("seconds", "fraction", "offset", "fraction+offset")
OFFSETS = ("+02:00", "-05:00", "+05:30", "+00:00")
FRACTIONS = (".0", ".000", ".000000")
CANCEL_ENDS = ("outcome", "no-outcome")
"""How a cancelled run's stream ends: RUN_FINISHED with or without the cancelled outcome, never RUN_ERROR,
which §5 keeps for failure (line 170) — a cancel the user asked for is none (notes N-04, N-51 row 1)."""

# Events a client must skip: AG-UI types talkie/1 does not use, and types nobody defines (line 172).
UNKNOWN_EVENTS: tuple[tuple[dict[str, Any], ...], ...] = (
    ({"type": "STEP_STARTED", "stepName": "lookup"}, {"type": "STEP_FINISHED", "stepName": "lookup"}),
    ({"type": "STATE_SNAPSHOT", "snapshot": {"step": "answering"}},),
    ({"type": "RAW", "event": {"provider": "talkie-mock", "kind": "trace"}, "source": "talkie-mock"},),
    ({"type": "X_TALKIE_MOCK_PREVIEW", "note": "an event type no version of talkie/1 defines"},),
)
UNKNOWN_CUSTOM: tuple[dict[str, Any], ...] = (
    {"type": "CUSTOM", "name": "acme.progress", "value": {"percent": 50}},
    {
        "type": "CUSTOM",
        "name": "talkie.future",
        "value": {"note": "a talkie.* name talkie/1 does not define"},
    },
)
TEXT_TYPES = frozenset({"TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"})
TERMINAL = frozenset({"RUN_FINISHED", "RUN_ERROR"})


def record(label: str) -> None:
    taken = TAKEN.get()
    if taken is not None and label not in taken:
        taken.append(label)


class Variations:
    """The choices of one mock instance; inactive (every first option) without a seed."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self._threads: dict[tuple[str, str], str] = {}

    @property
    def active(self) -> bool:
        return self.seed is not None

    def pick(self, point: str, key: str, options: Sequence[T]) -> T:
        """One of `options`, the same for the same (seed, point, key); the first without a seed."""
        if self.seed is None:
            return options[0]
        digest = hashlib.blake2b(f"{self.seed}\0{point}\0{key}".encode(), digest_size=8).digest()
        choice = options[int.from_bytes(digest, "big") % len(options)]
        record(f"{point}: {choice}")
        return choice

    def flag(self, point: str, key: str) -> bool:
        return self.pick(point, key, (False, True))

    # -- timestamps ---------------------------------------------------------------------------------------

    def stamp(self, text: str, key: str) -> str:
        """A whole-second UTC timestamp in this key's style: as is, with fractional digits, with an offset."""
        style = self.pick("timestamps", key, STAMP_STYLES)
        if style == "seconds":
            return text
        moment = from_iso(text)
        offset = self.pick("timestamp offset", key, OFFSETS) if "offset" in style else "Z"
        if offset != "Z":
            minutes = (1 if offset[0] == "+" else -1) * (int(offset[1:3]) * 60 + int(offset[4:6]))
            moment = moment.astimezone(timezone(timedelta(minutes=minutes)))
        fraction = self.pick("timestamp fraction", key, FRACTIONS) if "fraction" in style else ""
        return moment.strftime("%Y-%m-%dT%H:%M:%S") + fraction + offset

    def restamp(self, value: Any, key: str) -> Any:
        """`value` with every timestamp member (at any depth) in the style of `key`."""
        if isinstance(value, dict):
            return {
                k: self.stamp(v, key)
                if k in TIMESTAMP_KEYS and isinstance(v, str)
                else self.restamp(v, _key_of(v, key))
                for k, v in value.items()
            }
        if isinstance(value, list):
            return [self.restamp(v, _key_of(v, key)) for v in value]
        return value

    # -- JSON answers -------------------------------------------------------------------------------------

    def body(self, type_name: str, body: dict[str, Any]) -> dict[str, Any]:
        """A JSON answer in its variant (only called when active)."""
        if type_name == "Manifest":
            return self.manifest(body)
        body = self.restamp(body, _key_of(body, type_name))
        if type_name == "ThreadDetail":
            for message in body.get("messages", []):
                if "channel" in message and self.flag("message channel omitted", str(message.get("id"))):
                    del message["channel"]
        elif (
            type_name == "VoiceSession"
            and "consent" in body
            and self.flag("voice consent omitted", str(body.get("voiceSessionId")))
        ):
            del body["consent"]
        return body

    def manifest(self, body: dict[str, Any]) -> dict[str, Any]:
        if self.flag("manifest unknown members", "manifest"):
            body = manifest_extras(body)
        voice = body.get("capabilities", {}).get("voice")
        if voice is not None and self.flag("manifest extra signalling host", "manifest"):
            voice = {**voice, "signalingHosts": [*voice["signalingHosts"], "realtime.example.net"]}
            body = {**body, "capabilities": {**body["capabilities"], "voice": voice}}
        return body

    # -- behaviour ----------------------------------------------------------------------------------------

    def thread_id(self, user_id: str, client_id: str) -> str:
        """The id of a thread the client names for the first time: the client's, or one of the server's."""
        known = self._threads.get((user_id, client_id))
        if known is not None:
            return known
        if not self.flag("server-assigned threadId", client_id):
            return client_id
        digest = hashlib.blake2b(f"{self.seed}\0{user_id}\0{client_id}".encode(), digest_size=8)
        assigned = "t_srv_" + digest.hexdigest()  # reproducible, like every other choice
        self._threads[(user_id, client_id)] = assigned
        return assigned

    def closes_on_final(self, session_id: str) -> bool:
        """After the final usage report: 410 from then on (notes N-11), or 200 until the budget ends."""
        return not self.flag("voice session stays open after final usage", session_id)

    def repeat_events(self, action_id: str) -> bool:
        """A repeated decision answers the result card again (True) or no events (False)."""
        return self.flag("repeated decision repeats its events", action_id)

    def cancel_end(self, run_id: str) -> str:
        return self.pick("cancelled run ends with", run_id, CANCEL_ENDS)

    def explicit_success(self, run_id: str) -> bool:
        return self.flag("RUN_FINISHED outcome success explicit", run_id)

    def shaper(self, run_id: str, now_ms: Callable[[], int]) -> StreamShaper | None:
        """The shaper of one run's events, or None in the default mode (events go out as built)."""
        return StreamShaper(self, run_id, now_ms) if self.active else None


def _key_of(value: Any, fallback: str) -> str:
    """The id an object carries (its variant follows it), else the enclosing key."""
    if isinstance(value, dict):
        for name in ("id", "voiceSessionId"):
            found = value.get(name)
            if isinstance(found, str):
                return found
    return fallback


def manifest_extras(body: dict[str, Any]) -> dict[str, Any]:
    """The manifest with members no version of talkie/1 defines, at several depths (line 65, MAN-005)."""
    extended: dict[str, Any] = copy.deepcopy(body)
    extended["futureFeature"] = {"enabled": True, "note": "unknown member added by talkie-mock"}
    extended.setdefault("auth", {})["passkey"] = {"hint": "unknown sign-in method added by talkie-mock"}
    extended.setdefault("endpoints", {})["search"] = "/api/talkie/search"
    extended.setdefault("capabilities", {})["files"] = {"upload": True}
    extended.setdefault("limits", {})["maxAttachments"] = 3
    return extended


class StreamShaper:
    """Turns one run's canonical events into the wire events of its variant (stateful: open text, count)."""

    def __init__(self, variations: Variations, run_id: str, now_ms: Callable[[], int]) -> None:
        pick, flag = variations.pick, variations.flag
        self.variations = variations
        self.run_id = run_id
        self.now_ms = now_ms
        self.empty_deltas = flag("empty text deltas", run_id)
        self.pings = flag("`: ping` between events", run_id)
        self.unknown = pick("unknown events", run_id, (None, *range(len(UNKNOWN_EVENTS))))
        self.unknown_custom = pick("unknown CUSTOM names", run_id, (None, *range(len(UNKNOWN_CUSTOM))))
        self.metadata_extras = flag("unknown members in event metadata", run_id)
        self.timestamps = flag("AG-UI timestamp on events", run_id)
        self.tool_args = flag("TOOL_CALL_ARGS inside tool calls", run_id)
        self.tool_results = flag("TOOL_CALL_RESULT after tool calls", run_id)
        self._open_text = False
        self._count = 0

    def ping(self) -> bool:
        """Whether a `: ping` comment goes before the next event."""
        return self.pings and self._count % 3 == 1

    def shape(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        """The wire events for one canonical event (none, it, or it with others around it)."""
        self._count += 1
        kind = event.get("type")
        out: list[dict[str, Any]] = []
        if kind in TERMINAL and not self._open_text:
            out.extend(self._extras("before the end"))
        if kind in TEXT_TYPES:
            out.extend(self._text(event))
        else:
            if kind == "CUSTOM":
                event = self._custom(event)
            out.append(event)
            if kind == "TOOL_CALL_START" and self.tool_args:
                out.append({"type": "TOOL_CALL_ARGS", "toolCallId": event["toolCallId"], "delta": "{}"})
            elif kind == "TOOL_CALL_END" and self.tool_results:
                ok = bool(event.get("metadata", {}).get("ok", True))
                out.append(
                    {
                        "type": "TOOL_CALL_RESULT",
                        "messageId": f"{event['toolCallId']}_result",
                        "toolCallId": event["toolCallId"],
                        "content": "ok" if ok else "error",
                        "role": "tool",
                    }
                )
        if kind == "RUN_STARTED":
            out.extend(self._extras("after RUN_STARTED"))
        return [self._decorate(e) for e in out]

    def _text(self, event: dict[str, Any]) -> list[dict[str, Any]]:
        """Assistant text always as §5's table names it, START/CONTENT/END (line 161).

        A client that knows only that table and skips unknown types (line 172) reads all of it, so AG-UI's
        `TEXT_MESSAGE_CHUNK` shorthand is never a choice here (notes N-51, retired row 3).
        """
        kind, message_id = event["type"], event["messageId"]
        if kind == "TEXT_MESSAGE_START":
            self._open_text = True
            empty = {"type": "TEXT_MESSAGE_CONTENT", "messageId": message_id, "delta": ""}
            return [event, empty] if self.empty_deltas else [event]
        if kind == "TEXT_MESSAGE_END":
            self._open_text = False
        return [event]

    def _custom(self, event: dict[str, Any]) -> dict[str, Any]:
        name, value = event.get("name"), event.get("value")
        if not isinstance(value, dict):
            return event
        if name == ACTION_EVENT:
            return {**event, "value": self.variations.restamp(value, str(value.get("id")))}
        if name == CARD_EVENT:
            return {**event, "value": self._card(value)}
        return event

    def _card(self, card: dict[str, Any]) -> dict[str, Any]:
        """The card with the members its blocks mark optional left out (line 196-197)."""
        key = str(card.get("id"))
        drop: dict[str, tuple[str, ...]] = {}
        if self.variations.flag("card optional members omitted", key):
            drop = {"badge": ("tone",), "file": ("mime", "size"), "list": ("more",)}
        if not drop:
            return card
        blocks = []
        for block in card.get("blocks", []):
            block = {k: v for k, v in block.items() if k not in drop.get(str(block.get("type")), ())}
            if block.get("type") == "list":
                block["items"] = [{"title": item["title"]} for item in block.get("items", [])]
            blocks.append(block)
        return {**card, "blocks": blocks}

    def _extras(self, where: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        if self.unknown is not None and where == "after RUN_STARTED":
            out.extend(copy.deepcopy(UNKNOWN_EVENTS[self.unknown]))
        if self.unknown_custom is not None and where == "before the end":
            out.append(copy.deepcopy(UNKNOWN_CUSTOM[self.unknown_custom]))
        return out

    def _decorate(self, event: dict[str, Any]) -> dict[str, Any]:
        if self.timestamps and "timestamp" not in event:
            event = {**event, "timestamp": self.now_ms()}
        if self.metadata_extras and event.get("type") != "RAW":
            metadata = event.get("metadata")
            extra = {"traceId": f"{self.run_id}:{self._count}"}
            event = {**event, "metadata": {**metadata, **extra} if isinstance(metadata, dict) else extra}
        return event
