"""The SSE codec: frames as talkie/1 §5 sends them, and the WHATWG EventSource parsing rules."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator

from hypothesis import given
from hypothesis import strategies as st
from models_support import example_files
from talkie_models import RunStartedEvent, UnknownEvent
from talkie_models.sse import (
    SSEDecoder,
    SSEMessage,
    aiter_events,
    encode_comment,
    encode_event,
    encode_message,
    iter_events,
)

# Text without NUL-free restrictions: any code point except surrogates, newlines included.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)


def _decode_all(stream: bytes, splits: list[int] | None = None) -> list[SSEMessage]:
    decoder = SSEDecoder()
    points = [0, *(splits or []), len(stream)]
    messages: list[SSEMessage] = []
    for start, end in itertools.pairwise(points):
        messages += decoder.feed(stream[start:end])
    return messages


def test_encode_event_is_one_compact_data_line() -> None:
    frame = encode_event(RunStartedEvent(thread_id="thr_ž", run_id="run\n1"))
    assert frame == b'data: {"type":"RUN_STARTED","threadId":"thr_\xc5\xbe","runId":"run\\n1"}\n\n'
    assert encode_event({"type": "X", "a": [1, 2]}) == b'data: {"type":"X","a":[1,2]}\n\n'


def test_encode_comment() -> None:
    assert encode_comment() == b": ping\n\n"
    assert encode_comment("a\nb") == b": a\n: b\n\n"
    assert _decode_all(encode_comment()) == []
    assert SSEDecoder(include_comments=True).feed(encode_comment()) == [SSEMessage(data="", comment="ping")]


@given(TEXT)
def test_message_round_trip(text: str) -> None:
    (message,) = _decode_all(encode_message(text))
    assert message.data == text.replace("\r\n", "\n").replace("\r", "\n")


@given(st.lists(TEXT, min_size=1, max_size=4), st.data())
def test_any_chunking_gives_the_same_messages(texts: list[str], data: st.DataObject) -> None:
    stream = encode_comment() + b"".join(encode_message(t, event="e", id=str(i)) for i, t in enumerate(texts))
    whole = _decode_all(stream)
    assert [m.data for m in whole] == [t.replace("\r\n", "\n").replace("\r", "\n") for t in texts]
    splits = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    assert _decode_all(stream, splits) == whole


def test_split_at_every_position_of_a_crlf_stream() -> None:
    stream = (
        'data: {"a":"ž"}\r\n\r\ndata: x\r\ndata: y\r\r: ping\r\n\r\nevent: up\nid: 7\nretry: 50\ndata: z\n\n'
    )
    raw = stream.encode()
    whole = _decode_all(raw)
    assert whole == [
        SSEMessage('{"a":"ž"}'),
        SSEMessage("x\ny"),
        SSEMessage("z", event="up", id="7", retry=50),
    ]
    for position in range(len(raw) + 1):
        assert _decode_all(raw, [position]) == whole, position
    assert _decode_all(raw, list(range(len(raw)))) == whole


def test_whatwg_field_rules() -> None:
    decoder = SSEDecoder()
    stream = (
        "\ufeffdata:no space\n\n"  # BOM skipped; no space after the colon
        "data\n\n"  # a field without colon: empty data, still dispatched
        "id: 1\ndata: a\n\n"
        "data: b\n\n"  # the last event ID persists
        "id: bad\0id\nretry: soon\nretry: 20\ndata: c\n\n"  # NUL id and non-digit retry ignored
        "event: only\n\n"  # no data: nothing dispatched, event name reset
        "data: d\nunknown: field\n\n"
        "data: incomplete"  # never dispatched without a blank line
    )
    messages = decoder.feed(stream)
    assert messages == [
        SSEMessage("no space"),
        SSEMessage(""),
        SSEMessage("a", id="1"),
        SSEMessage("b", id="1"),
        SSEMessage("c", id="1", retry=20),
        SSEMessage("d", id="1"),
    ]
    assert decoder.last_event_id == "1"
    assert decoder.retry == 20


def test_iter_events_reads_a_recorded_stream_in_small_chunks() -> None:
    for name, events in example_files().items():
        if not name.startswith("stream-"):
            continue
        stream = encode_comment() + b"".join(encode_event(e) for e in events)
        chunks = [stream[i : i + 7] for i in range(0, len(stream), 7)]
        parsed = list(iter_events(chunks))
        assert [e.model_dump() for e in parsed] == events, name


def test_iter_events_keeps_unknown_events() -> None:
    stream = encode_event({"type": "STEP_STARTED", "stepName": "s"}) + encode_event(
        {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}
    )
    first, second = iter_events([stream.decode()])
    assert isinstance(first, UnknownEvent)
    assert isinstance(second, RunStartedEvent)


def test_aiter_events() -> None:
    async def chunks() -> AsyncIterator[bytes]:
        yield b"data: " + json.dumps({"type": "RUN_STARTED", "threadId": "t", "runId": "r"}).encode()
        yield b"\n\n: ping\n\n"

    async def collect() -> list[object]:
        return [event async for event in aiter_events(chunks())]

    (event,) = asyncio.run(collect())
    assert isinstance(event, RunStartedEvent)
