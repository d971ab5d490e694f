# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/text-message-start-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

from . import event_metadata

TextMessageRole = TypeAliasType(
    "TextMessageRole",
    Annotated[
        Literal["developer", "system", "assistant", "user"],
        Field(title="TextMessageRole"),
    ],
)
"""
Author role of a streamed text message; Talkie servers send `assistant`.
"""


class TextMessageStartEvent(TalkieModel):
    """
    Opens an assistant text message; its text follows in TEXT_MESSAGE_CONTENT events (Markdown subset, §7).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["TEXT_MESSAGE_START"] = "TEXT_MESSAGE_START"
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
    Id of the message being streamed.
    """
    role: TextMessageRole | None = None
    name: str | None = None
    """
    Display name of the author.
    """
