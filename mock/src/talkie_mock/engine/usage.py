"""The daily meters (§4 `usage`, the `talkie.usage` event): tokens and voice minutes counted per day."""

from __future__ import annotations

from talkie_models import UsageEvent, UsageMeter, UsageReport

from talkie_mock.config import MockConfig
from talkie_mock.engine.clock import Clock
from talkie_mock.engine.store import Store

METER_LABELS = {
    # the Czech units in the form a limit takes ("60 minut", "400 000 tokenů"): the genitive plural
    "cs": ("Tokeny dnes", "tokenů", "Hlas dnes", "minut"),
    "en": ("Tokens today", "tokens", "Voice today", "minutes"),
}


def day(clock: Clock) -> str:
    """The meters' day: the UTC date of the mock's clock."""
    return clock.now().strftime("%Y-%m-%d")


def meters(store: Store, clock: Clock, config: MockConfig, user_id: str, locale: str) -> list[UsageMeter]:
    tokens, voice_seconds = store.usage.usage(user_id, day(clock))
    tokens_label, tokens_unit, voice_label, voice_unit = METER_LABELS.get(locale, METER_LABELS["en"])
    return [
        UsageMeter(label=tokens_label, used=tokens, limit=config.tokens_daily_limit, unit=tokens_unit),
        UsageMeter(
            label=voice_label, used=-(-voice_seconds // 60), limit=config.voice_daily_minutes, unit=voice_unit
        ),
    ]


def usage_event(
    store: Store, clock: Clock, config: MockConfig, user_id: str, tokens: int, locale: str
) -> UsageEvent:
    """Count a run's tokens and announce the new meters."""
    store.usage.add_usage(user_id, day(clock), tokens=tokens)
    return UsageEvent(
        type="CUSTOM",
        name="talkie.usage",
        value=UsageReport(usage=meters(store, clock, config, user_id, locale)),
    )
