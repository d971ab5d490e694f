"""User code written against talkie_models, type-checked with ``mypy --strict`` by the tests."""

from __future__ import annotations

from collections.abc import Iterable

from talkie_models import (
    Action,
    BadgeBlock,
    Card,
    CardEvent,
    ErrorBody,
    ErrorResponse,
    Event,
    FieldsBlock,
    RunFinishedEvent,
    RunStartedEvent,
    TextMessageContentEvent,
    UnknownEvent,
    parse_event,
)
from talkie_models.errors import CATALOGUE, RATE_LIMITED, ErrorCodeInfo
from talkie_models.sse import SSEDecoder, SSEMessage, encode_event, iter_events
from talkie_models.validation import fast_validator, is_valid


def reply_text(chunks: Iterable[bytes]) -> str:
    parts: list[str] = []
    for event in iter_events(chunks):
        if isinstance(event, TextMessageContentEvent):
            parts.append(event.delta)
        elif isinstance(event, UnknownEvent):
            continue
    return "".join(parts)


def first_card(events: list[Event | UnknownEvent]) -> Card | None:
    for event in events:
        if isinstance(event, CardEvent):
            return event.value
    return None


def card_frames(title: str) -> list[bytes]:
    card = Card(
        id="card_9",
        version=1,
        title=title,
        subtitle="Nový kontakt",
        url="/?record=card_9",
        blocks=[BadgeBlock(text="Nová", tone="neutral"), FieldsBlock(fields=[])],
        fallback_text=title,
        a11y_label=f"Karta {title}",
    )
    return [
        encode_event(RunStartedEvent(thread_id="thr_9", run_id="run_9")),
        encode_event(CardEvent(value=card)),
        encode_event(RunFinishedEvent(thread_id="thr_9", run_id="run_9")),
    ]


def error_body(message: str) -> bytes:
    info: ErrorCodeInfo = CATALOGUE[RATE_LIMITED]
    body = ErrorResponse(error=ErrorBody(code=info.code, message=message, retryable=info.retryable))
    return body.model_dump_json().encode()


def decode(raw: bytes) -> list[SSEMessage]:
    return SSEDecoder().feed(raw)


def action_is_pending(action: Action) -> bool:
    return action.status == "pending" and action.risk_level in ("low", "medium", "high")


def check(raw: bytes) -> bool:
    event = parse_event(raw)
    return is_valid(event.model_dump(), "Event") and fast_validator("Event").is_valid(event.model_dump())
