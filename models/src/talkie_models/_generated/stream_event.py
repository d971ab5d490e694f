# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/stream-event.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._unknown import TolerantEvent
from typing_extensions import TypeAliasType

from . import event
from .custom_event import CustomEvent

KnownEventType = TypeAliasType(
    "KnownEventType",
    Annotated[
        Literal[
            "RUN_STARTED",
            "RUN_FINISHED",
            "RUN_ERROR",
            "TEXT_MESSAGE_START",
            "TEXT_MESSAGE_CONTENT",
            "TEXT_MESSAGE_END",
            "TOOL_CALL_START",
            "TOOL_CALL_END",
            "TOOL_CALL_RESULT",
            "CUSTOM",
        ],
        Field(title="KnownEventType"),
    ],
)
"""
The event types talkie/1 defines (the tags of `Event`).
"""


TalkieCustomName = TypeAliasType(
    "TalkieCustomName",
    Annotated[
        Literal["talkie.card", "talkie.action", "talkie.open", "talkie.usage"],
        Field(title="TalkieCustomName"),
    ],
)
"""
The CUSTOM names talkie/1 defines (the tags of `TalkieCustomEvent`).
"""


class UnknownCustomEvent(TolerantEvent, CustomEvent):
    """
    A well-formed CUSTOM event whose name is not one of Talkie's. Its shape, closed to other members, is the generic CUSTOM event's.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    name: str
    """
    Any other name.
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
