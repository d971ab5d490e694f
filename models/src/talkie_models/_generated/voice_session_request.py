# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-session-request.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class VoiceSessionRequest(TalkieModel):
    """
    Body of `POST voiceSessions`. Both members are optional: without `threadId` the server starts a new thread. Servers ignore members they do not know.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    thread_id: Annotated[str | None, Field(min_length=1)] = None
    """
    Continue this thread by voice.
    """
    locale: Annotated[str | None, Field(pattern="^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$")] = None
    """
    Language the user wants to speak.
    """
