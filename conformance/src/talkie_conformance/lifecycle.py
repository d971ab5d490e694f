"""Run-stream lifecycle rules as pure functions, shared by the checks, the fuzzer and the state machine.

Given the decoded events of one stream, report what breaks §5's shape: RUN_STARTED first, exactly one terminal
event (RUN_FINISHED or RUN_ERROR) and it last, text messages and tool calls opened before use and closed once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from talkie_models import EventParseError
from talkie_models.sse import ChunkExpander

TERMINAL = frozenset({"RUN_FINISHED", "RUN_ERROR"})


@dataclass(frozen=True)
class Problem:
    """One lifecycle violation. `kind`: first | terminal | after_terminal | text | tool | json."""

    kind: str
    index: int
    message: str


def _type(event: Any) -> str | None:
    if isinstance(event, dict):
        value = event.get("type")
        return value if isinstance(value, str) else None
    return None


def analyze(events: Sequence[Any]) -> list[Problem]:
    """All lifecycle problems of one stream (empty when the stream is well formed)."""
    problems: list[Problem] = []
    if not events:
        return [Problem("first", 0, "the stream carried no event at all")]
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            problems.append(Problem("json", index, f"event #{index} is not a JSON object"))
    if _type(events[0]) != "RUN_STARTED":
        problems.append(Problem("first", 0, f"the first event is {_type(events[0])!r}, not RUN_STARTED"))
    elif any(_type(event) == "RUN_STARTED" for event in events[1:]):
        problems.append(Problem("first", 0, "RUN_STARTED appears more than once"))
    terminals = [index for index, event in enumerate(events) if _type(event) in TERMINAL]
    if not terminals:
        problems.append(
            Problem("terminal", len(events) - 1, "the stream ended without RUN_FINISHED or RUN_ERROR")
        )
    else:
        if len(terminals) > 1:
            problems.append(
                Problem("terminal", terminals[1], f"{len(terminals)} terminal events in one stream")
            )
        if terminals[0] != len(events) - 1:
            after = [_type(event) for event in events[terminals[0] + 1 :]]
            problems.append(
                Problem(
                    "after_terminal", terminals[0] + 1, f"events after {_type(events[terminals[0]])}: {after}"
                )
            )
    problems.extend(_nesting(events))
    return problems


def _nesting(events: Sequence[Any]) -> list[Problem]:
    problems: list[Problem] = []
    open_text: set[str] = set()
    open_tools: set[str] = set()
    started_tools: set[str] = set()
    closed_text: set[str] = set()
    for index, event in enumerate(events):
        kind = _type(event)
        if not isinstance(event, dict) or kind is None:
            continue
        message_id = event.get("messageId")
        tool_id = event.get("toolCallId")
        if kind == "TEXT_MESSAGE_START":
            if message_id in open_text or message_id in closed_text:
                problems.append(Problem("text", index, f"text message {message_id!r} started twice"))
            open_text.add(str(message_id))
        elif kind == "TEXT_MESSAGE_CONTENT":
            if message_id not in open_text:
                problems.append(Problem("text", index, f"content for text message {message_id!r} not open"))
        elif kind == "TEXT_MESSAGE_END":
            if message_id not in open_text:
                problems.append(Problem("text", index, f"end of text message {message_id!r} not open"))
            open_text.discard(str(message_id))
            closed_text.add(str(message_id))
        elif kind == "TOOL_CALL_START":
            if tool_id in started_tools:
                problems.append(Problem("tool", index, f"tool call {tool_id!r} started twice"))
            open_tools.add(str(tool_id))
            started_tools.add(str(tool_id))
        elif kind == "TOOL_CALL_ARGS":
            if tool_id not in open_tools:
                problems.append(Problem("tool", index, f"arguments for tool call {tool_id!r} not open"))
        elif kind == "TOOL_CALL_END":
            if tool_id not in open_tools:
                problems.append(Problem("tool", index, f"end of tool call {tool_id!r} not open"))
            open_tools.discard(str(tool_id))
        elif kind == "TOOL_CALL_RESULT":
            if tool_id not in started_tools:
                problems.append(Problem("tool", index, f"result for tool call {tool_id!r} never started"))
        elif kind == "RUN_FINISHED":
            if open_text:
                problems.append(
                    Problem("text", index, f"RUN_FINISHED with text still open: {sorted(open_text)}")
                )
            if open_tools:
                problems.append(
                    Problem("tool", index, f"RUN_FINISHED with tool calls open: {sorted(open_tools)}")
                )
    return problems


class Chunks:
    """AG-UI's chunk events expanded into the sequences they stand for (`talkie_models.sse.ChunkExpander`).

    The suite judges the expanded stream, so a server that sends `TEXT_MESSAGE_CHUNK` is held to the same
    lifecycle as one that sends the explicit triple. A chunk that cannot open anything (no id, none open)
    stays as it came: an unknown event to the schema, which receivers ignore.
    """

    def __init__(self) -> None:
        self._expander = ChunkExpander()

    def feed(self, event: Any) -> list[Any]:
        """The events that stand for `event`, in order."""
        try:
            return self._expander.feed(event)
        except EventParseError:
            return [event]

    def close(self) -> list[Any]:
        """At the end of the stream: close an open chunked message."""
        return self._expander.close()


def expand_chunks(events: Sequence[Any]) -> list[Any]:
    """A whole decoded stream with its chunks expanded (see `Chunks`)."""
    chunks = Chunks()
    expanded = [out for event in events for out in chunks.feed(event)]
    return expanded + chunks.close()
