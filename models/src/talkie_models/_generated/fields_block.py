# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/fields-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class CardField(TalkieModel):
    """
    One label/value pair.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    label: Annotated[str, Field(min_length=1)]
    """
    Label.
    """
    value: str
    """
    Value as display text.
    """


class FieldsBlock(TalkieModel):
    """
    Label/value pairs, e.g. facts about a record.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["fields"] = "fields"
    """
    Block type tag.
    """
    fields: Annotated[list[CardField], Field(min_length=1)]
    """
    The pairs, in display order.
    """
