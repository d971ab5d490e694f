# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/stream-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._unknown import TolerantEvent
from typing_extensions import TypeAliasType

from . import event, event_metadata


class UnknownCustomEvent(TolerantEvent):
    """
    A well-formed CUSTOM event whose name is not one of Talkie's.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["CUSTOM"] = "CUSTOM"
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
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    name: str
    """
    Any other name.
    """
    value: Any
    """
    Payload; any JSON value (required, may be null).
    """


class UnknownEvent(TolerantEvent):
    """
    An event whose `type` Talkie does not define (for example other AG-UI events). Open.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: str
    """
    Any other type.
    """


StreamEvent = TypeAliasType(
    "StreamEvent",
    Annotated[
        event.Event | UnknownEvent | UnknownCustomEvent,
        Field(
            examples=[
                {"type": "TEXT_MESSAGE_END", "messageId": "msg_4a07"},
                {"type": "STATE_SNAPSHOT", "snapshot": {"step": 2}},
                {"type": "TOOL_CALL_ARGS", "toolCallId": "call_81", "delta": '{"q":'},
                {"type": "CUSTOM", "name": "acme.progress", "value": {"percent": 70}},
                {"type": "CUSTOM", "name": "talkie.future", "value": [1, 2]},
            ],
            title="StreamEvent",
        ),
    ],
)
"""
What may appear in a run stream. Known types must match their schema exactly; an event type Talkie does not define, or a CUSTOM event with a name that is not a `talkie.*` name defined here, is tolerated (clients ignore it).
"""
