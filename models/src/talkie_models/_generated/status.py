# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/status.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import usage_meter


class Status(TalkieModel):
    """
    Answer of `GET status`: the signed-in user, which channels are on for them, and their usage meters.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    user: StatusUser
    chat: bool
    """
    Whether text chat is available to this user now.
    """
    voice: bool
    """
    Whether voice is available to this user now.
    """
    usage: list[usage_meter.UsageMeter]
    """
    Usage meters to display; may be empty.
    """


class StatusUser(TalkieModel):
    """
    The person the bearer token belongs to.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Server-side user identifier.
    """
    name: Annotated[str, Field(min_length=1)]
    """
    Display name.
    """
    email: Annotated[str, Field(pattern="^[^@\\s]+@[^@\\s]+$")]
    """
    E-mail address, when the server has one.
    """
