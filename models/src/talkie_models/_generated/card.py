# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/card.json

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field
from pydantic.alias_generators import to_camel
from talkie_models._base import TalkieModel

from . import card_block, link_target


class Card(TalkieModel):
    """
    A result card (§6) sent in a `talkie.card` event or stored with a thread message. `fallbackText` stands in for the whole card where a client cannot draw it. Every member of the specification's example is required (notes N-26).
    """

    model_config = ConfigDict(
        extra="forbid",
        validate_by_name=True,
        alias_generator=to_camel,
    )
    id: Annotated[str, Field(min_length=1)]
    """
    Card id, unique within the thread.
    """
    version: Annotated[int, Field(ge=1)]
    """
    Revision of this card; a later revision with the same `id` replaces an earlier one.
    """
    title: Annotated[str, Field(min_length=1)]
    """
    Card title.
    """
    subtitle: str
    """
    Secondary line under the title.
    """
    url: link_target.LinkTarget
    blocks: list[card_block.CardBlock]
    """
    Blocks in display order.
    """
    fallback_text: Annotated[str, Field(min_length=1)]
    """
    Plain-text replacement for the whole card.
    """
    a11y_label: Annotated[str, Field(alias="a11yLabel")]
    """
    Label read by screen readers.
    """
