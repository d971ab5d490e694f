# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/decision-response.json

from __future__ import annotations

from pydantic import ConfigDict
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import action as action_1
from . import stream_event


class DecisionResponse(TalkieModel):
    """
    Answer of `POST decision` (also of a repeated identical decision): the current action and the events the decision produced, such as a result card.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    action: action_1.Action
    events: list[stream_event.StreamEvent]
    """
    Events to show, in order.
    """
