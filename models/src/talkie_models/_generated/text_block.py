# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/text-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel


class TextBlock(TalkieModel):
    """
    A paragraph of Markdown-subset text (§7; no HTML, no images).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["text"] = "text"
    """
    Block type tag.
    """
    text: Annotated[str, Field(min_length=1)]
    """
    The text.
    """
