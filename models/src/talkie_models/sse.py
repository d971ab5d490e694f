"""Server-sent events for talkie/1 run streams: write frames, read them back incrementally.

The decoder follows the EventSource parsing rules of the WHATWG HTML standard (lines end in CRLF, LF or CR; a
``data`` field may repeat and its values join with LF; lines starting with ``:`` are comments; a blank line
dispatches). A run stream carries one AG-UI event as JSON per message; ``iter_events`` turns a byte stream
straight into event models.
"""

from __future__ import annotations

import codecs
import json
import math
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from talkie_models._base import TalkieModel
from talkie_models._chunks import ChunkExpander
from talkie_models._events import parse_event
from talkie_models._generated import Event, UnknownEvent
from talkie_models._opaque import Profile

__all__ = [
    "ChunkExpander",
    "SSEDecoder",
    "SSEMessage",
    "aiter_events",
    "encode_comment",
    "encode_event",
    "encode_message",
    "iter_events",
]


@dataclass(frozen=True, slots=True)
class SSEMessage:
    """One dispatched message. ``id`` is the last event ID in force (``None`` until one was sent);
    ``retry`` is the reconnection delay given inside this message, if any. A comment (only returned by a
    decoder made with ``include_comments=True``) has ``comment`` set and empty ``data``."""

    data: str
    event: str | None = None
    id: str | None = None
    retry: int | None = None
    comment: str | None = None


# The standard encoder, built once (`json.dumps` with options builds a new encoder on each call).
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
try:  # the `fast` extra (and talkie-mock) install orjson: the same compact UTF-8 JSON, about ten times faster
    import orjson as _orjson
except ImportError:  # pragma: no cover - exercised where orjson is absent
    _orjson = None  # type: ignore[assignment]


def _finite(value: Any) -> Any:
    """`value` with every NaN or infinity as None (JSON has no such numbers; a model's dump writes null)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def _standard(event: Mapping[str, Any]) -> bytes:
    try:
        return _ENCODER.encode(event).encode("utf-8")
    except ValueError:  # a NaN or an infinity
        return _ENCODER.encode(_finite(event)).encode("utf-8")


def encode_event(event: TalkieModel | Mapping[str, Any]) -> bytes:
    """One run-stream frame: ``data: <compact JSON on one line>`` and a blank line (LF line ends).

    The one frame encoder of the toolkit: the mock writes every frame of a run with it, live or replayed. A
    model is written by its own dump; a mapping by orjson where installed, else by the standard encoder,
    which give the same JSON text but for the spelling of a float's exponent (``1e-7``, ``1e-07``: one
    number). A NaN or an infinity is written ``null`` by both, as a model's dump writes it; a value orjson
    refuses (an integer beyond 64 bits, a key that is not a string) takes the standard encoder."""
    if type(event) is dict and _orjson is not None:
        try:
            return b"data: " + _orjson.dumps(event) + b"\n\n"
        except _orjson.JSONEncodeError:
            pass
    elif isinstance(event, TalkieModel):
        return b"data: " + event.model_dump_json(by_alias=True).encode("utf-8") + b"\n\n"
    return b"data: " + _standard(event) + b"\n\n"


def encode_message(
    data: str, *, event: str | None = None, id: str | None = None, retry: int | None = None
) -> bytes:
    """A general SSE message; ``data`` may span lines (each becomes its own ``data:`` line)."""
    lines: list[str] = []
    if event is not None:
        lines.append(f"event: {_one_line(event, 'event')}")
    if id is not None:
        if "\0" in id:
            raise ValueError("an SSE id cannot contain NUL")
        lines.append(f"id: {_one_line(id, 'id')}")
    if retry is not None:
        if retry < 0:
            raise ValueError("retry must be a non-negative number of milliseconds")
        lines.append(f"retry: {retry}")
    lines += [f"data: {line}" for line in data.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return ("\n".join(lines) + "\n\n").encode("utf-8")


def encode_comment(text: str = "ping") -> bytes:
    """A comment frame such as ``: ping`` (keeps proxies from closing an idle stream)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return ("".join(f": {line}\n" for line in lines) + "\n").encode("utf-8")


