# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/talkie-custom-event.json

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypeAliasType

from . import action_event, card_event, open_event, usage_event

TalkieCustomEvent = TypeAliasType(
    "TalkieCustomEvent",
    Annotated[
        card_event.CardEvent | action_event.ActionEvent | open_event.OpenEvent | usage_event.UsageEvent,
        Field(
            discriminator="name",
            examples=[
                {
                    "type": "CUSTOM",
                    "name": "talkie.open",
                    "value": {"url": "/crm/invoices/42", "label": "Otevřít fakturu"},
                },
                {
                    "type": "CUSTOM",
                    "name": "talkie.usage",
                    "value": {
                        "usage": [
                            {
                                "label": "Tokeny dnes",
                                "used": 48210,
                                "limit": 250000,
                                "unit": "tokens",
                            },
                            {
                                "label": "Hlas dnes",
                                "used": 11,
                                "limit": 45,
                                "unit": "minutes",
                            },
                        ]
                    },
                },
            ],
            title="TalkieCustomEvent",
        ),
    ],
)
"""
A CUSTOM event with one of Talkie's own names, tagged by `name`.
"""
