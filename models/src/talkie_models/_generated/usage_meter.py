# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/usage-meter.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class UsageMeter(TalkieModel):
    """
    One line of usage shown to the user (in status and in `talkie.usage`). `label` and `used` are always present; a meter without `limit` is unlimited, and `unit` is free text for display.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    label: Annotated[str, Field(min_length=1)]
    """
    What is counted, in the user's language.
    """
    used: Annotated[float, Field(ge=0.0)]
    """
    Amount consumed so far.
    """
    limit: Annotated[float | None, Field(ge=0.0)] = None
    """
    Amount allowed; absent when unlimited.
    """
    unit: Annotated[str | None, Field(min_length=1)] = None
    """
    Unit for display, e.g. `tokens`, `minutes`.
    """
