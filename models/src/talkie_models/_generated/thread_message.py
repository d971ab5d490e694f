# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/thread-message.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

from . import card, thread_summary

MessageRole = TypeAliasType(
    "MessageRole", Annotated[Literal["user", "assistant"], Field(title="MessageRole")]
)
"""
Who wrote a stored message or spoke a transcript line.
"""


class ThreadMessage(TalkieModel):
    """
    One stored message of a thread, in chronological order. `cards` is always present (an empty list on user messages and on answers without cards); only `channel` is optional (§9).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Message identifier; for user messages the id the client chose.
    """
    role: MessageRole
    content: str
    """
    Text of the message (Markdown subset for the assistant).
    """
    created_at: str
    """
    When the message was stored.
    """
    cards: list[card.Card]
    """
    Cards attached to the message, in display order.
    """
    channel: thread_summary.Channel | None = None
