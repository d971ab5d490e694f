# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-usage-request.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class VoiceUsageRequest(TalkieModel):
    """
    Body of `POST voiceUsage`, sent about every 30 seconds and once more at the end. `seconds` is the running total of the session, so a lost report never undercounts (notes N-11).
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    seconds: Annotated[int, Field(ge=0)]
    """
    Seconds used in this session so far.
    """
    final: bool
    """
    `true` on the last report; the session is then closed.
    """
