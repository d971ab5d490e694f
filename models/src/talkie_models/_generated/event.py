# Generated — do not edit; regenerate with `python3 dev.py codegen`.
# Source: schemas/event.json

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypeAliasType

from . import (
    run_error_event,
    run_finished_event,
    run_started_event,
    talkie_custom_event,
    text_message_content_event,
    text_message_end_event,
    text_message_start_event,
    tool_call_end_event,
    tool_call_result_event,
    tool_call_start_event,
)

Event = TypeAliasType(
    "Event",
    Annotated[
        run_started_event.RunStartedEvent
        | run_finished_event.RunFinishedEvent
        | run_error_event.RunErrorEvent
        | text_message_start_event.TextMessageStartEvent
        | text_message_content_event.TextMessageContentEvent
        | text_message_end_event.TextMessageEndEvent
        | tool_call_start_event.ToolCallStartEvent
        | tool_call_end_event.ToolCallEndEvent
        | tool_call_result_event.ToolCallResultEvent
        | talkie_custom_event.TalkieCustomEvent,
        Field(
            discriminator="type",
            examples=[
                {"type": "RUN_STARTED", "threadId": "thr_90c1", "runId": "run_0d5e"},
                {
                    "type": "TOOL_CALL_END",
                    "toolCallId": "call_81",
                    "metadata": {"ok": True},
                },
                {
                    "type": "CUSTOM",
                    "name": "talkie.card",
                    "value": {
                        "id": "card_horizont",
                        "version": 1,
                        "title": "Horizont Logistika s.r.o.",
                        "subtitle": "Odběratel · Ostrava",
                        "url": "/crm/companies/horizont-logistika",
                        "blocks": [
                            {
                                "type": "badge",
                                "text": "Po splatnosti",
                                "tone": "warning",
                            },
                            {
                                "type": "fields",
                                "fields": [
                                    {"label": "IČO", "value": "27481935"},
                                    {"label": "Kontakt", "value": "Marek Dvořák"},
                                ],
                            },
                            {
                                "type": "list",
                                "items": [
                                    {
                                        "title": "FV-2031-0042",
                                        "subtitle": "38 200 Kč",
                                        "url": "/crm/invoices/42",
                                    }
                                ],
                                "more": 2,
                            },
                            {
                                "type": "file",
                                "name": "Upominka.pdf",
                                "mime": "application/pdf",
                                "size": 20480,
                                "url": "/files/reminders/42.pdf",
                            },
                        ],
                        "fallbackText": "Horizont Logistika s.r.o. (Ostrava) – 3 faktury po splatnosti",
                        "a11yLabel": "Karta firmy Horizont Logistika",
                    },
                },
            ],
            title="Event",
        ),
    ],
)
"""
Any event a Talkie server sends in a run stream or in an `events` array, tagged by `type`. CUSTOM here means one of the `talkie.*` events.
"""
