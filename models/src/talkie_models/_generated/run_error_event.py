# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/run-error-event.json

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import error_code, run_finished_event
from .event_metadata import EventMetadata


class RunErrorEvent(TalkieModel):
    """
    Last event of a run that failed. Talkie requires a §3 error code and `metadata.retryable`, so a client can offer to resend the message.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["RUN_ERROR"] = "RUN_ERROR"
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
    metadata: RunErrorMetadata
    message: str
    """
    What went wrong, in the user's language.
    """
    code: error_code.ErrorCode
    usage: list[run_finished_event.TokenUsage] | None = None
    """
    Token usage spent before the failure.
    """


class RunErrorMetadata(EventMetadata):
    """
    Event metadata of RUN_ERROR, where `retryable` is required.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    retryable: bool
    """
    Whether sending the same message again may succeed (RUN_ERROR).
    """
