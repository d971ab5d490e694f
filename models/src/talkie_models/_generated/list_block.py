# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/list-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import link_target


class ListBlock(TalkieModel):
    """
    A short list of entries; `more` says how many were left out.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["list"] = "list"
    """
    Block type tag.
    """
    items: list[ListItem]
    """
    Entries shown.
    """
    more: Annotated[int | None, Field(ge=0)] = None
    """
    Number of further entries not shown.
    """


class ListItem(TalkieModel):
    """
    One entry of a list block.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    title: Annotated[str, Field(min_length=1)]
    """
    Entry title.
    """
    subtitle: str | None = None
    """
    Secondary line.
    """
    url: link_target.LinkTarget | None = None
