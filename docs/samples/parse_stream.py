"""Read a talkie/1 run stream with talkie-models: SSE bytes in, typed AG-UI events out.

The stream here is a recorded one (schemas/examples/stream-card.json) written out as SSE frames and cut into
awkward chunks, the way bytes arrive from a socket. Run it from the repository root:
`python docs/samples/parse_stream.py`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from talkie_models import CardEvent, TextMessageContentEvent, ToolCallStartEvent, UnknownEvent
from talkie_models.sse import encode_comment, encode_event, iter_events

RECORDED = Path(__file__).resolve().parents[2] / "schemas" / "examples" / "stream-card.json"


def chunks(payload: bytes, size: int = 7) -> Iterator[bytes]:
    """Split bytes at arbitrary points: a frame, or even a UTF-8 character, may straddle two chunks."""
    for start in range(0, len(payload), size):
        yield payload[start : start + size]


def main() -> None:
    events = json.loads(RECORDED.read_text(encoding="utf-8"))
    wire = encode_comment("ping") + b"".join(encode_event(event) for event in events)
    text = ""
    for event in iter_events(chunks(wire)):
        if isinstance(event, ToolCallStartEvent):
            print(f"tool call: {event.tool_call_name}")
        elif isinstance(event, CardEvent):
            print(f"card: {event.value.title} ({len(event.value.blocks)} blocks)")
        elif isinstance(event, TextMessageContentEvent):
            text += event.delta
        elif isinstance(event, UnknownEvent):
            continue  # unknown types and CUSTOM names are skipped, as the protocol asks
        print(f"event: {event.type}")
    print(f"assistant text: {text}")


if __name__ == "__main__":
    main()
