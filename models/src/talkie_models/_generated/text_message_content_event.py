# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/text-message-content-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import event_metadata


class TextMessageContentEvent(TalkieModel):
    """
    A piece of text appended to an open message. The piece may be empty (AG-UI allows it, for example as a keep-alive); an empty echo may also be a message without content events (notes N-10).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["TEXT_MESSAGE_CONTENT"] = "TEXT_MESSAGE_CONTENT"
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
    message_id: str
    """
    Message the text belongs to.
    """
    delta: str
    """
    Text to append.
    """
