# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/usage-meter.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class UsageMeter(TalkieModel):
    """
    One line of usage shown to the user (in status and in `talkie.usage`). Every line names what is counted, how much is used, the limit and the unit, all four as in the specification's example; amounts are whole numbers of `unit` (notes N-21).
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
    used: Annotated[int, Field(ge=0)]
    """
    Amount consumed so far.
    """
    limit: Annotated[int, Field(ge=0)]
    """
    Amount allowed in the period.
    """
    unit: Annotated[str, Field(min_length=1)]
    """
    Unit for display, e.g. `tokens`, `minutes`.
    """
