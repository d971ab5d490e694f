# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/run-finished-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from talkie_models._opaque import UnknownOutcome
from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

from . import event_metadata


class Interrupt(TalkieModel):
    """
    Something an AG-UI run waits for.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: str
    """
    Interrupt id.
    """
    reason: str
    """
    Why the run stopped.
    """
    message: str | None = None
    """
    Prompt for a person.
    """
    tool_call_id: str | None = None
    """
    Tool call concerned.
    """
    response_schema: dict[str, Any] | None = None
    """
    JSON Schema of the expected answer.
    """
    expires_at: str | None = None
    """
    When the interrupt lapses (ISO 8601 by convention).
    """
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    metadata: dict[str, Any] | None = None
    """
    Free-form extra data.
    """


class RunFinishedCancelledOutcome(TalkieModel):
    """
    The run was stopped on request before it completed (Talkie: `POST cancelRun`).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["cancelled"] = "cancelled"
    """
    Outcome tag.
    """


class RunFinishedEvent(TalkieModel):
    """
    Last event of a run that did not fail. A run stopped by `cancelRun` also ends with it, carrying `outcome: {"type": "cancelled"}` (notes N-04).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["RUN_FINISHED"] = "RUN_FINISHED"
    """
    Event type tag.
    """
    timestamp: Annotated[int | None, Field(ge=-9007199254740991, le=9007199254740991)] = None
    """
    When the producer created the event; Talkie servers use milliseconds since the Unix epoch.
    """
    raw_event: Any | None = None
    """
    The upstream event this one was translated from, passed along for debugging. Any JSON value but null.
    """
    metadata: event_metadata.EventMetadata | None = None
    thread_id: str
    """
    The thread the run belongs to.
    """
    run_id: str
    """
    The run that ended.
    """
    result: Any | None = None
    """
    Return value of the run, if any; any JSON value but null.
    """
    outcome: RunFinishedOutcome | None = None
    usage: list[TokenUsage] | None = None
    """
    Token usage per provider and model.
    """


class RunFinishedInterruptOutcome(TalkieModel):
    """
    The run paused waiting for outside input (AG-UI interrupts; Talkie uses actions instead).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["interrupt"] = "interrupt"
    """
    Outcome tag.
    """
    interrupts: Annotated[list[Interrupt], Field(min_length=1)]
    """
    What is awaited.
    """


class RunFinishedSuccessOutcome(TalkieModel):
    """
    The run completed.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["success"] = "success"
    """
    Outcome tag.
    """
    pending_tool_call_ids: list[str] | None = None
    """
    Client tool calls left unanswered.
    """


RunFinishedOutcome = TypeAliasType(
    "RunFinishedOutcome",
    Annotated[
        Annotated[
            RunFinishedSuccessOutcome | RunFinishedInterruptOutcome | RunFinishedCancelledOutcome,
            Field(discriminator="type"),
        ]
        | UnknownOutcome,
        Field(union_mode="left_to_right", title="RunFinishedOutcome"),
    ],
)
"""
Why the run ended; absent means success. Talkie ends a cancelled run with `cancelled` (notes N-04).
"""


class TokenUsage(TalkieModel):
    """
    Token counts of one provider and model (AG-UI 1.0).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    provider: str | None = None
    """
    Provider name.
    """
    model: str | None = None
    """
    Model name.
    """
    input_tokens: Annotated[int | None, Field(ge=0, le=9007199254740991)] = None
    """
    All prompt tokens charged.
    """
    output_tokens: Annotated[int | None, Field(ge=0, le=9007199254740991)] = None
    """
    All generated tokens.
    """
    total_tokens: Annotated[int | None, Field(ge=0, le=9007199254740991)] = None
    """
    Input plus output.
    """
    reasoning_tokens: Annotated[int | None, Field(ge=0, le=9007199254740991)] = None
    """
    Part of output spent on reasoning.
    """
    cached_input_tokens: Annotated[int | None, Field(ge=0, le=9007199254740991)] = None
    """
    Part of input read from a cache.
    """
    cache_write_input_tokens: Annotated[int | None, Field(ge=0, le=9007199254740991)] = None
    """
    Part of input written to a cache.
    """
