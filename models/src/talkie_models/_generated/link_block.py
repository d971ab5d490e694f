# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/link-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import link_target


class LinkBlock(TalkieModel):
    """
    A link the user may open by tapping it.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["link"] = "link"
    """
    Block type tag.
    """
    label: Annotated[str, Field(min_length=1)]
    """
    Link text.
    """
    url: link_target.LinkTarget
