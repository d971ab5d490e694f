"""What an agent plan is made of.

The agent (and a scenario file) only *describes* a run as a list of steps; the run engine performs them. That
keeps the agent pure (same seed + same message → same plan) and keeps it away from the store and from the
decision logic: the only side effect a plan can ask for is proposing an action (§8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from talkie_models import TalkieModel


@dataclass(frozen=True)
class Emit:
    """Publish one event as it is."""

    event: TalkieModel


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
    result_title: str = ""


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


Step = Emit | Sleep | Propose | Fail | Usage | Paced


@dataclass
class Plan:
    steps: list[Step] = field(default_factory=list)
