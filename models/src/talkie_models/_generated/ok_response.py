# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/ok-response.json

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class OkResponse(TalkieModel):
    """
    Plain acknowledgement returned by cancelRun, DELETE thread and the voice transcript endpoint.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    ok: Literal[True] = True
