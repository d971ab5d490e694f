# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-usage-response.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class VoiceUsageResponse(TalkieModel):
    """
    Answer of `POST voiceUsage`: how many seconds the session still has (never below zero).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    ok: Literal[True] = True
    remaining_seconds: Annotated[int, Field(ge=0)]
    """
    `maxSeconds` minus the reported total, floored at zero.
    """
