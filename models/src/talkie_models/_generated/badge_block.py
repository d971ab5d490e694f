# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/badge-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel
from typing_extensions import TypeAliasType


class BadgeBlock(TalkieModel):
    """
    A short status badge.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["badge"] = "badge"
    """
    Block type tag.
    """
    text: Annotated[str, Field(min_length=1)]
    """
    Badge text.
    """
    tone: BadgeTone | None = None


BadgeTone = TypeAliasType(
    "BadgeTone",
    Annotated[Literal["neutral", "positive", "warning", "negative"], Field(title="BadgeTone")],
)
"""
Colour hint of a badge; absent means neutral.
"""
