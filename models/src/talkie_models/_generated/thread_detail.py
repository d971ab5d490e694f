# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/thread-detail.json

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import action, thread_message, thread_summary


class ThreadDetail(TalkieModel):
    """
    Answer of `GET thread`: the thread, its messages oldest first, and the actions proposed in it. A client uses it to recover after a dropped stream.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    thread: thread_summary.ThreadSummary
    messages: list[thread_message.ThreadMessage]
    """
    Messages in chronological order.
    """
    actions: list[action.Action]
    """
    Actions proposed in the thread, with their current status.
    """
