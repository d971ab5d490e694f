# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/card-block.json

from __future__ import annotations

from typing import Annotated

from talkie_models._opaque import UnknownBlock
from pydantic import Field
from typing_extensions import TypeAliasType

from . import (
    badge_block,
    fields_block,
    file_block,
    heading_block,
    link_block,
    list_block,
    text_block,
)

CardBlock = TypeAliasType(
    "CardBlock",
    Annotated[
        Annotated[
            heading_block.HeadingBlock
            | text_block.TextBlock
            | fields_block.FieldsBlock
            | list_block.ListBlock
            | link_block.LinkBlock
            | file_block.FileBlock
            | badge_block.BadgeBlock,
            Field(discriminator="type"),
        ]
        | UnknownBlock,
        Field(
            union_mode="left_to_right",
            examples=[
                {"type": "heading", "text": "Kontakty"},
                {"type": "badge", "text": "Blokováno", "tone": "negative"},
            ],
            title="CardBlock",
        ),
    ],
)
"""
One block of a card, tagged by `type`. A client that cannot render some block shows the card's `fallbackText` instead of the whole card.
"""