def _one_line(value: str, field: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError(f"an SSE {field} cannot span lines")
    return value


class SSEDecoder:
    """Incremental decoder: feed it chunks as they arrive (split anywhere, even inside a UTF-8 sequence or a
    CRLF pair) and get the messages completed so far."""

    def __init__(self, *, include_comments: bool = False) -> None:
        self._include_comments = include_comments
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._buffer = ""
        self._started = False
        self._after_cr = False
        self._data: list[str] = []
        self._event: str | None = None
        self._retry: int | None = None
        self.last_event_id: str | None = None
        """The last event ID seen (it persists across messages, as EventSource keeps it)."""
        self.retry: int | None = None
        """The last reconnection delay the server asked for, in milliseconds."""

    def feed(self, chunk: bytes | str) -> list[SSEMessage]:
        """Decode a chunk; return every message it completed, in order."""
        text = self._utf8.decode(chunk) if isinstance(chunk, bytes | bytearray) else chunk
        if not self._started and text:
            self._started = True
            text = text.removeprefix("\ufeff")
        if self._after_cr and text.startswith("\n"):
            text = text[1:]  # the LF of a CRLF split across chunks
        if text:
            self._after_cr = False
        self._buffer += text
        messages: list[SSEMessage] = []
        start = 0
        buffer = self._buffer
        while True:
            cr, lf = buffer.find("\r", start), buffer.find("\n", start)
            if cr == -1 and lf == -1:
                break
            end = lf if cr == -1 or (lf != -1 and lf < cr) else cr
            line = buffer[start:end]
            if buffer[end] == "\r":
                if end + 1 < len(buffer):
                    start = end + 2 if buffer[end + 1] == "\n" else end + 1
                else:
                    start = end + 1
                    self._after_cr = True
            else:
                start = end + 1
            self._line(line, messages)
        self._buffer = buffer[start:]
        return messages

    def _line(self, line: str, out: list[SSEMessage]) -> None:
        if not line:
            self._dispatch(out)
            return
        if line.startswith(":"):
            if self._include_comments:
                out.append(SSEMessage(data="", comment=line[1:].removeprefix(" ")))
            return
        field, sep, value = line.partition(":")
        if sep:
            value = value.removeprefix(" ")
        if field == "data":
            self._data.append(value)
        elif field == "event":
            self._event = value
        elif field == "id":
            if "\0" not in value:
                self.last_event_id = value
        elif field == "retry" and value.isascii() and value.isdigit():
            self._retry = self.retry = int(value)

    def _dispatch(self, out: list[SSEMessage]) -> None:
        data, event, retry = self._data, self._event, self._retry
        self._data, self._event, self._retry = [], None, None
        if data:
            out.append(SSEMessage("\n".join(data), event or None, self.last_event_id, retry))


def _events(
    messages: list[SSEMessage], profile: Profile, chunks: ChunkExpander | None
) -> list[Event | UnknownEvent]:
    if chunks is None:
        return [parse_event(message.data, profile) for message in messages]
    out: list[Event | UnknownEvent] = []
    for message in messages:
        try:
            decoded = json.loads(message.data)
        except (ValueError, UnicodeDecodeError):
            out.append(parse_event(message.data, profile))  # raises the usual "not JSON" error
            continue
        out += [parse_event(item, profile) for item in chunks.feed(decoded)]
    return out


def iter_events(
    chunks: Iterable[bytes | str], profile: Profile = "tolerant"
) -> Iterator[Event | UnknownEvent]:
    """Decode a run stream (any chunking) and parse each message into its event model, skipping comments.

    Under the tolerant profile (the default) AG-UI chunk events are expanded into the start/content/end events
    they stand for (``talkie_models._chunks``); under the strict one they stay ``UnknownEvent``s.
    """
    decoder = SSEDecoder()
    expander = ChunkExpander() if profile == "tolerant" else None
    for chunk in chunks:
        yield from _events(decoder.feed(chunk), profile, expander)
    if expander is not None:
        yield from (parse_event(item, profile) for item in expander.close())


async def aiter_events(
    chunks: AsyncIterable[bytes | str], profile: Profile = "tolerant"
) -> AsyncIterator[Event | UnknownEvent]:
    """``iter_events`` for an async byte stream (for example ``httpx.Response.aiter_bytes()``)."""
    decoder = SSEDecoder()
    expander = ChunkExpander() if profile == "tolerant" else None
    async for chunk in chunks:
        for event in _events(decoder.feed(chunk), profile, expander):
            yield event
    if expander is not None:
        for item in expander.close():
            yield parse_event(item, profile)
