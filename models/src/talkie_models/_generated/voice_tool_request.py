# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-tool-request.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class VoiceToolRequest(TalkieModel):
    """
    Body of `POST voiceTool`: one function call the speech provider asked for, forwarded by the client. The server binds it to the voice session and refuses a `callId` it has already seen.
    """

    model_config = ConfigDict(
        extra="allow",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    call_id: Annotated[str, Field(min_length=1)]
    """
    The provider's call identifier.
    """
    arguments: Annotated[str, Field(json_schema_extra={"contentMediaType": "application/json"})]
    """
    The call's arguments exactly as the provider sent them: JSON as text.
    """
