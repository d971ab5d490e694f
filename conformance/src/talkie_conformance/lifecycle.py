"""Run-stream lifecycle rules as pure functions, shared by the checks, the fuzzer and the state machine.

Given the decoded events of one stream, report what breaks §5's shape: RUN_STARTED first, exactly one terminal
event (RUN_FINISHED or RUN_ERROR) and it last, text messages and tool calls opened before use and closed once,
and assistant text only in the events §5's table names for it. The stream is judged as a client of the text
reads it: AG-UI's `TEXT_MESSAGE_CHUNK` is not expanded, since a client that knows only §5's table ignores
it as an unknown type (line 172) and would show nothing of text sent that way (notes N-43).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

TERMINAL = frozenset({"RUN_FINISHED", "RUN_ERROR"})
TEXT_EVENTS = frozenset({"TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END"})
"""The events §5's table names for assistant text (line 161); a client skips types it does not know (172)."""


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
    problems.extend(_text_outside_the_table(events))
    return problems


def _text_outside_the_table(events: Sequence[Any]) -> list[Problem]:
    """Assistant text in an event §5's table does not name for it (AG-UI's `TEXT_MESSAGE_CHUNK`, say)."""
    for index, event in enumerate(events):
        kind = _type(event)
        if kind is None or kind in TEXT_EVENTS or not kind.startswith("TEXT_MESSAGE"):
            continue
        delta = event.get("delta")
        if isinstance(delta, str) and delta:
            return [
                Problem(
                    "text",
                    index,
                    f"assistant text sent as {kind}, a type outside §5's table (line 161 names "
                    "TEXT_MESSAGE_START/CONTENT/END): a client of the specification ignores it (line 172) "
                    "and shows none of that text",
                )
            ]
    return []


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
