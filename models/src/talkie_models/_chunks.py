"""AG-UI chunk events expanded into the start/content/end sequence a Talkie client reads (tolerant profile).

AG-UI 1.0 lets a producer that cannot tell where a message begins send ``TEXT_MESSAGE_CHUNK`` (and
``TOOL_CALL_CHUNK`` for tool calls) instead of the explicit sequence. talkie/1 does not name them, but they
are AG-UI-legal, so a client must not lose their text. The expander works on decoded JSON objects, before they
are parsed into models, and keeps the state a chunk needs: the message or tool call it continues.

- A text chunk with a new ``messageId`` closes an open chunked message (``TEXT_MESSAGE_END``) and opens the
  new one (``TEXT_MESSAGE_START``, role ``assistant`` unless given); its ``delta`` becomes
  ``TEXT_MESSAGE_CONTENT``. A chunk without ``messageId`` continues the open message; with none open it is a
  broken event.
- A tool chunk opens a call (``TOOL_CALL_START``, needs ``toolCallName``) and turns its ``delta`` into
  ``TOOL_CALL_ARGS``. It never invents a ``TOOL_CALL_END``: in talkie/1 that event says whether the tool
  succeeded, which only the server's own ``TOOL_CALL_END`` can tell (notes N-28).
- Any other event, and the end of the stream (:meth:`ChunkExpander.close`), closes an open chunked message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from talkie_models._exceptions import EventParseError

__all__ = ["TEXT_CHUNK", "TOOL_CHUNK", "ChunkExpander"]

TEXT_CHUNK = "TEXT_MESSAGE_CHUNK"
TOOL_CHUNK = "TOOL_CALL_CHUNK"
# Members every AG-UI event may carry; a chunk hands them on to the event that opens its sequence.
_COMMON = ("timestamp", "metadata", "subagentRunId")


def _carried(chunk: Mapping[str, Any], *names: str) -> dict[str, Any]:
    return {name: chunk[name] for name in (*_COMMON, *names) if chunk.get(name) is not None}


def _id(chunk: Mapping[str, Any], key: str, open_id: str | None) -> str:
    value = chunk.get(key, open_id)
    if value is None:
        raise EventParseError(
            f"invalid {chunk['type']} event",
            event_type=chunk["type"],
            errors=[f"$.{key}: opens nothing without it"],
        )
    if not isinstance(value, str):
        raise EventParseError(
            f"invalid {chunk['type']} event",
            event_type=chunk["type"],
            errors=[f"$.{key}: a string is required"],
        )
    return value


class ChunkExpander:
    """Feed decoded events in stream order; each call returns the events to parse in their place."""

    def __init__(self) -> None:
        self._message: str | None = None
        self._tool_call: str | None = None

    def feed(self, event: Any) -> list[Any]:
        """The events that stand for ``event``: itself, or the expansion of a chunk (closing what it ends)."""
        kind = event.get("type") if isinstance(event, Mapping) else None
        if kind == TEXT_CHUNK:
            return self._text(event)
        if kind == TOOL_CHUNK:
            return self._tool(event)
        return [*self.close(), event]

    def close(self) -> list[Any]:
        """End of the chunked sequence (another event or the end of the stream): close an open message."""
        self._tool_call = None
        if self._message is None:
            return []
        message, self._message = self._message, None
        return [{"type": "TEXT_MESSAGE_END", "messageId": message}]

    def _text(self, chunk: Mapping[str, Any]) -> list[Any]:
        self._tool_call = None
        message = _id(chunk, "messageId", self._message)
        out: list[Any] = []
        if message != self._message:
            out += self.close()
            start = {
                "type": "TEXT_MESSAGE_START",
                "messageId": message,
                "role": chunk.get("role") or "assistant",
            }
            out.append(start | _carried(chunk, "name"))
            self._message = message
        if chunk.get("delta") is not None:
            out.append({"type": "TEXT_MESSAGE_CONTENT", "messageId": message, "delta": chunk["delta"]})
        return out

    def _tool(self, chunk: Mapping[str, Any]) -> list[Any]:
        out = self.close() if self._message is not None else []
        call = _id(chunk, "toolCallId", self._tool_call)
        if call != self._tool_call:
            start = {"type": "TOOL_CALL_START", "toolCallId": call, "toolCallName": chunk.get("toolCallName")}
            out.append(start | _carried(chunk, "parentMessageId"))
            self._tool_call = call
        if chunk.get("delta") is not None:
            out.append({"type": "TOOL_CALL_ARGS", "toolCallId": call, "delta": chunk["delta"]})
        return out
