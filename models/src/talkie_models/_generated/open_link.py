# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/open-link.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import link_target


class OpenLink(TalkieModel):
    """
    Value of `talkie.open`: a link the agent suggests. The client shows it and opens it only when the user taps.
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    url: link_target.LinkTarget
    label: Annotated[str, Field(min_length=1)]
    """
    Link text.
    """
