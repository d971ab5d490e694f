# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/file-block.json

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import link_target


class FileBlock(TalkieModel):
    """
    A downloadable file. A same-origin URL is fetched with the bearer token, any other URL opens in the browser without it.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    type: Literal["file"] = "file"
    """
    Block type tag.
    """
    name: Annotated[str, Field(min_length=1)]
    """
    File name shown to the user.
    """
    mime: Annotated[
        str | None,
        Field(pattern="^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*$"),
    ] = None
    """
    Media type, e.g. `application/pdf`.
    """
    size: Annotated[int | None, Field(ge=0)] = None
    """
    Size in bytes.
    """
    url: link_target.LinkTarget
