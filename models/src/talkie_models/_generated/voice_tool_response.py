# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/voice-tool-response.json

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import stream_event


class VoiceToolResponse(TalkieModel):
    """
    Answer of `POST voiceTool`: the text the client hands back to the model unchanged, plus AG-UI events (cards, actions) the client shows on screen. All three members are always present; `events` may be empty.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    ok: bool
    """
    Whether the tool succeeded; `output` explains a failure.
    """
    output: str
    """
    Sent to the model as the function call output.
    """
    events: list[stream_event.StreamEvent]
    """
    Events to show, in order, as if they came in a run stream.
    """
