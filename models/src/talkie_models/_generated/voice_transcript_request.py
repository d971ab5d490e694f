# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-transcript-request.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import thread_message


class VoiceTranscriptRequest(TalkieModel):
    """
    Body of `POST voiceTranscript`: one finished transcript item, which the server stores in the thread.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    role: thread_message.MessageRole
    text: str
    """
    What was said.
    """
    item_id: Annotated[str, Field(min_length=1)]
    """
    The provider's conversation item id; lets the server drop repeats.
    """
