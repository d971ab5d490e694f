# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/tool-call-end-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from .event_metadata import EventMetadata


class ToolCallEndEvent(TalkieModel):
    """
    The tool finished. Talkie requires `metadata.ok`; `metadata.error` explains a failure.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["TOOL_CALL_END"] = "TOOL_CALL_END"
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
    metadata: ToolCallEndMetadata
    subagent_run_id: str | None = None
    """
    Marks work done by one subagent invocation; absent when the main agent produced it.
    """
    tool_call_id: str
    """
    Id of the finished call.
    """


class ToolCallEndMetadata(EventMetadata):
    """
    Event metadata of TOOL_CALL_END, where `ok` is required.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    ok: bool
    """
    Whether the tool call succeeded (TOOL_CALL_END).
    """
