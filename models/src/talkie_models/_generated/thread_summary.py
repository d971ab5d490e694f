# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/thread-summary.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType

Channel = TypeAliasType("Channel", Annotated[Literal["chat", "voice"], Field(title="Channel")])
"""
Whether a conversation (or one of its messages) was typed (`chat`) or spoken (`voice`).
"""


class ThreadSummary(TalkieModel):
    """
    One conversation as listed by `GET threads` and as the head of `GET thread`.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Thread identifier (the one `RUN_STARTED` made authoritative).
    """
    title: str
    """
    Short title for the list.
    """
    channel: Channel
    created_at: str
    """
    When the thread was created.
    """
    updated_at: str
    """
    When anything in the thread last changed; the list sorts by it.
    """
