# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/run-started-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import event_metadata, run_agent_input


class RunStartedEvent(TalkieModel):
    """
    First event of every run stream. Its `threadId` is authoritative: a client adopts it even when it sent another one.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["RUN_STARTED"] = "RUN_STARTED"
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
    The run id (the client's).
    """
    protocol_version: str | None = None
    """
    AG-UI version the server speaks.
    """
    parent_run_id: str | None = None
    """
    Run that spawned this one, if any.
    """
    input: run_agent_input.RunAgentInput | None = None
