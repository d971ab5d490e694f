# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/tool-call-result-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import event_metadata, run_agent_input


class ToolCallResultEvent(TalkieModel):
    """
    Optional raw output of a tool. Clients do not show it to the user.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["TOOL_CALL_RESULT"] = "TOOL_CALL_RESULT"
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
    Id of the tool message this result forms.
    """
    tool_call_id: str
    """
    The call answered.
    """
    content: str | list[run_agent_input.ContentPart]
    """
    Tool output: text or a list of content parts.
    """
    role: Literal["tool"] | None = None
    """
    Always `tool` when present.
    """
