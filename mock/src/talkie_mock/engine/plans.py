"""What an agent plan is made of, and the builders the agent and scenario files share.

The agent (and a scenario file) only *describes* a run as a list of steps; the run engine performs them. That
keeps the agent pure (same seed + same message → same plan) and keeps it away from the store and from the
decision logic: the only side effect a plan can ask for is proposing an action (§8). The text, tool-call and
card builders live here, beside the steps, so scenarios use the same ones as the agent without reaching
into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from talkie_models import (
    Card,
    CardEvent,
    EventMetadata,
    TalkieModel,
    TextMessageContentEvent,
    TextMessageEndEvent,
    TextMessageStartEvent,
    ToolCallEndEvent,
    ToolCallEndMetadata,
    ToolCallStartEvent,
)

from talkie_mock.engine.content import IdSource

# Deltas are cut at this many code points so long texts still stream in pieces.
DELTA_SIZE = 256


@dataclass(frozen=True)
class Request:
    """What the agent gets to see: the message and where it belongs."""

    text: str
    run_id: str
    thread_id: str
    locale: str
    call_id: str | None = None
    """Set for a voice tool call: its ids never meet a chat run's, whatever runId a client picks."""


@dataclass(frozen=True)
class Emit:
    """Publish one event as it is."""

    event: TalkieModel


@dataclass(frozen=True)
class Unsafe:
    """Publish an event exactly as a scenario wrote it, unchecked: content the schemas forbid (an unknown
    block type, a `javascript:` link, HTML), sent on purpose to test an app's defences."""

    event: dict[str, Any]


@dataclass(frozen=True)
class Sleep:
    """Pause the run (cancel interrupts the pause)."""

    seconds: float


@dataclass(frozen=True)
class ActionSpec:
    """An action the agent proposes; the engine stores it and turns it into a `talkie.action` event."""

    action_id: str
    tool_call_id: str
    summary: str
    risk_level: str
    methods: tuple[str, ...]
    params: dict[str, Any]
    ttl_seconds: int
    keyword: str | None = None
    outbound: bool = False


@dataclass(frozen=True)
class Propose:
    spec: ActionSpec


@dataclass(frozen=True)
class Fail:
    """End the run with RUN_ERROR carrying a §3 code."""

    code: str
    message: str | None = None


@dataclass(frozen=True)
class Usage:
    """Count tokens against the user's daily meter and emit `talkie.usage`."""

    tokens: int


@dataclass(frozen=True)
class Paced:
    """Text deltas of an open message, each followed by a pause (cancel interrupts it).

    The events are built as they are sent: a long paced answer kept as one `Emit` per delta would hold a
    model per delta for the whole run, which thousands of concurrent slow runs pay for in memory.
    """

    message_id: str
    deltas: tuple[str, ...]
    pause: float


@dataclass(frozen=True)
class Said:
    """One whole assistant text message: its start, its text in deltas, its end, with no pause between.

    Most answers are one such message, so the engine sends its events without building a model each
    (`engine.wire.Plain`); :meth:`models` gives them as models where they are shaped (`--vary`).
    """

    message_id: str
    deltas: tuple[str, ...]

    def models(self) -> list[TalkieModel]:
        message_id = self.message_id
        return [
            TextMessageStartEvent(type="TEXT_MESSAGE_START", message_id=message_id, role="assistant"),
            *(
                TextMessageContentEvent(type="TEXT_MESSAGE_CONTENT", message_id=message_id, delta=delta)
                for delta in self.deltas
            ),
            TextMessageEndEvent(type="TEXT_MESSAGE_END", message_id=message_id),
        ]


Step = Emit | Sleep | Propose | Fail | Usage | Paced | Said | Unsafe


def text_message(ids: IdSource, text: str) -> list[Step]:
    """One assistant text message: start, the text in deltas, end."""
    deltas = tuple(text[start : start + DELTA_SIZE] for start in range(0, len(text), DELTA_SIZE))
    return [Said(ids.next("msg"), deltas)]


def tool_call(ids: IdSource, name: str, label: str | None, ok: bool = True, error: Any = None) -> list[Step]:
    """A tool call: its start (with the label the client shows) and its end with `ok` (and `error`)."""
    call_id = ids.next("call")
    end: dict[str, Any] = {"ok": ok}
    if error is not None:
        end["error"] = error
    start_meta = EventMetadata.model_validate({"label": label}) if label is not None else None
    return [
        Emit(
            ToolCallStartEvent(
                type="TOOL_CALL_START", tool_call_id=call_id, tool_call_name=name, metadata=start_meta
            )
        ),
        Emit(
            ToolCallEndEvent(
                type="TOOL_CALL_END", tool_call_id=call_id, metadata=ToolCallEndMetadata.model_validate(end)
            )
        ),
    ]


def card_step(card: Card) -> Step:
    """Publish a `talkie.card`."""
    return Emit(CardEvent(type="CUSTOM", name="talkie.card", value=card))
