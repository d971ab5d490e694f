# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/heading-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class HeadingBlock(TalkieModel):
    """
    A heading line inside a card.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["heading"] = "heading"
    """
    Block type tag.
    """
    text: Annotated[str, Field(min_length=1)]
    """
    Heading text (plain).
    """
